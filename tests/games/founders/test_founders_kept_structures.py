"""The structures the engine keeps per board from one action to the next so that the cost of a
menu follows what changed, not the size of the board (issue 19: each board's placement index,
the needs met with a good bought this turn, the place menu they give, the sorted cells), equal
their computation from scratch at every step of seeded random games — in clones and
determinizations too, which must never share a kept structure that one of them changes."""

from __future__ import annotations

import random
from functools import reduce
from operator import or_

import pytest

from settlers.games.founders import GAME
from settlers.games.founders.attaching import attach_cells, place_cells
from settlers.games.founders.board import AROUND, WIDTH, Board, cart_groups, cell_of, xy_of
from settlers.games.founders.placement import (
    NeedTable,
    PlacementIndex,
    index_of,
    need_table,
    village_goods,
)


def rebuilt(board, ts) -> PlacementIndex:
    fresh = PlacementIndex(need_table(ts))
    fresh.rebuild(board)
    return fresh


def check_board(state, board) -> bool:
    """Every kept part of the board's index equals a rebuild's; whether the masters' answers
    were carried across an update (``_masters_stay``)."""
    ts = state.ts
    before = board.index
    pending = bool(board.changes) and before is not None and before.masters is not None
    index = index_of(board, ts)
    scratch = rebuilt(board, ts)
    assert index.frontier == scratch.frontier
    # the cart corners read from the sorted cells (the cell below a corner's upper-right one
    # comes just before it) equal those found by membership tests alone
    assert board.free_corners(sorted(board.cells)) == board.free_corners()
    assert index.producers == scratch.producers
    assert index.met == scratch.met
    assert index.supply_codes == scratch.supply_codes
    # the needs met somewhere, on some empty cell, on some occupied one: kept until the
    # board changes
    front = reduce(or_, (scratch.met[c] for c in scratch.frontier), 0)
    occupied = reduce(or_, (scratch.met[c] for c in board.cells), 0)
    assert index.any_bits in (None, front | occupied)
    assert index.front_bits in (None, front)
    assert index.occ_bits in (None, occupied)
    # the goods the board's tiles make, carried across updates that only add producers
    assert index.table_goods in (None, scratch.goods_on_table(board))
    # the sorted cells, kept while no cell is filled or emptied
    if index.sorted_all is not None:
        assert index.sorted_all == sorted([*scratch.frontier, *board.cells])
    if index.sorted_occ is not None:
        assert index.sorted_occ == sorted(board.cells)
    # each column's farthest tile (the war menu's targets), kept across updates: the same
    # columns, in the same order, as worked out from the sorted cells
    if index.tops is not None:
        tops = {}
        for c in sorted(board.cells):
            tops[c // WIDTH] = c
        assert list(index.tops.items()) == list(tops.items())
    # the corners of four tiles without a cart (the cart menu's), kept across filled cells
    if index.corners is not None:
        assert index.corners == set(board.free_corners())
    if index.masters is not None:
        check_masters(state, board, index.masters)
    return pending and index.masters is not None


def check_masters(state, board, kept) -> None:
    """The masters' answers kept with the index (tokens.master_cells, master_actions) equal
    those worked out from the board's cells: the village tiles making the master's good, not
    razed, without a master and without a coin (L187, L218: the nineteenth reading)."""
    from settlers.games.founders.tokens import _master_at

    ts = state.ts
    village = village_goods(ts)

    def cells_of(m):
        good = 1 << ts.masters[m].good
        return sorted(c for c, t in board.cells.items()
                      if village[t] & good and c not in board.war and c not in board.master
                      and c not in board.coin)

    for key, value in kept.items():
        if key[0] == "master":
            assert value == cells_of(key[1])
        else:
            assert value == [_master_at(ts.masters[m].id)[c]
                             for m in sorted(set(key[1:])) for c in cells_of(m)]


def check_place_menu(state) -> None:
    """The place step's cells equal the tile-by-tile matching of attaching.attach_cells (the
    reference: every cell's producers matched against the tile's needs)."""
    if state.phase != "place" or state.chosen_drawn:
        return
    ts = state.ts
    board = state.boards[state.current]
    borrowed = 1 << state.borrowed[2] if state.borrowed is not None else 0
    normal, replace = attach_cells(board, [state.chosen], ts.tile_needs, ts.tile_mask, borrowed)
    assert list(place_cells(state)) == sorted(normal[state.chosen] + replace[state.chosen])


def check_bought_good(state) -> None:
    """With a good bought this turn, the needs met per cell and the main step's bits equal a
    matching of every cell's producers plus the bought good."""
    if state.borrowed is None or state.phase not in ("main", "place"):
        return
    ts = state.ts
    board = state.boards[state.current]
    index = index_of(board, ts)
    scratch = rebuilt(board, ts)
    extra = 1 << state.borrowed[2]
    table = scratch.table
    with_extra = {c: table.met(p + table.inc[extra]) for c, p in scratch.producers.items()}
    assert index.met_with(extra) == with_extra
    assert index.borrowed_bits(board, extra) == (
        reduce(or_, (with_extra[c] for c in scratch.frontier), 0),
        reduce(or_, (with_extra[c] for c in board.cells), 0))


def step(state, rng) -> None:
    seat = rng.choice(state.to_act)
    state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)


