"""Units on the archipelago and who controls what (L395-399 active/striking, L547-557 the
3-inhabitant limit, L675-727 control of buildings and regions)."""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Expel
from settlers.games.archipelago.content import BUILDINGS
from settlers.games.archipelago.memo import KEY, SEAT_UNITS, of_pieces
from settlers.games.archipelago.state import ArchState


def span(state: ArchState, seat: int) -> range:
    """The indices of the seat's units. Setup lays the units out seat by seat, the same number
    for each (setup.py), and a unit never changes hands, so a scan for one seat's units may
    skip the others' (issue 19)."""
    per = len(state.units) // state.players
    return range(seat * per, seat * per + per)


def units_of(state: ArchState, seat: int, ship: bool | None = None) -> list[int]:
    return [i for i, u in enumerate(state.units)
            if u[U.OWNER] == seat and u[U.REGION] >= 0 and (ship is None or u[U.SHIP] == ship)]


def in_box(state: ArchState, seat: int, ship: bool) -> list[int]:
    units = state.units
    owner, is_ship, region, box = U.OWNER, U.SHIP, U.REGION, U.BOX
    out = []
    for i in span(state, seat):   # (a loop: a comprehension reads these through cells)
        u = units[i]
        if u[region] == box and u[is_ship] == ship and u[owner] == seat:
            out.append(i)
    return out


def has_in_box(state: ArchState, seat: int, ship: bool) -> bool:
    """``bool(in_box(state, seat, ship))`` without building the list."""
    units = state.units
    return any(units[i][U.OWNER] == seat and units[i][U.SHIP] == ship and units[i][U.REGION] == U.BOX
               for i in span(state, seat))


def inhabitants_in(state: ArchState, region: int, seat: int | None = None) -> list[int]:
    if seat is None:
        return [i for i, u in enumerate(state.units) if u[U.REGION] == region and not u[U.SHIP]]
    units = state.units
    out = []
    for i in span(state, seat):   # (the seat's units alone: a loop, no comprehension)
        u = units[i]
        if u[U.REGION] == region and not u[U.SHIP] and u[U.OWNER] == seat:
            out.append(i)
    return out


def active(u: list) -> bool:  # type: ignore[type-arg]
    return bool(u[U.STANDING])


def free(u: list) -> bool:  # type: ignore[type-arg]
    return bool(u[U.STANDING]) and not u[U.ENGAGED]


def count_population(state: ArchState) -> int:
    return sum(1 for u in state.units if not u[U.SHIP] and u[U.REGION] >= 0)


def occupant(state: ArchState, region: int, kind: str) -> int:
    for i, u in enumerate(state.units):
        if u[U.REGION] == region and u[U.BUILDING] == kind:
            return i
    return -1


def building_shore(state: ArchState, region: int, kind: str) -> int:
    """The shore of a strait region on which its building ``kind`` lies (L621 «кладутся на
    участки суши», L723 «незанятые объекты на обоих берегах»): ``regions[k]["buildings"]``
    holds it (0 or 1) for a building built in a strait region since rules 2026-12-06.6 (ninth
    reading), else ``True``: shore 0, the one shore of a region without a strait."""
    at = state.regions[region]["buildings"][kind]
    return 0 if at is True else int(at)


def town_controller(state: ArchState, region: int) -> int:
    """The seat controlling the region through its town (an active inhabitant in it), or -1."""
    if "town" not in state.regions[region]["buildings"]:
        return -1
    occ = occupant(state, region, "town")
    if occ >= 0 and state.units[occ][U.STANDING] and not state.units[occ][U.SHIP]:
        return int(state.units[occ][U.OWNER])
    return -1


def controller(state: ArchState, region: int, kind: str) -> int:
    """Who controls building ``kind`` of ``region`` (L675, L713-727): an active unit in it,
    else the town's controller."""
    if kind not in state.regions[region]["buildings"]:
        return -1
    if kind == "town":
        return town_controller(state, region)
    occ = occupant(state, region, kind)
    if occ >= 0 and state.units[occ][U.STANDING]:
        return int(state.units[occ][U.OWNER])
    return town_controller(state, region)


def controlled(state: ArchState, seat: int, kind: str) -> list[int]:
    """The regions whose ``kind`` the seat controls (``controller(..) == seat``), with one scan
    of the units for all of them; kept while no piece moves (memo.py): the kept list itself,
    not a copy — every caller reads it (iterates, counts, sorts a copy); do not change it."""
    known: dict[Any, Any] | None = state._cache.get(KEY)   # (of_pieces, without a call)
    if known is None:
        known = of_pieces(state)
    key = _CONTROLLED_KEYS[kind][seat]   # (one shared key: no tuple built and hashed a call)
    got: list[int] | None = known.get(key)
    if got is None:
        built: dict[str, list[int]] | None = known.get("built")
        if built is None:   # kind -> the regions where it is built, for every seat and kind
            built = known["built"] = {}
            for k, reg in enumerate(state.regions):
                for b in reg["buildings"]:
                    got_b = built.get(b)
                    if got_b is None:
                        built[b] = [k]
                    else:
                        got_b.append(k)
        regions = built.get(kind, [])
        if regions:
            occ = occupants(state)
            regions = [k for k in regions if _controller(state, occ, k, kind) == seat]
        got = known[key] = regions
    return got


