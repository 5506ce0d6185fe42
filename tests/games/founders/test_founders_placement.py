"""The per-board placement index (placement.py) kept from turn to turn answers exactly what the
from-scratch scan of attaching.py answers, in every position of seeded random games — carts,
coins, wars, masters and replacements included — and in clones that go their own way."""

from __future__ import annotations

import random

import pytest

from settlers.games.founders import GAME
from settlers.games.founders.attaching import (
    _borrowed_mask,
    attach_cells,
    attach_options,
    choosable,
    chosen_cells,
    fitting,
    open_tiles,
)
from settlers.games.founders.board import xy_of
from settlers.games.founders.scoring import table_goods
from settlers.games.founders.tokens import _board_menu, coin_goods, war_cells


def from_scratch(state):
    board = state.boards[state.current]
    ts = state.ts
    return attach_cells(board, open_tiles(state), ts.tile_needs, ts.tile_mask,
                        _borrowed_mask(state))


def goods_from_scratch(state):
    mask = state.ts.tile_mask
    goods = 0
    for board in state.boards:
        for cell, tile in board.cells.items():
            if cell not in board.war and cell not in board.master:
                goods |= mask[tile]
    return goods


def check(state):
    if state.phase in ("main", "place"):
        assert attach_options(state) == from_scratch(state)
    if state.phase == "main":
        scan_normal, scan_replace = from_scratch(state)
        normal, replace = fitting(state)
        assert normal == {t for t, cells in scan_normal.items() if cells}
        assert replace == {t for t, cells in scan_replace.items() if cells and t not in normal}
        offered = [t for t in open_tiles(state) if t in normal or t in replace] if normal \
            else [t for t in open_tiles(state) if t in replace]
        assert choosable(state) == (offered, bool(normal))
    if state.phase == "place":
        ts = state.ts
        t = state.chosen
        normal, replace = attach_cells(state.boards[state.current], [t], ts.tile_needs,
                                       ts.tile_mask, _borrowed_mask(state))
        assert chosen_cells(state) == sorted(normal[t] + replace[t])
    assert table_goods(state) == goods_from_scratch(state)
    goods = state.ts.goods
    for seat, board in enumerate(state.boards):
        coins = [(seat, *xy_of(c), goods[g].id) for c, g in coin_goods(board, state.ts.tile_mask)]
        assert [(a.target, a.x, a.y, a.good) for a in _board_menu(state, seat, "coin")] == coins


@pytest.mark.parametrize("players", [2, 4])
def test_the_index_agrees_with_a_scan_from_scratch(players):
    carts = coins = 0
    for seed in range(6):
        state = GAME.new_state(players, seed)
        rng = random.Random(seed)
        side = None
        while not state.over:
            check(state)
            seat = rng.choice(state.to_act)
            action = rng.choice(state.legal_actions(seat))
            carts += action.kind == "play_cart"
            coins += action.kind == "play_coin"
            if side is None and rng.random() < 0.05:
                side = state.clone()  # shares the indexes until one of them changes
            state.apply(seat, action)
            if side is not None and not side.over:
                check(side)
                s = rng.choice(side.to_act)
                side.apply(s, rng.choice(side.legal_actions(s)))
    assert carts and coins  # the cases that change the index the most did happen


def test_menus_follow_changes_written_directly_to_a_state():
    state = GAME.new_state(2, 3)
    while state.phase in ("draft", "found"):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    board = state.boards[1]
    menu = _board_menu(state, 1, "war")  # computed and kept
    cell = war_cells(board)[0]
    assert any((a.x, a.y) == xy_of(cell) for a in menu)
    board.war[cell] = 0  # written directly, as a test does: the board notes the change
    assert not any((a.x, a.y) == xy_of(cell) for a in _board_menu(state, 1, "war"))
    assert all(c != cell for c, _ in coin_goods(board, state.ts.tile_mask))
    assert table_goods(state) == goods_from_scratch(state)


def test_the_need_table_agrees_with_the_matching_on_any_producers():
    """``NeedTable.met`` (Hall's condition, counted in fields) says exactly what the
    backtracking matching says, for random multisets of the tile set's producers."""
    from settlers.games.founders.matching import needs_met
    from settlers.games.founders.placement import need_table

    ts = GAME.new_state(4, 0).ts
    table = need_table(ts)
    producers = sorted({m for m in ts.tile_mask if m} | {1 << g for g in range(len(ts.goods))})
    rng = random.Random(7)
    for trial in range(3000):
        masks = [rng.choice(producers) for _ in range(rng.randrange(0, 12 if trial % 3 else 34))]
        expected = 0
        for k, need in enumerate(table.needs):
            if needs_met(need, masks):
                expected |= 1 << k
        assert table.met(table.key(masks)) == expected, masks