@pytest.mark.parametrize("players", [3, 4])
def test_kept_structures_equal_their_computation_from_scratch_at_every_step(players):
    seen = {"bought": 0, "place": 0, "carts": 0, "masters kept": 0, "tops kept": 0,
            "corners kept": 0, "any bits kept": 0, "goods kept": 0}
    for seed in range(2):
        state = GAME.new_state(players, 400 + seed)
        state.record_events = False
        rng = random.Random(seed)
        while not state.over:
            if state.phase in ("reveal", "main", "place"):
                for board in state.boards:
                    index = board.index
                    changed = bool(board.changes) and index is not None
                    tops = changed and index.tops is not None
                    corners = changed and index.corners is not None
                    anywhere = changed and index.any_bits is not None
                    goods = changed and index.table_goods is not None
                    seen["masters kept"] += check_board(state, board)
                    # (the needs met anywhere carried across an update that only adds)
                    seen["any bits kept"] += anywhere and board.index.any_bits is not None
                    seen["goods kept"] += goods and board.index.table_goods is not None
                    seen["tops kept"] += tops and board.index.tops is not None
                    seen["corners kept"] += corners and board.index.corners is not None
                check_place_menu(state)
                check_bought_good(state)
                seen["bought"] += state.borrowed is not None
                seen["place"] += state.phase == "place"
                seen["carts"] += any(b.carts for b in state.boards)
            step(state, rng)
    assert all(seen.values()), seen  # every kept structure was exercised
    check_needs_met_per_key(state.ts)


def check_needs_met_per_key(ts) -> None:
    """The needs met remembered per whole producers key (``NeedTable.by_key``, read first by
    the index's loops) equal those of a new table, which has remembered nothing yet."""
    table = need_table(ts)
    assert table.by_key
    cold = NeedTable(ts)
    for key, bits in table.by_key.items():
        assert cold.met(key) == bits


def test_clones_and_determinizations_do_not_share_what_they_change():
    state = GAME.new_state(4, 77)
    state.record_events = False
    rng = random.Random(77)
    while len(state.log) < 60 or state.phase != "reveal":
        step(state, rng)
    for board in state.boards:
        index_of(board, state.ts)  # every board's kept structures built
    copies = [state.clone(), state.determinize(1, 5)]
    before = [dict(index_of(b, state.ts).met) for b in state.boards]
    for k, copy in enumerate(copies):
        crng = random.Random(k)
        for _ in range(40):  # the copy goes its own way: its boards change
            if copy.over:
                break
            step(copy, crng)
            for board in copy.boards:
                check_board(copy, board)
    # the original's kept structures are untouched, and still those of its own boards
    for board, kept in zip(state.boards, before, strict=True):
        assert index_of(board, state.ts).met == kept
        check_board(state, board)


