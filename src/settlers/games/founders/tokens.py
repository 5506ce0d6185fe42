"""«Жетоны»: where each token may be played, and what it does.

- War («Жетон войны»): on an unprotected tile of an opponent — the farthest from its owner in
  its column. The tile produces nothing and scores nothing till the end.
- Coin («Жетон монеты»): on an opponent tile that produces a good (not a prize, razed, master
  or already bought tile); its good (one of two on a nature tile, chosen now) is usable this
  turn as if produced anywhere in the buyer's state; the tile produces nothing till its owner's
  turn ends, when the owner takes the coin.
- Cart («Жетон телеги»): on a corner shared by four tiles of one's own state.
- Master («Жетон мастера»): on one's own village tile producing the master's good (a razed tile,
  one with a master already, or one an opponent's coin lies on does not qualify: L187 «сам он
  ничего не производит», L178).
"""

from __future__ import annotations

from functools import cache, lru_cache, partial

from settlers.core import Action
from settlers.core.interned import Interned
from settlers.games.founders.actions import PlayCart, PlayCoin, PlayMaster, PlayWar
from settlers.games.founders.board import WIDTH, Board, cell_of, xy_of
from settlers.games.founders.content import TileSet, per_tile_set
from settlers.games.founders.placement import (
    CODE_UNIT,
    PlacementIndex,
    index_of,
    village_goods,
)
from settlers.games.founders.state import FoundersState

# the actions are immutable: one object per distinct action, built once
_war = lru_cache(maxsize=None)(PlayWar)
_coin = lru_cache(maxsize=None)(PlayCoin)
_cart = lru_cache(maxsize=None)(PlayCart)
_master = lru_cache(maxsize=None)(PlayMaster)


@cache
def _xy(cell: int) -> tuple[int, int]:
    return xy_of(cell)


def war_cells(board: Board) -> list[int]:
    """The cells of a state a war token may raze: unprotected and not razed yet."""
    war = board.war
    return [cell for cell in board.column_tops() if cell not in war]


def coin_goods(board: Board, mask: tuple[int, ...]) -> list[tuple[int, int]]:
    """The (cell, good) pairs of a state a coin may buy."""
    out = []
    for cell in sorted(board.cells):
        if board.produces_nothing(cell):
            continue
        m = mask[board.cells[cell]]
        g = 0
        while m:
            if m & 1:
                out.append((cell, g))
            m >>= 1
            g += 1
    return out


def master_cells(state: FoundersState, seat: int, master: int) -> list[int]:
    """Own village tiles producing the master's good: not razed (L162), without a master, and
    without a coin on it — L218 and L223 ask for the tile «который производит» the good, and a
    tile a coin lies on «сам он ничего не производит» (L187), «не принесёт ресурсов в текущем
    ходе» (L178): the owner's turn, the only one in which it places a master. (Kept until the
    state changes: see placement.py; a coin laid or taken is a change of its cell.)"""
    ts = state.ts
    board = state.boards[seat]
    index = index_of(board, ts)
    facts = index.masters
    if facts is None:
        facts = index.masters = {}
    key = ("master", master)
    out: list[int] | None = facts.get(key)
    if out is None:
        good_bit = 1 << ts.masters[master].good
        made = index.table_goods  # (when known: every tile's goods, razed and worked ones not)
        if made is not None and not made & good_bit:
            out = []  # no tile of the state that may take the master makes its good
        else:
            village = index.table.village  # village_goods(ts), kept by the need table
            if village is None:
                village = index.table.village = village_goods(ts)
            war, on, coin = board.war, board.master, board.coin
            # a plain loop: the board's dicts are tracked subclasses, slow to read from C
            # passes
            out = [c for c, t in board.cells.items() if village[t] & good_bit]
            if out and (war or on or coin):
                out = [c for c in out if c not in war and c not in on and c not in coin]
            out.sort()
        facts[key] = out
        index.master_goods |= good_bit
    return out


def has_placeable_master(state: FoundersState, seat: int) -> bool:
    if not state.boards[seat].hand_masters:
        return False
    return bool(master_actions(state, seat))


def play_war(state: FoundersState, seat: int, target: int, x: int, y: int) -> None:
    board = state.boards[target]
    board.war[cell_of(x, y)] = seat
    state.boards[seat].hand_war -= 1


def play_coin(state: FoundersState, seat: int, target: int, x: int, y: int, good: int) -> None:
    cell = cell_of(x, y)
    state.boards[target].coin[cell] = (seat, good)
    state.boards[seat].hand_coin -= 1
    state.borrowed = (target, cell, good)


def play_cart(state: FoundersState, seat: int, x: int, y: int) -> None:
    board = state.boards[seat]
    board.carts.add(cell_of(x, y))
    board.carts_changed()
    board.hand_cart -= 1


