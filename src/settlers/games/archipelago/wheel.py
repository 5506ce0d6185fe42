"""Phase 5, «Действия» (archipelago.ru.txt L423-441): rounds in turn order; in each round, in
any order, one action with a disc on the wheel, one evolution card, one market or port; the
phase ends when everybody has ended a round without placing a disc. Taxes (L463-471) live
here too, being a single step."""

from __future__ import annotations

from settlers.core import Action
from settlers.games.archipelago import (
    building,
    cards,
    economy,
    explorer_tokens,
    growth,
    harvest,
    markets,
    negotiation,
    pieces,
)
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import (
    EndRound,
    Explore,
    Harvest,
    Migrate,
    Recruit,
    Reproduce,
    Taxes,
)
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.markers import move_rebellion, recruit_price
from settlers.games.archipelago.markets import USE_SITES_KEYS as _USE_SITES_KEYS
from settlers.games.archipelago.memo import KEY as PIECES
from settlers.games.archipelago.memo import of_pieces
from settlers.games.archipelago.pieces import EXPEL_KEYS as _EXPEL_KEYS
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of


def limit(state: ArchState, zone: str) -> int:
    side = "5" if state.players == 5 else "2-4"
    return int(state.content.wheel[side][zone])


def zone_open(state: ArchState, zone: str) -> bool:
    if zone in ("taxes", "explore"):
        return state.wheel.get(zone, 0) < limit(state, zone)
    return True


def tax_items(state: ArchState, seat: int) -> int:
    """L469: active inhabitants, ships, towns and churches under the player's control."""
    units = 0
    all_units = state.units
    for i in pieces.span(state, seat):   # (a loop over the seat's units: no generator)
        u = all_units[i]
        if u[U.OWNER] == seat and u[U.REGION] >= 0 and u[U.STANDING]:
            units += 1
    return (units + len(pieces.controlled(state, seat, "town"))
            + len(pieces.controlled(state, seat, "church")))


def tax_income(state: ArchState, seat: int) -> int:
    table = state.content.taxes
    n = tax_items(state, seat)
    if n < len(table):
        return int(table[n])
    return int(table[-1]) + (n - len(table) + 1) // 2


def taxes(state: ArchState, seat: int) -> None:
    move_rebellion(state, 1)   # L467
    got = economy.from_bank(state, seat, tax_income(state, seat))
    if state.record_events:
        state.emit("archipelago.event.taxes", seat=seat, n=got)


def can_explore(state: ArchState, seat: int) -> bool:
    units = state.units
    for i in pieces.span(state, seat):
        u = units[i]
        if u[U.OWNER] == seat and u[U.REGION] >= 0 and u[U.STANDING] and not u[U.ENGAGED]:
            return True
    return False


def can_migrate(state: ArchState, seat: int) -> bool:
    return can_explore(state, seat)


# actions are frozen values: one instance per value (issue 19)
_TAXES, _EXPLORE, _REPRODUCE, _RECRUIT, _MIGRATE = Taxes(), Explore(), Reproduce(), Recruit(), Migrate()
_HARVEST = tuple(Harvest(name) for name in RESOURCES)
_END_ROUND = EndRound()


