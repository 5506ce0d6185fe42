"""Where tiles may go on one player's state, kept up to date from turn to turn (engine speed).

For every cell a tile could be put on (the frontier: empty cells sharing a side with the state)
or put instead of (the occupied cells), the index keeps the masks of the goods its producers
can supply and, from them, the set of the tile set's needs that a tile put there would have
met (bits over the distinct needs; see ``NeedTable``). A change to the board (a tile attached
or replaced, a tile razed, worked by a master or bought with a coin, a coin coming home) is
written down by the board itself (board.py, ``changes``); only the cells whose producers it can
touch are looked at again, so the cost of a menu does not grow with the size of the state.
A new cart joins the groups of its four cells (the groups are kept with the index): only the
cells around the joined group are looked at again (``_join``).

The rules are those of attaching.py (``producers_around`` and the matching of matching.py);
this module gives the same answers by counting (``NeedTable``: Hall's condition) and keeps
them. A good bought with a coin this turn is one more producer for every cell: the main and
place steps look for the needs less that good on the kept producers (``NeedTable.lesser``,
``gained``); the full per-cell answers look the cells up again with it (``met_with``,
``borrowed_bits``).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Iterable
from functools import reduce
from operator import or_
from typing import Any

from settlers.games.founders.board import AROUND, SIDES, WIDTH, Board, with_cart
from settlers.games.founders.content import VILLAGE, TileSet, per_tile_set
from settlers.games.founders.matching import need_mask

_UP = SIDES[2]
_CORNER = (0, 1, _UP, _UP + 1)  # a cart corner's cells: corner - d (board.py)
# one field of a producers key (see NeedTable): a count of producers, biased so that its top
# bit says «enough». At most 8 neighbours and the tiles joined to them by carts (six carts join
# at most 24 tiles) and a good bought with a coin: far below the field's 128 of headroom.
FIELD_BITS = 8
_TOP = 1 << (FIELD_BITS - 1)
# Below the fields, a key holds a sum of per-field weights, one per producer counted in each
# field (``NeedTable.inc``): a function of the fields, so equal fields give equal keys; it only
# spreads the keys' hashes (a Python int hashes to its value, and the fields' counts vary in
# few low bits: the need table's dicts probed ≈ 4.9 slots a look-up). No top bit is below it.
NOISE_BITS = 20


def field_shift(field: int) -> int:
    """Where field ``field`` of a producers key starts (its lowest bit)."""
    return NOISE_BITS + FIELD_BITS * field


def _weights(count: int) -> list[int]:
    """``count`` fields' weights below the fields: odd, spread, and small enough that the
    weights of every producer a key can count (each field's count stays below ``_TOP``) sum
    to less than ``1 << NOISE_BITS``."""
    most = max(1, min(255, ((1 << NOISE_BITS) - 1) // (max(count, 1) * (_TOP - 1))))
    return [((f + 1) * 0x9E3779B1 >> 11) % most | 1 for f in range(count)]


# far more changes than cells: cheaper to recompute everything
_REBUILD_AFTER = 24
# the most cells of a state whose index ``rebuild`` copies from one built before (a founded
# state has two), and the most such indexes a need table keeps
_START_CELLS = 2
_STARTS_LIMIT = 1 << 12
# a producing cell's code: ``cell * CODE_UNIT + goods mask`` (at most 16 goods; in cell order):
# not ``cell << CODE_BITS | mask``, whose low bits are the goods alone — the coin pieces' dict
# (tokens.py) started every tile making one good at one slot (≈ 3.9 probes a look-up; ≈ 1.7)
CODE_BITS = 16
CODE_UNIT = (1 << CODE_BITS) + 1


class NeedTable:
    """The distinct non-empty needs of a tile set, numbered; per tile the bit of its need
    (0: needs nothing); and which needs a set of producers meets (``met``).

    A tile's needs must be met by *different* producers (matching.py). By Hall's theorem a
    matching exists exactly when every part S of the need (a sub-multiset of its goods) has at
    least |S| producers offering one of S's goods. Goods that no tile offers together with
    another (one-good producers only) are matched on their own, so only the parts of a need
    within one such group of goods are counted. A set of producers is therefore one integer
    with a field per (goods of a part, its size): the number of producers offering one of
    those goods, biased so that the field's top bit is set when the count is enough. Adding a
    producer is adding its ``inc``; the top bits (``key & tops``) decide every need: the answer
    for every pattern of top bits is listed once, part by part of the fields (``parts``), so
    no key costs more than two look-ups, and the answer per whole key is remembered.
    """

    __slots__ = ("base", "by_key", "fields", "free", "inc", "lesser", "lesser_goods",
                 "menu_bit", "naming", "need_masks", "needs", "parts", "required", "settle",
                 "starts", "tile_bit", "tops", "ts", "village", "weights")

    def __init__(self, ts: TileSet) -> None:
        self.ts = ts
        self.needs: tuple[tuple[int, ...], ...] = tuple(sorted({n for n in ts.tile_needs if n}))
        number = {n: k for k, n in enumerate(self.needs)}
        self.tile_bit = tuple(1 << number[n] if n else 0 for n in ts.tile_needs)
        # per tile: the goods its need names, as a mask (``scoring.need_masks``, at hand for
        # the reveal's «can anyone still score»)
        self.need_masks = tuple(map(need_mask, ts.tile_needs))
        # the main menu's bits: a tile needing nothing gets a bit of its own (``free``), met
        # wherever there is an empty cell
        self.free = 1 << len(self.needs)
        self.menu_bit = tuple(b or self.free for b in self.tile_bit)
        # goods offered together by some tile (a choice) belong to one group
        group = list(range(len(ts.goods)))

        def root(g: int) -> int:
            while group[g] != g:
                g = group[g]
            return g

        for m in ts.tile_mask:
            goods = [g for g in range(m.bit_length()) if m >> g & 1]
            for g in goods[1:]:
                a, b = root(goods[0]), root(g)
                if a != b:
                    group[b] = a
        fields: dict[tuple[int, int], int] = {}  # (goods mask of a part, its size) -> field

        def required_of(need: tuple[int, ...]) -> int:
            """The top bits that must all be set for ``need`` to be met."""
            top = 0
            parts: dict[int, list[int]] = {}
            for g in need:
                parts.setdefault(root(g), []).append(g)
            for goods in parts.values():
                for chosen in range(1, 1 << len(goods)):
                    part = 0
                    for i, g in enumerate(goods):
                        if chosen >> i & 1:
                            part |= 1 << g
                    size = chosen.bit_count()
                    field = fields.setdefault((part, size), len(fields))
                    top |= _TOP << field_shift(field)
            return top

        self.required = tuple(map(required_of, self.needs))  # per need
        # A good bought with a coin is one more producer offering that good alone: with it a
        # need naming the good is met exactly where the need less one of that good is (the
        # bought good serves that one; a matching leaving it idle meets the lesser need too).
        # Per good: the bit of each need naming it -> the top bits of that need less the good
        # (its parts are parts of the need: no new field).
        self.lesser = tuple({1 << k: required_of(_less(n, g))
                             for k, n in enumerate(self.needs) if g in n}
                            for g in range(len(ts.goods)))
        # ... and the goods of that lesser need (a mask): where one of them is made nowhere on
        # the board, the lesser need is met on no cell
        self.lesser_goods = tuple({1 << k: sum(1 << x for x in set(_less(n, g)))
                                   for k, n in enumerate(self.needs) if g in n}
                                  for g in range(len(ts.goods)))
        # per good: the bits of the needs naming it (only those can gain from a bought good)
        self.naming = tuple(sum(1 << k for k, n in enumerate(self.needs) if g in n)
                            for g in range(len(ts.goods)))
        self.tops = sum(_TOP << field_shift(f) for f in fields.values())
        self.base = sum((_TOP - size) << field_shift(f) for (_, size), f in fields.items())
        # per field (numbered as met): the goods of its part (a producer offering one of them
        # counts there)
        self.fields = tuple(part for part, _ in fields)
        # one producer in a field: its count (1 at the field) and the field's weight (below
        # the fields)
        weights = self.weights = tuple(_weights(len(fields)))
        unit = [(1 << field_shift(f)) + weights[f] for f in range(len(fields))]
        masks = {m for m in ts.tile_mask if m} | {1 << g for g in range(len(ts.goods))}
        self.inc = {m: sum(unit[f] for (part, _), f in fields.items() if m & part)
                    for m in masks}
        # a whole key -> bits of the needs met: the index's loops read it first (no AND of the
        # wide key per look-up; the keys met in play are few, ≈ 17k after 600 games)
        self.by_key: dict[int, int] = {}
        # A miss is settled by parts of the fields, each with a table of every pattern of its
        # top bits made here (a need is met when its top bits are set in every part): two
        # ANDs of the key and two look-ups, whatever the key — no pattern met first late in
        # a game (where the producers are many and their patterns new) costs more.
        self.parts = tuple(_part_table(mask, self.required)
                           for mask in _field_parts(len(fields)))
        # ``met`` of a key not in ``by_key`` (the index's loops have just looked), which
        # remembers it: a closure over the tables (no attribute reads, no loop over the
        # parts for the usual two; misses are frequent late in a fresh process)
        self.settle: Callable[[int], int] = _settler(self.parts, self.by_key)
        # per tile: the goods a master may work on it (``village_goods``), kept here when
        # first asked (the masters' checks read it at hand)
        self.village: tuple[int, ...] | None = None
        # a founded state's index (two tiles, nothing on them) by its cells and their goods
        # (``PlacementIndex.rebuild``): every game's boards start alike, so a board's first
        # index is copied from one built before instead of looking at every cell
        self.starts: dict[tuple[int, ...], tuple[Any, ...]] = {}

    def key(self, masks: list[int]) -> int:
        """The producers key of producers with these good masks."""
        inc = self.inc
        k = self.base
        for m in masks:
            k += inc[m]
        return k

    def met(self, key: int) -> int:
        """Bits of the needs that the producers counted in ``key`` (see ``key``) meet
        (remembered per key in ``by_key``, which the index's loops read first)."""
        found = self.by_key.get(key)
        return self.settle(key) if found is None else found


# the most whole keys ``NeedTable.by_key`` remembers before it starts again
_BY_KEY_LIMIT = 1 << 18


def _settler(parts: tuple[tuple[int, dict[int, int]], ...], by_key: dict[int, int]
             ) -> Callable[[int], int]:
    """``NeedTable.settle`` for these parts and this ``by_key``: the needs met for a key are
    those met in every part's table (its top bits there), remembered in ``by_key``."""
    if len(parts) == 2:
        (mask_a, bits_a), (mask_b, bits_b) = parts

        def settle(key: int) -> int:
            found = bits_a[key & mask_a] & bits_b[key & mask_b]
            if len(by_key) > _BY_KEY_LIMIT:
                by_key.clear()
            by_key[key] = found
            return found
    else:
        def settle(key: int) -> int:
            found = -1
            for mask, bits in parts:
                found &= bits[key & mask]
            if len(by_key) > _BY_KEY_LIMIT:
                by_key.clear()
            by_key[key] = found
            return found
    return settle

# the most fields whose top-bit patterns one table of ``NeedTable.parts`` lists (2^10 each)
_PART_FIELDS = 10


def _field_parts(count: int) -> list[int]:
    """The fields 0..count-1 cut into runs of at most ``_PART_FIELDS``, as masks of their top
    bits (as few parts as may be, of even sizes)."""
    if not count:
        return [0]
    parts = -(-count // _PART_FIELDS)
    size = -(-count // parts)
    return [sum(_TOP << field_shift(f) for f in range(start, min(start + size, count)))
            for start in range(0, max(count, 1), size)]


def _part_table(mask: int, required: tuple[int, ...]) -> tuple[int, dict[int, int]]:
    """Every pattern of the top bits in ``mask`` -> the bits of the needs whose top bits within
    ``mask`` (``required``, per need) are all set in it: each need's bit put on its own
    pattern, then passed on to every larger pattern, one field at a time."""
    tops = [1 << b for b in range(mask.bit_length()) if mask >> b & 1]
    count = len(tops)
    spread = [0] * (1 << count)  # a pattern as a number -> its top bits in the key
    for i in range(1, 1 << count):
        low = (i & -i).bit_length() - 1
        spread[i] = spread[i & (i - 1)] | tops[low]
    number = {bits: i for i, bits in enumerate(spread)}
    met = [0] * (1 << count)
    for k, req in enumerate(required):
        met[number[req & mask]] |= 1 << k
    for f in range(count):
        bit = 1 << f
        for i in range(1 << count):
            if i & bit:
                met[i] |= met[i ^ bit]
    return mask, dict(zip(spread, met, strict=True))


def _less(need: tuple[int, ...], good: int) -> tuple[int, ...]:
    """``need`` less one ``good``."""
    goods = list(need)
    goods.remove(good)
    return tuple(goods)


_TABLES: dict[int, NeedTable] = {}
_VILLAGE: dict[int, tuple[TileSet, tuple[int, ...]]] = {}


def village_goods(ts: TileSet) -> tuple[int, ...]:
    """Per tile: the goods it makes if it is a village tile (those a master may work), else 0
    (built once per tile set)."""
    entry = _VILLAGE.get(id(ts))
    if entry is None or entry[0] is not ts:
        if len(_VILLAGE) > 16:
            _VILLAGE.clear()
        entry = _VILLAGE[id(ts)] = (ts, tuple(
            m if d == VILLAGE else 0 for m, d in zip(ts.tile_mask, ts.tile_deck, strict=True)))
    return entry[1]


class _Around(dict[int, tuple[int, ...]]):
    """Cell -> the eight cells around it, made when first asked (a look-up instead of an
    addition per neighbour; ``_AROUND_OF.get(cell)``, a plain dict method, is the cheaper
    read where the cell is usually known already)."""

    def __missing__(self, cell: int) -> tuple[int, ...]:
        around = self[cell] = tuple([cell + d for d in AROUND])
        return around


_AROUND_OF = _Around()


def _block_ring() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """A cart's four cells as offsets from the lowest (``_CORNER`` taken from it, in sorted
    order: a cart's group tuple), and each cell around them with the members it is not next
    to: (offset, member indices)."""
    low = -_UP - 1  # the lowest of a cart corner's cells, from the corner
    block = sorted(-d - low for d in _CORNER)
    around = {m + d for m in block for d in AROUND} - set(block)
    near = set(AROUND)
    return tuple((x, tuple(i for i, m in enumerate(block) if x - m not in near))
                 for x in sorted(around))


_BLOCK_RING = _block_ring()


def need_table(ts: TileSet) -> NeedTable:
    return per_tile_set(_TABLES, ts, NeedTable)


class PlacementIndex:
    """What the menus ask of one board (see the module's docstring). Shared by the copies of a
    board until one of them changes (``shared``: copy before writing)."""

    __slots__ = (
        "any_bits",
        "carts",
        "corners",
        "corners_read",
        "facts",
        "front_bits",
        "frontier",
        "group_keys",
        "groups",
        "master_goods",
        "masters",
        "met",
        "occ_bits",
        "producers",
        "reach",
        "shared",
        "sorted_all",
        "sorted_front",
        "sorted_occ",
        "supply",
        "supply_codes",
        "table",
        "table_goods",
        "table_goods_coined",
        "tops",
    )

    def __init__(self, table: NeedTable) -> None:
        self.table = table
        self.shared = False
        self.supply: dict[int, int] = {}      # producing cell -> mask (attaching.supply_map)
        # the producing cells as sorted codes ``cell * CODE_UNIT + mask`` (the coin menu in
        # cell order without sorting: tokens.py), kept by ``update``
        self.supply_codes: list[int] = []
        self.frontier: set[int] = set()
        self.carts: frozenset[int] = frozenset()  # the carts the index was computed with
        self.groups: dict[int, tuple[int, ...]] = {}  # ... and their groups (board.groups())
        self.producers: dict[int, int] = {}  # frontier/occupied cell -> key of its producers
        self.met: dict[int, int] = {}         # frontier/occupied cell -> bits of needs met
        # per group of tiles joined by carts (board.groups()): the producers key of its
        # producing tiles (dropped when one of them changes or the group is joined to
        # others), and the cells around it (a function of the group alone: kept across
        # carts played)
        self.group_keys: dict[tuple[int, ...], int] = {}
        self.reach: dict[tuple[int, ...], frozenset[int]] = {}
        self._forget()

    def _forget(self) -> None:
        self.facts: dict[Any, Any] = {}  # other menus' answers about this board (tokens.py)
        # the masters' answers (tokens.master_cells, master_actions): kept across the changes
        # that leave them alone (``_masters_stay``); the goods of the masters they are for
        self.masters: dict[Any, Any] | None = None
        self.master_goods = 0
        self.front_bits: int | None = None
        self.occ_bits: int | None = None
        self.any_bits: int | None = None
        self.sorted_front: list[int] | None = None
        self.sorted_occ: list[int] | None = None
        self.sorted_all: list[int] | None = None
        self.table_goods: int | None = None
        # whether a coin lay on the board when ``table_goods`` was worked out (``update``
        # carries the goods only from a board without coins)
        self.table_goods_coined = False
        # each column's farthest tile (column -> cell), in column order (tokens._war_menu):
        # made by the first war menu, kept across updates while cells are filled in the
        # columns it has (a new column or an emptied cell drops it)
        self.tops: dict[int, int] | None = None
        # the corners of four tiles without a cart (``Board.free_corners``, unordered): made
        # by the first cart menu, kept while cells are filled and the menu is read between
        # two fills (``corners_read``; else dropped: nobody holding a cart pays for it), dropped
        # when a cart is played or a cell emptied
        self.corners: set[int] | None = None
        self.corners_read = False

    def copy(self) -> PlacementIndex:
        c = PlacementIndex.__new__(PlacementIndex)
        c.table = self.table
        c.shared = False
        c.supply = dict(self.supply)
        c.supply_codes = list(self.supply_codes)
        c.frontier = set(self.frontier)
        c.carts = self.carts
        c.groups = self.groups  # replaced, never changed, when the carts change
        c.producers = dict(self.producers)
        c.met = dict(self.met)
        c.group_keys = dict(self.group_keys)
        # shared while the groups are the same (its entries are true for every board sharing
        # it); a cart played gives the board its own copy (update)
        c.reach = self.reach
        c.front_bits, c.occ_bits, c.any_bits = self.front_bits, self.occ_bits, self.any_bits
        c.sorted_front, c.sorted_occ = self.sorted_front, self.sorted_occ
        c.sorted_all = self.sorted_all
        c.table_goods, c.table_goods_coined = self.table_goods, self.table_goods_coined
        c.tops = None if self.tops is None else dict(self.tops)
        c.corners = None if self.corners is None else set(self.corners)
        c.corners_read = self.corners_read
        c.facts = self.facts  # replaced, never changed, when the board changes
        c.masters, c.master_goods = self.masters, self.master_goods  # (the same)
        return c

    # ------------------------------------------------------------------ building
    def rebuild(self, board: Board) -> None:
        board._groups = None  # the carts may have changed behind the board's back
        self.carts = frozenset(board.carts)
        self.groups = board.groups() if board.carts else {}
        self.group_keys = {}
        self.reach = {}
        cells = board.cells
        if len(cells) > _START_CELLS or board.carts or board.war or board.master or board.coin:
            self._build(board)
        else:
            # a state just founded (or as small): its index is a function of its cells and
            # their goods, built once per table and copied (the dicts keep their order)
            mask = self.table.ts.tile_mask
            key = tuple([c << CODE_BITS | mask[t] for c, t in cells.items()])
            starts = self.table.starts
            start = starts.get(key)
            if start is None:
                self._build(board)
                if len(starts) >= _STARTS_LIMIT:
                    starts.clear()
                starts[key] = (dict(self.supply), list(self.supply_codes), set(self.frontier),
                               dict(self.producers), dict(self.met))
            else:
                supply, codes, frontier, producers, met = start
                self.supply = dict(supply)
                self.supply_codes = list(codes)
                self.frontier = set(frontier)
                self.producers = dict(producers)
                self.met = dict(met)
        self._forget()

    def _build(self, board: Board) -> None:
        """The index's cells worked out from the board: its producing tiles, the frontier,
        every cell's producers and needs met."""
        mask = self.table.ts.tile_mask
        cells, war, master, coin = board.cells, board.war, board.master, board.coin
        self.supply = {c: mask[t] for c, t in cells.items()
                       if mask[t] and c not in war and c not in master and c not in coin}
        self.supply_codes = sorted(c * CODE_UNIT + m for c, m in self.supply.items())
        a, b, c_, d_ = SIDES
        frontier = {n for c in cells for n in (c + a, c + b, c + c_, c + d_)}
        frontier.difference_update(cells)
        self.frontier = frontier
        self.producers = {}
        self.met = {}
        for cell in frontier:
            self._evaluate(board, cell)
        for cell in cells:
            self._evaluate(board, cell)

    def update(self, board: Board, changed: list[int | None]) -> None:
        """Bring the index up to date after the cells in ``changed`` changed."""
        if len(changed) > _REBUILD_AFTER:
            self.rebuild(board)
            return
        fresh: set[int] = set()  # cells to look at from scratch
        # The needs met anywhere (``anywhere_bits``) are carried across an update that only
        # adds producers (no producing tile loses goods, no cell leaves the index, no cart
        # joins): every cell's needs met can then only grow, so the new answer is the old one
        # with the needs of every cell written here ORed in (``written``).
        carry = self.any_bits
        written = 0
        # The goods on the table (``goods_on_table``) likewise, with the goods of the tiles
        # that begin producing ORed in (``begun``), where no producing tile lost or changed
        # its goods and no coin lies on the board nor lay there when they were worked out (a
        # bought tile's goods count although it left the supply, and a bought tile replaced
        # takes them away unseen here).
        goods = self.table_goods
        if goods is not None and (self.table_goods_coined or board.coin):
            goods = None
        begun = 0
        if None in changed:
            carry = None
            self.corners = None
            # carts changed: a new cart joins the groups of its four cells (a cart taken
            # away, in tests only: everything is computed again)
            carts = board.carts
            if not self.carts <= carts:
                self.rebuild(board)
                return
            added = carts - self.carts
            old_groups = joined_groups = self.groups
            for corner in added:  # the new groups from the kept ones, not from every cart
                joined_groups = with_cart(joined_groups, corner)
            board._groups = self.groups = joined_groups
            self.carts = frozenset(carts)
            # the new groups' reaches go into this board's own copy, not into one shared with
            # copies of the board that go their own way (a search's many playouts)
            self.reach = dict(self.reach)
            joined = [corner - d for corner in added for d in _CORNER]
            for new_group in {joined_groups[j] for j in joined}:  # each joined group once
                self._join(new_group, old_groups)
            for j in joined:  # the groups joined into others are no more
                unit = old_groups.get(j)
                if unit is not None:
                    self.group_keys.pop(unit, None)
        cells, war, master, coin = board.cells, board.war, board.master, board.coin
        supply, frontier, producers, met = self.supply, self.frontier, self.producers, self.met
        table = self.table
        by_key, inc, mask = table.by_key, table.inc, table.ts.tile_mask
        around_of = _AROUND_OF.get  # (a miss: made by ``_AROUND_OF[cell]``)
        groups = board.groups() if board.carts else None
        grown = False  # a cell was filled (or emptied): the frontier moves
        for c in changed if len(changed) == 1 else set(changed):
            if c is None:
                continue
            t = cells.get(c)
            group: tuple[int, ...] | None = None
            if groups is not None:
                group = groups.get(c)
                if group is not None and (t is None or c in frontier):
                    self.rebuild(board)  # a joined cell emptied or filled: not by the rules
                    return
            # (a membership test on the board's tracked dicts is dear: asked only of a
            # non-empty one)
            if t is None or (war and c in war) or (master and c in master) \
                    or (coin and c in coin):
                new = 0
            else:
                new = mask[t]
            old = supply.get(c, 0)
            if new != old:
                codes = self.supply_codes
                if old:
                    carry = goods = None  # a producer lost (or its goods changed)
                    del codes[bisect_left(codes, c * CODE_UNIT + old)]
                if new:
                    begun |= new
                    supply[c] = new
                    insort(codes, c * CODE_UNIT + new)
                else:
                    del supply[c]
                # the producers of every cell reaching c gain or lose this tile's goods:
                # the cells around c, and around the cells joined with it by carts
                delta = (inc[new] if new else 0) - (inc[old] if old else 0)
                if group is None:
                    around = around_of(c)
                    if around is None:
                        around = _AROUND_OF[c]
                    for x in around:
                        p = producers.get(x)
                        if p is not None:
                            p += delta
                            producers[x] = p
                            bits = by_key.get(p)
                            if bits is None:
                                bits = table.settle(p)
                            met[x] = bits
                            written |= bits
                else:
                    self.group_keys.pop(group, None)
                    reaching = self._reach_of(group)
                    # the cells around c are among those around its group (c is a member)
                    for x in reaching:
                        if x == c:
                            continue
                        p = producers.get(x)
                        if p is not None:
                            p += delta
                            producers[x] = p
                            bits = by_key.get(p)
                            if bits is None:
                                bits = table.settle(p)
                            met[x] = bits
                            written |= bits
            # the index keeps exactly the frontier and the occupied cells: c was occupied
            # when it is kept but not on the frontier; only a cell filled or emptied moves
            # the frontier around it
            if (t is None) != (c not in met or c in frontier):
                grown = True
                if t is not None:
                    # c filled: it leaves the frontier, and each empty cell beside it now
                    # shares a side with the state
                    frontier.discard(c)
                    if c not in met:
                        fresh.add(c)
                    tops = self.tops
                    if tops is not None:
                        column = c // WIDTH
                        top = tops.get(column)
                        if top is None:
                            self.tops = None  # a new column: out of order in the dict
                        elif c > top:
                            tops[column] = c
                    corners = self.corners
                    if corners is not None:
                        if self.corners_read:
                            # the corners c is one of the four cells of, now complete
                            self.corners_read = False
                            carts = board.carts
                            for k in (c, c + 1, c + _UP, c + _UP + 1):
                                if k - 1 in cells and k in cells and k - _UP in cells \
                                        and k - _UP - 1 in cells and k not in carts:
                                    corners.add(k)
                        else:
                            self.corners = None
                    for x in (c + 1, c - 1, c + _UP, c - _UP):
                        if x in cells:
                            frontier.discard(x)
                        else:
                            frontier.add(x)
                        if x not in met:
                            fresh.add(x)
                else:
                    carry = None  # cells may leave the index
                    self.tops = self.corners = None
                    self._emptied(c, cells, fresh)
        if fresh:
            if board.carts:
                groups_now = board.groups()
                cart_key = self._cart_key
                for x in fresh:
                    if x in frontier or x in cells:
                        key = cart_key(board, x, groups_now)
                        producers[x] = key
                        bits = by_key.get(key)
                        if bits is None:
                            bits = table.settle(key)
                        met[x] = bits
                        written |= bits
            else:
                get = supply.get
                base = table.base
                for x in fresh:
                    if x in frontier or x in cells:
                        key = base
                        around = around_of(x)
                        if around is None:
                            around = _AROUND_OF[x]
                        for n in around:
                            m = get(n)
                            if m:
                                key += inc[m]
                        producers[x] = key
                        bits = by_key.get(key)
                        if bits is None:
                            bits = table.settle(key)
                        met[x] = bits
                        written |= bits
        # what was worked out from the old board is gone (the cells' order stays while no
        # cell was filled or emptied)
        self.facts = {}
        kept = self.masters
        if kept is not None:
            # a new dict: a copy of the board sharing the old one goes its own way
            self.masters = dict(kept) if self._masters_stay(board, changed, kept) else None
            if self.masters is None:
                self.master_goods = 0
        self.front_bits = self.occ_bits = None
        self.table_goods = None if goods is None else goods | begun
        self.any_bits = None if carry is None else carry | written
        if grown or fresh:
            self.sorted_front = self.sorted_occ = self.sorted_all = None

    def _masters_stay(self, board: Board, changed: list[int | None],
                      kept: dict[Any, Any]) -> bool:
        """Whether the masters' answers kept stay true after ``changed``: no changed cell holds
        a village tile making a kept master's good, nor was one of the cells listed (a tile
        replaced, razed, worked or bought there). Most changes late in a game attach other
        tiles."""
        village, goods = self.table.village, self.master_goods
        if village is None:
            village = self.table.village = village_goods(self.table.ts)
        cells = board.cells
        for c in changed:
            if c is None:
                continue  # carts: no master's cells change
            t = cells.get(c)
            if t is not None and village[t] & goods:
                return False
            for key, value in kept.items():
                if key[0] == "master" and c in value:
                    return False
        return True

    def _emptied(self, c: int, cells: dict[int, int], fresh: set[int]) -> None:
        """c emptied (not by the rules: tests only): it and each cell beside it stay on the
        frontier only while they share a side with the state."""
        frontier, met, producers = self.frontier, self.met, self.producers
        for x in (c, c + 1, c - 1, c + _UP, c - _UP):
            if x in cells:
                frontier.discard(x)
            elif x + 1 in cells or x - 1 in cells or x + _UP in cells or x - _UP in cells:
                frontier.add(x)
            else:
                frontier.discard(x)
                if x in met:
                    del met[x]
                    del producers[x]
                continue
            if x not in met:
                fresh.add(x)

    def _join(self, group: tuple[int, ...], old_groups: dict[int, tuple[int, ...]]) -> None:
        """Carts joined ``group`` (from the ``old_groups`` of its members): every cell next to
        a member now reaches every member (itself excepted, ``board.cart_reach``); before, it
        reached the members of the old groups next to it (a member alone: itself). Its
        producers gain the others' goods (the supply as it stands: the changes of the same
        update come after)."""
        supply, producers, met = self.supply, self.producers, self.met
        table = self.table
        by_key, inc = table.by_key, table.inc
        if len(group) == 4 and old_groups.get(group[0]) is None \
                and old_groups.get(group[3]) is None:
            self._join_block(group)
            return
        own: dict[int, int] = {}  # member -> its goods as a producers-key increment
        for m in group:
            goods = supply.get(m)
            own[m] = inc[goods] if goods else 0
        total = sum(own.values())
        # what each cell around the group gains: every member's goods, less those of the
        # old groups it reached already (a member is next to the rest of its old group, so
        # only a member alone before is left to take out for itself)
        alone: list[int] = []  # members in no group before
        old: list[tuple[int, ...]] = []  # the old groups joined
        units: list[tuple[Iterable[int], int]] = []  # (cells around, goods) per old unit
        for m in group:
            unit = old_groups.get(m)
            if unit is None:
                alone.append(m)
                units.append((_AROUND_OF[m], own[m]))
            elif unit not in old:
                old.append(unit)
                units.append((self._reach_of(unit), sum([own[o] for o in unit])))
        # the cells around the group are those around its old units (kept for its next
        # changes)
        around = self.reach[group] = frozenset().union(*[cells for cells, _ in units])
        gain = dict.fromkeys(around, total)
        for cells, reached in units:
            if reached:  # (a unit making no goods takes nothing away)
                for x in cells:
                    gain[x] -= reached
        for m in alone:
            if own[m]:
                gain[m] -= own[m]
        for x, delta in gain.items():
            if delta:
                p = producers.get(x)
                if p is not None:  # on the frontier or occupied
                    p += delta
                    producers[x] = p
                    bits = by_key.get(p)
                    met[x] = table.settle(p) if bits is None else bits

    def _join_block(self, block: tuple[int, ...]) -> None:
        """``_join`` of one cart's four cells, none of them in a group before (most carts
        played): each was next to the other three already, so only the cells around the
        block gain — the goods of the members they are not next to (``_BLOCK_RING``)."""
        supply, producers, met = self.supply, self.producers, self.met
        table = self.table
        by_key, inc = table.by_key, table.inc
        own = []
        for m in block:
            goods = supply.get(m)
            own.append(inc[goods] if goods else 0)
        base = block[0]
        for offset, far in _BLOCK_RING:
            p = producers.get(base + offset)
            if p is not None:  # on the frontier or occupied
                delta = 0
                for i in far:
                    delta += own[i]
                if delta:
                    p += delta
                    x = base + offset
                    producers[x] = p
                    bits = by_key.get(p)
                    met[x] = table.settle(p) if bits is None else bits

    def _reach_of(self, group: tuple[int, ...]) -> frozenset[int]:
        """The cells around a group of tiles joined by carts (kept: a function of the group
        alone)."""
        reach = self.reach.get(group)
        if reach is None:
            reach = self.reach[group] = frozenset().union(*map(_AROUND_OF.__getitem__, group))
        return reach

    def _evaluate(self, board: Board, cell: int) -> None:
        """The producers of a tile put on (or instead of the tile on) ``cell``, without a good
        bought this turn: ``attaching.producers_around``."""
        supply = self.supply
        if board.carts:
            key = self._cart_key(board, cell, board.groups())
        else:
            inc = self.table.inc
            get = supply.get
            key = self.table.base
            for n in _AROUND_OF[cell]:
                m = get(n)
                if m:
                    key += inc[m]
        self.producers[cell] = key
        self.met[cell] = self.table.met(key)

    def _cart_key(self, board: Board, cell: int, groups: dict[int, tuple[int, ...]]) -> int:
        """The producers key of ``cell`` when carts join groups: ``cart_supply`` (board.py) of
        the producing tiles in ``cart_reach``, counted without building the set (each group
        reached once, by its kept key; the cell itself left out)."""
        supply, inc = self.supply, self.table.inc
        key = self.table.base
        counted: list[tuple[int, ...]] = []
        group_of, goods_of = groups.get, supply.get
        own = group_of(cell)
        around = _AROUND_OF.get(cell)  # (the cells around, in AROUND's order, made once)
        if around is None:
            around = _AROUND_OF[cell]
        for n in around:
            group = group_of(n)  # a joined cell always holds a tile
            if group is None:
                m = goods_of(n)
                if m:
                    key += inc[m]
            elif group not in counted:
                counted.append(group)
                k = self.group_keys.get(group)
                if k is None:
                    k = 0
                    for c in group:
                        m = supply.get(c)
                        if m:
                            k += inc[m]
                    self.group_keys[group] = k
                key += k
                if group is own:
                    m = supply.get(cell)
                    if m:
                        key -= inc[m]
        return key

    # ------------------------------------------------------------------ questions
    def frontier_bits(self) -> int:
        """Bits of the needs met on some empty cell (kept until the board changes)."""
        bits = self.front_bits
        if bits is None:
            met = self.met
            bits = 0
            for c in self.frontier:
                bits |= met[c]
            self.front_bits = bits
        return bits

    def occupied_bits(self, board: Board) -> int:
        """Bits of the needs met on some occupied cell (by replacing its tile)."""
        bits = self.occ_bits
        if bits is None:
            bits = self._fit_bits()[1]
        return bits

    def _fit_bits(self) -> tuple[int, int]:
        """``frontier_bits`` and ``occupied_bits`` in one pass over the index's cells (the
        frontier and the occupied cells, exactly), kept until the board changes."""
        frontier = self.frontier
        front = occupied = 0
        for c, bits in self.met.items():
            if c in frontier:
                front |= bits
            else:
                occupied |= bits
        self.front_bits, self.occ_bits = front, occupied
        return front, occupied

    def anywhere_bits(self) -> int:
        """Bits of the needs met on some cell, empty or occupied (one pass over the needs met,
        with no test of which kind of cell each is), kept until the board changes."""
        bits = 0
        for met in self.met.values():
            bits |= met
        self.any_bits = bits
        return bits

    def fits_on_frontier(self, wanted: int) -> bool:
        """Whether some empty cell meets one of the needs in ``wanted`` (bits): the search stops
        at the first such cell; a plain loop, cheaper than ``any`` over a generator)."""
        met = self.met
        for c in self.frontier:
            if met[c] & wanted:
                break
        else:
            return False
        return True

    def frontier_sorted(self) -> list[int]:
        cells = self.sorted_front
        if cells is None:
            cells = self.sorted_front = sorted(self.frontier)
        return cells

    def occupied_sorted(self, board: Board) -> list[int]:
        cells = self.sorted_occ
        if cells is None:
            cells = self.sorted_occ = sorted(board.cells)
        return cells

    def cells_sorted(self, board: Board) -> list[int]:
        """The empty cells next to the state and the occupied ones, in one sorted list."""
        cells = self.sorted_all
        if cells is None:
            cells = self.sorted_all = sorted([*self.frontier, *board.cells])
        return cells

    def goods_on_table(self, board: Board) -> int:
        """Mask of the goods the board's tiles can make, razed tiles and tiles under a master
        excepted (bought tiles included): ``scoring.table_goods`` for one board."""
        goods = self.table_goods
        if goods is None:
            mask = self.table.ts.tile_mask
            war, master = board.war, board.master
            goods = reduce(or_, self.supply.values(), 0)
            coin = board.coin
            for c in coin:
                if c not in war and c not in master:
                    goods |= mask[board.cells[c]]
            self.table_goods = goods
            self.table_goods_coined = bool(coin)
        return goods

    def met_with(self, borrowed_mask: int) -> dict[int, int]:
        """Cell -> bits of the needs met on it with one more producer: a good bought this turn
        (kept until the board changes)."""
        key = ("borrowed", borrowed_mask)
        met: dict[int, int] | None = self.facts.get(key)
        if met is None:
            table = self.table
            extra, by_key = table.inc[borrowed_mask], table.by_key
            met = {}
            for c, p in self.producers.items():
                q = p + extra
                bits = by_key.get(q)
                met[c] = table.settle(q) if bits is None else bits
            self.facts[key] = met
        return met

    def gained(self, cells: Iterable[int], good: int, wanted: int) -> int:
        """Of the needs in ``wanted`` (bits, each naming ``good``), those met on some of
        ``cells`` with a good bought this turn: where the need less that good is met
        (``NeedTable.lesser``; each need's search stops at the first such cell). A lesser need
        naming a good that no tile of the board makes (``table_goods``, when known: every
        producer's goods are among them) is met nowhere: not searched."""
        producers = self.producers
        table = self.table
        goods = self.table_goods
        made_nowhere = 0 if goods is None else ~goods
        lesser, lesser_goods = table.lesser[good], table.lesser_goods[good]
        found = 0
        wanted &= table.naming[good]
        # the wanted needs one bit at a time (the open tiles' few), not every need naming the
        # good (up to a dozen, most of them not wanted)
        while wanted:
            need = wanted & -wanted
            wanted ^= need
            if not lesser_goods[need] & made_nowhere:
                required = lesser[need]
                for c in cells:
                    if producers[c] & required == required:
                        found |= need
                        break
        return found

    def borrowed_bits(self, board: Board, borrowed_mask: int) -> tuple[int, int]:
        """``frontier_bits`` and ``occupied_bits`` with a good bought this turn (``met_with``:
        the main step and the place step of the turn share it)."""
        key = ("borrowed_bits", borrowed_mask)
        found: tuple[int, int] | None = self.facts.get(key)
        if found is None:
            met = self.met_with(borrowed_mask)
            found = self.facts[key] = (reduce(or_, map(met.__getitem__, self.frontier), 0),
                                       reduce(or_, map(met.__getitem__, board.cells), 0))
        return found


def index_of(board: Board, ts: TileSet) -> PlacementIndex:
    """The board's index, brought up to date."""
    index: PlacementIndex | None = board.index
    changes = board.changes
    if index is None or index.table.ts is not ts:
        index = board.index = PlacementIndex(need_table(ts))
        changes.clear()
        index.rebuild(board)
    elif changes:
        if index.shared:
            index = board.index = index.copy()
        index.update(board, changes)
        changes.clear()
    return index


def indexed(board: Board) -> Any:
    """The board's index as it stands (for tests): None before the first menu."""
    return board.index