def test_carts_joining_groups_add_to_the_producers_around_them_what_they_did_not_reach():
    """Carts played one by one on a block of tiles, chaining into larger groups (the index
    adds to the cells around a joined group only what each did not reach before): after each,
    the index equals one rebuilt from scratch."""
    state = GAME.new_state(3, 11)
    state.record_events = False
    ts = state.ts
    producing = [t for t in range(len(ts.tile_mask)) if ts.tile_mask[t]]
    for trial in range(6):
        rng = random.Random(trial)
        board = Board()
        board.cells[cell_of(0, 0)] = rng.choice(producing)
        index_of(board, ts)
        for x in range(-2, 3):  # a 5 x 5 block of producing tiles
            for y in range(-2, 3):
                board.cells[cell_of(x, y)] = rng.choice(producing)
        index_of(board, ts)
        corners = board.free_corners()
        rng.shuffle(corners)
        for k, corner in enumerate(corners[:8]):
            if k % 2:  # an index built with the carts: every group's key kept
                board.index = None
                index_of(board, ts)
            board.carts.add(corner)
            board.carts_changed()
            if rng.random() < 0.3:  # a change of the same update, after the carts
                some = rng.choice(sorted(board.cells))
                board.cells[some] = rng.choice(producing)
            check_board(state, board)
            check_cart_groups(board, index_of(board, ts))


def test_a_cart_on_four_lone_tiles_adds_to_the_ring_around_them_only(monkeypatch):
    """A cart on four tiles in no group yet (most carts played): each was next to the other
    three already, so only the twelve cells around the block gain, each the goods of the
    members it is not next to (``_join_block``) — the index equals a rebuild after it, with
    the block's tiles and the ring's cells (empty, occupied, outside the index) varied."""
    from settlers.games.founders import placement

    blocks = []
    monkeypatch.setattr(placement.PlacementIndex, "_join_block",
                        lambda self, block, _join=placement.PlacementIndex._join_block:
                        (blocks.append(block), _join(self, block))[1])
    state = GAME.new_state(3, 11)
    state.record_events = False
    ts = state.ts
    tiles = list(range(len(ts.tile_mask)))  # producing or not
    for trial in range(40):
        rng = random.Random(trial)
        board = Board()
        for x in range(-2, 4):
            for y in range(-2, 4):
                if rng.random() < 0.6 or (x in (0, 1) and y in (0, 1)):
                    board.cells[cell_of(x, y)] = rng.choice(tiles)
        index_of(board, ts)
        board.carts.add(cell_of(1, 1))
        board.carts_changed()
        check_board(state, board)
        check_cart_groups(board, index_of(board, ts))
    assert len(blocks) == 40 and all(len(b) == 4 for b in blocks)


def check_cart_groups(board, index) -> None:
    """The cart groups the index keeps (a new cart joins the kept ones), the producers keys
    it keeps for the groups there are (those joined into others dropped), and the cells around
    every group it ever kept, equal their computation from the carts and tiles."""
    assert index.groups == cart_groups(board.carts)
    inc = index.table.inc
    for group, key in index.group_keys.items():
        assert index.groups.get(group[0]) == group
        assert key == sum(inc[index.supply[c]] for c in group if c in index.supply)
    for group, reach in index.reach.items():
        assert reach == {m + d for m in group for d in AROUND}


def test_a_cart_played_on_a_copy_leaves_the_originals_kept_reaches_alone():
    """The cells around each cart group are kept in a dict that copies of a board share while
    their groups are the same; a cart played on one copy must not add its new groups there
    (a search's playouts would pile them up in the original)."""
    state = GAME.new_state(3, 11)
    ts = state.ts
    producing = [t for t in range(len(ts.tile_mask)) if ts.tile_mask[t]]
    rng = random.Random(3)
    board = Board()
    for x in range(-1, 2):
        for y in range(-1, 2):
            board.cells[cell_of(x, y)] = rng.choice(producing)
    corners = board.free_corners()
    board.carts.add(corners[0])
    board.carts_changed()
    kept = dict(index_of(board, ts).reach)
    copy = board.copy()  # shares the index until it changes
    copy.carts.add(corners[-1])
    copy.carts_changed()
    grown = index_of(copy, ts).reach
    assert set(grown) > set(kept)  # the copy keeps its new group's reach ...
    assert index_of(board, ts).reach == kept  # ... in its own dict
    check_cart_groups(copy, index_of(copy, ts))
    check_cart_groups(board, index_of(board, ts))


