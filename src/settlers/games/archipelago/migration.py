"""«Миграция» and «Морской конвой» (archipelago.ru.txt L579-607): every active free unit may
move once — to a free building of its region or of a neighbour, to a neighbour by land
(inhabitants) or by sea (ships); an inhabitant crosses the sea in a convoy of its owner's
ship. Roads and the Admiral lengthen the moves; the False prophet moves one inhabitant per
church."""

from __future__ import annotations

from settlers.core import Action
from settlers.games.archipelago import board, pieces
from settlers.games.archipelago.actions import Done, MoveUnit
from settlers.games.archipelago.state import (
    BUILDING,
    ENGAGED,
    ICON,
    OWNER,
    REGION,
    SHIP,
    SHORE,
    STANDING,
    ArchState,
)


def start(state: ArchState, limit: int, inhabitants_only: bool) -> None:
    state.step = "migrate"
    state.ctx = {"moved": [], "left": limit, "inhabitants_only": inhabitants_only}


def _ships_in(state: ArchState, seat: int, region: int) -> bool:
    return any(u[OWNER] == seat and u[SHIP] and u[REGION] == region and u[STANDING]
               for u in state.units)


def reach(state: ArchState, seat: int, unit: int) -> list[int]:
    """Regions the unit can reach, its own included (for entering a building there).

    Ships sail one region (three with the Admiral). An inhabitant walks one region by land
    (two with Roads), leaving a strait region from its own shore; it crosses sea borders in
    convoys of its owner's active ships — each crossing needs such a ship in one of the two
    regions, and a convoy may change ships to cross several borders (L589-597)."""
    u = state.units[unit]
    start_region = u[REGION]
    if u[SHIP]:
        hops = 3 if state.round.get("admiral") else 1
        seen = {start_region}
        frontier = [start_region]
        for _ in range(hops):
            nxt = []
            for k in frontier:
                for _d, other in board.neighbours(state, k):
                    if other not in seen and board.sea_link(state, k, other):
                        seen.add(other)
                        nxt.append(other)
            frontier = nxt
        return sorted(seen)
    walk = 2 if state.round.get("roads") else 1
    best = {start_region: 0}          # region -> fewest land steps used to get there
    queue = [start_region]
    while queue:
        k = queue.pop(0)
        used = best[k]
        for d, other in board.neighbours(state, k):
            cost = None
            if board.land_link(state, k, other) and (
                    k != start_region or board.edge_shore(state, k, d) == u[SHORE]):
                cost = used + 1
            if board.sea_link(state, k, other) and (
                    _ships_in(state, seat, k) or _ships_in(state, seat, other)):
                cost = used if cost is None else min(cost, used)
            if cost is not None and cost <= walk and cost < best.get(other, walk + 1):
                best[other] = cost
                queue.append(other)
    return sorted(best)


def free_buildings(state: ArchState, region: int, ship: bool) -> list[str]:
    out = []
    for kind in state.regions[region]["buildings"]:
        if ship and kind != "port":
            continue
        if pieces.occupant(state, region, kind) < 0:
            out.append(kind)
    return sorted(out)


def legal(state: ArchState, seat: int) -> list[Action]:
    ctx = state.ctx
    out: list[Action] = []
    if ctx["left"] != 0:
        for i, u in enumerate(state.units):
            if (u[OWNER] != seat or u[REGION] < 0 or not u[STANDING] or u[ENGAGED]
                    or i in ctx["moved"] or (ctx["inhabitants_only"] and u[SHIP])):
                continue
            for k in reach(state, seat, i):
                if k != u[REGION] and (u[SHIP] or pieces.inhabitants_limit(state, seat, k)):
                    out.append(MoveUnit(i, k, ""))
                elif (k == u[REGION] and not u[SHIP] and not u[BUILDING]
                      and board.region_face(state, k).strait and _ships_in(state, seat, k)):
                    out.append(MoveUnit(i, k, ""))   # a convoy across the strait (L589)
                for kind in free_buildings(state, k, bool(u[SHIP])):
                    if u[SHIP] or k == u[REGION] or pieces.inhabitants_limit(state, seat, k):
                        out.append(MoveUnit(i, k, kind))
    return [*out, Done()]


def move(state: ArchState, seat: int, action: MoveUnit) -> None:
    u = state.units[action.unit]
    if u[SHIP]:
        shore = 0
    elif action.region == u[REGION]:
        shore = u[SHORE] if action.building else 1 - u[SHORE]
    elif board.land_link(state, u[REGION], action.region):
        shore = board.shore_towards(state, action.region, u[REGION])
    else:
        shore = 0
    u[REGION], u[BUILDING], u[ICON], u[SHORE] = action.region, action.building, -1, shore
    state.ctx["moved"].append(action.unit)
    state.ctx["left"] -= 1
    state.emit("archipelago.event.move", seat=seat, region=action.region)
