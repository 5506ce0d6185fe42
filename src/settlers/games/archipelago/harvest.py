"""«Добыча ресурсов» (archipelago.ru.txt L443-461, content-facts T15): one resource type per
action; each active free unit put on a free icon of that resource takes one cube (two with the
matching progress card); fish only by ships, land resources only by inhabitants; a region
controlled by another player's town needs permission. A unit standing in a building is an
active free unit too (T15 «active units not yet engaged»): it leaves its building for the icon."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import board, economy, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Done, HarvestWith
from settlers.games.archipelago.content import FISH, RESOURCES, Content, Face
from settlers.games.archipelago.memo import KEY as PIECES
from settlers.games.archipelago.memo import SEAT_UNITS, drop_seat_facts, of_pieces
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of

# one instance per action value (issue 19)
_WITH: Pool[HarvestWith] = Pool(HarvestWith)
_DONE = Done()


def free_icon(state: ArchState, region: int, res: int, shore: int = -1) -> int:
    """A free icon of ``res``; an inhabitant of a strait region only works its own shore
    (L723)."""
    face = board.region_face(state, region)
    taken = set()
    at, on = U.REGION, U.ICON
    for u in state.units:   # (a loop with the fields in locals: no comprehension)
        if u[at] == region and u[on] >= 0:
            taken.add(u[on])
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
    ships, land resources only by inhabitants (in a building too: it would leave it), on a free
    icon (of their own shore on a strait, L723) of a region they may harvest in (L459).
    ``only`` >= 0 limits the search to that resource."""
    known: dict[Any, Any] | None = state._cache.get(PIECES)   # (of_pieces, without a call)
    if known is None:
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
    scan = scan or pieces.seat_units(state, seat)
    mine = scan.free
    if scan.housed:
        mine = sorted([*mine, *scan.housed])
    if not mine:
        return out
    units = state.units
    regions = state.regions
    hexes = state.content.hexes
    taken = _taken_icons(state)
    allowed: dict[int, bool] = {}
    # (region, shore) -> (a fish icon is free, the other resources with a free icon):
    # the same for every seat, kept while no piece moves
    icons_free: dict[tuple[int, int], FreeIcons] = _icons_free(state)
    fish_takers = out[FISH]
    unworked: _Unworked | None = None
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
                ok = ctrl < 0 or ctrl == seat or [ctrl, seat, k] in state.permits
            else:
                ok = True
            allowed[k] = ok
        if not ok:
            continue
        found = icons_free.get((k, shore))
        if found is None:
            reg = regions[k]
            h = reg["hex"]
            plundered = reg["plundered"]
            if h >= 0 and not plundered and k not in taken:   # every icon free
                if unworked is None:
                    unworked = _unworked(state)
                found = unworked[(h, reg["side"], shore)]
            else:
                face = state.start_face if h < 0 else hexes[h][reg["side"]]
                found = free_on(face, shore, taken.get(k, ()), plundered)
            icons_free[(k, shore)] = found
        if ship:
            if found[0]:
                fish_takers.append(i)
        elif only < 0:
            for r in found[1]:
                out[r].append(i)
        elif only in found[1]:
            out[only].append(i)
    return out


#: (whether a fish icon is free, the land resources with a free icon, each once, in icon order)
FreeIcons = tuple[bool, list[int]]


def free_on(face: Face, shore: int, busy: Collection[int], plundered: Collection[int]
            ) -> FreeIcons:
    """The icons of ``face`` free for a unit on ``shore`` (-1: a ship, any shore), none of
    ``busy`` (units stand on them) nor ``plundered``."""
    fish = False
    land: list[int] = []
    icon_shores = face.icon_shores
    for j, icon in enumerate(face.icons):
        if j not in busy and j not in plundered and (shore < 0 or icon_shores[j] == shore):
            if icon == FISH:
                fish = True
            elif icon not in land:
                land.append(icon)
    return fish, land


class _Unworked(dict[tuple[int, int, int], FreeIcons]):
    """(hex, side, shore) -> ``free_on`` the face with no icon taken or plundered: per content
    set (tables.py), for the regions where nobody harvested (issue 19). Read only."""

    def __init__(self, content: Content) -> None:
        super().__init__()
        self.content = content

    def __missing__(self, key: tuple[int, int, int]) -> FreeIcons:
        h, side, shore = key
        got = self[key] = free_on(self.content.hexes[h][side], shore, (), ())
        return got


def _unworked(state: ArchState) -> _Unworked:
    content = state.content
    try:   # (tables_of, without a call)
        memo = content._tables.memo  # type: ignore[attr-defined]
    except AttributeError:
        memo = tables_of(content).memo
    got: _Unworked | None = memo.get("unworked_icons")
    if got is None:
        got = memo["unworked_icons"] = _Unworked(state.content)
    return got