def test_cells_filled_and_emptied_directly_move_the_frontier_as_a_rebuild_does():
    """Tiles written onto and taken off a board one at a time (the rules only fill cells; a
    test may empty them): after each write the kept frontier, producers and needs met equal
    a rebuilt index — a filled cell's empty sides join the frontier, an emptied cell's
    neighbours leave it when nothing is beside them any more."""
    state = GAME.new_state(3, 11)
    ts = state.ts
    tiles = list(range(len(ts.tile_mask)))
    for trial in range(8):
        rng = random.Random(trial)
        board = Board()
        board.cells[cell_of(0, 0)] = rng.choice(tiles)
        index_of(board, ts)
        for _ in range(60):
            cells = sorted(board.cells)
            if len(cells) > 1 and rng.random() < 0.35:
                del board.cells[rng.choice(cells)]
            else:
                near = cells[rng.randrange(len(cells))] + rng.choice(AROUND)
                board.cells[near] = rng.choice(tiles)
            check_board(state, board)


def test_the_kept_column_tops_follow_filled_cells_and_stay_apart_in_copies():
    """Each column's farthest tile (``PlacementIndex.tops``, the war menu's targets) is made by
    the first war menu and kept across updates: a cell filled beyond a column's top moves it,
    a new column drops the table (its order would be wrong), and a copy of the board that
    changes keeps its own table, leaving the original's as it was."""
    from settlers.games.founders.tokens import _war_menu, war_cells

    state = GAME.new_state(3, 11)
    ts = state.ts
    tiles = list(range(len(ts.tile_mask)))
    rng = random.Random(5)
    for trial in range(20):
        board = Board()
        for x in range(-1, 2):
            for y in range(-1, 2):
                board.cells[cell_of(x, y)] = rng.choice(tiles)
        index = index_of(board, ts)
        assert [a.target for a in _war_menu(board, 1, index)] == [1, 1, 1]
        assert index.tops is not None
        original = dict(index.tops)
        copy = board.copy()  # shares the index until it changes
        x = rng.choice((-1, 0, 1))
        copy.cells[cell_of(x, 2)] = rng.choice(tiles)  # above the top of column x
        moved = index_of(copy, ts)
        assert moved.tops is not None and moved.tops[cell_of(x, 2) // WIDTH] \
            == cell_of(x, 2)
        check_board(state, copy)
        assert index_of(board, ts).tops == original
        assert [(a.x, a.y) for a in _war_menu(copy, 1, moved)] \
            == [xy_of(c) for c in war_cells(copy)]
        copy.cells[cell_of(2 + trial % 2, 0)] = rng.choice(tiles)  # a new column
        assert index_of(copy, ts).tops is None
        assert [(a.x, a.y) for a in _war_menu(copy, 1, index_of(copy, ts))] \
            == [xy_of(c) for c in war_cells(copy)]
        check_board(state, copy)


def test_the_kept_free_corners_follow_filled_cells_and_stay_apart_in_copies():
    """The corners of four tiles without a cart (``PlacementIndex.corners``, the cart menu's)
    are made by the first cart menu and kept while cells are filled between two menus: a cell
    filled completing a corner adds it; a fill with no menu read since drops the table; a
    copy of the board that changes keeps its own, leaving the original's as it was."""
    from settlers.games.founders.tokens import _board_menu

    state = GAME.new_state(3, 11)
    ts = state.ts
    tiles = list(range(len(ts.tile_mask)))
    rng = random.Random(7)

    def cart_menu(board):
        state.boards[1] = board
        return [(a.x, a.y) for a in _board_menu(state, 1, "cart")]

    for _ in range(10):
        board = Board()
        for x in range(-1, 2):
            for y in range(-1, 2):
                board.cells[cell_of(x, y)] = rng.choice(tiles)
        assert cart_menu(board) == [xy_of(c) for c in board.free_corners()]
        original = set(index_of(board, ts).corners)
        copy = board.copy()  # shares the index until it changes
        copy.cells[cell_of(-1, 2)] = rng.choice(tiles)
        assert cart_menu(copy) == [xy_of(c) for c in copy.free_corners()]
        copy.cells[cell_of(0, 2)] = rng.choice(tiles)  # completes the corner at (0, 2)
        menu = cart_menu(copy)
        assert (0, 2) in menu and menu == [xy_of(c) for c in copy.free_corners()]
        check_board(state, copy)
        assert index_of(board, ts).corners == original
        copy.cells[cell_of(1, 2)] = rng.choice(tiles)  # the menu was read: kept
        assert index_of(copy, ts).corners == set(copy.free_corners())
        copy.cells[cell_of(1, 3)] = rng.choice(tiles)  # no menu read since the last fill
        assert index_of(copy, ts).corners is None
        assert cart_menu(copy) == [xy_of(c) for c in copy.free_corners()]


def built(board, ts) -> PlacementIndex:
    """An index worked out cell by cell from the board (``_build``), whatever it holds."""
    fresh = PlacementIndex(need_table(ts))
    fresh._build(board)
    return fresh


def index_parts(index: PlacementIndex) -> tuple:
    """What a board's first index holds, the dicts' order included."""
    return (list(index.supply.items()), index.supply_codes, index.frontier,
            list(index.producers.items()), list(index.met.items()))


def test_a_founded_states_first_index_is_copied_from_one_built_before_and_stays_apart():
    """A board's first index (two founding tiles, nothing on them) is kept per need table by
    its cells and their goods (``NeedTable.starts``) and handed out as copies: the boards of
    seeded games, founded alike, get indexes equal to one worked out cell by cell (the dicts
    in the same order); changing one board's index leaves the kept one and the other boards'
    alone."""
    copied = 0
    for seed in range(12):
        state = GAME.new_state(4, 900 + seed)
        state.record_events = False
        rng = random.Random(seed)
        while state.phase != "reveal":
            step(state, rng)
        ts = state.ts
        starts = need_table(ts).starts
        for board in state.boards:
            assert board.index is None or len(board.cells) == 2
            known = len(starts)
            index = index_of(board, ts)
            copied += len(starts) == known   # met before: copied
            assert index_parts(index) == index_parts(built(board, ts))
    assert copied   # founded states met again were copied
    # a kept index stays apart from the boards it was handed to
    state = GAME.new_state(4, 950)
    state.record_events = False
    rng = random.Random(950)
    while state.phase != "reveal":
        step(state, rng)
    ts = state.ts
    board = state.boards[0]
    index = index_of(board, ts)
    twin = Board()
    for c, t in board.cells.items():
        twin.cells[c] = t
    first = index_parts(built(twin, ts))
    near = max(index.frontier)
    board.cells[near] = next(t for t in range(len(ts.tile_mask)) if ts.tile_mask[t])
    check_board(state, board)
    assert index_parts(index_of(twin, ts)) == first   # the kept copy untouched
    assert index_of(twin, ts) is not board.index


def test_the_need_tables_goods_per_need_are_the_reveals_need_masks():
    """The reveal's «can anyone still score» reads each tile's needed goods from the need
    table (``NeedTable.need_masks``): they equal ``scoring.need_masks``."""
    from settlers.games.founders.scoring import need_masks

    ts = GAME.new_state(3, 1).ts
    assert need_table(ts).need_masks == need_masks(ts)
    assert NeedTable(ts).need_masks == need_masks(ts)
