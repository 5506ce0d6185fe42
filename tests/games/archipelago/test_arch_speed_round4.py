"""Facts this round of issue-19 work keeps or reads from tables, against the computation from
scratch at every step of seeded games (several player counts and option sets):

* the frontier of the archipelago, carried over a laid region and grown by it
  (``board.grown_frontier``), equals the frontier listed from the regions;
* exploration placements read every unit that can get there from one pass over the seat's
  units (``exploration.movers``): the same units ``exploration.mover_choices`` finds per place;
* the objectives' end tests (one function per objective) agree with ``objectives.end_met``;
* the market rows of a zone read from the per-content table are ``population.market_row``;
* the proposer's menu after a cancelled or declined offer, kept from before the proposal,
  equals its menu computed afresh — and that shortcut is taken in these games.
"""

from __future__ import annotations

from typing import Any

import pytest
from arch_scenario import menu_from_scratch, played_states

import settlers
from settlers.games.archipelago import board, exploration, memo, objectives, population
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.tables import tables_of

CASES = [(4, 201, {}), (2, 202, {}), (3, 203, {"length": "short", "desert_start": True}),
         (5, 204, {"more_control": True, "more_sharpness": True}),
         (4, 205, {"philanthropist": True, "trend": "churches"})]




@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_grown_frontier_is_the_frontier_of_the_regions(players: int, seed: int,
                                                           options: dict[str, Any]) -> None:
    grown = 0
    for state in played_states(players, seed, options):
        board.frontier_cells(state)   # known from here on, carried over the next region laid
        kept = state._cache[memo.BOARD]["frontier"]
        assert kept == board._frontier_cells(state), state.version
        regions = len(state.regions)
        before = state._cache[memo.BOARD]
        if state.step in ("place_start", "explore_place"):
            seat = state.actor
            menu = state.legal_actions(seat)
            if menu and menu[0].kind == "place_region":
                state.apply(seat, menu[-1], check=False)
                assert len(state.regions) == regions + 1
                after = state._cache.get(memo.BOARD)
                assert after is not None and after is not before   # grown, not recomputed
                assert after["frontier"] == board._frontier_cells(state)
                grown += 1
    assert grown >= players


def test_the_frontier_of_a_layout_lists_every_touching_side_and_shore() -> None:
    """``_frontier_cells`` against ``cell_sides``/``edge_shore`` cell by cell (L509)."""
    for state in played_states(4, 211, {}):
        cells = board._frontier_cells(state)
        assert [(q, r) for q, r, *_ in cells] == board.frontier(state)
        for q, r, sides, pattern, shores in cells:
            assert list(sides) == board.cell_sides(state, q, r)
            assert pattern == tuple((d, t) for d, _o, t in sides)
            expected = tuple(board.edge_shore(state, o, (d + 3) % 6) for d, o, _t in sides)
            assert shores == (expected if len(sides) >= 2 else ())


@pytest.mark.parametrize(("players", "seed", "options"), CASES[:3])
def test_movers_are_the_units_mover_finds(players: int, seed: int,
                                          options: dict[str, Any]) -> None:
    compared = 0
    for state in played_states(players, seed, options):
        if state.version % 5:
            continue
        for seat in range(state.players):
            first = exploration.movers(state, seat)
            for k in range(len(state.regions)):
                assert (first.get((k, True, -1), [])
                        == exploration.mover_choices(state, seat, k, True))
                for shore in (0, 1):
                    assert (first.get((k, False, shore), [])
                            == exploration.mover_choices(state, seat, k, False, shore))
                compared += 1
    assert compared > 100