def _icons_free(state: ArchState) -> dict[tuple[int, int], FreeIcons]:
    known: dict[Any, Any] | None = state._cache.get(PIECES)   # (of_pieces, without a call)
    if known is None:
        known = of_pieces(state)
    got: dict[tuple[int, int], FreeIcons] | None = known.get("icons_free")
    if got is None:
        got = known["icons_free"] = {}
    return got


def _taken_icons(state: ArchState) -> dict[int, set[int]]:
    """Region -> the icons units stand on; kept while no piece moves (memo.py): do not change
    it."""
    known: dict[Any, Any] | None = state._cache.get(PIECES)   # (of_pieces, without a call)
    if known is None:
        known = of_pieces(state)
    taken: dict[int, set[int]] | None = known.get("taken_icons")
    if taken is None:
        taken = known["taken_icons"] = {}
        if none_taken(state):
            return taken
        icon, region = U.ICON, U.REGION
        for v in state.units:
            if v[icon] >= 0 and v[region] >= 0:
                got = taken.get(v[region])
                if got is None:
                    taken[v[region]] = {v[icon]}
                else:
                    got.add(v[icon])
    return taken


#: the phases between a liberation (phase 1, L240-244: every icon on the archipelago freed) and
#: the action phase, and turn 0 before the first liberation
_NO_HARVEST_YET = frozenset(("start", "bids", "order", "crisis"))


def none_taken(state: ArchState) -> bool:
    """True when no unit stands on an icon, known without reading the units (issue 19): only
    ``harvest_with`` puts a unit on an icon, in a harvest step, which only a disc on the harvest
    zone starts (flow.apply_round); the discs stay on the wheel until the action phase ends, and
    the liberation frees every icon before the next one. So none is taken before the action
    phase, nor in it until a harvest disc is on the wheel (the buy phase is not known so)."""
    phase = state.phase
    if phase == "actions":
        for _seat, zone in state.wheel_discs:  # noqa: SIM110 (a loop: no generator)
            if zone == "harvest":
                return False
        return True
    return phase in _NO_HARVEST_YET


def carry_over(state: ArchState, known: dict[Any, Any], unit: int) -> None:
    """The pieces' facts ``known`` kept across ``harvest_with`` of ``unit`` (memo.HARVEST),
    made true after it: its icon taken, the free icons of its region read again, the
    harvests and disc-menu facts dropped of every seat with a free unit there (or whose units
    are not known), and the harvester no longer free in its owner's units."""
    u = state.units[unit]
    k = u[U.REGION]
    taken = known.get("taken_icons")
    if taken is not None:   # (copied: the dict and its sets are shared with the facts before)
        taken = known["taken_icons"] = dict(taken)
        taken[k] = {*taken.get(k, ()), u[U.ICON]}
    icons_free = known.get("icons_free")
    if icons_free is not None:
        known["icons_free"] = {at: free for at, free in icons_free.items() if at[0] != k}
    units = state.units
    scans = known.get(SEAT_UNITS, {})
    working_there = set()   # (loops: no comprehension nor generator)
    for seat in range(state.players):
        scan = scans.get(seat)
        if scan is None:
            working_there.add(seat)
            continue
        for i in scan.free:
            if units[i][U.REGION] == k:
                working_there.add(seat)
                break
        else:
            for i in scan.housed:
                if units[i][U.REGION] == k:
                    working_there.add(seat)
                    break
    drop_seat_facts(known, working_there)
    actor = u[U.OWNER]
    scan = scans.get(actor)   # (memo.after_own_move left it: the units before the harvest)
    if scan is not None:
        if unit in scan.free and len(scan.free) > 1:   # the harvester is engaged now: not
            scans[actor] = scan.without_free(unit)     # free, and another free unit is mobile
        else:
            del scans[actor]


def possible(state: ArchState, seat: int, scan: pieces.SeatUnits | None = None) -> list[int]:
    return [r for r, units in enumerate(_harvesters(state, seat, -1, scan)) if units]


def start(state: ArchState, res: int) -> None:
    state.step = "harvest"
    state.ctx = {"res": res, "double": bool(state.round.get(f"double_{RESOURCES[res]}"))}


def legal(state: ArchState, seat: int) -> list[Action]:
    out: list[Action] = []   # (a loop: no generator)
    for u in _harvesters(state, seat, state.ctx["res"])[state.ctx["res"]]:
        out.append(_WITH[(u,)])
    out.append(_DONE)
    return out


def harvest_with(state: ArchState, seat: int, unit: int) -> None:
    res = state.ctx["res"]
    u = state.units[unit]
    u[U.BUILDING] = ""   # a unit standing in a building leaves it for the icon
    u[U.ICON] = free_icon(state, u[U.REGION], res, -1 if u[U.SHIP] else u[U.SHORE])
    u[U.ENGAGED] = True   # L455: it stays on the icon until the next liberation
    got = economy.gain_cubes(state, seat, res, 2 if state.ctx["double"] else 1)
    if state.record_events:
        state.emit("archipelago.event.harvest", seat=seat, res=f"archipelago.res.{RESOURCES[res]}",
                   n=got)
