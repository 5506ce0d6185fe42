"""Difficulty levels for people: easy / medium / strong, per game, as a bot and a budget.

    bot = settlers.bots.difficulty.make_level("catan", "strong", seed=3)

The table below is what the ladders (docs/results/ladder-<game>.md) show to be ordered
easy < medium < strong in each game; a game not listed gets `DEFAULT`, and a game whose
levels cannot all be played (no heuristic) takes the whole `FALLBACK` table. Budgets are time
limits chosen to keep a decision under about a second on one core (docs/results/latency.md).
"""

from __future__ import annotations

from typing import Any

from settlers.bots import make, supports
from settlers.bots.base import BotError

LEVELS = ("easy", "medium", "strong")
Level = tuple[str, dict[str, Any]]

# easy: one-ply greedy; medium: the game's hand-written heuristic; strong: search guided by
# the heuristic (PUCT prior, heuristic playouts cut off by evaluate) under a time budget.
DEFAULT: dict[str, Level] = {
    "easy": ("greedy", {"samples": 1}),
    "medium": ("heuristic", {}),
    "strong": ("guided", {"ms": 700}),
}
# games whose ladder asks for something else
BY_GAME: dict[str, dict[str, Level]] = {
    # ladder-founders.md: greedy and heuristic are level (10 games per pairing), both far
    # above random
    "founders": {"easy": ("random", {}), "medium": ("greedy", {"samples": 1}),
                 "strong": ("guided", {"ms": 700})},
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