def test_a_need_with_a_bought_good_is_met_where_the_need_less_that_good_is():
    """``NeedTable.lesser``: a good bought with a coin is one more producer offering it alone;
    a need naming the good is met with it exactly where its top bits for the need less that
    good are all set — checked against the backtracking matching with the good added."""
    from settlers.games.founders.matching import needs_met
    from settlers.games.founders.placement import need_table

    ts = GAME.new_state(4, 0).ts
    table = need_table(ts)
    producers = sorted({m for m in ts.tile_mask if m} | {1 << g for g in range(len(ts.goods))})
    rng = random.Random(13)
    seen = set()
    for _ in range(1500):
        masks = [rng.choice(producers) for _ in range(rng.randrange(0, 10))]
        key = table.key(masks)
        for good, lesser in enumerate(table.lesser):
            for bit, required in lesser.items():
                need = table.needs[bit.bit_length() - 1]
                expected = needs_met(need, [*masks, 1 << good])
                assert (key & required == required) == expected, (need, good, masks)
                seen.add(expected)
    assert seen == {True, False}


def test_the_need_table_handles_repeated_goods_and_wider_choices():
    """A tile set other than the shipped one: a need naming a good twice, three-good choices."""
    from types import SimpleNamespace

    from settlers.games.founders.matching import needs_met
    from settlers.games.founders.placement import NeedTable

    needs = ((), (0, 0), (0, 1, 2), (3,), (3, 3, 4), (1, 2), (0, 4))
    masks = (0b111, 0b1, 0b110, 0b1000, 0b10000, 0b11000, 0)
    ts = SimpleNamespace(goods=range(5), tile_needs=needs, tile_mask=masks)
    table = NeedTable(ts)  # type: ignore[arg-type]
    producers = [m for m in masks if m] + [1 << g for g in range(5)]
    rng = random.Random(11)
    for _ in range(3000):
        chosen = [rng.choice(producers) for _ in range(rng.randrange(0, 8))]
        expected = 0
        for k, need in enumerate(table.needs):
            if needs_met(need, chosen):
                expected |= 1 << k
        assert table.met(table.key(chosen)) == expected, chosen
        key = table.key(chosen)  # with a good bought: the need less that good (lesser)
        for good, lesser in enumerate(table.lesser):
            for bit, required in lesser.items():
                need = table.needs[bit.bit_length() - 1]
                assert (key & required == required) == needs_met(need, [*chosen, 1 << good])


def test_the_need_tables_parts_list_every_pattern_of_their_fields():
    """``NeedTable.parts``: the fields cut into parts of at most ``_PART_FIELDS`` (every field in
    exactly one), each part's table listing every pattern of its top bits with the needs whose
    top bits in the part are all set; ``met`` of any key is then the needs whose top bits are
    all set in it (no pattern is left to be worked out in play; ``settle`` gives it for a key
    not remembered yet and remembers it) — for the shipped tile set, one
    with 30 fields (three parts) and one with no need at all."""
    from types import SimpleNamespace

    from settlers.games.founders.placement import _PART_FIELDS, NeedTable, field_shift, need_table

    wide = SimpleNamespace(goods=range(8), tile_needs=((), (0, 1, 2, 3), (4, 5, 6, 7), (0, 7)),
                           tile_mask=(0b11111111, 0b1, 0b10, 0b100))
    bare = SimpleNamespace(goods=range(2), tile_needs=((), ()), tile_mask=(0b1, 0b10))
    tables = [need_table(GAME.new_state(4, 0).ts), NeedTable(wide),  # type: ignore[arg-type]
              NeedTable(bare)]  # type: ignore[arg-type]
    assert [len(t.parts) for t in tables] == [2, 4, 1]
    rng = random.Random(5)
    for table in tables:
        masks = [mask for mask, _ in table.parts]
        assert sum(masks) == table.tops
        assert all(a & b == 0 for i, a in enumerate(masks) for b in masks[i + 1:])
        for mask, patterns in table.parts:
            fields = mask.bit_count()
            assert fields <= _PART_FIELDS and len(patterns) == 1 << fields
            for pattern, bits in patterns.items():
                assert pattern & ~mask == 0
                assert bits == sum(1 << k for k, req in enumerate(table.required)
                                   if pattern & req & mask == req & mask)
        everything = (1 << len(table.needs)) - 1
        for _ in range(500):
            key = table.base + sum(rng.randrange(4) << field_shift(f)
                                   for f in range(table.tops.bit_count()))
            expected = sum(1 << k for k, req in enumerate(table.required) if key & req == req)
            assert table.met(key) == expected & everything
            # the index's loops settle a key they did not find: the same answer, remembered
            table.by_key.pop(key)
            assert table.settle(key) == expected & everything == table.by_key[key]


def test_need_mask_names_each_good_once_even_when_a_need_repeats_it():
    # A need such as (wood, wood) names one kind of good: its mask is that good's bit, not a sum
    # that would set a different bit (the bug: 1<<g + 1<<g == 1<<(g+1)).
    from settlers.games.founders.matching import need_mask

    assert need_mask((2, 2)) == 1 << 2
    assert need_mask((0, 3, 0)) == (1 << 0) | (1 << 3)
    assert need_mask((1,)) == 1 << 1
