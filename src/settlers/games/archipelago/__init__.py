"""«Архипелаг» (Archipelago) by Christophe Boelinger, 2–5 players. See README.md."""

from settlers.core import ConformancePlan, Game, Option
from settlers.games.archipelago import invariants
from settlers.games.archipelago.actions import ACTION_CLASSES
from settlers.games.archipelago.content import builtin_content
from settlers.games.archipelago.protocol import ArchipelagoGame

# «Выбрать тренд» (L1045): the trend cards of the built-in set, or a random one.
TREND_CHOICES = ("random", *(t["id"] for t in builtin_content().trends))

GAME = Game(
    id="archipelago",
    min_players=2,
    max_players=5,
    options=(
        Option("content", default="standard", type=str, content=True,
               label="archipelago.option.content_label",
               content_files=("regions.json", "markets.json", "boards.json", "evolution.json",
                              "trends.json", "objectives.json")),
        Option("length", default="medium", choices=("short", "medium", "long")),
        Option("desert_start", default=False),
        Option("no_secrets", default=False),
        Option("more_control", default=False),
        Option("more_sharpness", default=False),
        Option("trend", default="random", choices=TREND_CHOICES),
        Option("philanthropist", default=False),
        Option("max_turns", default=30, minimum=1, maximum=200),
        Option("explore_skips", default=0, minimum=0, maximum=50),
    ),
    state_class=ArchipelagoGame,
    action_classes=ACTION_CLASSES,
    package=__name__,
    invariants=invariants,
    # a new label with any rules change that can replay an old log differently (saves)
    rules_version="2026-12-07.7",
    conformance=ConformancePlan(
        players=(2, 3, 4, 5), games=1, max_steps=6_000, view_check_every=25,
        options=({}, {"length": "short", "desert_start": True, "more_sharpness": True},
                 {"length": "long", "no_secrets": True, "philanthropist": False,
                  "more_control": True, "max_turns": 6},
                 {"philanthropist": True, "max_turns": 8}),
    ),
)

__all__ = ["GAME", "ArchipelagoGame"]
