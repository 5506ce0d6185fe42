"""«Конец игры»: scoring, the tie-break, and whether anyone can still score (for the agreement).

Score = VP of prize tiles in the state (not razed) + 2 per master in the state (not razed)
+ 1 per token in hand (coins lying on one's own tiles are collected first) − 1 per replaced
tile lying face down. Ties go to the player with more prize tiles in the state.
"""

from __future__ import annotations

from itertools import chain

from settlers.core.seats import best_seats
from settlers.games.founders.content import CITY, COIN, PRIZE, VILLAGE, TileSet, per_tile_set
from settlers.games.founders.placement import index_of
from settlers.games.founders.state import FoundersState


def score(state: FoundersState, seat: int) -> int:
    ts = state.ts
    board = state.boards[seat]
    prize = sum(ts.tile_vp[t] for c, t in board.cells.items() if c not in board.war)
    masters = 2 * sum(1 for c in board.master if c not in board.war)
    tokens = board.hand_size() + len(board.coin)
    return prize + masters + tokens - len(board.face_down)


def breakdown(state: FoundersState) -> list[dict[str, int]]:
    """The score's parts (see ``score``): prize tiles, masters, tokens, face-down tiles."""
    rows = []
    for seat in range(state.players):
        board = state.boards[seat]
        rows.append({
            "founders.score.prizes": sum(state.ts.tile_vp[t] for c, t in board.cells.items()
                                         if c not in board.war),
            "founders.score.masters": 2 * sum(1 for c in board.master if c not in board.war),
            "founders.score.tokens": board.hand_size() + len(board.coin),
            "founders.score.face_down": -len(board.face_down),
        })
    return rows


def prize_tiles(state: FoundersState, seat: int) -> int:
    """Prize tiles in the state (razed ones still lie in it) — the tie-break."""
    deck = state.ts.tile_deck
    return sum(1 for t in state.boards[seat].cells.values() if deck[t] == PRIZE)


def winners(state: FoundersState) -> list[int]:
    """Most points; on a tie, most prize tiles."""
    return best_seats([(score(state, s), prize_tiles(state, s)) for s in range(state.players)])


def tiles_still_to_come(state: FoundersState) -> list[int]:
    """Tiles not yet in anyone's state that may still be (stacks, rows, draft)."""
    return [t for s in state.stacks for t in s] + [t for r in state.rows for t in r] + \
        state.draft_pool + [t for f in state.founding for t in f]


def board_goods(state: FoundersState, seat: int) -> int:
    """Mask of the goods the tiles of ``seat``'s state can make (carts carry them within it);
    razed tiles and tiles under a master make none."""
    ts = state.ts
    board = state.boards[seat]
    index = board.index
    if index is None or board.changes or index.table.ts is not ts:
        index = index_of(board, ts)
    known = index.table_goods
    return index.goods_on_table(board) if known is None else known


def table_goods(state: FoundersState) -> int:
    """Mask of the goods some tile on the table can make, whoever owns it."""
    goods = 0
    for seat in range(len(state.boards)):
        goods |= board_goods(state, seat)
    return goods


def coins_in_play(state: FoundersState) -> bool:
    """Whether a coin token may still buy a good from another player's tile: one in a hand or
    lying on a tile (it comes back to the tile's owner, L178), or one left in the supply with a
    city tile that gives it still to come (L154). (The usual answer first: a market tile in the
    city stack or row, by C-level set tests.)"""
    coins = coin_tiles(state.ts) if state.supply[COIN] else None
    if coins is not None and not (coins.isdisjoint(state.stacks[CITY])
                                  and coins.isdisjoint(state.rows[CITY])):
        return True
    for board in state.boards:
        if board.hand_coin or board.coin:
            return True
    return coins is not None and not all(coins.isdisjoint(pile) for pile in chain(
        state.stacks, state.rows, (state.draft_pool,), state.founding))


_COIN_TILES: dict[int, tuple[TileSet, frozenset[int]]] = {}


def coin_tiles(ts: TileSet) -> frozenset[int]:
    """The tiles of a tile set that give a coin token when attached (L154: the markets), built
    once per tile set."""
    entry = _COIN_TILES.get(id(ts))
    if entry is None or entry[0] is not ts:
        if len(_COIN_TILES) > 16:
            _COIN_TILES.clear()
        entry = _COIN_TILES[id(ts)] = (ts, frozenset(t for t, k in enumerate(ts.tile_token)
                                                     if k == COIN))
    return entry[1]


