"""The integers the engine keys its dicts and sets by spread over their slots (issue 19: a Python
int hashes to its value, and a dict or set picks its first slot from the hash's low bits).

A producers key (placement.NeedTable) holds below its fields a sum of per-field weights, a
function of the fields; a cell number (board.py) is ``(x + OFFSET) * WIDTH + (y + OFFSET)`` with
a ``WIDTH`` that is not a power of two. Each is checked against a straightforward recomputation,
and the spread against CPython's probe sequence replayed on the keys the engine kept; a state's
canonical content (its digest) still numbers the cells as ``(x + 128) * 256 + (y + 128)``."""

from __future__ import annotations

import random

from settlers.games.founders import GAME
from settlers.games.founders.board import (
    CANONICAL_WIDTH,
    OFFSET,
    WIDTH,
    canonical,
    cell_of,
    xy_of,
)
from settlers.games.founders.placement import (
    NOISE_BITS,
    NeedTable,
    field_shift,
    index_of,
    need_table,
)


def probes(keys: list[int]) -> float:
    """Mean slots probed by a successful look-up of each of ``keys`` in a CPython dict they were
    inserted into in this order (CPython 3.11's sizes and probe sequence, replayed)."""
    size, usable = 8, 5
    for used in range(len(keys)):  # the table's size after these inserts
        if usable == 0:
            size = 8
            while size < 3 * used:
                size *= 2
            usable = size * 2 // 3 - used
        usable -= 1
    mask, taken, total = size - 1, set(), 0
    for key in keys:
        h = hash(key) & ((1 << 64) - 1)
        perturb, i, n = h, h & mask, 1
        while i in taken:
            perturb >>= 5
            i = (i * 5 + perturb + 1) & mask
            n += 1
        taken.add(i)
        total += n
    return total / len(keys)


def played(seeds: range, players: int = 4) -> list:
    """The seeded games' positions every 20 actions, each played by uniform random actions."""
    game = GAME
    out = []
    for seed in seeds:
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        step = 0
        while not state.over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
            step += 1
            if step % 20 == 0:
                out.append(state.clone())
    return out


def tables() -> list[NeedTable]:
    from types import SimpleNamespace

    wide = SimpleNamespace(goods=range(8), tile_needs=((), (0, 1, 2, 3), (4, 5, 6, 7), (0, 7)),
                           tile_mask=(0b11111111, 0b1, 0b10, 0b100))
    odd = SimpleNamespace(goods=range(5), tile_needs=((), (0, 0), (0, 1, 2), (3,), (3, 3, 4)),
                          tile_mask=(0b111, 0b1, 0b110, 0b1000, 0b11000))
    return [need_table(GAME.new_state(4, 0).ts), NeedTable(wide),  # type: ignore[arg-type]
            NeedTable(odd)]  # type: ignore[arg-type]


def test_a_producers_key_is_its_fields_counts_with_the_fields_weights_below():
    """``NeedTable.key`` of any producers equals the key recomputed field by field: the base,
    each field's count of the producers offering one of its part's goods at the field, and
    below the fields the count times the field's weight — so equal counts give equal keys
    (the remembered answers per key stay as few as the counts), and the weights of the most
    producers a key counts stay below the fields."""
    rng = random.Random(3)
    for table in tables():
        assert len(table.fields) == len(table.weights) == table.tops.bit_count()
        producers = sorted(table.inc)
        most = 40  # 8 neighbours, 24 tiles joined by carts and a bought good: 33
        assert sum(most * w for w in table.weights) < 1 << NOISE_BITS
        for _ in range(400):
            chosen = [rng.choice(producers) for _ in range(rng.randrange(0, most))]
            expected = table.base
            for f, (part, weight) in enumerate(zip(table.fields, table.weights, strict=True)):
                count = sum(1 for m in chosen if m & part)
                expected += count * ((1 << field_shift(f)) + weight)
            assert table.key(chosen) == expected, chosen
            # the fields alone decide the needs met
            assert table.met(expected) == table.met(expected >> NOISE_BITS << NOISE_BITS)


