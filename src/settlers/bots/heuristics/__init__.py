"""Hand-written per-game bots, all reachable under the one bot name `heuristic`.

A game gets a heuristic by adding a module here and an entry in `_MODULES`: the module exports
`make(seed, **budget)` returning a bot. Heuristics read only what their seat may see (public
attributes of the state plus the seat's own hand).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from settlers.bots.base import BotError

_MODULES: dict[str, str] = {
    "catan": "settlers.bots.heuristics.catan",
    "founders": "settlers.games.founders.bot",
    "iceland": "settlers.games.iceland.heuristic",
}


def heuristic_games() -> tuple[str, ...]:
    """Ids of the games that have a heuristic bot."""
    return tuple(sorted(_MODULES))


class HeuristicBot:
    """Plays each game with that game's heuristic (built on first use, same seed)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, **budget: Any) -> None:
        self.seed = seed
        self.budget = budget
        self._by_game: dict[str, Any] = {}

    def for_game(self, game_id: str) -> Any:
        bot = self._by_game.get(game_id)
        if bot is None:
            module_name = _MODULES.get(game_id)
            if module_name is None:
                raise BotError("bots.no_heuristic", game=game_id,
                               known=", ".join(heuristic_games()))
            bot = import_module(module_name).make(self.seed, **self.budget)
            self._by_game[game_id] = bot
        return bot

    def act(self, state: Any, seat: int) -> Any:
        return self.for_game(state.game.id).act(state, seat)
