"""«Миграция» and «Морской конвой» (archipelago.ru.txt L579-607): every active free unit may
move once — to a free building of its region or of a neighbour, to a neighbour by land
(inhabitants) or by sea (ships); an inhabitant crosses the sea in a convoy of its owner's
ship. Roads and the Admiral lengthen the moves; the False prophet moves one inhabitant per
church."""

from __future__ import annotations

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import board, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Done, MoveUnit
from settlers.games.archipelago.memo import of_board
from settlers.games.archipelago.state import ArchState


def start(state: ArchState, limit: int, inhabitants_only: bool) -> None:
    state.step = "migrate"
    state.ctx = {"moved": [], "left": limit, "inhabitants_only": inhabitants_only}


def ships_of(state: ArchState, seat: int) -> set[int]:
    """The regions where the seat has an active ship that is not engaged (a convoy's crossing
    points, L589): a harvesting ship stays on its icon (L451) and an engaged unit takes no
    action that moves it (L455), and a convoy moves the ship to the border line (L591)."""
    units = state.units
    return {v[U.REGION] for i in pieces.span(state, seat)
            if (v := units[i])[U.OWNER] == seat and v[U.SHIP] and v[U.STANDING]
            and not v[U.ENGAGED] and v[U.REGION] >= 0}


def reach(state: ArchState, seat: int, unit: int, ships: set[int] | None = None,
          ships_key: tuple[int, ...] | None = None) -> list[int]:
    """Regions the unit can reach, its own included (for entering a building there).

    Ships sail one region (three with the Admiral). An inhabitant walks one region by land
    (two with Roads), and crosses sea borders in convoys of its owner's active free ships —
    each crossing needs such a ship in one of the two regions, and a convoy may change ships
    to cross several borders (L589-597); on a strait region it goes shore by shore
    (``reach_shores``).

    The answer depends on the layout, where the unit stands and, for an inhabitant, on the
    regions of its owner's active free ships (``ships``, and ``ships_key``: them sorted) alone: it
    is kept with the layout's facts (memo.BOARD) under those. Do not change it."""
    u = state.units[unit]
    if u[U.SHIP]:
        far = 3 if state.round.get("admiral") else 1
        key: tuple[object, ...] = (_REACH, u[U.REGION], -1, far, ())
        known = of_board(state)
        got: list[int] | None = known.get(key)
        if got is None:
            got = known[key] = _sail(state, u[U.REGION], far)
        return got
    return list(reach_shores(state, seat, unit, ships, ships_key))


def reach_shores(state: ArchState, seat: int, unit: int, ships: set[int] | None = None,
                 ships_key: tuple[int, ...] | None = None) -> dict[int, tuple[int, ...]]:
    """``reach`` of an inhabitant with the shores it may end on in each region (0 alone in a
    region without a strait, L721-725), the regions in order: in its own region its own shore
    (a building there on the other shore needs a convoy across the strait, L591, L600); in
    another region, the shore of each border it may cross last. Kept as ``reach`` is."""
    u = state.units[unit]
    far = 2 if state.round.get("roads") else 1
    if ships is None:
        ships = ships_of(state, seat)
    if ships_key is None:
        ships_key = tuple(sorted(ships))
    key = (_REACH, u[U.REGION], u[U.SHORE], far, ships_key)
    known = of_board(state)
    got: dict[int, tuple[int, ...]] | None = known.get(key)
    if got is None:
        got = known[key] = _walk(state, u[U.REGION], u[U.SHORE], far, ships)
    return got


_REACH = "reach"


def _sail(state: ArchState, start_region: int, hops: int) -> list[int]:
    """``reach`` of a ship: by sea, ``hops`` regions at most."""
    # board.land_link / sea_link of k and its neighbour in direction d: the terrain of k's side d
    seen = {start_region}
    frontier = [start_region]
    for _ in range(hops):
        nxt = []
        for k in frontier:
            for _d, other, by_sea, _shore in board.links(state, k):
                if other not in seen and by_sea:
                    seen.add(other)
                    nxt.append(other)
        frontier = nxt
    return sorted(seen)


