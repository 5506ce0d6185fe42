"""«Поселенцы: Основатели Империи» (Founders of the Empire), 2–4 players. See README.md."""

from settlers.core import ConformancePlan, Game, Option
from settlers.games.founders import invariants
from settlers.games.founders.actions import ACTION_CLASSES
from settlers.games.founders.protocol import FoundersGame
from settlers.games.founders.scoring import can_still_score, nobody_can_score
from settlers.games.founders.state import FoundersState

GAME = Game(
    id="founders",
    min_players=2,
    max_players=4,
    options=(Option("tiles", default=None, type=str, help="founders.option.tiles", content=True,
                    label="founders.option.tiles_label"),),
    state_class=FoundersGame,
    action_classes=ACTION_CLASSES,
    package=__name__,
    invariants=invariants,
    # a new label with any rules change that can replay an old log differently (saves)
    rules_version="2026-12-08",
    conformance=ConformancePlan(players=(2, 3, 4), games=2, max_steps=2_000,
                                view_check_every=5),
)

__all__ = ["GAME", "FoundersGame", "FoundersState", "can_still_score", "nobody_can_score"]
