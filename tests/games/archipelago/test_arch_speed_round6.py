"""What the sixth round of issue-19 work computes another way, against the computation it
replaces, at every step of seeded games (several player counts and option sets):

* the disc menu asks whether the seat may reproduce or recruit somewhere with loops that stop
  at the first region (``growth.reproduces_somewhere``, ``growth.has_room``): the truth of
  ``growth.reproduction_regions`` and ``growth.recruit_regions``;
* an exploration's placements skip the frontier cells none of the seat's free units reaches
  (``exploration.placements``): the placements found with ``exploration.mover`` per side,
  for every seat and a hex of each kind;
* a bid menu asks whether the seat's bid is in directly (``flow.legal``): a menu exactly for
  the seats of ``to_act``;
* the hex stack rebuilt with the same draws in one function (``hidden.shuffled_stack``):
  ``rng.shuffle`` then ``rng.randrange(2)`` per hex, for ``random.Random`` and for a
  generator of its own.

The cells around the start hex carried by their numbers (``start_ring.grown_ring``) are checked
in ``test_arch_speed_round5.py``, the kept parts of the disc menu (``wheel._PieceMenu``) by
``test_arch_incremental.py`` (every menu with the kept facts equals the menu from scratch).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from arch_scenario import played_states

from settlers.core import Action
from settlers.games.archipelago import (
    board,
    exploration,
    flow,
    growth,
    hidden,
    memo,
    pieces,
    start_ring,
)
from settlers.games.archipelago.tables import tables_of

CASES = [(4, 701, {}), (2, 702, {}), (3, 703, {"length": "short", "desert_start": True}),
         (5, 704, {"more_control": True, "more_sharpness": True}),
         (4, 705, {"philanthropist": True, "trend": "churches"})]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_loops_that_stop_at_the_first_region_agree_with_the_region_lists(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L543-547 (two active inhabitants, the same shore), L571 (room)
    answers = {True: 0, False: 0}
    for state in played_states(players, seed, options):
        for seat in range(state.players):
            scan = pieces.SeatUnits(state, seat)
            reproduces = growth.reproduces_somewhere(state, scan)
            assert reproduces == bool(growth.reproduction_regions(state, seat, scan)), (
                seed, state.version, seat)
            assert growth.has_room(state, scan) == bool(growth.recruit_regions(state, seat, scan)), (
                seed, state.version, seat)
            answers[reproduces] += 1
    assert answers[True] > 0 and answers[False] > 0


def placements_by_mover(state: Any, seat: int, hex_id: int) -> list[Action]:
    """``exploration.placements`` as the fifth round computed it: ``mover`` asked for every
    side of every fitting turn of both faces on every frontier cell touching two regions."""
    out: list[Action] = []
    rotations = tables_of(state.content).rotations
    for q, r, sides, pattern, shores in board.frontier_cells(state):
        if len(sides) < 2:
            continue
        for side in (0, 1):
            face = state.content.hexes[hex_id][side]
            for rot in rotations(face, pattern):
                units = set()
                for (d, other, _terrain), shore in zip(sides, shores, strict=True):
                    sea = face.edges[(d - rot) % 6] == "s"
                    units.update(exploration.mover_choices(state, seat, other, sea,
                                                           -1 if sea else shore))
                out += [exploration._PLACE[(hex_id, side, q, r, rot, u)] for u in sorted(units)]
    return out


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_placements_skipping_unreached_cells_are_the_placements_found_by_mover(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L509-517: touches two regions, matches every side, a free active unit
    # in a touching region gets there (a ship by sea, an inhabitant by land)
    found = 0
    for state in played_states(players, seed, options):
        if state.phase == "start" or (state.step != "explore_place" and state.version % 5):
            continue
        hexes = ([state.ctx["hex"]] if state.step == "explore_place" else []) + [
            h for h in (0, 7, 13, 21) if h < len(state.content.hexes)]
        for seat in range(state.players):
            for h in hexes:
                menu = exploration.placements(state, seat, h)
                assert menu == placements_by_mover(state, seat, h), (seed, state.version, seat, h)
                found += len(menu)
    assert found > 0


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_a_bid_menu_is_offered_exactly_to_the_seats_that_owe_a_bid(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L248-256: secret simultaneous bids, a tie re-bids once
    bidding = 0
    for state in played_states(players, seed, options):
        if state.step != "bid":
            continue
        bidding += 1
        for seat in range(state.players):
            assert bool(flow.legal(state, seat)) == (seat in state.to_act), (
                seed, state.version, seat)
    assert bidding > 0


class OwnGenerator(random.Random):
    """A generator of its own: ``hidden`` uses its methods, not the shortcut."""

    def random(self) -> float:
        return super().random()


@pytest.mark.parametrize("rng_type", [random.Random, OwnGenerator])
def test_the_stack_rebuilt_in_one_function_takes_the_same_draws(rng_type: type) -> None:
    # archipelago.ru.txt L143, L505: the hexes shuffled, each with a side up
    for seed in range(40):
        pile = list(range(seed % 25))
        ours, theirs = rng_type(seed), rng_type(seed)
        stack = hidden.shuffled_stack(ours, list(pile))
        expected = list(pile)
        theirs.shuffle(expected)
        assert stack == [[h, theirs.randrange(2)] for h in expected]
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_ring_after_a_turn_zero_region_from_the_table_is_the_ring_read_afresh(
        players: int, seed: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    # archipelago.ru.txt L121-123: each turn-0 region touches the start hex; the table of the
    # cells (start_ring.Fitting.rings) and the table of the ring after a region is laid
    # (start_ring.Fitting.laid) are emptied past their sizes
    monkeypatch.setattr(start_ring, "RINGS_MAX", 2)
    monkeypatch.setattr(start_ring, "LAID_MAX", 2)
    fitting = start_ring.fitting_of(next(iter(played_states(players, seed, options))))
    monkeypatch.setattr(fitting, "rings", {})   # (filled by the games played before)
    monkeypatch.setattr(fitting, "fresh", {})
    monkeypatch.setattr(fitting, "laid", {})
    checked = 0
    for _round in range(2):   # the second game of the same seed reads the table
        for state in played_states(players, seed, options):
            if state.phase != "start":
                break
            known = state._cache.get(memo.BOARD) or {}
            ring = known.get("start_ring")
            if ring is not None:
                ids = ring.ids
                afresh = [fitting.cell_id(c) for c in start_ring.ring_cells(state)]
                assert list(ids) == afresh, (seed, state.version)
                checked += 1
            if state.step == "place_start":
                state.legal_actions(state.actor)
        assert len(fitting.rings) <= 2
        assert len(fitting.laid) <= 2
    assert checked >= 2 * players


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_turn_zero_menu_from_the_table_is_the_menu_per_cell(
        players: int, seed: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    # archipelago.ru.txt L121-123: every fitting turn of every hex in hand (side 0, then side 1)
    # on every free cell around the start hex; the table of the rings of cells, which keep the
    # menus per hex (start_ring.Fitting.rings, Ring.menus), is emptied past its size
    monkeypatch.setattr(start_ring, "RINGS_MAX", 3)
    fitting = start_ring.fitting_of(next(iter(played_states(players, seed, options))))
    monkeypatch.setattr(fitting, "rings", {})   # (filled by the games played before)
    monkeypatch.setattr(fitting, "fresh", {})
    monkeypatch.setattr(fitting, "laid", {})
    checked = 0
    for state in played_states(players, seed, options):
        if state.phase != "start":
            break
        if state.step != "place_start":
            continue
        cells = [fitting.cell_id(c) for c in start_ring.ring_cells(state)]
        per_cell = [place for h in state.hands[state.actor] for side in (0, 1) for cid in cells
                    for place in fitting.rows[h][side][cid]]
        assert state.legal_actions(state.actor) == (per_cell or state.legal_actions(state.actor))
        if per_cell:
            checked += 1
        assert len(fitting.rings) <= 3
    assert checked >= players