def test_movers_skip_engaged_lying_and_boxed_units() -> None:
    """L509-517: only a free active unit on the archipelago moves in."""
    state = next(s for s in played_states(4, 212, {}) if s.turn >= 2)
    seat = 0
    mine = [i for i, u in enumerate(state.units) if u[U.OWNER] == seat and u[U.REGION] >= 0]
    assert mine
    for i in mine:
        state.units[i][U.ENGAGED] = True
    state._cache = {}
    assert exploration.movers(state, seat) == {}
    i = mine[0]
    state.units[i][U.ENGAGED] = False
    state.units[i][U.STANDING] = False   # lying down (a domestic crisis)
    assert exploration.movers(state, seat) == {}
    state.units[i][U.STANDING] = True
    key = ((state.units[i][U.REGION], True, -1) if state.units[i][U.SHIP]
           else (state.units[i][U.REGION], False, state.units[i][U.SHORE]))
    assert exploration.movers(state, seat) == {key: [i]}


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_objective_end_tests_agree_with_end_met(players: int, seed: int,
                                                options: dict[str, Any]) -> None:
    met = 0
    for state in played_states(players, seed, options):
        expected = next((s for s in state.order for o in state.objectives[s]
                         if objectives.end_met(state, o)), -1)
        assert objectives.check_end(state) == expected, state.version
        met += expected >= 0
    # every objective kind of the content, at the thresholds of every player count
    state = settlers.load("archipelago").new_state(players, seed, options)
    for obj in range(len(state.content.objectives)):
        for players_now in (2, 3, 4, 5):
            state.players = players_now
            assert objectives._test_of(state, obj)(state) == objectives.end_met(state, obj)


def test_market_rows_from_the_table_are_market_row() -> None:
    state = settlers.load("archipelago").new_state(4, 213, {})
    held = tables_of(state.content).held
    for market in (0, 1):
        for res in range(6):
            for count in range(state.content.capacity(market, res) + 1):
                state.market[market][res] = count
                assert held[market][res][count] == population.market_row(state, market, res)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_menu_after_a_closed_offer_is_the_menu_from_scratch(players: int, seed: int,
                                                                options: dict[str, Any]) -> None:
    restored = 0
    for state in played_states(players, seed, options):
        for seat in state.to_act:
            # before any menu is asked, the cache holds a menu only when an offer that changed
            # nothing left the proposer's menu there (protocol._apply_keeping)
            kept = seat in state._cache
            menu = state.legal_actions(seat)
            assert menu == menu_from_scratch(state, seat), (state.version, state.step)
            restored += kept
    assert restored >= 3


def test_a_crisis_keeps_the_pieces_facts_only_while_no_piece_but_the_raised_one_moves() -> None:
    """memo.IN_CRISIS (L354-372): while the same crisis lasts its actions move no piece but
    the inhabitant a raise stands up; the facts kept across them are those of the position,
    and a finished crisis drops them."""
    kept = dropped = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            if state.step not in ("domestic", "export"):
                continue
            seat = state.actor
            menu = state.legal_actions(seat)
            action = next((a for a in menu if a.kind in memo.IN_CRISIS), None)
            if action is None:
                continue
            crisis = state.ctx
            units = [u[:] for u in state.units]
            state.apply(seat, action, check=False)
            facts = state._cache.get(memo.KEY)
            if state.ctx is crisis:
                if action.kind == "raise":
                    units[action.unit][U.STANDING] = True
                    assert facts is None or set(facts) == {"lying"}
                assert state.units == units, action
                if facts is not None:
                    kept += 1
                    assert facts.get("lying") in (
                        None, [i for i, u in enumerate(state.units)
                               if not u[U.STANDING] and u[U.REGION] >= 0 and not u[U.SHIP]])
            else:
                assert facts is None
                dropped += 1
            for s in state.to_act:
                assert state.legal_actions(s) == menu_from_scratch(state, s)
    assert kept > 10 and dropped > 3


def test_settle_has_nothing_to_do_after_negotiation_and_token_exchanges() -> None:
    """``flow.apply`` (and ``_apply``, which calls their handlers directly) does not settle
    after the actions that may interrupt any step (offers, gifts, answers, explorer-token
    exchanges, L224-234, L431): they leave a decision awaited and move no marker, so settling
    them would change nothing — checked on a copy."""
    from settlers.games.archipelago import flow

    checked = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            log = state.log[-1:] if len(state.log) else []
            if not log or log[0][1].kind not in flow.AT_ANY_STEP:
                continue
            copy = state.clone()
            flow.settle(copy)
            assert copy.full_state() == state.full_state(), log
            assert state.step and state.step != "round_over" and not state.over
            checked += 1
    assert checked > 200