#: the pieces' facts' key of the regions whose building of a kind a seat controls
#: (``controlled``'s): kind -> one tuple per seat
_CONTROLLED_KEYS = {kind: tuple(("controlled", seat, kind) for seat in range(8))
                    for kind in BUILDINGS}
#: the pieces' facts' key of the towns a seat controls (``controlled``'s, one tuple per seat)
TOWN_KEYS = _CONTROLLED_KEYS["town"]


def controls_any(state: ArchState, seat: int, kind: str) -> bool:
    """``bool(controlled(state, seat, kind))``."""
    known = state._cache.get(KEY)   # of_pieces(state), without a call when it is there
    got: list[int] | None = None if known is None else known.get(("controlled", seat, kind))
    return bool(got) if got is not None else bool(controlled(state, seat, kind))


def occupants(state: ArchState) -> dict[tuple[int, str], int]:
    """(region, building) -> ``occupant(state, region, building)`` for every occupied one; kept
    while no piece moves (memo.py): do not change it."""
    known: dict[Any, Any] | None = state._cache.get(KEY)   # (of_pieces, without a call)
    if known is None:
        known = of_pieces(state)
    out: dict[tuple[int, str], int] | None = known.get("occupants")
    if out is None:
        out = {}
        for i, u in enumerate(state.units):
            if u[U.BUILDING]:
                key = (u[U.REGION], u[U.BUILDING])
                if key not in out:
                    out[key] = i
        known["occupants"] = out
    return out


def seat_units(state: ArchState, seat: int) -> SeatUnits:
    """``SeatUnits(state, seat)``, kept while no unit of the seat moves (memo.py)."""
    known: dict[Any, Any] | None = state._cache.get(KEY)   # (of_pieces, without a call)
    if known is None:
        known = of_pieces(state)
    per_seat: dict[int, SeatUnits] | None = known.get(SEAT_UNITS)
    if per_seat is None:
        per_seat = known[SEAT_UNITS] = {}
    got = per_seat.get(seat)
    if got is None:
        got = per_seat[seat] = SeatUnits(state, seat)
    return got


def _controller(state: ArchState, occupants: dict[tuple[int, str], int], region: int,
                kind: str) -> int:
    """``controller(state, region, kind)`` for a ``kind`` built in ``region``, with the
    occupants known."""
    units = state.units
    if kind != "town":
        occ = occupants.get((region, kind), -1)
        if occ >= 0 and units[occ][U.STANDING]:
            return int(units[occ][U.OWNER])
        if "town" not in state.regions[region]["buildings"]:
            return -1
    occ = occupants.get((region, "town"), -1)
    if occ >= 0 and units[occ][U.STANDING] and not units[occ][U.SHIP]:
        return int(units[occ][U.OWNER])
    return -1


def town_controller_of(state: ArchState, occupants: dict[tuple[int, str], int],
                       region: int) -> int:
    """``town_controller(state, region)`` of a region with a town, with the occupants known."""
    return _controller(state, occupants, region, "town")


def count_built(state: ArchState, kind: str) -> int:
    n = 0
    for reg in state.regions:   # (a loop: a comprehension is one more call, and a list)
        if kind in reg["buildings"]:
            n += 1
    return n


def tokens_left(state: ArchState, kind: str) -> int:
    c = state.content
    if kind in ("market", "port"):
        return c.market_port_tokens - count_built(state, "market") - count_built(state, "port")
    return c.town_church_tokens - count_built(state, "town") - count_built(state, "church")


def may_harvest_in(state: ArchState, seat: int, region: int) -> bool:
    """A region controlled by another player's town needs its permission (L459, L709)."""
    ctrl = town_controller(state, region)
    return ctrl < 0 or ctrl == seat or [ctrl, seat, region] in state.permits


def inhabitants_limit(state: ArchState, seat: int, region: int) -> bool:
    """True if the seat may add one more inhabitant in ``region`` (at most 3, L547)."""
    return len(inhabitants_in(state, region, seat)) < 3


BUILDING_KINDS = BUILDINGS
_EXPEL: Pool[Expel] = Pool(Expel)   # one instance per action value (issue 19)


