"""Difficulty levels for people: easy / medium / strong, per game, as a bot and a budget.

    bot = settlers.bots.difficulty.make_level("catan", "strong", seed=3)

Each shipped game's levels are bots whose TrueSkill ratings in its published ladder
(docs/results/ladder-<game>.md/.json, 200 games per pairing of the base bots) rise from easy
to strong; `tests/bots/test_difficulty_ladder.py` reads the committed ladders and checks it,
so a new ladder that reorders the bots fails the test until this table follows. Where the
ladder rates the game's `search` budget (`SEARCH`) above the heuristic with its interval,
strong is that search — or, where the issue-17 target runs measured a larger budget of it
against the ladder's best base bot (`BY_TARGETS`), that larger one: the strongest thing we
have whose decisions stay bounded at the table
(`STRONG_CPU_MS`, checked by `tests/bots/test_difficulty_lobby.py`; measured figures in
docs/results/latency.md). A game not listed gets `DEFAULT`, and a game whose levels cannot
all be played (no heuristic) takes the whole `FALLBACK` table.
"""

from __future__ import annotations

from typing import Any

from settlers.bots import make, supports
from settlers.bots.base import BotError

LEVELS = ("easy", "medium", "strong")
Level = tuple[str, dict[str, Any]]

RANDOM: Level = ("random", {})
GREEDY: Level = ("greedy", {"samples": 1})
HEURISTIC: Level = ("heuristic", {})

#: the `search` budget put on each game's ladder against the heuristic: playouts per decision,
#: a count (not a time) so the ladder's games replay exactly; chosen for a CPU time per
#: decision far below `STRONG_CPU_MS` (docs/results/latency.md) and cheap enough for the
#: shared machine to play the search-vs-heuristic pairing (docs/results/ladder-<game>.md)
SEARCH: dict[str, Level] = {
    "catan": ("search", {"iterations": 32}),
    "iceland": ("search", {"iterations": 8}),
    "imperial": ("search", {"iterations": 16}),
    "founders": ("search", {"iterations": 8}),
}
#: a search shown stronger than the game's best ladder bot by the issue-17 target runs rather
#: than by the ladder: the lone search against three of that bot, seats rotated, in the named
#: file of docs/results/issue17-runs/ (figures: docs/results/targets.md), at least 100 games.
#: Strong is the strongest thing we have within the bound at the table, so where the target
#: runs measured a larger budget than the ladder's (more playouts of the same search: Catan's
#: 256 against the ladder's 32, Landnám's 32 against its 8, Imperial's 48 against its 16),
#: the larger one. Founders' is 8 playouts played by the heuristic as at the table
#: (`playout=full`: its turn plan; with the cheaper greedy playouts 16 were at parity with the
#: heuristic since the seventeenth pass). Archipelago's ladder has its search with few games a
#: pairing (its playouts cost too much for the shared machine to play 200). A `cpu_ms` clock
#: (Catan, Imperial, Founders, Archipelago) bounds the decision whatever the machine.
#: tests/bots/test_difficulty_ladder.py checks each file bears it out.
BY_TARGETS: dict[str, tuple[Level, str, str]] = {
    "catan": (("search", {"iterations": 256, "margin": 1, "cpu_ms": 800}), "heuristic",
              "catan-search256-vs-heuristic.jsonl"),
    "iceland": (("search", {"iterations": 32}), "heuristic",
                "iceland-search32-vs-heuristic.jsonl"),
    "founders": (("search", {"iterations": 8, "playout": "full", "cpu_ms": 800}), "heuristic",
                 "founders-search8-full-vs-heuristic.jsonl"),
    "imperial": (("search", {"iterations": 48, "cpu_ms": 800}), "heuristic",
                 "imperial-4p-search-vs-heuristic.jsonl"),
    "archipelago": (("search", {"iterations": 12, "cpu_ms": 700}), "heuristic",
                    "archipelago-leaf-vs-heuristic.jsonl"),
}
#: the bound on one decision of a level at the table, CPU milliseconds on one core
STRONG_CPU_MS = 1000.0

# a game with a heuristic but no ladder yet: one-ply greedy, the heuristic, guided search
DEFAULT: dict[str, Level] = {
    "easy": GREEDY,
    "medium": HEURISTIC,
    "strong": ("guided", {"ms": 700}),
}
# from the ladders (docs/results/ladder-<game>.md, TrueSkill mu and mu ± 1.96 sigma; their
# figures live there, not here). Strong is the game's `SEARCH` budget where the ladder rates it
# above every base bot with its interval, or its `BY_TARGETS` search (every shipped game now:
# the budgets and their figures are there); easy and medium are base bots rated below it, in
# that order (tests/bots/test_difficulty_ladder.py checks both against the committed files).
BY_GAME: dict[str, dict[str, Level]] = {
    "catan": {"easy": RANDOM, "medium": GREEDY, "strong": BY_TARGETS["catan"][0]},
    "imperial": {"easy": RANDOM, "medium": GREEDY, "strong": BY_TARGETS["imperial"][0]},
    "iceland": {"easy": RANDOM, "medium": GREEDY, "strong": BY_TARGETS["iceland"][0]},
    # greedy and the heuristic are level on the ladder (intervals overlapping); medium is the
    # heuristic, the bot the search is built on
    "founders": {"easy": RANDOM, "medium": HEURISTIC, "strong": BY_TARGETS["founders"][0]},
    # random, greedy and the heuristic are close: most games end in a collective loss (no
    # winner: a draw); the heuristic wins most of the games that have one.
    "archipelago": {"easy": RANDOM, "medium": GREEDY, "strong": BY_TARGETS["archipelago"][0]},
}
# for games without a heuristic (hence without `guided`)
FALLBACK: dict[str, Level] = {
    "easy": ("random", {}),
    "medium": ("greedy", {}),
    "strong": ("mcts", {"ms": 700}),
}


def level(game_id: str, name: str) -> Level:
    """(bot name, budget) of difficulty `name` in the game `game_id`."""
    if name not in LEVELS:
        raise BotError("bots.unknown_level", level=name, known=", ".join(LEVELS))
    levels = BY_GAME.get(game_id, DEFAULT)
    if not all(supports(bot, game_id) for bot, _ in levels.values()):
        levels = FALLBACK  # the whole ladder of generic bots, so the levels stay ordered
    bot, budget = levels[name]
    return bot, dict(budget)


def make_level(game_id: str, name: str, seed: int = 0) -> Any:
    """A new bot playing difficulty `name` in `game_id`."""
    bot, budget = level(game_id, name)
    return make(bot, seed=seed, **budget)


def spec(game_id: str, name: str) -> str:
    """The level as a seat text (``greedy:samples=1``), as ladders and ``--seats`` name it."""
    return seat_text(level(game_id, name))


def seat_text(bot_level: Level) -> str:
    """A bot and budget as a seat text: ``("search", {"iterations": 8})`` ->
    ``search:iterations=8``."""
    bot, budget = bot_level
    return ":".join([bot] + [f"{key}={value}" for key, value in sorted(budget.items())])


def table(game_ids: list[str]) -> dict[str, dict[str, Level]]:
    """Every level of every game, e.g. for the lobby or the README."""
    return {game: {name: level(game, name) for name in LEVELS} for game in game_ids}
