"""Catan («Колонизаторы»): the base game for 3–4 players. See README.md."""

from settlers.core import ConformancePlan, Game, Option
from settlers.core.turns import turn_limit_option

from . import invariants
from .actions import ACTION_CLASSES
from .protocol import CatanGame

GAME = Game(
    id="catan",
    min_players=3,
    max_players=4,
    options=(
        Option("board", default="random", choices=("random", "beginner")),
        Option("phases", default="separate", choices=("separate", "combined")),
        Option("trade_offers", default=0, minimum=0, maximum=20),
        Option("domestic_trade", default=True),
        turn_limit_option(0, 10_000),
    ),
    state_class=CatanGame,
    action_classes=ACTION_CLASSES,
    package=__name__,
    invariants=invariants,
    # a new label with any rules change that can replay an old log differently (saves)
    rules_version="2026-12-06.2",
    conformance=ConformancePlan(
        players=(3, 4),
        options=({"turn_limit": 60}, {"board": "beginner", "phases": "combined", "turn_limit": 60}),
        games=1,
        max_steps=20_000,
        view_check_every=5,
    ),
)