def play_master(state: FoundersState, seat: int, master: int, x: int, y: int) -> None:
    board = state.boards[seat]
    board.hand_masters.remove(master)
    board.master[cell_of(x, y)] = master


# ---------------------------------------------------------------- the menu and the play
def token_actions(state: FoundersState, seat: int) -> list[Action]:
    """Every token ``seat`` may play now (2. «Разыграть жетон»): the war tokens on each
    opponent's state, then the coins, then its carts and masters. Each opponent's war and coin
    menus are kept per board (``_board_menu``) and only joined here."""
    board = state.boards[seat]
    out: list[Action] = []
    war, coin = board.hand_war, board.hand_coin
    if war or coin:
        ts = state.ts
        coins: list[Action] = []
        tables = _coin_tables(ts)
        for target, other in enumerate(state.boards):
            if target == seat:
                continue
            index = other.index
            if index is None or other.changes or index.table.ts is not ts:
                index = index_of(other, ts)
            facts = index.facts
            if war:
                menu = facts.get("war")
                if menu is None:
                    menu = facts["war"] = _war_menu(other, target, index)
                out += menu
            if coin:
                menu = facts.get("coin")
                if menu is None:
                    # _board_menu's coin menu, inline (rebuilt often late in a game)
                    pieces = tables[target]
                    menu = []
                    for code in index.supply_codes:
                        menu += pieces[code]
                    facts["coin"] = menu
                coins += menu
        out += coins
    if board.hand_cart:
        out += _board_menu(state, seat, "cart")
    if board.hand_masters:
        out += master_actions(state, seat)
    return out


def _board_menu(state: FoundersState, seat: int, kind: str,
                index: PlacementIndex | None = None) -> list[Action]:
    """The war or coin tokens others may play on ``seat``'s state, or the carts ``seat`` may
    play on it: kept until that state changes (per board: see placement.py). ``index``: that
    board's index when the caller has brought it up to date already."""
    board = state.boards[seat]
    if index is None:
        index = index_of(board, state.ts)
    facts = index.facts
    menu: list[Action] | None = facts.get(kind)
    if menu is None:
        if kind == "war":
            menu = _war_menu(board, seat, index)
        elif kind == "coin":
            # coin_goods(board): the producing cells are those of the index's supply, kept in
            # cell order as codes; the actions per (cell, goods) are made once, the menu
            # joined in a plain loop (cheaper here than a C-level chain over a map)
            coin_pieces = _coin_pieces(state.ts, seat)
            menu = []
            for code in index.supply_codes:
                menu += coin_pieces[code]
        else:
            # the corners kept by the index (``PlacementIndex.corners``), else found from its
            # sorted cells
            corners = index.corners
            if corners is None:
                corners = index.corners = set(board.free_corners(index.occupied_sorted(board)))
            index.corners_read = True
            menu = list(map(_CART_AT.__getitem__, sorted(corners)))
        facts[kind] = menu
    return menu