def _walk(state: ArchState, start_region: int, start_shore: int, walk: int,
          ships: set[int]) -> dict[int, tuple[int, ...]]:
    """``reach_shores`` of an inhabitant standing on ``start_shore``: ``walk`` land steps at
    most. A region without land (the open sea) is no place to end a move (L583 «Жители должны
    двигаться по суше»), though a convoy changing ships may cross it (L593). Its own region
    is reached on its own shore, and on the other one across the strait in a convoy of a ship
    of its owner there (L591 «или в морском проливе»), never by a round trip through a
    neighbour («переместиться в соседний регион или в незанятое здание в своём», L583)."""
    best = _land_steps(state, start_region, start_shore, walk, ships)
    shores: dict[int, set[int]] = {}
    for k, shore in best:
        if k != start_region and board.has_land(state, k):
            shores.setdefault(k, set()).add(shore)
    own = {start_shore}
    if start_region in ships and board.region_face(state, start_region).strait:
        own.add(1 - start_shore)
    shores[start_region] = own
    return {k: tuple(sorted(shores[k])) for k in sorted(shores)}


def _land_steps(state: ArchState, start_region: int, start_shore: int, walk: int,
                ships: set[int]) -> dict[tuple[int, int], int]:
    """The (region, shore) places an inhabitant standing on ``start_shore`` of
    ``start_region`` gets to, with the fewest land steps it uses to get there (``walk`` at
    most). A region without a strait has the one shore 0 (``board.links``); each side of a
    strait region belongs to one shore. From a place it leaves by a border of its shore's
    side: a land border walked (one step), a sea border crossed in a convoy of the player's
    active free ship in one of the two regions (``ships``), whose ship «касался
    разделительной линии» (L591), at no step; it arrives on the shore of the other region's
    side. Where a ship of the player is in a strait region, it carries the inhabitant across
    that strait at no step («или в морском проливе, разделяющем две области суши одного
    региона», L591; a change of ships, L593). Since the ninth reading (2026-12-06, rules .6) a
    strait region passed in the middle of a chain is followed shore by shore too: before, only
    the start and the end were."""
    start = (start_region, start_shore)
    best = {start: 0}          # (region, shore) -> fewest land steps used to get there
    links = board.links
    links_of: dict[int, tuple[board.Link, ...]] = {}   # (each region's board.links, once)
    queue = [start]
    for here in queue:   # (breadth first: the places reached are appended as they are met)
        k, at = here
        used = best[here]
        if k in ships and board.region_face(state, k).strait:
            place = (k, 1 - at)
            if used < best.get(place, walk + 1):   # (used <= walk: it was reached)
                best[place] = used
                queue.append(place)
        here_links = links_of.get(k)
        if here_links is None:
            here_links = links_of[k] = links(state, k)
        for _d, other, sea, shore in here_links:
            if shore != at:
                continue   # a border of the other shore's side: across the strait first
            if not sea:
                cost = used + 1
                if cost > walk:
                    continue
            elif k in ships or other in ships:
                cost = used
            else:
                continue
            # (board.shore_towards(state, other, k), from the links of ``other``)
            toward = 0
            back_links = links_of.get(other)
            if back_links is None:
                back_links = links_of[other] = links(state, other)
            for _d2, back, _sea2, other_shore in back_links:
                if back == k:
                    toward = other_shore
                    break
            place = (other, toward)
            if cost < best.get(place, walk + 1):
                best[place] = cost
                queue.append(place)
    return best


def arrival_shores(state: ArchState, seat: int, unit: int, region: int) -> tuple[int, ...]:
    """The shores of the strait region ``region`` (L721-725) that the inhabitant ``unit`` of
    ``seat`` may land on when it migrates there from another region (``reach_shores``): the
    shore of ``region``'s side of each border it may cross last — a land border walked, a sea
    border crossed in a convoy, whose ship «касался разделительной линии между исходным
    регионом и регионом прибытия» (L591) — and both shores when a ship of the player is in
    ``region`` itself, which may carry it on across the strait («или в морском проливе», L591;
    a change of ships, L593). Before 2026-12-06 (eighth reading) an inhabitant that did not
    walk in from a neighbour always landed on shore 0."""
    return reach_shores(state, seat, unit).get(region, ())


