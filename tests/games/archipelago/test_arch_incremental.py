"""Menus kept or built incrementally (issue 19) equal the menus computed from scratch.

The engine keeps facts between actions (``memo.py``): facts of the pieces across the actions
that move none, facts of the layout until a region is placed, the "give" part of an offer
while it is built, and clones share the layout's facts with their original. At every step
of seeded random games (several player counts and option sets, clones included) the menu of
every seat is compared with the menu of the same state with nothing kept, and after every
action for which the pieces' facts were kept, the pieces are checked to be where they were.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from arch_scenario import menu_from_scratch

import settlers
from settlers.games.archipelago import memo

CASES = [(4, 101, {}), (2, 102, {}), (3, 103, {"length": "short", "desert_start": True}),
         (5, 104, {"more_control": True, "more_sharpness": True}),
         (4, 105, {"philanthropist": True, "trend": "churches"})]


def pieces_of(state: Any) -> tuple[Any, ...]:
    """Everything the kept facts of the pieces are derived from. (A harvest permission given
    as a gift may come while they are kept: the facts that read the permissions are kept
    under their count — ``harvest._harvesters``, ``wheel._PieceMenu.permits`` — and the
    menus compared from scratch at every step check that they follow it.)"""
    return (repr(state.units),
            repr([(r["buildings"], r["plundered"]) for r in state.regions]))


def keeps_pieces(state: Any, kind: str) -> bool:
    return kind in memo.KEEP or (state.step, kind) in memo.KEEP_IN_PHASE


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_kept_menus_equal_menus_from_scratch(players: int, seed: int,
                                             options: dict[str, Any]) -> None:
    state = settlers.load("archipelago").new_state(players, seed, options)
    rng = random.Random(seed)
    kept_moves = 0
    checked = 0
    while not state.over:
        if state.version % 30 == 7:
            state = state.clone()   # a clone starts with the layout's facts of its original
        for seat in state.to_act:
            menu = state.legal_actions(seat)
            assert menu == menu_from_scratch(state, seat), (state.version, state.step, seat)
            checked += 1
        seat = rng.choice(state.to_act)
        menu = state.legal_actions(seat)
        action = menu[rng.randrange(len(menu))]
        keep = keeps_pieces(state, action.kind)
        phase = state.phase
        before = pieces_of(state) if keep else None
        state.apply(seat, action, check=False)
        if before is not None and (action.kind in memo.KEEP or state.phase == phase):
            # the facts were kept: no piece may have moved (memo.KEEP, memo.KEEP_IN_PHASE)
            assert pieces_of(state) == before, (state.version, action)
            kept_moves += 1
    assert checked > 50 and kept_moves > 10


def test_a_kept_fact_is_dropped_when_its_phase_ends() -> None:
    """A turn that ends in the buying phase, or the last start placement, may move pieces
    (a new turn liberates the units): the pieces' facts kept for a bid or a passed round
    are dropped when the phase changes."""
    state = settlers.load("archipelago").new_state(3, 7, {})
    rng = random.Random(7)
    dropped = 0
    while not state.over and dropped < 3:
        seat = rng.choice(state.to_act)
        menu = state.legal_actions(seat)
        action = menu[rng.randrange(len(menu))]
        phase = state.phase
        in_phase = (state.step, action.kind) in memo.KEEP_IN_PHASE
        state.apply(seat, action, check=False)
        if in_phase and state.phase != phase:
            assert memo.KEY not in state._cache
            dropped += 1
    assert dropped == 3


def containers(value: Any, out: set[int]) -> set[int]:
    """The ids of every list and dict reachable from ``value``."""
    if isinstance(value, list | dict):
        out.add(id(value))
        for v in (value.values() if isinstance(value, dict) else value):
            containers(v, out)
    return out


def test_a_clone_shares_no_container_that_the_rules_change() -> None:
    """``clone`` copies each field by its known shape (rows of scalars, the cards owned, the
    unit records, the regions...): at many points of seeded games, no list or dict of a
    clone is one of its original's — but the stack's [hex, side] records, which are never
    changed in place, and what the state shares by design (game, content, log, events)."""
    from settlers.games.archipelago.state import _SHARED

    for players, seed, options in CASES:
        state = settlers.load("archipelago").new_state(players, seed, options)
        rng = random.Random(seed)
        compared = 0
        while not state.over:
            if state.version % 23 == 0:
                twin = state.clone()
                for name, value in state.__dict__.items():
                    if name in _SHARED or name == "_cache":
                        continue
                    mine = containers(value, set())
                    theirs = containers(twin.__dict__[name], set())
                    if name == "stack":   # the records are shared, the list is not
                        mine = {id(value)}
                    assert not mine & theirs, name
                    assert twin.__dict__[name] == value, name
                compared += 1
            seat = rng.choice(state.to_act)
            menu = state.legal_actions(seat)
            state.apply(seat, menu[rng.randrange(len(menu))], check=False)
        assert compared > 2


def test_redraws_draw_what_the_random_module_draws() -> None:
    """Determinization shuffles and deals with ``hidden.shuffle`` / ``hidden.below_of``: the
    same permutations and numbers as ``Random.shuffle`` / ``Random.randrange`` from the same
    RNG state (seeded searches must not change), for lists and bounds of every size met."""
    import random as stdlib_random

    from settlers.games.archipelago import hidden

    for seed in range(40):
        ours, theirs = stdlib_random.Random(seed), stdlib_random.Random(seed)
        for n in range(0, 70, 3):
            a, b = list(range(n)), list(range(n))
            hidden.shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            below = hidden.below_of(ours)
            for bound in (1, 2, 3, 5, 8, 33, 64, 65):
                assert below(bound) == theirs.randrange(bound)
        assert ours.getstate() == theirs.getstate()
