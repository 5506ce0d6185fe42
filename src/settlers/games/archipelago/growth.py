"""«Репродукция» (archipelago.ru.txt L539-557) and «Вербовка» (L559-577)."""

from __future__ import annotations

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import board, economy
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Done, RecruitTo, ReproduceIn
from settlers.games.archipelago.markers import move_surplus, recruit_price
from settlers.games.archipelago.pieces import (
    SeatUnits,
    has_in_box,
    in_box,
    inhabitants_in,
    seat_units,
    span,
)
from settlers.games.archipelago.state import ArchState

# one instance per action value (issue 19)
_RECRUIT_TO: Pool[RecruitTo] = Pool(RecruitTo)
_REPRODUCE_IN: Pool[ReproduceIn] = Pool(ReproduceIn)
_DONE = Done()


def reproduction_regions(state: ArchState, seat: int, scan: SeatUnits | None = None) -> list[int]:
    """Regions where the seat has exactly two inhabitants, both active (L543-547), and on
    the same shore of a strait (L723)."""
    units = state.units
    return sorted(k for k, us in (scan or seat_units(state, seat)).inhabitants.items()
                  if len(us) == 2 and units[us[0]][U.STANDING] and units[us[1]][U.STANDING]
                  and units[us[0]][U.SHORE] == units[us[1]][U.SHORE])


def reproduces_somewhere(state: ArchState, scan: SeatUnits) -> bool:
    """``bool(reproduction_regions(state, seat, scan))``, stopping at the first region (a
    plain loop: the disc menu asks it whenever the pieces have moved, issue 19)."""
    units = state.units
    standing, shore = U.STANDING, U.SHORE
    for us in scan.inhabitants.values():
        if len(us) == 2:
            first, second = units[us[0]], units[us[1]]
            if first[standing] and second[standing] and first[shore] == second[shore]:
                return True
    return False


def has_room(state: ArchState, scan: SeatUnits) -> bool:
    """A region with land where the seat has an active unit and fewer than 3 inhabitants
    (L547, L571): ``bool(recruit_regions(state, seat, scan))``."""
    living = scan.inhabitants
    for k in scan.standing:
        got = living.get(k)
        if (got is None or len(got) < 3) and board.has_land(state, k):
            return True
    return False


def can_reproduce(state: ArchState, seat: int, scan: SeatUnits | None = None) -> bool:
    if state.reproduced[seat]:
        return False
    scan = scan or seat_units(state, seat)
    return scan.inhabitant_in_box and bool(reproduction_regions(state, seat, scan))


def start_reproduction(state: ArchState, seat: int) -> None:
    """The disc on «Репродукция» (once a turn, L541): the player then chooses, region by
    region, where an inhabitant is added (``reproduce_legal``), then ``done``."""
    state.reproduced[seat] = True
    state.step = "reproduce"
    state.ctx = {"n": 0}


def reproduce_legal(state: ArchState, seat: int) -> list[Action]:
    """L545 «В каждом регионе, где игрок контролирует ровно 2 жителей, он может добавить 1
    жителя»: each such region at most once (it then holds 3), while an inhabitant is left in
    the box (L551); ``done`` at any time."""
    if not has_in_box(state, seat, False):
        return [_DONE]
    return [*(_REPRODUCE_IN[(k,)] for k in reproduction_regions(state, seat)), _DONE]


def reproduce_in(state: ArchState, seat: int, region: int) -> None:
    """An inhabitant from the box joins the two of ``region``, on their shore (L545, L723);
    the population marker follows (L545). The step ends by itself once no choice is left."""
    u = state.units[in_box(state, seat, False)[0]]
    u[U.SHORE] = state.units[inhabitants_in(state, region, seat)[0]][U.SHORE]
    u[U.REGION], u[U.STANDING] = region, True
    state.population += 1
    state.ctx["n"] += 1
    if state.record_events:
        state.emit("archipelago.event.reproduce", seat=seat, region=region)
    if not has_in_box(state, seat, False) or not reproduction_regions(state, seat):
        state.step, state.ctx = "", {}


def recruit_regions(state: ArchState, seat: int, scan: SeatUnits | None = None) -> list[int]:
    """Regions where the seat has an active unit, engaged or not, and room (L571), on land
    (L571 «располагает их на суше»: not the open sea, where only a ship may stand)."""
    scan = scan or seat_units(state, seat)
    living = scan.inhabitants   # inhabitants of the seat per region (at most 3, L547)
    return sorted(k for k in scan.standing
                  if len(living.get(k, ())) < 3 and board.has_land(state, k))


def recruit_shores(state: ArchState, seat: int, region: int) -> list[int]:
    """L571, L723: a recruit joins a shore where the seat has an active unit; a ship recruits
    on either shore of a strait. A region without a strait has the one shore 0."""
    if not board.region_face(state, region).strait:
        return [0]
    shores: set[int] = set()
    units = state.units
    for i in span(state, seat):   # (the seat's units alone)
        u = units[i]
        if u[U.OWNER] == seat and u[U.REGION] == region and u[U.STANDING]:
            shores |= {0, 1} if u[U.SHIP] else {u[U.SHORE]}
    return sorted(shores)


def can_recruit(state: ArchState, seat: int, scan: SeatUnits | None = None) -> bool:
    price = recruit_price(state)
    if price is None or state.money[seat] < price:
        return False
    scan = scan or seat_units(state, seat)
    return scan.inhabitant_in_box and has_room(state, scan)


def start(state: ArchState, limit: int) -> None:
    state.step = "recruit"
    state.ctx = {"left": limit, "n": 0}


def legal(state: ArchState, seat: int) -> list[Action]:
    out: list[Action] = []
    if state.ctx["left"] > 0 and can_recruit(state, seat):
        out = [_RECRUIT_TO[(k, shore)] for k in recruit_regions(state, seat)
               for shore in recruit_shores(state, seat, k)]
    return [*out, _DONE]


def recruit_to(state: ArchState, seat: int, region: int, shore: int = 0) -> None:
    price = recruit_price(state)
    assert price is not None
    economy.pay_bank(state, seat, price)
    u = state.units[in_box(state, seat, False)[0]]
    u[U.SHORE] = shore
    u[U.REGION], u[U.STANDING] = region, True
    move_surplus(state, -1)   # L575
    state.population += 1
    state.ctx["left"] -= 1
    state.ctx["n"] += 1
    if state.record_events:
        state.emit("archipelago.event.recruit", seat=seat, region=region, price=price)