def _mine_in(state: ArchState, seat: int, region: int) -> int:
    return len(pieces.inhabitants_in(state, region, seat))


def over_limit(state: ArchState, seat: int) -> dict[int, int]:
    """Regions where the seat has more than 3 inhabitants, with the excess (L555, L583)."""
    counts = _inhabitants_by_region(state, seat)
    return {k: n - 3 for k, n in counts.items() if n > 3}


def _inhabitants_by_region(state: ArchState, seat: int) -> dict[int, int]:
    """Region -> the seat's inhabitants there."""
    counts: dict[int, int] = {}
    units = state.units
    for i in pieces.span(state, seat):
        u = units[i]
        if u[U.OWNER] == seat and not u[U.SHIP] and u[U.REGION] >= 0:
            counts[u[U.REGION]] = counts.get(u[U.REGION], 0) + 1
    return counts


def _movable(state: ArchState, seat: int, unit: int) -> bool:
    u = state.units[unit]
    ctx = state.ctx
    return (u[U.OWNER] == seat and u[U.REGION] >= 0 and bool(u[U.STANDING]) and not u[U.ENGAGED]
            and unit not in ctx["moved"] and not (ctx["inhabitants_only"] and u[U.SHIP]))


_MOVE: Pool[MoveUnit] = Pool(MoveUnit)
_DONE = Done()


def _raw_moves(state: ArchState, seat: int,
               scan: tuple[dict[int, int], set[int], list[int]] | None = None) -> list[MoveUnit]:
    """Every move the text allows one unit, before the end-of-migration limit (``scan``:
    ``_scan(state, seat)``, when known)."""
    out: list[MoveUnit] = []
    if state.ctx["left"] == 0:
        return out
    units = state.units
    regions = state.regions
    occupants: dict[tuple[int, str], int] | None = None
    _counts, ships, movable = scan or _scan(state, seat)
    ships_key = tuple(sorted(ships))   # (reach asks them for every inhabitant)
    for i in movable:
        u = units[i]
        ship = bool(u[U.SHIP])
        here = u[U.REGION]
        # an inhabitant: the shores it may end on in each region (a ship: any, on the water)
        shores_at = {} if ship else reach_shores(state, seat, i, ships, ships_key)
        for k in (reach(state, seat, i) if ship else shores_at):
            if k != here:
                out.append(_MOVE[(i, k, "")])
            elif (not ship and not u[U.BUILDING]
                  and board.region_face(state, k).strait and k in ships):
                out.append(_MOVE[(i, k, "")])   # a convoy across the strait (L589)
            built = regions[k]["buildings"]
            if built:
                if occupants is None:
                    occupants = pieces.occupants(state)
                # the free buildings a unit may enter (a ship: a port only, L647); L701: an
                # opponent cannot take a port, market or church of a region another player's
                # town controls
                town = (pieces.town_controller_of(state, occupants, k)
                        if "town" in built else -1)
                # an inhabitant reaches a building of a strait region on its shore alone
                # (L621, L583, pieces.building_shore: since rules .6, ninth reading)
                free = [kind for kind in built if (not ship or kind == "port")
                        and (k, kind) not in occupants
                        and (kind == "town" or town < 0 or town == seat)
                        and (ship or built[kind] is True or built[kind] in shores_at[k])]
                if free:
                    free.sort()
                    for kind in free:
                        out.append(_MOVE[(i, k, kind)])
    return out