class SeatUnits:
    """What the disc menu asks of one seat's units, from a single pass over them (issue 19):

    * ``free``: active free units on the archipelago not in a building (the harvesters and
      builders), in index order;
    * ``housed``: active free units in a building (builders too, L615: they leave their
      building for the new one, or build a ship where they stand), in index order;
    * ``mobile``: an active free unit on the archipelago (it may explore or migrate);
    * ``inhabitant_in_box`` / ``ship_in_box``: a piece of that kind is still in the box;
    * ``inhabitants``: region -> the seat's inhabitants there, in index order;
    * ``standing``: regions where the seat has an active unit (ship or inhabitant)."""

    __slots__ = ("free", "housed", "inhabitant_in_box", "inhabitants", "mobile", "ship_in_box",
                 "standing")

    def __init__(self, state: ArchState, seat: int) -> None:
        free: list[int] = []
        housed: list[int] = []
        inhabitants: dict[int, list[int]] = {}
        standing: set[int] = set()
        mobile = inh_box = ship_box = False
        box = U.BOX
        per = len(state.units) // state.players   # (span(state, seat))
        lo = seat * per
        # (each record unpacked once, first: a field read by subscript costs as much as the
        # unpacking of all eight; the index by ``enumerate``, not a counter)
        for i, (owner, ship, k, is_standing, engaged, building, _icon, _shore) in enumerate(
                state.units[lo:lo + per], lo):
            if owner != seat:
                continue
            if k < 0:   # in the box (or a wonder): only whether a piece of each kind is there
                if k == box:
                    if ship:
                        ship_box = True
                    else:
                        inh_box = True
                continue
            if is_standing:
                standing.add(k)
                if not engaged:
                    mobile = True
                    if not building:
                        free.append(i)
                    else:
                        housed.append(i)
            if not ship:
                got = inhabitants.get(k)
                if got is None:
                    inhabitants[k] = [i]
                else:
                    got.append(i)
        self.free = free
        self.housed = housed
        self.mobile = mobile
        self.inhabitant_in_box = inh_box
        self.ship_in_box = ship_box
        self.inhabitants = inhabitants
        self.standing = standing

    def without_free(self, unit: int) -> SeatUnits:
        """These units once ``unit``, one of ``free``, is engaged where it stands (a harvest):
        another unit of ``free`` must be left, so the seat stays ``mobile``. The other facts
        are shared (neither is changed once read)."""
        got = SeatUnits.__new__(SeatUnits)
        got.free = [i for i in self.free if i != unit]
        got.housed = self.housed
        got.mobile = self.mobile
        got.inhabitant_in_box = self.inhabitant_in_box
        got.ship_in_box = self.ship_in_box
        got.inhabitants = self.inhabitants
        got.standing = self.standing
        return got


#: the buildings whose striker the town's controller may expel (L715 «порт/рынок»)
EXPELLED_FROM = ("market", "port")


def expel_options(state: ArchState, seat: int) -> tuple[Action, ...]:
    """``expel_options_afresh``, kept with the pieces' facts (memo.py): it reads only the
    units, the regions and who controls what (issue 19)."""
    known = state._cache.get(KEY)   # (kept_for_seat, without a call when it is kept)
    got: tuple[Action, ...] | None = None if known is None else known.get(EXPEL_KEYS[seat])
    if got is None:   # (kept_for_seat's part, without its call)
        if known is None:
            known = of_pieces(state)
        got = known[EXPEL_KEYS[seat]] = tuple(expel_options_afresh(state, seat))
    return got


#: the pieces' facts' key of a seat's ``expel_options`` (one shared tuple per seat)
EXPEL_KEYS = tuple(("expel", seat) for seat in range(8))


def expel_options_afresh(state: ArchState, seat: int) -> list[Action]:
    """L715: «Если после разрешения кризиса, занимающий порт/рынок юнит игрока Б становится
    забастовщиком, игрок А может выгнать его … Он перемещает забастовщика из объекта в любое
    место региона, оставив лежать на спине»: in the regions whose town ``seat`` controls,
    each market or port occupied by another player's striker, onto each shore of the region
    (a strait region has two, L721; a ship stays on the water, shore 0)."""
    out: list[Action] = []
    known = state._cache.get(KEY)   # (controls_any and controlled: one call at most)
    towns: list[int] | None = None if known is None else known.get(TOWN_KEYS[seat])
    if towns is None:
        towns = controlled(state, seat, "town")
    if not towns:
        return out
    occ = occupants(state)
    units = state.units
    for k in towns:
        for what in EXPELLED_FROM:
            i = occ.get((k, what), -1)
            if i < 0:
                continue
            u = units[i]
            if u[U.STANDING] or u[U.OWNER] == seat:
                continue
            reg = state.regions[k]
            strait = state.content.hexes[reg["hex"]][reg["side"]].strait
            out.append(_EXPEL[(k, what, 0)])
            if strait and not u[U.SHIP]:
                out.append(_EXPEL[(k, what, 1)])
    return out


def expel(state: ArchState, seat: int, region: int, what: str, shore: int) -> None:
    """L715: the striker leaves the building for the region (``shore``), still lying down; the
    building is left to the town's controller (``controller``)."""
    i = occupant(state, region, what)
    u = state.units[i]
    u[U.BUILDING], u[U.ICON], u[U.SHORE] = "", -1, shore
    if state.record_events:
        state.emit("archipelago.event.expel", seat=seat, victim=int(u[U.OWNER]),
                   what=f"archipelago.building.{what}", region=region)
