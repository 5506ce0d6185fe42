"""What a game promises holds in every one of its states, in one shape for every game.

A game's ``invariants`` module (``settlers.games.<id>.invariants``) has two functions:

* ``problems(state) -> list[str]``: what does not hold now (cards, goods or pieces not
  conserved, a marker off its track, …), each naming what and where; empty when all hold;
* ``recomputed_scores(state) -> list[float]``: the scores counted again from the state, where
  practical without the game's scoring code, to compare with ``state.scores()``.

The game names the module once, on its definition: ``Game(..., invariants=invariants)``. The
shared conformance suite, the games' playout tests and the verification benchmarks all check
them through ``invariant_problems``.
"""

from __future__ import annotations

from settlers.core.definition import GameInvariants
from settlers.core.state import GameState


def invariant_problems(state: GameState, *, scores: bool | None = None) -> list[str]:
    """What the game's invariants find wrong with ``state`` (empty when all hold, or when the
    game declares none); with ``scores`` (by default: once the game is over) also whether
    ``state.scores()`` differs from the scores recomputed from the state."""
    checks = state.game.invariants
    if checks is None:
        return []
    found = list(checks.problems(state))
    if scores if scores is not None else state.over:
        told, again = state.scores(), list(checks.recomputed_scores(state))
        if told != again:
            found.append(f"scores() {told} != scores recomputed from the state {again}")
    return found


__all__ = ["GameInvariants", "invariant_problems"]