def _scan(state: ArchState, seat: int) -> tuple[dict[int, int], set[int], list[int]]:
    """One pass over the seat's units (issue 19): ``_inhabitants_by_region``, ``ships_of`` and
    the units that may move now (``_movable``), in index order."""
    counts: dict[int, int] = {}
    ships: set[int] = set()
    movable: list[int] = []
    ctx = state.ctx
    moved, inhabitants_only = ctx["moved"], ctx["inhabitants_only"]
    units = state.units
    per = len(units) // state.players   # (pieces.span: the seat's units, in index order)
    i = seat * per - 1
    for u in units[i + 1:i + 1 + per]:
        i += 1
        owner, ship, k, standing, engaged, _building, _icon, _shore = u
        if k < 0 or owner != seat:   # (in the box or a wonder: none of the three)
            continue
        if ship:
            if standing and not engaged:   # a convoy's ship (ships_of), and it may move
                ships.add(k)
                if not inhabitants_only and i not in moved:
                    movable.append(i)
        else:
            counts[k] = counts.get(k, 0) + 1
            if standing and not engaged and i not in moved:
                movable.append(i)
    return counts, ships, movable


def _can_finish(state: ArchState, seat: int) -> bool:
    """Can the migration still end with at most 3 inhabitants per region (L583 «В конце
    действия *Миграция*», L555)? By any moves left: of the inhabitants not moved yet, and of
    the ships not moved yet, whose own move may come «до или после участия в морском
    конвое» (L591), so that an inhabitant crosses in a convoy where the ship stands at that
    moment. Exact (rules 2026-12-07.7, fourteenth reading; before, three moves ahead of
    inhabitants alone out of the crowded regions into regions with room: a way out through
    a ship's move, or through a region already holding 3, was not seen).

    Only inhabitants leaving a region that held 3 or more when the search began need be
    tried: the moves of a shortest way out form chains from a crowded region, and a chain
    through a region that held 2 or fewer could stop there. Identical units standing
    together are tried once, and positions already searched are remembered. A search
    outgrowing ``SEARCH_BUDGET`` positions refuses the move (it is exact below that)."""
    counts = _inhabitants_by_region(state, seat)
    sources = frozenset(k for k, n in counts.items() if n >= 3)
    try:
        return _finish_search(state, seat, sources, {})
    except _TooLong:
        # a position whose search outgrows SEARCH_BUDGET (a two-player colour of 20
        # inhabitants and 8 ships can have millions of ways on): the move is refused, as
        # the look-ahead before rules .7 refused it, so the migration is never stuck
        return False


#: positions one look-ahead may search (each lists the raw moves once)
SEARCH_BUDGET = 400


class _TooLong(Exception):
    pass


def _finish_search(state: ArchState, seat: int, sources: frozenset[int],
                   seen: dict[tuple[object, ...], bool]) -> bool:
    counts = _inhabitants_by_region(state, seat)
    excess = {k: n - 3 for k, n in counts.items() if n > 3}
    if not excess:
        return True
    left = state.ctx["left"]
    if left == 0 or (left > 0 and sum(excess.values()) > left):
        return False
    units = state.units
    moved = state.ctx["moved"]
    mine = [(i, units[i]) for i in pieces.span(state, seat) if units[i][U.OWNER] == seat]
    for k, e in excess.items():   # only an inhabitant not moved yet can leave a region
        if sum(1 for i, u in mine if not u[U.SHIP] and u[U.REGION] == k and u[U.STANDING]
               and not u[U.ENGAGED] and i not in moved) < e:
            return False
    key = (left, tuple(sorted((bool(u[U.SHIP]), u[U.REGION], u[U.SHORE], i in moved,
                               bool(u[U.STANDING]) and not u[U.ENGAGED])
                              for i, u in mine if u[U.REGION] >= 0)))
    known = seen.get(key)
    if known is not None:
        return known
    if len(seen) >= SEARCH_BUDGET:
        raise _TooLong
    seen[key] = False
    tried: set[tuple[object, ...]] = set()
    ok = False
    for m in _raw_moves(state, seat):
        u = units[m.unit]
        here = u[U.REGION]
        # a move inside the region, or into a building (the same region as a plain move),
        # changes no count and no convoy; an inhabitant moves only out of a source region
        if m.building or m.region == here or (not u[U.SHIP] and here not in sources):
            continue
        same = (bool(u[U.SHIP]), here, u[U.SHORE], m.region)
        if same in tried:   # (an identical unit beside it tried this move)
            continue
        tried.add(same)
        undo = _apply_move(state, m)
        ok = _finish_search(state, seat, sources, seen)
        _undo_move(state, m.unit, undo)
        if ok:
            break
    seen[key] = ok
    return ok


