"""What the engine keeps or settles by kind so that the cost of an action does not grow with the
game (issue 19) equals the computation from scratch, at every step of seeded random games."""

from __future__ import annotations

import random

import pytest

from settlers.games.founders import GAME
from settlers.games.founders.scoring import can_still_score, can_still_score_from_scratch
from settlers.sim.speed import walk


def seeded_states(players: int, seeds: range, *, every: int = 1):
    """Every ``every``-th state of seeded random games (events off, as in search)."""
    for seed in seeds:
        state = GAME.new_state(players, seed)
        state.record_events = False
        yield from walk(state, random.Random(seed), every)
        yield state


@pytest.mark.parametrize("players", [2, 4])
def test_can_still_score_by_kind_equals_tile_by_tile(players):
    # scoring.py: «никто больше не может заработать победных очков» (founders.ru.txt, the end
    # by agreement) — the tiles still to come are looked at by kind and remembered
    for state in seeded_states(players, range(200, 206)):
        for seat in range(players):
            assert can_still_score(state, seat) == can_still_score_from_scratch(state, seat), \
                (state.phase, seat)


def test_can_still_score_sees_each_kind_of_tile_to_come():
    # a state where no open prize fits the goods on the table: the answer rests on the tiles to
    # come; emptying the stacks, rows and draft one kind at a time moves it like the reference
    state = GAME.new_state(3, 11)
    rng = random.Random(11)
    while state.phase != "reveal" or len(state.log) < 40:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    for board in state.boards[1:]:
        board.hand_masters.clear()  # seat 0 keeps its masters: the village tiles count for it
    seen = set()
    for _ in range(120):
        for pile in (*state.stacks, *state.rows, state.prizes):
            if pile:
                pile.pop()
                break
        state.forget()
        for seat in range(3):
            answer = can_still_score(state, seat)
            assert answer == can_still_score_from_scratch(state, seat)
            seen.add(answer)
    assert seen == {True, False}


def index_from_scratch(board, ts):
    """The placement index of ``board`` rebuilt from its tiles and tokens."""
    from settlers.games.founders.placement import PlacementIndex, need_table
    fresh = PlacementIndex(need_table(ts))
    fresh.rebuild(board)
    return fresh


def check_kept_index(state) -> None:
    from settlers.games.founders.board import AROUND, cart_groups
    from settlers.games.founders.placement import CODE_UNIT, index_of
    for board in state.boards:
        index = index_of(board, state.ts)
        scratch = index_from_scratch(board, state.ts)
        # the producing cells in cell order, kept by update (the coin menu's order)
        assert index.supply_codes == sorted(c * CODE_UNIT + m for c, m in index.supply.items())
        assert index.supply_codes == scratch.supply_codes
        assert index.producers == scratch.producers
        # a group's kept producers key: the sum over its producing tiles, as recomputed
        inc = index.table.inc
        for group, key in index.group_keys.items():
            assert board.groups().get(group[0]) == group
            assert key == sum(inc[index.supply[c]] for c in group if c in index.supply)
        # the cart groups kept with the carts (a new cart joins the kept groups), and the
        # cells around every group ever kept (a function of the group alone)
        assert index.carts == board.carts
        assert index.groups == cart_groups(board.carts)
        for group, reach in index.reach.items():
            assert reach == {m + d for m in group for d in AROUND}
        # a bought good: the needs met per cell, settled per distinct producers key; and
        # the needs naming it met with it on some empty (or occupied) cell, found by the need
        # less that good (NeedTable.lesser)
        table = index.table
        for good in range(len(state.ts.goods)):
            extra = 1 << good
            with_extra = index.met_with(extra)
            assert with_extra == {c: table.met(p + inc[extra])
                                  for c, p in index.producers.items()}
            # with the goods made on the board unknown (every need searched) and known (a
            # lesser need naming a good made nowhere is not searched)
            made = index.goods_on_table(board)
            for cells in (index.frontier, board.cells):
                expected = 0
                for c in cells:
                    expected |= with_extra[c] & table.naming[good]
                naming = table.naming[good]
                every = (1 << len(table.needs)) - 1
                for goods in (None, made):
                    index.table_goods = goods
                    assert index.gained(cells, good, naming) == expected
                    # the wanted needs are searched one bit at a time: a few of them, one,
                    # or every need (those not naming the good are left out)
                    low = naming & -naming
                    for wanted in (naming & 0x5555555555, naming & ~low, low, naming ^ low,
                                   every):
                        assert index.gained(cells, good, wanted) == expected & wanted


def check_board_helpers(board) -> None:
    from settlers.games.founders.board import WIDTH
    cells = board.cells
    tops: dict[int, int] = {}
    for c in cells:  # the farthest tile of each column, by its definition
        if c > tops.get(c // WIDTH, -1):
            tops[c // WIDTH] = c
    assert board.column_tops() == sorted(tops.values())
    assert board.unprotected() == set(tops.values())
    corners = sorted(
        c for c in cells if c - 1 in cells and c - WIDTH in cells and c - WIDTH - 1 in cells
        and c not in board.carts)
    assert board.free_corners() == corners
    assert board.free_corners(sorted(cells)) == corners  # the cells given in order


@pytest.mark.parametrize("players", [3, 4])
def test_kept_index_parts_equal_their_computation_from_scratch(players):
    carts = 0
    for state in seeded_states(players, range(300, 304), every=3):
        check_kept_index(state)
        for board in state.boards:
            check_board_helpers(board)
            carts += len(board.carts)
    assert carts  # the cart groups' kept keys were exercised


def test_the_goods_and_masters_played_are_numbered_as_the_tile_set_numbers_them():
    # tokens.play_token reads a coin's good and a master by a dict per tile set
    from settlers.games.founders.tokens import _numbers

    ts = GAME.new_state(2, 0).ts
    numbers = _numbers(ts)
    assert numbers.good == {g.id: ts.good_index(g.id) for g in ts.goods}
    assert numbers.master == {m.id: i for i, m in enumerate(ts.masters)}
    assert len(numbers.good) == len(ts.goods) and len(numbers.master) == len(ts.masters)
    assert _numbers(ts) is numbers
