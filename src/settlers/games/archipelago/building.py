"""«Строительство» (archipelago.ru.txt L609-673): towns, markets, ports, churches and ships."""

from __future__ import annotations

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import board, economy, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Build
from settlers.games.archipelago.content import BUILDINGS
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of

KINDS = ("ship", *BUILDINGS)
#: ``Build.by`` of a free inhabitant on shore 0 or 1 of a strait region, offered only where the
#: seat has free inhabitants on both shores (L615, L625, L721-725: which one enters the building
#: decides who stays on which shore)
BY_SHORE = ("shore0", "shore1")
_BUILD: Pool[Build] = Pool(Build)   # one instance per action value (issue 19)


def builder(state: ArchState, seat: int, region: int, kind: str, by: str = "") -> int:
    """An active free unit of the seat in the region that may build ``kind`` (L617): an
    inhabitant outside the buildings, or for a port also a ship. Inhabitants first, unless
    ``by`` is "ship": the player chose the ship to build the port (L647). ``by`` a building
    (``pieces.BUILDING_KINDS``): the seat's active free inhabitant in that building of the
    region (L615 «активный незанятый житель»: one standing in a building is one too), who
    leaves it for the new one (L623). ``by`` in ``BY_SHORE``: the first such inhabitant outside
    the buildings standing on that shore of the strait region (L625, L723)."""
    if by in BY_SHORE:
        shore = BY_SHORE.index(by)
        for i in pieces.span(state, seat):
            u = state.units[i]
            if (u[U.OWNER] == seat and u[U.REGION] == region and u[U.STANDING]
                    and not u[U.ENGAGED] and not u[U.BUILDING] and not u[U.SHIP]
                    and u[U.SHORE] == shore):
                return i
        return -1
    if by in pieces.BUILDING_KINDS:
        i = pieces.occupant(state, region, by)
        if i < 0:
            return -1
        u = state.units[i]
        ok = u[U.OWNER] == seat and not u[U.SHIP] and u[U.STANDING] and not u[U.ENGAGED]
        return i if ok else -1
    ships_ok = kind == "port"
    ship_only = ships_ok and by == "ship"
    best = -1
    units = state.units
    for i in pieces.span(state, seat):
        u = units[i]
        if (u[U.OWNER] == seat and u[U.REGION] == region and u[U.STANDING] and not u[U.ENGAGED]
                and not u[U.BUILDING]):
            if not u[U.SHIP]:
                if not ship_only:
                    return i
            elif ships_ok and best < 0:
                if ship_only:
                    return i
                best = i
    return -1 if ship_only else best


def can_afford(state: ArchState, seat: int, kind: str) -> bool:
    florins, cubes = state.content.costs[kind]
    if state.money[seat] < florins:
        return False
    have = state.cubes[seat]
    for i, n in enumerate(cubes):  # noqa: SIM110 (economy.can_pay_cubes, without a generator)
        if have[i] < n:
            return False
    return True


def affordable(state: ArchState, seat: int, costs: Costs | None = None) -> tuple[str, ...]:
    """The kinds of ``KINDS`` the seat can pay for (``can_afford``), in order; ``costs``:
    ``costs_of(state)``, when the caller holds it."""
    money, have = state.money[seat], state.cubes[seat]
    costs = costs or costs_of(state)
    key = (money, *have)
    got = costs.known.get(key)
    if got is None:
        got = costs.affordable(key, money, have)
    return got


class Costs:
    """The building costs of a content set: per kind of ``KINDS``, the kind, florins, and
    (resource, count) of the cubes it needs (``kinds``); and the answers of ``affordable``
    kept by (florins, cubes) held (``known``, emptied past ``_KNOWN_MAX`` answers)."""

    __slots__ = ("kinds", "known")

    def __init__(self, kinds: tuple[tuple[str, int, tuple[tuple[int, int], ...]], ...]) -> None:
        self.kinds = kinds
        self.known: dict[tuple[int, ...], tuple[str, ...]] = {}

    def affordable(self, key: tuple[int, ...], money: int, have: list[int]) -> tuple[str, ...]:
        out = []
        for kind, florins, cubes in self.kinds:
            if money >= florins:
                for i, n in cubes:
                    if have[i] < n:
                        break
                else:
                    out.append(kind)
        if len(self.known) >= _KNOWN_MAX:
            self.known.clear()
        got = self.known[key] = tuple(out)
        return got


_KNOWN_MAX = 50_000


def costs_of(state: ArchState) -> Costs:
    """``Costs`` of the state's content set (kept with its tables, tables.py)."""
    content = state.content
    try:   # (tables_of, without a call)
        memo = content._tables.memo  # type: ignore[attr-defined]
    except AttributeError:
        memo = tables_of(content).memo
    got: Costs | None = memo.get("costs")
    if got is None:
        costs = state.content.costs
        got = memo["costs"] = Costs(tuple(
            (kind, costs[kind][0], tuple((i, n) for i, n in enumerate(costs[kind][1]) if n > 0))
            for kind in KINDS))
    return got


