"""A game's protocol class: its state class with the ``GameState`` contract answered by the
functions of its rules modules (docs/game-shape.md), written once here for every game.

::

    @answered_by(setup, turn, scoring, heuristic, hidden, render, view, _apply=turn.apply)
    class IcelandGame(IcelandState):
        @property
        def over(self) -> bool:
            return self.finished

Each contract name is bound to the function of that name *defined* (not imported) in the first
of the modules that has one, or to the function given by keyword (for a rule named otherwise).
The function itself becomes the method: a call costs no extra frame. What the class writes
itself is left alone; ``to_act`` and ``over`` are made properties.
"""

from __future__ import annotations

import abc
import inspect
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

CONTRACT_METHODS = (
    "setup", "legal_actions", "rule_refusal", "_apply", "scores", "public_scores", "winners",
    "evaluate", "rule_of_thumb", "_view", "redraw_hidden", "render", "describe_action",
    "redact_action", "score_breakdown",
)
CONTRACT_PROPERTIES = ("to_act", "over")

C = TypeVar("C", bound=type)


def answered_by(*modules: ModuleType,
                **named: Callable[..., Any]) -> Callable[[C], C]:
    """The class decorator binding the contract to the rules functions (see the module text)."""
    contract = CONTRACT_METHODS + CONTRACT_PROPERTIES
    unknown = sorted(set(named) - set(contract))
    if unknown:
        raise TypeError(f"not names of the GameState contract: {', '.join(unknown)}")

    def found(name: str) -> Callable[..., Any] | None:
        if name in named:
            return named[name]
        for module in modules:
            fn = module.__dict__.get(name)
            if inspect.isfunction(fn) and fn.__module__ == module.__name__:
                return fn
        return None

    def bind(cls: C) -> C:
        for name in contract:
            fn = found(name)
            if fn is None or name in cls.__dict__:
                continue
            setattr(cls, name, property(fn) if name in CONTRACT_PROPERTIES else fn)
        abc.update_abstractmethods(cls)
        return cls

    return bind