def reachable_goods(state: FoundersState, seat: int) -> int:
    """Mask of the goods ``seat`` may still use from the table: its own tiles' (carts carry
    them within its state), and the other players' only while a coin can buy one (L119, L176
    «С помощью жетона монеты вы можете купить один ресурс у соперника»)."""
    goods = board_goods(state, seat)
    if coins_in_play(state):
        goods |= table_goods(state)
    return goods


def obtainable_goods(state: FoundersState, seat: int) -> int:
    """Mask of goods ``seat`` may still get: what it can use from the table
    (``reachable_goods``), and what tiles in the stacks, rows and draft would make once
    attached, if their own needs are obtainable (fixed point).
    """
    ts = state.ts
    needs = need_masks(ts)
    mask = reachable_goods(state, seat)
    pending = [t for t in tiles_still_to_come(state) if ts.tile_mask[t]]
    changed = True
    while changed and pending:
        changed = False
        rest = []
        for t in pending:
            if not needs[t] & ~mask:
                mask |= ts.tile_mask[t]
                changed = True
            else:
                rest.append(t)
        pending = rest
    return mask


def can_still_score(state: FoundersState, seat: int) -> bool:
    """Whether ``seat`` might still gain a point that the end by agreement (L133) would take
    from it: an open prize tile or a city tile still to come (its token is worth 1) whose needs
    are all obtainable by it (``obtainable_goods``: another player's goods only while a coin
    can buy them), or a village tile still to come that would take a master it holds (2 points
    on the tile instead of 1 in hand: «2 очка за каждого мастера в своём государстве», line
    144). A master it can place now does not count: the end by agreement lets every player
    place its masters first (L139 «надо дать возможность их разыграть»: ``final_masters``).

    Bots answer a proposal to end the game with ``not can_still_score(...)``; the test is
    generous (it may say True when a clever analysis would say no), never the reverse.

    The tiles still to come are looked at by kind (``ComingTable``: tiles with the same needs,
    goods and deck answer alike), and what the kinds present give is remembered per (goods on
    the table, kinds present): the same answers as ``can_still_score_from_scratch``, at a
    cost that does not depend on how many tiles are still to come.
    """
    ts = state.ts
    everyone = 0   # the goods of every player's tiles (board_goods, inlined)
    boards = state.boards
    for board in boards:
        index = board.index
        if index is None or board.changes or index.table.ts is not ts:
            index = index_of(board, ts)
        goods = index.table_goods
        if goods is None:
            goods = index.goods_on_table(board)
        everyone |= goods
    own = boards[seat].index   # (brought up to date just above)
    table = own.table_goods   # the goods of its own tiles
    needs = own.table.need_masks   # need_masks(ts), kept by the need table
    prizes = state.prizes
    for t in prizes:
        if not needs[t] & ~everyone:
            # the common case, settled without looking at the tiles to come: its own goods,
            # or every player's while a coin can buy them
            if not needs[t] & ~table:
                return True
            for p in prizes:
                if not needs[p] & ~table:
                    return True
            if coins_in_play(state):
                return True
            break
    if everyone != table and coins_in_play(state):
        table = everyone
    coming = coming_table(ts)
    present = coming.present(state)
    mask, city = coming.closure(table, present)
    if city:
        return True  # a city tile still to come whose needs are obtainable
    for t in state.prizes:
        if not needs[t] & ~mask:
            return True
    masters = state.boards[seat].hand_masters
    if masters:
        wanted = 0
        for m in masters:
            wanted |= 1 << ts.masters[m].good
        if coming.village_for(mask, present, wanted):
            return True
    chosen = state.chosen
    return chosen is not None and not needs[chosen] & ~mask


