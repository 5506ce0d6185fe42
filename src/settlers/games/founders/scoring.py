"""«Конец игры»: scoring, the tie-break, and whether anyone can still score (for the agreement).

Score = VP of prize tiles in the state (not razed) + 2 per master in the state (not razed)
+ 1 per token in hand (coins lying on one's own tiles are collected first) − 1 per replaced
tile lying face down. Ties go to the player with more prize tiles in the state.
"""

from __future__ import annotations

from settlers.core.seats import best_seats
from settlers.games.founders.content import CITY, PRIZE, VILLAGE, TileSet
from settlers.games.founders.placement import index_of
from settlers.games.founders.state import FoundersState
from settlers.games.founders.tokens import has_placeable_master


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


def table_goods(state: FoundersState) -> int:
    """Mask of the goods some tile on the table can make (whoever owns it: coins and carts
    move goods); razed tiles and tiles under a master make none."""
    ts = state.ts
    goods = 0
    for board in state.boards:
        index = board.index
        if index is None or board.changes or index.table.ts is not ts:
            index = index_of(board, ts)
        known = index.table_goods
        goods |= index.goods_on_table(board) if known is None else known
    return goods


def obtainable_goods(state: FoundersState) -> int:
    """Mask of goods that some tile still in play produces or could produce once attached.

    Producers on the table count whoever owns them (coins and carts move goods); tiles in the
    stacks, rows and draft count if their own needs are obtainable (fixed point).
    """
    ts = state.ts
    needs = need_masks(ts)
    mask = table_goods(state)
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
    """Whether ``seat`` might still gain a point: a master it can place now, an open prize tile
    or a city tile still to come (its token is worth 1) whose needs are all obtainable, or a
    village tile still to come that would take a master it holds (2 points on the tile instead
    of 1 in hand: «2 очка за каждого мастера в своём государстве», line 144).

    Bots answer a proposal to end the game with ``not can_still_score(...)``; the test is
    generous (it may say True when a clever analysis would say no), never the reverse.
    """
    if state.boards[seat].hand_masters and has_placeable_master(state, seat):
        return True
    ts = state.ts
    needs = need_masks(ts)
    table = table_goods(state)
    for t in state.prizes:
        if not needs[t] & ~table:
            return True  # the common case, settled without looking at the tiles to come
    mask = obtainable_goods(state)
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