def options(state: ArchState, seat: int, free: bool = False,
            scan: pieces.SeatUnits | None = None,
            kinds: tuple[str, ...] | None = None) -> list[Action]:
    """Builds open to the seat (``kinds``: those it can afford, when known)."""
    out: list[Action] = []
    if kinds is None:
        kinds = KINDS if free else tuple(kind for kind in KINDS if can_afford(state, seat, kind))
    if not kinds:
        return out
    # builder(): the first active free unit of the seat in the region not in a building;
    # an inhabitant wins, a ship only builds a port; or an active free inhabitant in one of
    # the region's buildings, by the building it leaves (``by``; L615)
    scan = scan or pieces.seat_units(state, seat)
    if not scan.free and not scan.housed:
        return out
    first_inh: dict[int, int] = {}
    first_ship: dict[int, int] = {}
    both_shores: set[int] = set()   # strait regions with free inhabitants on either shore
    units = state.units
    for i in scan.free:
        u = units[i]
        k = u[U.REGION]
        if u[U.SHIP]:
            first_ship.setdefault(k, i)
        elif k not in first_inh:
            first_inh[k] = i
        elif u[U.SHORE] != units[first_inh[k]][U.SHORE] and board.region_face(state, k).strait:
            both_shores.add(k)
    homes: dict[int, list[str]] = {}   # region -> the buildings a builder would leave
    for i in scan.housed:
        u = units[i]
        if not u[U.SHIP]:
            homes.setdefault(u[U.REGION], []).append(u[U.BUILDING])
    ship_in_box = "ship" in kinds and scan.ship_in_box
    tokens = {kind: pieces.tokens_left(state, kind) > 0 for kind in kinds if kind != "ship"}
    # the regions where a builder stands, in order (no other region can be built in)
    for k in sorted({*first_inh, *first_ship, *homes}):
        inh = k in first_inh
        left = homes.get(k, ())
        if not board.has_land(state, k):
            # L621: towns, churches and markets lie on land, a port on the water touching the
            # coastline: the open sea has neither (and no inhabitant to build a ship)
            continue
        built = state.regions[k]["buildings"]
        for kind in kinds:
            if kind == "ship":
                # L631-633: an inhabitant builds it where it stands, in a building or not
                if (inh or left) and ship_in_box and board.has_sea(state, k):
                    out.append(_BUILD[(kind, k)])
            elif kind not in built and tokens[kind] and (
                    kind != "port" or board.has_sea(state, k)):
                if k in both_shores:
                    # L625 «Юнит, который произвёл действие»: the player's to choose; on a
                    # strait it decides who stays on which shore (L723)
                    out += [_BUILD[(kind, k, by)] for by in BY_SHORE]
                elif inh or (kind == "port" and k in first_ship):
                    out.append(_BUILD[(kind, k)])
                if kind == "port" and inh and k in first_ship:   # L647: or the ship builds it
                    out.append(_BUILD[(kind, k, "ship")])
                out += [_BUILD[(kind, k, home)] for home in left]
    return out


def build(state: ArchState, seat: int, kind: str, region: int, pay: bool = True,
          by: str = "") -> None:
    if pay:
        florins, cubes = state.content.costs[kind]
        economy.pay_bank(state, seat, florins)
        economy.cubes_to_bank(state, seat, cubes)
    if kind == "ship":
        # L631: the ship goes to sea; the builder is not engaged
        ship = pieces.in_box(state, seat, True)[0]
        state.units[ship][U.REGION] = region
        state.units[ship][U.STANDING] = True
    else:
        unit = builder(state, seat, region, kind, by)
        u = state.units[unit]
        strait = board.region_face(state, region).strait
        # L621 «кладутся на участки суши»: on a strait, the land of the builder's shore, which
        # it steps onto without crossing the sea (L625, L583); its occupants stand on that
        # shore (pieces.building_shore). True elsewhere: the one shore 0
        state.regions[region]["buildings"][kind] = u[U.SHORE] if strait else True
        u[U.BUILDING] = kind   # L625: the builder moves onto the token
        u[U.ENGAGED] = True
        if kind == "church":
            economy.philanthropy(state, seat)
        if strait and u[U.SHIP]:
            # L621 «Жетон порта кладётся на воду, касаясь береговой линии»: a ship sails the
            # whole water of the region (L723 «Корабль может вербовать рабочих на любом из
            # берегов»), so the player lays the port at the coastline of either shore (step
            # ``choose_shores``, then back to the step it was built in, setup.choose_shores)
            state.ctx["landed"] = [unit]
            state.ctx["lay"] = region
            state.ctx["then"] = state.step
            state.step = "choose_shores"
    if state.record_events:
        state.emit("archipelago.event.build", seat=seat, what=f"archipelago.building.{kind}",
                   region=region)