def disc_actions(state: ArchState, seat: int) -> list[Action]:
    # what the pieces alone decide, kept while no piece moves (memo.py)
    known = state._cache.get(PIECES)   # (of_pieces, without a call when it is there)
    if known is None:
        known = of_pieces(state)
    fixed: _PieceMenu | None = known.get(_DISC_KEYS[seat])
    if fixed is None:
        fixed = known[_DISC_KEYS[seat]] = _PieceMenu(state, seat)
    out: list[Action] = []
    wheel = state.wheel
    if wheel.get("taxes", 0) < fixed.taxes_limit:
        out.append(_TAXES)
    markets.add_trade_options(out, state, seat)
    mobile = fixed.mobile   # == can_explore == can_migrate
    if mobile and wheel.get("explore", 0) < fixed.explore_limit:
        out.append(_EXPLORE)
    if fixed.reproduce and not state.reproduced[seat]:   # growth.can_reproduce
        out.append(_REPRODUCE)
    surplus = state.surplus
    if fixed.recruit and surplus > 0:   # growth.can_recruit: a recruit in the box, a region
        content = state.content        # with room and a price (L577): recruit_price, its
        try:                           # table's row read without a call
            rows = content._tables.labour  # type: ignore[attr-defined]
        except AttributeError:
            rows = tables_of(content).labour
        if surplus < len(rows):
            price = rows[surplus]["price"]
            if price is not None:
                price = int(price)
        else:
            price = recruit_price(state)
        if price is not None and state.money[seat] >= price:
            out.append(_RECRUIT)
    if mobile:
        out.append(_MIGRATE)
    if fixed.builders:
        costs = fixed.costs   # (building.affordable, without a call when its answer is kept)
        money = state.money[seat]
        have = state.cubes[seat]
        key = (money, *have)
        kinds = costs.known.get(key)
        if kinds is None:
            kinds = costs.affordable(key, money, have)
        if kinds:   # the sites of each affordable set are kept with the pieces' facts
            builds = fixed.builds.get(kinds)
            if builds is None:
                builds = fixed.builds[kinds] = tuple(
                    building.options(state, seat, scan=fixed.scan, kinds=kinds))
            out += builds
    permits = len(state.permits)   # (permits only grow while no piece moves)
    if fixed.permits != permits:
        harvests = []   # (harvest.possible, read here: a loop, no comprehension nor generator)
        for r, units in enumerate(harvest._harvesters(state, seat, -1, fixed.scan)):
            if units:
                harvests.append(_HARVEST[r])
        fixed.harvests = tuple(harvests)
        fixed.permits = permits
    out += fixed.harvests
    return out


#: the pieces' facts' key of a seat's ``_PieceMenu`` (one shared tuple per seat)
_DISC_KEYS = tuple(("disc", seat) for seat in range(8))


class _PieceMenu:
    """The parts of a seat's disc menu that depend on its pieces alone (pieces.SeatUnits), and
    what it reads once per position of the pieces: the zones' limits, the sites of each set of
    affordable buildings, the harvests (for a number of permits)."""

    __slots__ = ("builders", "builds", "costs", "explore_limit", "harvests", "mobile",
                 "permits", "recruit", "reproduce", "scan", "taxes_limit")

    def __init__(self, state: ArchState, seat: int) -> None:
        scan = self.scan = pieces.seat_units(state, seat)
        self.mobile = scan.mobile
        self.builders = bool(scan.free or scan.housed)
        # growth.can_reproduce without the once-per-turn mark; growth.can_recruit without the
        # price: a recruit in the box and a region with room
        in_box = scan.inhabitant_in_box
        self.reproduce = in_box and growth.reproduces_somewhere(state, scan)
        self.recruit = in_box and growth.has_room(state, scan)
        self.taxes_limit, self.explore_limit = zone_limits(state)
        self.costs = building.costs_of(state)
        self.builds: dict[tuple[str, ...], tuple[Action, ...]] = {}
        self.permits = -1   # the harvests are listed at the first menu
        self.harvests: tuple[Action, ...] = ()


def zone_limits(state: ArchState) -> tuple[int, int]:
    """``(limit(state, "taxes"), limit(state, "explore"))``, per content set and player count."""
    content = state.content
    try:   # (tables_of, without a call)
        memo = content._tables.memo  # type: ignore[attr-defined]
    except AttributeError:
        memo = tables_of(content).memo
    key = ("zone_limits", state.players == 5)
    got: tuple[int, int] | None = memo.get(key)
    if got is None:
        got = memo[key] = (limit(state, "taxes"), limit(state, "explore"))
    return got


