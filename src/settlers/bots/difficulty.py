"""Difficulty levels for people: easy / medium / strong, per game, as a bot and a budget.

    bot = settlers.bots.difficulty.make_level("catan", "strong", seed=3)

Each shipped game's levels are bots whose TrueSkill ratings in its published ladder
(docs/results/ladder-<game>.md/.json, 200 games per pairing of the base bots) rise from easy
to strong; `tests/bots/test_difficulty_ladder.py` reads the committed ladders and checks it,
so a new ladder that reorders the bots fails the test until this table follows. A game not
listed gets `DEFAULT`, and a game whose levels cannot all be played (no heuristic) takes the
whole `FALLBACK` table. Every level decides in milliseconds (docs/results/latency.md).
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

# a game with a heuristic but no ladder yet: one-ply greedy, the heuristic, guided search
DEFAULT: dict[str, Level] = {
    "easy": GREEDY,
    "medium": HEURISTIC,
    "strong": ("guided", {"ms": 700}),
}
# from the ladders (TrueSkill mu, docs/results/ladder-<game>.md). guided:iterations=30 (the
# search the ladders could afford: 20 games per pairing) rates level with the heuristic in
# Catan and Imperial, so it is not a separate level; strong is the heuristic.
BY_GAME: dict[str, dict[str, Level]] = {
    # random 18.3 < greedy 28.1 < heuristic 42.3 (guided:iterations=30 39.6, rl 31.9)
    "catan": {"easy": RANDOM, "medium": GREEDY, "strong": HEURISTIC},
    # random 21.1 < greedy 29.8 < heuristic 32.4 (guided:iterations=30 32.7, 60 games)
    "imperial": {"easy": RANDOM, "medium": GREEDY, "strong": HEURISTIC},
    # random 15.2 < greedy 31.7 < heuristic 34.2 (lone heuristic vs 3 greedy 50%, lone
    # greedy vs 3 heuristic 15%)
    "iceland": {"easy": RANDOM, "medium": GREEDY, "strong": HEURISTIC},
    # random 14.4 < heuristic 33.8 < greedy 34.8 (lone greedy vs 3 heuristic 28.5%, lone
    # heuristic vs 3 greedy 20.5%)
    "founders": {"easy": RANDOM, "medium": HEURISTIC, "strong": GREEDY},
    # random 24.9 < greedy 25.4 < heuristic 27.4: close, because most games end in a
    # collective loss (no winner: a draw); the heuristic wins most of the games that have one
    "archipelago": {"easy": RANDOM, "medium": GREEDY, "strong": HEURISTIC},
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
    bot, budget = level(game_id, name)
    return ":".join([bot] + [f"{key}={value}" for key, value in sorted(budget.items())])


def table(game_ids: list[str]) -> dict[str, dict[str, Level]]:
    """Every level of every game, e.g. for the lobby or the README."""
    return {game: {name: level(game, name) for name in LEVELS} for game in game_ids}