def legal(state: ArchState, seat: int) -> list[Action]:
    """L583: each free active unit moves once; the 3-inhabitant limit binds «в конце действия
    Миграция», so a move may crowd a region for a while if the migration can still end within
    the limit; ``done`` is legal only when it holds."""
    out: list[Action] = []
    scan = _scan(state, seat)
    mine = scan[0]   # _inhabitants_by_region(state, seat)
    crowded = False   # bool(over_limit(state, seat)); a loop, no generator
    for n in mine.values():
        if n > 3:
            crowded = True
            break
    for m in _raw_moves(state, seat, scan):
        if not crowded:
            # No region over the limit now: a ship, a move inside the region, or one into a
            # region with room leaves none over it, and _can_finish would say True at once.
            u = state.units[m.unit]
            if u[U.SHIP] or m.region == u[U.REGION] or mine.get(m.region, 0) < 3:
                out.append(m)
                continue
        # the occupants are kept with the pieces' facts (memo.py): read them before a unit is
        # moved for the look-ahead, never while it is
        pieces.occupants(state)
        undo = _apply_move(state, m)
        ok = _can_finish(state, seat)
        _undo_move(state, m.unit, undo)
        if ok:
            out.append(m)
    if not crowded:   # (every look-ahead move above was undone: the same position)
        out.append(_DONE)
    return out


def _apply_move(state: ArchState, action: MoveUnit) -> tuple[list[object], int]:
    u = state.units[action.unit]
    before = u[:]
    left = state.ctx["left"]
    _set_position(state, action)
    state.ctx["moved"].append(action.unit)
    state.ctx["left"] -= 1
    return before, left


def _undo_move(state: ArchState, unit: int, undo: tuple[list[object], int]) -> None:
    before, left = undo
    state.units[unit][:] = before
    state.ctx["moved"].pop()
    state.ctx["left"] = left


def _set_position(state: ArchState, action: MoveUnit) -> None:
    u = state.units[action.unit]
    if u[U.SHIP]:
        shore = 0
    elif action.building:   # it stands on the building's shore (L621; rules .6, ninth reading)
        shore = pieces.building_shore(state, action.region, action.building)
    elif action.region == u[U.REGION]:
        shore = u[U.SHORE] if action.building else 1 - u[U.SHORE]
    elif board.land_link(state, u[U.REGION], action.region):
        shore = board.shore_towards(state, action.region, u[U.REGION])
    else:
        shore = 0
    u[U.REGION], u[U.BUILDING], u[U.ICON], u[U.SHORE] = action.region, action.building, -1, shore


def move(state: ArchState, seat: int, action: MoveUnit) -> None:
    """One unit's move. An inhabitant that lands outside the buildings of another, strait,
    region stands on the shore it arrives at (``arrival_shores``); when it may arrive at
    either, the player chooses (step ``choose_shores``, then back to the migration)."""
    u = state.units[action.unit]
    shores: tuple[int, ...] = ()
    if (not u[U.SHIP] and not action.building and action.region != u[U.REGION]
            and board.region_face(state, action.region).strait):
        shores = arrival_shores(state, seat, action.unit, action.region)
    _set_position(state, action)
    if shores:
        u[U.SHORE] = shores[0]
    state.ctx["moved"].append(action.unit)
    state.ctx["left"] -= 1
    if state.record_events:
        state.emit("archipelago.event.move", seat=seat, region=action.region)
    if len(shores) > 1:
        state.step = "choose_shores"
        state.ctx["landed"] = [action.unit]
        state.ctx["then"] = "migrate"
