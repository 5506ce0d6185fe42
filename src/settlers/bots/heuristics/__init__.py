"""`heuristic`: each game's hand-written player, all reachable under the one bot name.

A game's bot knowledge has one home, its own package (docs/game-shape.md): the module
``<game package>.heuristic`` (``settlers.games.<id>.heuristic`` for the built-in games) exports
``make_bot(seed, **budget)`` returning an object with ``act(state, seat) -> Action``, next to
``evaluate(state, seat)``. Nothing is listed here: a game whose ``heuristic`` module has no
``make_bot`` (or that has no such module) simply has no heuristic bot, and asking for one is a
clear ``BotError``. Heuristics read only what their seat may see.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from importlib import import_module
from types import ModuleType
from typing import Any

from settlers.bots.base import BotError, game_names, heuristic_game_names
from settlers.core.registry import games


def heuristic_module_name(game_id: str, package: str | None = None) -> str:
    """Where the heuristic of a game lives: beside the game's own modules."""
    if package is None:
        package = next((g.package for g in games() if g.id == game_id), None)
    return f"{package or f'settlers.games.{game_id}'}.heuristic"


def heuristic_factory(game_id: str, package: str | None = None) -> Callable[..., Any] | None:
    """The game's ``make_bot(seed, **budget)``, or None when the game has no heuristic bot."""
    module = _optional_module(heuristic_module_name(game_id, package))
    return getattr(module, "make_bot", None) if module is not None else None


def playout_factory(game_id: str, package: str | None = None) -> Callable[..., Any] | None:
    """The heuristic as cheap playouts play it (`mcts:playout=heuristic`, `guided`,
    `search:playout=fast`): ``make_bot`` with the module's ``PLAYOUT_BUDGET`` (a cheaper budget
    for a game whose heuristic thinks long), or None."""
    module = _optional_module(heuristic_module_name(game_id, package))
    factory = getattr(module, "make_bot", None) if module is not None else None
    budget = getattr(module, "PLAYOUT_BUDGET", None)
    if factory is None or not budget:
        return factory
    return partial(factory, **budget)


def heuristic_games() -> tuple[str, ...]:
    """Ids of the registered games that have a heuristic bot."""
    return tuple(sorted(game.id for game in games()
                        if heuristic_factory(game.id, game.package) is not None))


class HeuristicBot:
    """Plays each game with that game's heuristic (built on first use, with the same seed)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, *, playout: bool = False, **budget: Any) -> None:
        self.seed = seed
        self.budget = budget
        self.playout = playout   # a tree search's playout player: the game's PLAYOUT_BUDGET
        self._by_game: dict[str, Any] = {}

    def for_game(self, game_id: str, package: str | None = None) -> Any:
        bot = self._by_game.get(game_id)
        if bot is None:
            factory = (playout_factory if self.playout else heuristic_factory)(game_id, package)
            if factory is None:
                raise BotError("bots.no_heuristic", game=game_names(game_id),
                               known=heuristic_game_names(heuristic_games()))
            bot = self._by_game[game_id] = factory(self.seed, **self.budget)
        return bot

    def act(self, state: Any, seat: int) -> Any:
        game = state.game
        return self.for_game(game.id, game.package).act(state, seat)


def _optional_module(name: str) -> ModuleType | None:
    """The module ``name``, or None if it (or its package) does not exist. An import error
    inside an existing module is not hidden."""
    try:
        return import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            return None
        raise
