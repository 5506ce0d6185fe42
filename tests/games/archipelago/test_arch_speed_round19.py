"""Round 19 of issue 19 (docs/performance-engines/archipelago.md, «Round 19»): turn 0's
placements worked out for every cell turn 0 can meet when a content set's tables are made
(``start_ring.fill``), and a few listings read by loops instead of generators.

The filled table is compared with the rule read afresh (archipelago.ru.txt L121-123: every turn
of a face whose side towards each touching region shows that region's terrain), cell by cell
and face by face; seeded games' turn 0 then meets no cell the fill left out. The loops are
compared with the code before (its comprehensions and generators, copied here) at every step
of seeded games."""

from __future__ import annotations

from itertools import chain
from typing import Any

import pytest
from arch_scenario import SPEED_CASES, played_states

from settlers.games.archipelago import (
    board,
    cards,
    markets,
    negotiation,
    pieces,
    start_ring,
    turn_order,
)
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import PlaceRegion
from settlers.games.archipelago.content import load_content
from settlers.games.archipelago.protocol import ArchipelagoGame
from settlers.games.archipelago.tables import tables_of

TURN_ZERO_CASES = [(4, 1901, {}), (2, 1902, {}), (3, 1903, {"desert_start": True}),
                   (5, 1904, {"length": "short"}), (4, 1905, {"desert_start": True}),
                   (3, 1906, {"more_control": True}), (5, 1907, {"desert_start": True})]


def _fits(edges: str, sides: tuple[tuple[int, str], ...], rot: int) -> bool:
    """L121-123: a face with ``edges`` turned ``rot`` shows each touching terrain."""
    return all(edges[(d - rot) % 6] == terrain for d, terrain in sides)


def _filled(content: Any) -> start_ring.Fitting:
    fitting = start_ring.Fitting(content)
    start_ring.fill(fitting)
    return fitting


def test_the_filled_placements_are_the_turns_that_fit_every_touching_side() -> None:
    content = load_content("standard")
    fitting = _filled(content)
    cells = start_ring.turn_zero_cells(content)
    assert len(cells) == len(set(cells)) == len(fitting.cells) > 0
    checked = 0
    for cell in cells:
        cid = fitting.ids[cell]
        dq, dr, sides = cell
        for h, faces in enumerate(content.hexes):
            for side, face in enumerate(faces):
                row = fitting.rows[h][side]
                assert cid in row, (cell, h, side)   # (filled, not made when first asked)
                want = tuple(PlaceRegion(h, side, dq, dr, rot, -1) for rot in range(6)
                             if _fits(face.edges, sides, rot))
                assert row[cid] == want, (cell, h, side)
                checked += 1
    assert checked == len(cells) * 2 * len(content.hexes)


def test_the_cells_are_those_around_the_start_hex_with_its_side_and_up_to_two_neighbours(
        ) -> None:
    content = load_content("standard")
    starts = {content.open_sea.edges} | {face.edges for faces in content.hexes
                                         for face in faces if face.special == "desert"}
    terrains = {t for faces in content.hexes for face in faces for t in face.edges}
    cells = set(start_ring.turn_zero_cells(content))
    want = set()
    for i, (dq, dr) in enumerate(board.DIRS):
        for start in starts:
            for after in (None, *terrains):
                for before in (None, *terrains):
                    sides = [((i + 3) % 6, start[i])]
                    sides += [] if after is None else [((i + 2) % 6, after)]
                    sides += [] if before is None else [((i + 4) % 6, before)]
                    want.add((dq, dr, tuple(sorted(sides))))
    assert cells == want


