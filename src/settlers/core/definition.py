"""What a game's state needs of its game's definition.

The import order of core is one way: ``definition`` ← ``state`` ← ``game``. A state keeps a
reference to the definition of its game (``state.game``) for its id, its action types and its
names; it is typed against this protocol so that ``state.py`` never imports ``game.py``.
:class:`settlers.core.game.Game` is the one implementation; it creates states, so it sits
above them. Code that holds only a state and needs the full ``Game`` (to start another game)
asks the registry (``settlers.load(state.game.id)``) or uses :meth:`GameState.initial`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from settlers.core.actions import Action


class GameInvariants(Protocol):
    """A game's invariants (its module ``settlers.games.<id>.invariants`` matches): what does
    not hold in a state, and its scores counted again. See ``settlers.core.invariants``."""

    def problems(self, state: Any) -> list[str]: ...

    def recomputed_scores(self, state: Any) -> list[float]: ...


class GameDefinition(Protocol):
    """The read-only face of a game's definition that its states use."""

    @property
    def id(self) -> str: ...

    @property
    def names(self) -> Mapping[str, str]: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def package(self) -> str | None:
        """The Python package of the game (its messages and heuristic live there)."""
        ...

    @property
    def invariants(self) -> GameInvariants | None:
        """What the game promises holds in each of its states, or None (no checks declared)."""
        ...

    @property
    def action_types(self) -> frozenset[type[Action]]: ...

    def name(self, lang: str | None = None) -> str:
        """The game's name in ``lang`` (default: the current language)."""
        ...

    def label(self) -> Mapping[str, str] | str:
        """The game's names by language, for a message's ``{game!l}`` (its id without names)."""
        ...

    def bad_field(self, action: Action) -> dict[str, Any] | None:
        """For one of ``action_types``: what field JSON could not carry, or None."""
        ...

    def action_from_json(self, obj: Any) -> Action:
        """The action described by ``obj``; MalformedAction otherwise."""
        ...


__all__ = ["GameDefinition", "GameInvariants"]