def can_still_score_from_scratch(state: FoundersState, seat: int) -> bool:
    """``can_still_score`` computed tile by tile (the reference the tests compare with)."""
    ts = state.ts
    needs = need_masks(ts)
    table = reachable_goods(state, seat)
    for t in state.prizes:
        if not needs[t] & ~table:
            return True
    mask = obtainable_goods(state, seat)
    candidates = list(state.prizes)
    to_come = tiles_still_to_come(state)
    candidates += [t for t in to_come if ts.tile_deck[t] == CITY]
    masters = state.boards[seat].hand_masters
    if masters:
        wanted = 0
        for m in masters:
            wanted |= 1 << ts.masters[m].good
        candidates += [t for t in to_come if ts.tile_deck[t] == VILLAGE
                       and ts.tile_mask[t] & wanted]
    if state.chosen is not None:
        candidates.append(state.chosen)
    return any(not needs[t] & ~mask for t in candidates)


class ComingTable:
    """The tiles of a tile set by kind — the same needs, goods and deck — for the question
    «what can the tiles still to come give»: a kind's bit per tile (``kind_bit``), the kinds
    present as one integer (``present``), and the closure of the goods obtainable from the
    goods on the table with the kinds present, remembered per (table, kinds present)."""

    __slots__ = ("kind_bit", "kinds", "memo", "ts")

    def __init__(self, ts: TileSet) -> None:
        self.ts = ts
        needs = need_masks(ts)
        number: dict[tuple[int, int, int], int] = {}
        for t in range(len(ts.tile_deck)):
            number.setdefault((needs[t], ts.tile_mask[t], ts.tile_deck[t]), len(number))
        self.kinds = tuple(number)  # (goods needed, goods made, deck) per kind
        self.kind_bit = [1 << number[needs[t], ts.tile_mask[t], ts.tile_deck[t]]
                         for t in range(len(ts.tile_deck))]
        self.memo: dict[tuple[int, int], tuple[int, bool]] = {}

    def present(self, state: FoundersState) -> int:
        """The kinds of the tiles still to come (``tiles_still_to_come``), as bits (a plain
        loop: cheaper here than a C-level ``reduce`` over ``map``)."""
        kind_bit = self.kind_bit
        present = 0
        for t in chain(*state.stacks, *state.rows, state.draft_pool, *state.founding):
            present |= kind_bit[t]
        return present

    def closure(self, table: int, present: int) -> tuple[int, bool]:
        """The goods obtainable (``obtainable_goods``) and whether a city tile still to come
        has all its needs among them."""
        key = (table, present)
        found = self.memo.get(key)
        if found is None:
            mask = table
            pending = [k for k in self.kinds_in(present) if k[1]]
            changed = True
            while changed and pending:
                changed = False
                rest = []
                for need, made, deck in pending:
                    if not need & ~mask:
                        mask |= made
                        changed = True
                    else:
                        rest.append((need, made, deck))
                pending = rest
            city = any(deck == CITY and not need & ~mask
                       for need, _, deck in self.kinds_in(present))
            if len(self.memo) > 1 << 16:
                self.memo.clear()
            found = self.memo[key] = (mask, city)
        return found

    def village_for(self, mask: int, present: int, wanted: int) -> bool:
        """Whether a village tile still to come makes one of the ``wanted`` goods and has all
        its needs in ``mask``."""
        return any(deck == VILLAGE and made & wanted and not need & ~mask
                   for need, made, deck in self.kinds_in(present))

    def kinds_in(self, present: int) -> list[tuple[int, int, int]]:
        kinds = self.kinds
        return [kinds[k] for k in range(present.bit_length()) if present >> k & 1]


_COMING: dict[int, ComingTable] = {}


def coming_table(ts: TileSet) -> ComingTable:
    return per_tile_set(_COMING, ts, ComingTable)


def nobody_can_score(state: FoundersState) -> bool:
    return not any(can_still_score(state, s) for s in range(state.players))


_NEED_MASKS: dict[int, tuple[TileSet, tuple[int, ...]]] = {}


def need_masks(ts: TileSet) -> tuple[int, ...]:
    """Per tile: the mask of the goods it needs (built once per tile set)."""
    entry = _NEED_MASKS.get(id(ts))
    if entry is None or entry[0] is not ts:
        masks = tuple(sum(1 << g for g in set(need)) for need in ts.tile_needs)
        if len(_NEED_MASKS) > 16:
            _NEED_MASKS.clear()
        entry = _NEED_MASKS[id(ts)] = (ts, masks)
    return entry[1]
