"""Trade transactions on boards I and II (archipelago.ru.txt L479-491), and the use of the
markets and ports a player controls (L637-671)."""

from __future__ import annotations

from bisect import bisect_right

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import economy, explorer_tokens, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Done, Trade, UseBuilding
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.memo import KEY as PIECES
from settlers.games.archipelago.memo import of_pieces
from settlers.games.archipelago.population import market_row
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of

MARKET_OF = {"market": 0, "port": 1}
# actions are frozen values: one instance per value (issue 19)
_TRADE = tuple(tuple((Trade(m, name, True), Trade(m, name, False)) for name in RESOURCES)
               for m in (0, 1))
_DONE = Done()
_USE: Pool[UseBuilding] = Pool(UseBuilding)


def row_of(state: ArchState, market: int, res: int, slot: int):  # type: ignore[no-untyped-def]
    rows = (state.content.domestic, state.content.export)[market][res]
    for row in rows:
        if row.first <= slot < row.first + row.slots:
            return row
    return None


def buy_price(state: ArchState, market: int, res: int) -> int | None:
    """Buying takes the bottom-right cube at its row's price (L485)."""
    content = state.content
    try:   # (tables_of, without a call)
        prices = content._tables.buy[market][res]  # type: ignore[attr-defined]
    except AttributeError:
        prices = tables_of(content).buy[market][res]
    count = state.market[market][res]
    if count < len(prices):
        return prices[count]
    row = market_row(state, market, res)
    return None if row is None else row.price


def sell_price(state: ArchState, market: int, res: int) -> int | None:
    """Selling fills the first free slot at its row's price; a full zone buys nothing (L487)."""
    prices = tables_of(state.content).sell[market][res]
    count = state.market[market][res]
    if count < len(prices):
        return prices[count]
    return None


def trade_options(state: ArchState, seat: int, market: int, only: int = -1) -> list[Action]:
    out: list[Action] = []
    trades = _TRADE[market]
    money = state.money[seat]
    cubes = state.cubes[seat]
    t = tables_of(state.content)
    buy, sell = t.buy[market], t.sell[market]
    counts = state.market[market]
    for res in range(6) if only < 0 else (only,):
        count = counts[res]
        prices = buy[res]
        price = prices[count] if count < len(prices) else buy_price(state, market, res)
        if price is not None and money >= price:
            out.append(trades[res][0])
        if cubes[res] > 0:
            prices = sell[res]
            if count < len(prices) and prices[count] is not None:
                out.append(trades[res][1])
    return out


def add_trade_options(out: list[Action], state: ArchState, seat: int) -> None:
    """``out += trade_options(state, seat, 0) + trade_options(state, seat, 1)``, from the trades
    each board's fill allows (``_Fill``): per board, the trades open to a seat with so many
    florins and such cubes are kept by the prices it can pay and the resources it holds."""
    money = state.money[seat]
    cubes = state.cubes[seat]
    c0, c1, c2, c3, c4, c5 = cubes   # (one unpacking, not six subscripts)
    held = (c0 > 0, c1 > 0, c2 > 0, c3 > 0, c4 > 0, c5 > 0)
    content = state.content
    boards = _BOARD_TRADES.get(id(content))
    if boards is None or boards[0] is not content:
        boards = _BOARD_TRADES[id(content)] = (content, {}, {})
    markets = state.market
    for market in (0, 1):
        counts = markets[market]
        fill = boards[market + 1].get(tuple(counts))
        if fill is None:
            fill = _board_trades(state, market, counts, boards[market + 1])
        key = (bisect_right(fill.prices, money), held)
        menu = fill.menus.get(key)
        if menu is None:
            menu = fill.menu(key, money, cubes)
        out += menu


#: a board's trades for a fill of its six zones, in zone order: (the price of buying from the
#: zone, NO_PRICE when it is empty; the buying action; the selling action, None when the zone
#: is full; the resource), zones where neither is possible left out — a pure function of the
#: content set and the fill (issue 19)
BoardTrades = tuple[tuple[int, Trade, Trade | None, int], ...]


class _Fill:
    """The trades of one board for one fill of its zones (``trades``), the distinct prices of
    buying from them, ascending (``prices``), and ``menus``: the trades open to a seat, by (how
    many of ``prices`` its florins pay, which of the six resources it holds a cube of) — all
    that ``add_trade_options`` reads of the seat. At most ``_MENUS_MAX`` menus are kept."""

    __slots__ = ("menus", "prices", "trades")

    def __init__(self, trades: BoardTrades) -> None:
        self.trades = trades
        self.prices = sorted({price for price, _buy, _sell, _res in trades})
        self.menus: dict[tuple[int, tuple[bool, ...]], tuple[Trade, ...]] = {}

    def menu(self, key: tuple[int, tuple[bool, ...]], money: int,
             cubes: list[int]) -> tuple[Trade, ...]:
        """The trades open to a seat with ``money`` florins and ``cubes``, kept under ``key``."""
        out: list[Trade] = []
        for price, buy, sell, res in self.trades:
            if money >= price:
                out.append(buy)
            if sell is not None and cubes[res] > 0:
                out.append(sell)
        if len(self.menus) >= _MENUS_MAX:
            self.menus.clear()
        got = self.menus[key] = tuple(out)
        return got


#: id(content) -> (content, {fill of board I: its _Fill}, {fill of board II: its _Fill}), kept
#: for the process; a board's table is emptied once it holds ``_BOARD_TRADES_MAX`` fills
_BOARD_TRADES: dict[int, tuple[object, dict[tuple[int, ...], _Fill],
                               dict[tuple[int, ...], _Fill]]] = {}