def _war_menu(board: Board, seat: int, index: PlacementIndex) -> list[Action]:
    """The war tokens others may play on ``seat``'s state: ``war_cells(board)``, each
    column's last cell (kept by the index, ``PlacementIndex.tops``; else from its sorted
    cells)."""
    tops = index.tops
    if tops is None:
        tops = {}
        for c in index.occupied_sorted(board):
            tops[c // WIDTH] = c
        index.tops = tops
    war = board.war
    pieces = _WAR_AT[seat]
    if war:
        return [pieces[c] for c in tops.values() if c not in war]
    return list(map(pieces.__getitem__, tops.values()))


_WAR_AT = tuple(Interned(partial(lambda seat, cell: _war(seat, *_xy(cell)), seat))
                for seat in range(16))  # per target seat: cell -> razing it
_CART_AT: Interned[int, Action] = Interned(lambda cell: _cart(*_xy(cell)))  # corner -> a cart


class _CoinPieces(dict[int, list[Action]]):
    """A producing cell's code (``cell * CODE_UNIT + goods mask``, placement.py) -> the coin
    actions on that tile of ``seat``'s state, made when first asked."""

    __slots__ = ("ids", "seat")

    def __init__(self, ts: TileSet, seat: int) -> None:
        super().__init__()
        self.ids, self.seat = tuple(g.id for g in ts.goods), seat

    def __missing__(self, key: int) -> list[Action]:
        # met once per process and piece, but late in fresh games: straight code, no
        # comprehension or range (a first-met piece cost ≈ 10k instructions beside its action)
        cell, mask = divmod(key, CODE_UNIT)
        x, y = _xy(cell)
        seat, ids = self.seat, self.ids
        piece: list[Action]
        if mask & (mask - 1):   # a nature tile's two goods (or more), in the goods' order
            piece = []
            g = 0
            while mask:
                if mask & 1:
                    piece.append(_coin(seat, x, y, ids[g]))
                mask >>= 1
                g += 1
        elif mask:
            piece = [_coin(seat, x, y, ids[mask.bit_length() - 1])]
        else:
            piece = []
        self[key] = piece
        return piece



_PIECES: dict[int, tuple[TileSet, list[_CoinPieces]]] = {}


def _coin_pieces(ts: TileSet, seat: int) -> _CoinPieces:
    """The coin actions on ``seat``'s tiles, per tile set (made once)."""
    return _coin_tables(ts)[seat]


def _coin_tables(ts: TileSet) -> list[_CoinPieces]:
    """``_coin_pieces`` of every seat."""
    entry = _PIECES.get(id(ts))
    if entry is None or entry[0] is not ts:
        if len(_PIECES) > 16:
            _PIECES.clear()
        entry = _PIECES[id(ts)] = (ts, [_CoinPieces(ts, s) for s in range(16)])
    return entry[1]


_MASTER_AT: dict[str, Interned[int, Action]] = {}


def _master_at(master_id: str) -> Interned[int, Action]:
    """Cell -> placing the master ``master_id`` there (one table per master, made once)."""
    table = _MASTER_AT.get(master_id)
    if table is None:
        table = _MASTER_AT[master_id] = Interned(partial(_place_master, master_id))
    return table


def _place_master(master_id: str, cell: int) -> Action:
    return _master(master_id, *_xy(cell))


def master_actions(state: FoundersState, seat: int) -> list[Action]:
    """The masters ``seat`` may place, by master then cell: kept with its board's other
    answers until the board changes, per hand of masters (the reveal step's «can still
    score» and the main step's menu share it). Not to be changed by the caller."""
    board = state.boards[seat]
    ts = state.ts
    index = board.index
    if index is None or board.changes or index.table.ts is not ts:
        index = index_of(board, ts)
    hand = board.hand_masters
    key = ("masters", *hand)
    kept = index.masters
    menu: list[Action] | None = None if kept is None else kept.get(key)
    if menu is None:
        masters = ts.masters
        menu = []
        for m in sorted(set(hand)):
            menu += map(_master_at(masters[m].id).__getitem__, master_cells(state, seat, m))
        kept = index.masters  # (made by master_cells when there was none)
        if kept is None:
            kept = index.masters = {}
        kept[key] = menu
    return menu


def play_token(state: FoundersState, seat: int, action: Action) -> None:
    """Put a (legal) token down; the one token of the turn when played in its main step
    («В ход вы можете разыграть только один жетон»)."""
    ts = state.ts
    if state.phase == "main":
        state.token_played = True
    events = state.record_events  # no event arguments built when nobody reads them
    # (the coin first: the commonest token late in a game)
    if isinstance(action, PlayCoin):
        good = _numbers(ts).good[action.good]  # ts.good_index, by a dict
        play_coin(state, seat, action.target, action.x, action.y, good)
        if events:
            state.emit("founders.event.coin", seat=seat, target=action.target,
                       good=ts.good_key(good),
                       tile=_tile_key(state, action.target, action.x, action.y))
    elif isinstance(action, PlayWar):
        play_war(state, seat, action.target, action.x, action.y)
        if events:
            state.emit("founders.event.war", seat=seat, target=action.target,
                       tile=_tile_key(state, action.target, action.x, action.y))
    elif isinstance(action, PlayCart):
        play_cart(state, seat, action.x, action.y)
        if events:
            state.emit("founders.event.cart", seat=seat, x=action.x, y=action.y)
    elif isinstance(action, PlayMaster):
        m = _numbers(ts).master[action.master]
        play_master(state, seat, m, action.x, action.y)
        if events:
            state.emit("founders.event.master", seat=seat, master=ts.master_key(m),
                       tile=_tile_key(state, seat, action.x, action.y))


class _Numbers:
    """A tile set's goods and masters by id -> their numbers (``TileSet.good_index`` and the
    masters' search, by a dict: a coin or master played late in a game looked through them)."""

    __slots__ = ("good", "master", "ts")

    def __init__(self, ts: TileSet) -> None:
        self.ts = ts
        self.good = {g.id: i for i, g in reversed(list(enumerate(ts.goods)))}
        self.master = {m.id: i for i, m in reversed(list(enumerate(ts.masters)))}


_NUMBERS: dict[int, _Numbers] = {}


def _numbers(ts: TileSet) -> _Numbers:
    return per_tile_set(_NUMBERS, ts, _Numbers)


def _tile_key(state: FoundersState, seat: int, x: int, y: int) -> str:
    return state.ts.tile_key(state.boards[seat].cells[cell_of(x, y)])
