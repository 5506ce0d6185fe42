"""Landnám — the Icelandic Catan variant by Tim Stridmann (3–5 players).

See README.md for the map from rulebook sections to modules and the view schema.
"""

from settlers.core import ConformancePlan, Game, Option
from settlers.core.turns import turn_limit_option
from settlers.games.iceland import invariants
from settlers.games.iceland.actions import ACTION_CLASSES
from settlers.games.iceland.content import MOST_PLAYERS
from settlers.games.iceland.protocol import IcelandGame

GAME = Game(
    id="iceland",
    min_players=3,
    max_players=MOST_PLAYERS,
    options=(
        turn_limit_option(),
        Option("offer_limit", 0, minimum=0, maximum=100),
        Option("data_dir", None, type=str, content=True, label="iceland.option.data_dir_label",
               content_files=("rules.json", "terrain.json", "numbers.json", "harbours.json",
                              "fate_cards.json")),
    ),
    state_class=IcelandGame,
    action_classes=ACTION_CLASSES,
    package=__name__,
    invariants=invariants,
    # a new label with any rules change that can replay an old log differently (saves)
    rules_version="2026-12-07.2",
    conformance=ConformancePlan(players=(3, 4, 5), options=({"turn_limit": 24, "offer_limit": 5},), games=1,
                                max_steps=20_000, view_check_every=3),
)
