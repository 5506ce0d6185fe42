"""Where games come from: every package under ``settlers.games`` that exports ``GAME``, and
every module named by an entry point of the group ``settlers.games`` (third-party games)."""

from __future__ import annotations

import copyreg
import importlib
import pickle
import pkgutil
from collections.abc import Callable
from importlib.metadata import entry_points

from settlers.core.errors import UnknownGame
from settlers.core.game import Game
from settlers.core.suggest import nearest

_games: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    """Make ``game`` known (idempotent for the same definition)."""
    existing = _games.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"two different games claim the id {game.id!r}")
    _games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import settlers.games

    for module in pkgutil.iter_modules(settlers.games.__path__):
        if module.name.startswith("_"):
            continue
        package = importlib.import_module(f"settlers.games.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            register(game)
    for ep in entry_points(group="settlers.games"):
        game = getattr(ep.load(), "GAME", None)
        if isinstance(game, Game):
            register(game)


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    _discover()
    return sorted(_games)


def load(game_id: str) -> Game:
    """The game with this id; UnknownGame lists the known ones and names the nearest.

    An id is matched exactly, as bot and option names are: ``Catan`` is refused with «catan»
    suggested, not taken (saves, results and web addresses name a game by its exact id)."""
    _discover()
    game = _games.get(game_id) if isinstance(game_id, str) else None   # ([…] is unhashable)
    if game is None:
        known = ", ".join(sorted(_games))
        guess = nearest(game_id, _games) if isinstance(game_id, str) else None
        if guess is not None:
            raise UnknownGame("core.unknown_game_near", game=game_id, near=guess, known=known)
        raise UnknownGame("core.unknown_game", game=game_id, known=known)
    return game


def games() -> list[Game]:
    _discover()
    return [_games[i] for i in sorted(_games)]


def _pickled_as_its_id(game: Game) -> tuple[Callable[[str], Game], tuple[str]]:
    """A registered game pickles as its id and unpickles as the registered definition, so a
    state pickles (for a process pool or Ray): a definition holds converter functions that do
    not pickle themselves. Any other definition of the id is refused by name."""
    try:
        registered = load(game.id)
    except UnknownGame:
        registered = None
    if registered is not game:
        raise pickle.PicklingError(f"the game {game.id!r} is not the registered definition of "
                                   f"that id, so it cannot be pickled by its id")
    return (load, (game.id,))


copyreg.pickle(Game, _pickled_as_its_id)
