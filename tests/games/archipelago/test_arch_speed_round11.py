"""Turn 0's menus as a fresh process makes them (issue 19, thirty-eighth session): the content
set's turn-0 tables (``start_ring.Fitting``: the cells met, each face's placements per cell,
the rings and each ring's menus per hex) start empty in a new process and are filled while the
first games are listed — the path every per-table test behind a warm process skips. Each
turn-0 menu listed from empty tables is the menu found turn by turn (archipelago.ru.txt
L121-123: every fitting turn of every hex in hand, side 0 on each free cell around the start
hex, then side 1), and so is the same menu listed again from the tables just filled."""

from __future__ import annotations

from itertools import chain
from typing import Any

import pytest
from arch_scenario import played_states

from settlers.games.archipelago import start_ring
from settlers.games.archipelago.actions import PlaceRegion
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of

CASES = [(4, 3801, {}), (2, 3802, {}), (3, 3803, {"desert_start": True}),
         (5, 3804, {"length": "short"}), (4, 3805, {"desert_start": True, "more_control": True})]


def menu_turn_by_turn(state: ArchState) -> list[PlaceRegion]:
    """L121-123: the hexes in hand in order, side 0 then side 1, on each free cell around the
    start hex touching a region (``start_ring.ring_cells``: its sides' terrains), every turn
    whose side towards each touching region shows that region's terrain there."""
    hexes = state.content.hexes
    return [PlaceRegion(h, side, q, r, rot, -1)
            for h in state.hands[state.actor] for side in (0, 1)
            for q, r, sides in start_ring.ring_cells(state) for rot in range(6)
            if all(hexes[h][side].edges[(d - rot) % 6] == terrain for d, terrain in sides)]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_a_turn_zero_menu_from_empty_tables_is_the_menu_found_turn_by_turn(
        players: int, seed: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    states = played_states(players, seed, options)
    first = next(states)
    # the content set's turn-0 tables as a fresh process has them: nothing filled yet
    monkeypatch.setitem(tables_of(first.content).memo, "start_fitting",
                        start_ring.Fitting(first.content))
    checked = 0
    for state in chain((first,), states):   # (the one state, moved on)
        if state.phase != "start":
            break
        if state.step != "place_start":
            continue
        scratch = menu_turn_by_turn(state)
        if scratch:   # (else the hand is shown and redrawn, L123)
            assert state.legal_actions(state.actor) == scratch, (seed, state.version)
            # the same position listed again from the tables just filled, with nothing kept
            # by the state
            state._cache = {}
            assert state.legal_actions(state.actor) == scratch, (seed, state.version)
            checked += 1
    assert checked >= players