@pytest.mark.parametrize(("players", "seed", "options"), TURN_ZERO_CASES)
def test_turn_zero_meets_no_cell_the_fill_left_out(
        players: int, seed: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    states = played_states(players, seed, options)
    first = next(states)
    fitting = _filled(first.content)
    monkeypatch.setitem(tables_of(first.content).memo, "start_fitting", fitting)
    cells = len(fitting.cells)
    rows = [len(row) for faces in fitting.rows for row in faces]
    placed = 0
    for state in chain((first,), states):   # (the one state, moved on)
        if state.phase != "start":
            break
        if state.step == "place_start" and state.legal_actions(state.actor)[0].kind == (
                "place_region"):
            menu = state.legal_actions(state.actor)
            hexes = state.content.hexes
            assert menu == [PlaceRegion(h, side, q, r, rot, -1)
                            for h in state.hands[state.actor] for side in (0, 1)
                            for q, r, sides in start_ring.ring_cells(state) for rot in range(6)
                            if _fits(hexes[h][side].edges, sides, rot)], (seed, state.version)
            placed += 1
    assert placed >= players
    assert len(fitting.cells) == cells
    assert [len(row) for faces in fitting.rows for row in faces] == rows


def test_a_content_set_s_tables_are_filled_when_made(monkeypatch: pytest.MonkeyPatch) -> None:
    content = load_content("standard")
    memo = tables_of(content).memo
    monkeypatch.delitem(memo, "start_fitting", raising=False)
    fitting = start_ring._fitting_of_content(content)
    assert len(fitting.cells) == len(start_ring.turn_zero_cells(content))
    assert all(len(row) == len(fitting.cells) for faces in fitting.rows for row in faces)
    # a content set past FILL_MAX stays as it was: made as met
    monkeypatch.setattr(start_ring, "FILL_MAX", 10)
    monkeypatch.delitem(memo, "start_fitting")
    assert start_ring._fitting_of_content(content).cells == []


# ---- the loops against the code before (its generators and comprehensions, copied)

def _gives_before(state: ArchipelagoGame, seat: int, give: list[str]) -> tuple[Any, ...]:
    if not give:
        held_now = negotiation.held(state, seat)
        gives = tuple(negotiation._ADD_GIVE[it] for it in held_now)
        extras = negotiation.one_of_items(state, seat)
        if extras:
            gives += tuple(negotiation._ADD_GIVE[it] for it in extras)
        return gives
    if len(give) >= negotiation.MAX_ITEMS:
        return ()
    extras = negotiation.one_of_items(state, seat)
    need: dict[str, int] = {}
    for it in give:
        if not it.startswith(negotiation.ONE_OF):
            need[it] = need.get(it, 0) + 1
    short = [it for it, n in need.items() if not negotiation._has(state, seat, it, n)]
    if short:
        counted: tuple[Any, ...] = tuple(
            negotiation._ADD_GIVE[it] for it in short
            if len(short) == 1 and negotiation._has(state, seat, it, need[it] + 1))
    else:
        have = negotiation.held(state, seat)
        counted = tuple(negotiation._ADD_GIVE[it] for it in negotiation.ITEMS
                        if (negotiation._has(state, seat, it, need[it] + 1) if it in need
                            else it in have))
    if extras:
        return counted + tuple(negotiation._ADD_GIVE[it] for it in extras if it not in give)
    return counted


def _card_args_before(state: ArchipelagoGame, seat: int, effect: str) -> list[tuple[int, ...]]:
    if effect == "slavery":
        return [()] if any(u[U.OWNER] == seat and not u[U.SHIP] and u[U.REGION] >= 0
                           and u[U.ENGAGED] for u in state.units) else []
    return [()] if any(u[U.OWNER] == seat and u[U.REGION] >= 0 and not u[U.STANDING]
                       for u in state.units) else []


def _use_sites_before(state: ArchipelagoGame, seat: int) -> tuple[Any, ...]:
    return tuple(([k, markets.MARKET_OF[kind]], markets._USE[(k, kind)])
                 for kind in ("market", "port") for k in pieces.controlled(state, seat, kind))


def _gives_asked(state: ArchipelagoGame) -> list[list[str]]:
    """The give parts to ask ``_gives`` of: the offer's own, and every prefix and one more
    item of each kind held by its proposer."""
    offer = state.offer
    if offer is None:
        return [[]]
    give = list(offer["give"])
    asked = [give[:n] for n in range(len(give) + 1)]
    asked += [[*give, it] for it in negotiation.held(state, offer["from"])]
    return asked


@pytest.mark.parametrize(("players", "seed", "options"), SPEED_CASES)
def test_the_loops_read_what_the_generators_read(
        players: int, seed: int, options: dict[str, Any]) -> None:
    content = load_content("standard")
    by_effect = {c.effect: c for c in content.cards}
    slavery, dictatorship = by_effect["slavery"], by_effect["dictatorship"]
    gives = cards_checked = 0
    for step, state in enumerate(played_states(players, seed, options)):
        if step % 3:
            continue
        kept = state._cache
        for seat in range(players):
            state._cache = {}   # (nothing kept: each reads afresh)
            for c in (slavery, dictatorship):
                assert cards.args(state, seat, c, 0) == _card_args_before(
                    state, seat, c.effect), (seed, step, seat, c.effect)
                cards_checked += 1
            assert turn_order.bid_bonus(state, seat) == sum(
                turn_order.BONUS.get(content.cards[rec[0]].effect, 0)
                for rec in state.owned[seat]), (seed, step, seat)
            state._cache = {}
            if state.money[seat] >= 1:
                markets.building_options(state, seat)
                assert state._cache["pieces"][markets.USE_SITES_KEYS[seat]] == (
                    _use_sites_before(state, seat)), (seed, step, seat)
        offer = state.offer
        asker = offer["from"] if offer is not None else state.actor
        for give in _gives_asked(state):
            state._cache = {}
            assert negotiation._gives(state, asker, give) == _gives_before(
                state, asker, give), (seed, step, give)
            gives += 1
        state._cache = kept
    assert gives > 100 and cards_checked > 100


def test_the_cards_see_a_striker_and_an_engaged_inhabitant_of_the_seat_alone() -> None:
    """Hand-made: the Slavery and the Dictatorship read the user's own units, and only those."""
    states = played_states(3, 1908, {})
    state = next(states)
    while state.phase == "start":
        state = next(states)
    content = state.content
    by_effect = {c.effect: c for c in content.cards}
    state._cache = {}
    for u in state.units:   # every unit upright and free
        if u[U.REGION] >= 0:
            u[U.STANDING], u[U.ENGAGED] = True, False
    for c in (by_effect["slavery"], by_effect["dictatorship"]):
        assert [cards.args(state, s, c, 0) for s in range(3)] == [[], [], []]
    mine = [i for i in pieces.span(state, 1)
            if state.units[i][U.REGION] >= 0 and not state.units[i][U.SHIP]]
    state.units[mine[-1]][U.ENGAGED] = True
    state.units[mine[0]][U.STANDING] = False
    for c in (by_effect["slavery"], by_effect["dictatorship"]):
        assert [cards.args(state, s, c, 0) for s in range(3)] == [[], [()], []]
