"""«Добыча ресурсов» (archipelago.ru.txt L443-461, content-facts T15): one resource type per
action; each active free unit put on a free icon of that resource takes one cube (two with the
matching progress card); fish only by ships, land resources only by inhabitants; a region
controlled by another player's town needs permission."""

from __future__ import annotations

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import board, economy, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Done, HarvestWith
from settlers.games.archipelago.content import FISH, RESOURCES
from settlers.games.archipelago.memo import of_pieces
from settlers.games.archipelago.state import ArchState

# one instance per action value (issue 19)
_WITH: Pool[HarvestWith] = Pool(HarvestWith)
_DONE = Done()


def free_icon(state: ArchState, region: int, res: int, shore: int = -1) -> int:
    """A free icon of ``res``; an inhabitant of a strait region only works its own shore
    (L731)."""
    face = board.region_face(state, region)
    taken = {u[U.ICON] for u in state.units if u[U.REGION] == region and u[U.ICON] >= 0}
    plundered = state.regions[region]["plundered"]
    for i, icon in enumerate(face.icons):
        if (icon == res and i not in taken and i not in plundered
                and (shore < 0 or face.icon_shores[i] == shore)):
            return i
    return -1


def units_for(state: ArchState, seat: int, res: int) -> list[int]:
    return list(_harvesters(state, seat, res)[res])


def _harvesters(state: ArchState, seat: int, only: int = -1,
                scan: pieces.SeatUnits | None = None) -> list[list[int]]:
    """Per resource, the seat's active free units that could harvest it now: fish only by
    ships, land resources only by inhabitants (not in a building), on a free icon (of their
    own shore on a strait, L731) of a region they may harvest in (L459). ``only`` >= 0 limits
    the search to that resource."""
    known = of_pieces(state)
    key = ("harvesters", seat, only, len(state.permits))   # permits only grow between moves
    got: list[list[int]] | None = known.get(key)
    if got is None and only >= 0:   # the search for every resource lists the same units
        got = known.get(("harvesters", seat, -1, len(state.permits)))
    if got is None:
        got = known[key] = _find_harvesters(state, seat, only, scan)
    return got


def _find_harvesters(state: ArchState, seat: int, only: int,
                     scan: pieces.SeatUnits | None) -> list[list[int]]:
    out: list[list[int]] = [[], [], [], [], [], []]
    mine = (scan or pieces.seat_units(state, seat)).free
    if not mine:
        return out
    units = state.units
    regions = state.regions
    hexes = state.content.hexes
    taken = _taken_icons(state)
    allowed: dict[int, bool] = {}
    # (region, shore) -> (a fish icon is free, the other resources with a free icon):
    # the same for every seat, kept while no piece moves
    icons_free: dict[tuple[int, int], tuple[bool, list[int]]] = _icons_free(state)
    fish_takers = out[FISH]
    for i in mine:
        _owner, ship, k, _standing, _engaged, _building, _icon, shore = units[i]
        if ship:
            if only >= 0 and only != FISH:
                continue
            shore = -1
        elif only == FISH:
            continue
        ok = allowed.get(k)
        if ok is None:
            # pieces.may_harvest_in: only a town can close a region (its controller read from
            # the occupants kept with the pieces' facts)
            if "town" in regions[k]["buildings"]:
                ctrl = pieces.town_controller_of(state, pieces.occupants(state), k)
                ok = ctrl < 0 or ctrl == seat or [ctrl, seat] in state.permits
            else:
                ok = True
            allowed[k] = ok
        if not ok:
            continue
        found = icons_free.get((k, shore))
        if found is None:
            reg = regions[k]
            face = state.start_face if reg["hex"] < 0 else hexes[reg["hex"]][reg["side"]]
            busy = taken.get(k, ())
            plundered = reg["plundered"]
            fish = False
            land: list[int] = []
            icon_shores = face.icon_shores
            for j, icon in enumerate(face.icons):
                if (j not in busy and j not in plundered
                        and (shore < 0 or icon_shores[j] == shore)):
                    if icon == FISH:
                        fish = True
                    elif icon not in land:
                        land.append(icon)
            found = icons_free[(k, shore)] = (fish, land)
        if ship:
            if found[0]:
                fish_takers.append(i)
        elif only < 0:
            for r in found[1]:
                out[r].append(i)
        elif only in found[1]:
            out[only].append(i)
    return out


def _icons_free(state: ArchState) -> dict[tuple[int, int], tuple[bool, list[int]]]:
    known = of_pieces(state)
    got: dict[tuple[int, int], tuple[bool, list[int]]] | None = known.get("icons_free")
    if got is None:
        got = known["icons_free"] = {}
    return got


def _taken_icons(state: ArchState) -> dict[int, set[int]]:
    """Region -> the icons units stand on; kept while no piece moves (memo.py): do not change
    it."""
    known = of_pieces(state)
    taken: dict[int, set[int]] | None = known.get("taken_icons")
    if taken is None:
        taken = known["taken_icons"] = {}
        icon, region = U.ICON, U.REGION
        for v in state.units:
            if v[icon] >= 0 and v[region] >= 0:
                got = taken.get(v[region])
                if got is None:
                    taken[v[region]] = {v[icon]}
                else:
                    got.add(v[icon])
    return taken


def possible(state: ArchState, seat: int, scan: pieces.SeatUnits | None = None) -> list[int]:
    return [r for r, units in enumerate(_harvesters(state, seat, -1, scan)) if units]


def start(state: ArchState, res: int) -> None:
    state.step = "harvest"
    state.ctx = {"res": res, "double": bool(state.round.get(f"double_{RESOURCES[res]}"))}


def legal(state: ArchState, seat: int) -> list[Action]:
    return [*(_WITH[(u,)] for u in units_for(state, seat, state.ctx["res"])), _DONE]


def harvest_with(state: ArchState, seat: int, unit: int) -> None:
    res = state.ctx["res"]
    u = state.units[unit]
    u[U.ICON] = free_icon(state, u[U.REGION], res, -1 if u[U.SHIP] else u[U.SHORE])
    u[U.ENGAGED] = True   # L455: it stays on the icon until the next liberation
    got = economy.gain_cubes(state, seat, res, 2 if state.ctx["double"] else 1)
    if state.record_events:
        state.emit("archipelago.event.harvest", seat=seat, res=f"archipelago.res.{RESOURCES[res]}",
                   n=got)
