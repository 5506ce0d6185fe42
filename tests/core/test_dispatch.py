"""``answered_by``: a game's protocol class is its state class with the contract bound to the
rules functions (docs/game-shape.md)."""

from __future__ import annotations

import types

import pytest

from settlers.core.dispatch import answered_by
from settlers.core.state import GameState
from settlers.testing.sample import rounds, scoring
from settlers.testing.sample.protocol import SealedBidsGame


def _module(name: str, **functions: object) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, fn in functions.items():
        fn.__module__ = name  # type: ignore[attr-defined]
        setattr(module, key, fn)
    return module


def test_the_functions_themselves_become_the_methods():
    assert SealedBidsGame.__dict__["scores"] is scoring.scores
    assert SealedBidsGame.__dict__["to_act"].fget is rounds.to_act
    assert SealedBidsGame.__dict__["over"].fget is rounds.over


def test_what_the_class_writes_itself_is_left_alone_and_keywords_win():
    rules = _module("rules", scores=lambda s: [1.0], winners=lambda s: [0])

    def other_winners(s):
        return [1]

    @answered_by(rules, winners=other_winners)
    class Game:
        def scores(self):
            return [2.0]

    assert Game().scores() == [2.0]
    assert Game().winners() == [1]


def test_a_function_only_imported_into_a_module_is_not_taken():
    borrowed = _module("elsewhere", winners=lambda s: [0])
    rules = types.ModuleType("rules")
    rules.winners = borrowed.winners  # type: ignore[attr-defined]

    @answered_by(rules)
    class Game:
        pass

    assert "winners" not in Game.__dict__


def test_to_act_and_over_are_properties():
    rules = _module("rules", to_act=lambda s: (0,), over=lambda s: True)

    @answered_by(rules)
    class Game:
        pass

    assert Game().to_act == (0,)
    assert Game().over is True


def test_the_abstract_contract_is_satisfied_once_bound():
    assert not SealedBidsGame.__abstractmethods__

    class Half(GameState):
        pass

    assert "scores" in Half.__abstractmethods__


def test_a_name_outside_the_contract_is_refused():
    with pytest.raises(TypeError, match="not names of the GameState contract: score"):
        answered_by(score=lambda s: [0.0])