_BOARD_TRADES_MAX = 8_192   # fills of a board: ≈ 2 kB each with their menus, ≈ 16 MB per board
_MENUS_MAX = 64


def _board_trades(state: ArchState, market: int, counts: list[int],
                  known: dict[tuple[int, ...], _Fill]) -> _Fill:
    out: list[tuple[int, Trade, Trade | None, int]] = []
    for res, (zone, count) in enumerate(zip(_zones(state)[market], counts, strict=True)):
        buy = _TRADE[market][res][0]
        if count < len(zone):
            price, _buy, can_sell = zone[count]
            if price != NO_PRICE or can_sell is not None:
                out.append((price, buy, can_sell, res))
        else:   # a zone past its table buys nothing (sell_price is None)
            price_now = buy_price(state, market, res)
            if price_now is not None:
                out.append((price_now, buy, None, res))
    if len(known) >= _BOARD_TRADES_MAX:
        known.clear()
    got = known[tuple(counts)] = _Fill(tuple(out))
    return got


#: a zone's trades with ``count`` cubes in it: (the price of buying, NO_PRICE when it is empty;
#: the buying action; the selling action, None when it is full)
Zone = tuple[tuple[int, Trade, Trade | None], ...]
NO_PRICE = 1 << 62   # more florins than anybody holds


def _zones(state: ArchState) -> tuple[tuple[Zone, ...], tuple[Zone, ...]]:
    """Per market and resource, the ``buy``/``sell`` tables with their actions (per content
    set, tables.py)."""
    content = state.content
    try:   # (tables_of, without a call)
        t = content._tables  # type: ignore[attr-defined]
    except AttributeError:
        t = tables_of(content)
    got: tuple[tuple[Zone, ...], tuple[Zone, ...]] | None = t.memo.get("trade_zones")
    if got is None:
        markets = []
        for market in (0, 1):
            zones = []
            for res in range(6):
                buy, sell = t.buy[market][res], t.sell[market][res]
                buy_a, sell_a = _TRADE[market][res]
                zones.append(tuple((NO_PRICE if buy[count] is None else buy[count], buy_a,
                                    None if sell[count] is None else sell_a)
                                   for count in range(len(buy))))
            markets.append(tuple(zones))
        got = t.memo["trade_zones"] = (markets[0], markets[1])
    return got


def trade(state: ArchState, seat: int, market: int, res: int, buy: bool) -> None:
    if buy:
        price = buy_price(state, market, res)
        assert price is not None
        economy.pay_bank(state, seat, price)
        state.market[market][res] -= 1
        state.cubes[seat][res] += 1
    else:
        price = sell_price(state, market, res)
        assert price is not None
        state.cubes[seat][res] -= 1
        explorer_tokens.spend(state, seat, res)   # L433: «включая продажу этого самого ресурса»
        state.market[market][res] += 1
        price = economy.from_bank(state, seat, price)
    if state.record_events:
        state.emit("archipelago.event.trade", seat=seat, market=f"archipelago.market.{market}",
                   res=f"archipelago.res.{RESOURCES[res]}",
                   how="archipelago.word.buy" if buy else "archipelago.word.sell", price=price)


def building_options(state: ArchState, seat: int) -> list[Action]:
    """L653: one market or port per round, each at most once per action phase, 1f."""
    if state.money[seat] < 1:
        return []
    known = state._cache.get(PIECES)   # the markets and ports the seat controls, kept
    if known is None:                  # (memo.py; of_pieces, without a call when it is there)
        known = of_pieces(state)
    key = USE_SITES_KEYS[seat]
    sites: tuple[tuple[list[int], UseBuilding], ...] | None = known.get(key)
    if sites is None:   # (a loop: a generator is resumed once per site and kind)
        made = []
        for kind in ("market", "port"):
            for k in pieces.controlled(state, seat, kind):
                made.append(([k, MARKET_OF[kind]], _USE[(k, kind)]))
        sites = known[key] = tuple(made)
    if not sites:
        return []
    used = state.used_buildings
    return [use for site, use in sites if site not in used]


#: the pieces' facts' key of the markets and ports a seat may use (one shared tuple per seat)
USE_SITES_KEYS = tuple(("use_sites", seat) for seat in range(8))


def use_building(state: ArchState, seat: int, region: int, kind: str) -> None:
    market = MARKET_OF[kind]
    state.money[seat] -= 1
    state.wheel_coins += 1
    state.used_buildings.append([region, market])
    occ = pieces.occupant(state, region, kind)
    if occ < 0 or state.units[occ][U.OWNER] != seat or not state.units[occ][U.STANDING]:
        # no active unit of the seat in the building: it is used from the town, and L707
        # «житель, контролирующий город, становится занятым» (a striker in it controls nothing)
        occ = pieces.occupant(state, region, "town")
    if occ >= 0:
        state.units[occ][U.ENGAGED] = True  # L657: the unit using it is engaged
    if state.record_events:
        state.emit("archipelago.event.use_building", seat=seat, what=f"archipelago.building.{kind}",
                   region=region)
    start_trades(state, market, 2, -1)


def start_trades(state: ArchState, market: int, count: int, only: int) -> None:
    state.step = "trades"
    state.ctx = {"market": market, "left": count, "only": only}


def trades_legal(state: ArchState, seat: int) -> list[Action]:
    ctx = state.ctx
    out = trade_options(state, seat, ctx["market"], ctx["only"]) if ctx["left"] > 0 else []
    if ctx["left"] > 0:
        out += explorer_tokens.options(state, seat)
    return [*out, _DONE]