def test_the_need_tables_remembered_keys_spread_over_the_dicts_slots():
    """After seeded games, the whole keys the need table remembers (``by_key``, read first by
    every look-up of the index's loops) take ≈ 1.8 slots a look-up, not ≈ 4.9 as when the
    fields' few low bits picked the slot."""
    table = need_table(GAME.new_state(4, 0).ts)
    table.by_key.clear()  # (a memo: only the keys these games meet)
    played(range(900, 906))
    keys = list(table.by_key)
    assert len(keys) > 500
    assert probes(keys) < 2.2


def test_a_cell_number_keeps_the_order_and_the_neighbours_and_spreads_a_rows_cells():
    """``cell_of`` sorts as (x, y), ``xy_of`` undoes it, and the cells of a state spread over
    a small dict's slots: the index's cells at positions of seeded games take ≈ 1.0 slots a
    look-up (≈ 2.1 when every cell of a row began at one slot), and a 7 × 7 block of cells
    takes most first slots of a 64-slot table."""
    rng = random.Random(8)
    pairs = [(rng.randrange(1 - OFFSET, OFFSET - 1), rng.randrange(1 - OFFSET, OFFSET - 1))
             for _ in range(2000)]
    assert sorted(pairs) == [xy_of(c) for c in sorted(cell_of(x, y) for x, y in pairs)]
    for x, y in pairs:
        assert xy_of(cell_of(x, y)) == (x, y)
        assert cell_of(x + 1, y) - cell_of(x, y) == WIDTH and cell_of(x, y + 1) - cell_of(x, y) == 1
    block = [cell_of(x, y) for x in range(-3, 4) for y in range(-3, 4)]
    assert len({c & 63 for c in block}) >= 40
    samples = [list(index_of(board, state.ts).met)
               for state in played(range(910, 914))[-40:] for board in state.boards]
    assert sum(map(probes, samples)) / len(samples) < 1.3


def test_a_states_canonical_content_numbers_its_cells_as_x_plus_128_times_256_plus_y_plus_128():
    """``Board.to_json`` and the state's ``full_state`` (its digest) write every cell — of the
    tiles, razed tiles, masters, coins, carts and the good bought this turn — as
    ``(x + 128) * 256 + (y + 128)`` from its coordinates, whatever ``WIDTH`` is."""
    assert CANONICAL_WIDTH == 256 and OFFSET == 128

    def number(cell: int) -> int:
        x, y = xy_of(cell)
        return (x + 128) * 256 + (y + 128)

    seen = set()
    for state in played(range(920, 926)):
        full = state.full_state()
        for board, written in zip(state.boards, full["boards"], strict=True):
            assert written["cells"] == sorted((number(c), t) for c, t in board.cells.items())
            assert written["war"] == sorted((number(c), s) for c, s in board.war.items())
            assert written["master"] == sorted((number(c), m) for c, m in board.master.items())
            assert written["coin"] == sorted((number(c), s, g)
                                             for c, (s, g) in board.coin.items())
            assert written["carts"] == sorted(map(number, board.carts))
            seen.update(k for k in ("war", "master", "coin", "carts") if written[k])
            assert all(canonical(c) == number(c) for c in board.cells)
        if state.borrowed is not None:
            target, cell, good = state.borrowed
            assert full["borrowed"] == [target, number(cell), good]
            seen.add("borrowed")
    assert seen == {"war", "master", "coin", "carts", "borrowed"}


def test_a_producing_cells_code_is_its_cell_and_goods_in_cell_order_and_spreads():
    """The index's producing cells as codes (``supply_codes``, the coin menus' order) decode
    to the board's producing tiles worked out from its cells — each cell with its tile's
    goods, razed, worked and bought tiles left out — in cell order; the coin pieces the games
    met (a dict per target seat, keyed by code) take ≈ 1.7 slots a look-up, not ≈ 3.9 as when
    a code's low bits were the goods alone."""
    from settlers.games.founders.placement import CODE_UNIT
    from settlers.games.founders.tokens import _coin_tables

    states = played(range(930, 936))
    for state in states:
        mask = state.ts.tile_mask
        for board in state.boards:
            producing = sorted((c, mask[t]) for c, t in board.cells.items()
                               if mask[t] and c not in board.war and c not in board.master
                               and c not in board.coin)
            codes = index_of(board, state.ts).supply_codes
            assert [divmod(code, CODE_UNIT) for code in codes] == producing
    pieces = _coin_tables(states[0].ts)[:4]
    assert all(len(p) > 50 for p in pieces)
    assert max(probes(list(p)) for p in pieces) < 2.3
