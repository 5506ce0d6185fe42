"""The menus the engine keeps from turn to turn (the per-board placement index brought up to
date from the board's change log, copied on write by clones; the per-board token menus; the
per-position menu cache) are exactly the menus computed from scratch, at every step of seeded
random games — and in clones that go their own way from a shared index."""

from __future__ import annotations

import random

import pytest

from settlers.games.founders import GAME
from settlers.games.founders.attaching import fitting
from settlers.games.founders.placement import indexed


def from_scratch(state):
    """A copy of ``state`` that knows nothing computed before: no placement index, no change
    log, no menu cache (every menu is rebuilt from the tiles and tokens on the table)."""
    fresh = state.clone()
    for board in fresh.boards:
        board.index = None
        board.changes.clear()
        board._groups = None
    fresh._cache = {}
    return fresh


def check_menus(state) -> None:
    scratch = from_scratch(state)
    for seat in range(state.players):
        assert state.legal_actions(seat) == scratch.legal_actions(seat), (seat, state.phase)
    if state.phase in ("main", "place"):
        assert fitting(state) == fitting(scratch)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_menus_equal_menus_from_scratch_at_every_step(players):
    kinds: set[str] = set()
    for seed in range(3):
        state = GAME.new_state(players, 100 + seed)
        state.record_events = False  # as in search and simulation
        rng = random.Random(seed)
        side = None
        while not state.over:
            check_menus(state)
            seat = rng.choice(state.to_act)
            action = rng.choice(state.legal_actions(seat))
            kinds.add(action.kind)
            if side is None and rng.random() < 0.1:
                side = state.clone()  # shares every board's index until one of them changes
                assert all(indexed(a) is indexed(b)
                           for a, b in zip(state.boards, side.boards, strict=True))
            state.apply(seat, action, check=False)
            if side is not None and not side.over:
                s = rng.choice(side.to_act)
                side.apply(s, rng.choice(side.legal_actions(s)), check=False)
                check_menus(side)
    # the changes that move the kept menus the most did happen
    assert {"attach", "play_coin", "play_war"} <= kinds


def test_the_scratch_copy_really_starts_from_nothing():
    state = GAME.new_state(4, 5)
    rng = random.Random(5)
    while state.phase in ("draft", "found", "reveal") or not state.legal_actions(
            state.to_act[0]):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.legal_actions(state.current)  # builds the current board's index
    assert indexed(state.boards[state.current]) is not None
    scratch = from_scratch(state)
    assert all(indexed(b) is None for b in scratch.boards)
    assert scratch._cache == {}
    assert scratch.legal_actions(state.current) == state.legal_actions(state.current)