def round_legal(state: ArchState, seat: int) -> list[Action]:
    rnd = state.round
    disc = not rnd.get("disc") and state.discs_used[seat] < state.discs[seat]
    if disc:
        out = disc_actions(state, seat)
    else:
        out = []
    card = not rnd.get("card") and any(state.owned)   # (no card in the game: none to use)
    if card:
        out += cards.options(state, seat)
    # the markets and ports to use and the strikers to expel are kept with the pieces' facts
    # (markets.building_options, pieces.expel_options): read here without a call when kept
    known = state._cache.get(PIECES)
    if known is None:
        known = of_pieces(state)
    uses: list[Action] = []
    if not rnd.get("building") and state.money[seat] >= 1:   # (L653: 1f a use)
        sites = known.get(_USE_SITES_KEYS[seat])
        if sites is None:
            uses = markets.building_options(state, seat)
        elif sites:
            used = state.used_buildings
            for site, use in sites:
                if site not in used:
                    uses.append(use)
        out += uses
    expel = known.get(_EXPEL_KEYS[seat])
    out += pieces.expel_options(state, seat) if expel is None else expel   # L715: free, any
    # number, in one's round
    # L433 «Жетон первооткрывателя можно обменять только ... когда игрок совершает действие,
    # для которого требуются ресурсы»: for the action the player now declares, so only while
    # this round still holds one that may need them — a disc action, a card (or a wonder) it
    # might use, a market or port it controls and has not used
    if state.tokens[seat] > 0 and (disc or uses or (card and cards.may_use_some(state, seat))):
        out += explorer_tokens.options(state, seat)
    out += negotiation.openings(state, seat)
    out.append(_END_ROUND)
    return out


def place_disc(state: ArchState, seat: int, zone: str) -> None:
    state.discs_used[seat] += 1
    state.wheel_discs.append([seat, zone])
    state.round["disc"] = True
    if zone in ("taxes", "explore"):
        state.wheel[zone] = state.wheel.get(zone, 0) + 1
    if state.record_events:
        state.emit("archipelago.event.disc", seat=seat, zone=f"archipelago.zone.{zone}")


def start_round(state: ArchState, seat: int) -> None:
    state.actor = seat
    state.step = "round"
    state.ctx = {}
    state.round = {"seat": seat}
    state.offers_left = negotiation.OFFERS_PER_MOMENT


def next_round(state: ArchState) -> bool:
    """Move to the next player in turn order who has not passed; False when all passed."""
    order = state.order
    n = len(order)
    pos = order.index(state.actor)
    passed = state.passed
    for i in range(1, n + 1):
        seat = order[(pos + i) % n]
        if not passed[seat]:   # (start_round, inline)
            state.actor = seat
            state.step = "round"
            state.ctx = {}
            state.round = {"seat": seat}
            state.offers_left = negotiation.OFFERS_PER_MOMENT
            return True
    return False


def end_round(state: ArchState, seat: int) -> None:
    """A round ended with nothing done — no disc placed, no card used nor wonder built, no
    market or port used — is a pass for the rest of phase 5 (README, «Rounds»); a player who
    passed with every disc used comes back when a pile of explorer tokens runs out and it gets
    another disc (exploration.take_token, L441, L525). A round is one of these three things in
    the order the player likes (L242-246 «В произвольном порядке по выбору игрока: Совершить
    одно действие; Использовать карту ...; Использовать рынок или порт»), and rounds go on
    «пока все участники не используют свои диски действия или не смогут ничего совершить»
    (L441): a round with a card (its discs put on it, L812, L826, or none) or with a market
    or port use only is no pass, and the player plays on with the discs it has left (before
    2026-12-06, seventh reading, only a disc on the wheel or on a card kept it in)."""
    rnd = state.round
    if not (rnd.get("disc") or rnd.get("card") or rnd.get("building")):
        state.passed[seat] = True
        if state.record_events:
            state.emit("archipelago.event.pass", seat=seat)
