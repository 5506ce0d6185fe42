"""What the seventh round of issue-19 work computes another way, against the computation it
replaces, at every step of seeded games (several player counts and option sets, clones taken
mid-game):

* the harvest search knows that no icon is taken without reading the units
  (``harvest.none_taken``) and reads the icons of a region nobody harvested from a per-content
  table (``harvest._Unworked``): the harvesters of every seat equal those found unit by unit
  with ``harvest.free_icon`` and ``pieces.may_harvest_in``, with the kept facts and without;
* the units facts of the other seats kept across an action that moves the acting seat's units
  alone (``memo.MOVES_OWN_UNITS``), every fact but the actor's kept across a birth, a
  recruit or a market used (``memo.OUTSIDE_BUILDINGS``) and across a harvest, made true after it
  (``harvest.carry_over``): every kept fact of the pieces equals the fact read afresh (the menus
  themselves are compared in ``test_arch_incremental.py``).
"""

from __future__ import annotations

from typing import Any

import pytest
from arch_scenario import afresh, played_states

from settlers.games.archipelago import harvest, memo, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.content import FISH, RESOURCES

# (3, 806): the game of seed 803 no longer harvested enough once the rules of the twenty-ninth
# session's audit played the seeds anew, nor that of 804 once harvest permissions were given
# region by region (2026-12-06, fourth reading)
CASES = [(4, 801, {}), (2, 802, {}), (3, 806, {"length": "short", "desert_start": True}),
         (5, 804, {"more_control": True, "more_sharpness": True}),
         (4, 805, {"philanthropist": True, "trend": "churches"})]


def harvesters_unit_by_unit(state: Any, seat: int) -> list[list[int]]:
    """Per resource, the seat's active free units (in a building or not: T15 «active units
    not yet engaged») that ``free_icon`` finds an icon for, in a region the seat may harvest in
    (L443-461)."""
    out: list[list[int]] = [[] for _ in RESOURCES]
    for i in pieces.span(state, seat):
        owner, ship, k, standing, engaged, _building, _icon, shore = state.units[i]
        if owner != seat or k < 0 or not standing or engaged:
            continue
        if not pieces.may_harvest_in(state, seat, k):
            continue
        for res in range(len(RESOURCES)):
            if (res == FISH) != bool(ship):
                continue
            if harvest.free_icon(state, k, res, -1 if ship else shore) >= 0:
                out[res].append(i)
    return out


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_harvest_search_equals_the_search_unit_by_unit(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L443-461 (free icons, fish by ships), L459 (permission), L723 (shores)
    taken_seen = none_said = 0
    for state in played_states(players, seed, options):
        if state.version % 25 == 11:
            state = state.clone()   # (a clone, with what it keeps of its original's facts)
        if harvest.none_taken(state):
            none_said += 1
            assert all(u[U.ICON] < 0 for u in state.units if u[U.REGION] >= 0), (
                seed, state.version, state.phase)
        elif any(u[U.ICON] >= 0 and u[U.REGION] >= 0 for u in state.units):
            taken_seen += 1
        for seat in range(state.players):
            want = harvesters_unit_by_unit(state, seat)
            kept = harvest._harvesters(state, seat)   # with the facts kept so far
            assert kept == want, (seed, state.version, seat)
            fresh = state._cache
            state._cache = {}
            try:
                assert harvest._harvesters(state, seat) == want, (seed, state.version, seat)
            finally:
                state._cache = fresh
    assert none_said > 20 and taken_seen > 5


def test_facts_kept_across_the_actors_own_moves_are_the_facts_read_afresh() -> None:
    kept_over = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            known = state._cache.get(memo.KEY, {})
            if known and (state.log[-1][1].kind in memo.OUTSIDE_BUILDINGS
                          or state.log[-1][1].kind == memo.HARVEST):
                kept_over += 1
            for key in list(known):
                if key == "occupants":
                    assert known[key] == afresh(state, pieces.occupants), (seed, state.version)
                elif key == "taken_icons":
                    assert known[key] == afresh(state, harvest._taken_icons), (
                        seed, state.version)
                elif key == "icons_free":
                    for (region, shore), free in known[key].items():
                        reg = state.regions[region]
                        face = (state.start_face if reg["hex"] < 0
                                else state.content.hexes[reg["hex"]][reg["side"]])
                        busy = afresh(state, harvest._taken_icons).get(region, ())
                        assert free == harvest.free_on(face, shore, busy, reg["plundered"]), (
                            seed, state.version, region, shore)
                elif type(key) is tuple and key[0] == "controlled":
                    _name, seat, kind = key
                    assert known[key] == afresh(state, pieces.controlled, seat, kind), (
                        seed, state.version)
                elif type(key) is tuple and key[0] == "harvesters":
                    _name, seat, only, permits = key
                    if permits != len(state.permits):
                        continue   # kept under fewer permits: read again only in a new phase,
                        # which keeps no pieces' facts (permits only grow within a phase)
                    assert known[key] == afresh(state, harvest._harvesters, seat, only), (
                        seed, state.version, key)
            for seat in range(state.players):   # every seat's facts read, for the next action
                state.legal_actions(seat)
                harvest._harvesters(state, seat)
                pieces.controlled(state, seat, "town")
    assert kept_over > 5


def units_facts(scan: pieces.SeatUnits) -> tuple[Any, ...]:
    return (scan.free, scan.mobile, scan.inhabitant_in_box, scan.ship_in_box, scan.inhabitants,
            scan.standing)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_units_facts_kept_across_the_actors_own_moves_are_the_facts_read_afresh(
        players: int, seed: int, options: dict[str, Any]) -> None:
    carried = 0
    for state in played_states(players, seed, options):
        kept = state._cache.get(memo.KEY, {}).get(memo.SEAT_UNITS, {})
        if kept and state.log[-1][1].kind in memo.MOVES_OWN_UNITS:
            carried += 1
        if state.version % 25 == 11:
            state = state.clone()   # (its facts start afresh: it reads them below)
        for seat, scan in kept.items():
            assert units_facts(scan) == units_facts(pieces.SeatUnits(state, seat)), (
                seed, state.version, seat)
        for seat in range(state.players):   # every seat's facts read, for the next action
            pieces.seat_units(state, seat)
    assert carried > 3
