"""Turn 0's placements around the start hex (archipelago.ru.txt L121-123), read from tables
per content set (issue 19): the free cells around the start hex, numbered as they are met, the
cells after a region is laid there, and the placements of each face on each cell. They are pure
functions of the printed components and of the cells, so using them changes no rule — only how
often it is computed."""

from __future__ import annotations

from settlers.core.interned import Pool
from settlers.games.archipelago import board
from settlers.games.archipelago.actions import PlaceRegion
from settlers.games.archipelago.content import Content
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import ROTATIONS_OF, tables_of

# turn-0 placements are frozen values drawn from a small set (24 hexes x 2 sides x the 6 cells
# around the start hex x 6 turns): one shared instance each (issue 19)
PLACES: Pool[PlaceRegion] = Pool(PlaceRegion)


def face_menu(fitting: Fitting, ring: Ring, h: int) -> tuple[PlaceRegion, ...]:
    """The placements of hex ``h`` on the cells ``ring.ids``: side 0 on each cell, then side 1;
    kept in ``ring.menus``."""
    made: list[PlaceRegion] = []
    ids = ring.ids
    for row in fitting.rows[h]:   # (side 0, then side 1)
        for cid in ids:
            made += row[cid]
    got = ring.menus[h] = tuple(made)
    return got


class Ring:
    """The free cells around the start hex in turn 0 by their numbers in a content set's table
    (``ids``; ``Fitting.ring``: one instance per set of cells), with each hex's placements on
    them, by hex (``menus``, None until asked), and the content set's tables (``fitting``). A
    state's memo keeps its ring ("start_ring"), so a turn-0 menu is a slot read per hex in hand,
    not a look-up per hex in a table of every (hex, cells) met, and neither the menu nor the ring
    after a placement looks the content set's tables up (issue 19: the first tenth's turn-0
    data meets cold caches)."""

    __slots__ = ("fitting", "ids", "menus")

    def __init__(self, fitting: Fitting, ids: tuple[int, ...]) -> None:
        self.fitting = fitting   # (its content set's)
        self.ids = ids
        self.menus: list[tuple[PlaceRegion, ...] | None] = [None] * len(fitting.rows)

    def __reduce__(self) -> tuple[object, tuple[Content, tuple[int, ...]]]:
        # a pickled state's memo carries its cells, not the content set's tables
        return _ring_again, (self.fitting.content, self.ids)


def _ring_again(content: Content, ids: tuple[int, ...]) -> Ring:
    """A pickled ring, read back: the ring of ``ids`` in the content set's own tables."""
    return _fitting_of_content(content).ring(ids)


#: ``Fitting.rings`` is emptied once it holds this many sets of cells (a ring still kept by a
#: state stays valid: it is a pure function of its cells)
RINGS_MAX = 4_096


#: a free cell around the start hex: (q, r, the (direction, terrain) of each side touching it)
RingCell = tuple[int, int, tuple[tuple[int, str], ...]]


def ring_of(state: ArchState, fitting: Fitting) -> Ring:
    """The ring of ``ring_cells``, by their numbers in ``fitting``; around the start region
    alone (the first placement of every game) a table lookup by the start face and its turn."""
    regions = state.regions
    if len(regions) == 1 and len(state.grid) == 1 and state.grid.get((0, 0)) == 0:
        key = (board.region_face(state, 0).edges, regions[0]["rot"])
        got = fitting.fresh.get(key)
        if got is None:
            got = fitting.fresh[key] = fitting.ring(tuple(fitting.cell_id(c)
                                                          for c in ring_cells(state)))
        return got
    return fitting.ring(tuple(fitting.cell_id(c) for c in ring_cells(state)))


def ring_cells(state: ArchState) -> list[RingCell]:
    """The free cells around the start hex that touch a region, each with the (direction,
    terrain) of every side touching it, in ``board.cell_sides`` order. While every region but
    the start lies around it (turn 0), a cell there touches the start region and at most its two
    neighbours around it: those are read directly (issue 19), else ``board.cell_sides``."""
    grid = state.grid
    regions = state.regions
    dirs = board.DIRS
    ring = [grid.get(cell) for cell in dirs]
    cells = []
    if grid.get((0, 0)) != 0 or len(regions) != 7 - ring.count(None):
        for dq, dr in dirs:
            if (dq, dr) not in grid:
                sides = board.cell_sides(state, dq, dr)
                if sides:
                    cells.append((dq, dr, tuple((d2, terrain) for d2, _other, terrain in sides)))
        return cells
    hexes = state.content.hexes
    laid: list[tuple[str, int] | None] = []   # the edges and turn of each region around
    for k in ring:
        if k is None:
            laid.append(None)
        else:
            reg = regions[k]
            laid.append((hexes[reg["hex"]][reg["side"]].edges, reg["rot"]))
    start = regions[0]
    start_edges = board.region_face(state, 0).edges
    start_rot = start["rot"]
    for i, (dq, dr) in enumerate(dirs):
        if ring[i] is not None:
            continue
        # (direction from the cell, the terrain of the neighbour's side facing it): the start
        # hex lies in direction i + 3, the next region around in i + 2, the previous in i + 4
        sides = [((i + 3) % 6, start_edges[(i - start_rot) % 6])]
        after = laid[(i + 1) % 6]
        if after is not None:
            sides.append(((i + 2) % 6, after[0][(i + 5 - after[1]) % 6]))
        before = laid[(i - 1) % 6]
        if before is not None:
            sides.append(((i + 4) % 6, before[0][(i + 1 - before[1]) % 6]))
        sides.sort()
        cells.append((dq, dr, tuple(sides)))
    return cells


def grown_ring(state: ArchState, ring: Ring, k: int) -> Ring | None:
    """The ring once region ``k`` has been laid on one of the cells of ``ring`` (those before it)
    in turn 0: its cell leaves, and the free cells on either side of it around the start hex gain
    the side of ``k`` facing them (``Fitting.grown``); per content set, kept by the cells before,
    where ``k`` lies and the terrain of its two sides facing them. None if ``k`` lies
    elsewhere."""
    reg = state.regions[k]
    at = (reg["q"], reg["r"])
    dirs = board.DIRS
    if at not in dirs or reg["hex"] < 0:
        return None
    i = dirs.index(at)
    edges = state.content.hexes[reg["hex"]][reg["side"]].edges
    rot = reg["rot"]
    after, before = (i + 1) % 6, (i - 1) % 6
    # k is the region before the cell after it (in direction after + 4, its side after + 1) and
    # the region after the cell before it (in direction before + 2, its side before + 5)
    facing_after, facing_before = edges[(after + 1 - rot) % 6], edges[(before + 5 - rot) % 6]
    fitting = ring.fitting
    key = (ring.ids, i, facing_after, facing_before)
    known = fitting.laid
    got = known.get(key, _UNKNOWN)
    if got is not _UNKNOWN:
        return got  # type: ignore[return-value]
    where, grown = fitting.where, fitting.grown
    out = []
    laid_on_one = False
    for cid in ring.ids:
        w = where[cid]
        if w == i:
            laid_on_one = True
            continue
        if w == after:
            cid = grown[(cid, (after + 4) % 6, facing_after)]
        elif w == before:
            cid = grown[(cid, (before + 2) % 6, facing_before)]
        out.append(cid)
    made = fitting.ring(tuple(out)) if laid_on_one else None
    if len(known) >= LAID_MAX:
        known.clear()
    known[key] = made
    return made


#: ``Fitting.laid`` is emptied once it holds this many transitions
LAID_MAX = 50_000
_UNKNOWN = object()


class _Row(dict[int, tuple[PlaceRegion, ...]]):
    """cell number -> the placements of one face (hex, side) on that cell, one per fitting
    rotation in order."""

    def __init__(self, fitting: Fitting, h: int, side: int) -> None:
        super().__init__()
        self.fitting, self.h, self.side = fitting, h, side
        self.masks: tuple[dict[str, int], ...] | None = None   # the face's (tables.face_masks)

    def __missing__(self, cid: int) -> tuple[PlaceRegion, ...]:
        h, side = self.h, self.side
        dq, dr, sides = self.fitting.cells[cid]
        masks = self.masks
        if masks is None:
            face = self.fitting.content.hexes[h][side]
            masks = self.masks = tables_of(self.fitting.content).masks_of(face)
        fit = 63   # (Tables.rotations, read here without the call)
        for d, terrain in sides:
            fit &= masks[d].get(terrain, 0)
        made = self[cid] = tuple([PLACES[(h, side, dq, dr, rot, -1)]
                                  for rot in ROTATIONS_OF[fit]])
        return made


class _Grown(dict[tuple[int, int, str], int]):
    """(cell number, direction, terrain) -> the number of that cell with one more side of
    that terrain touching it from that direction."""

    def __init__(self, fitting: Fitting) -> None:
        super().__init__()
        self.fitting = fitting

    def __missing__(self, key: tuple[int, int, str]) -> int:
        cid, d, terrain = key
        q, r, sides = self.fitting.cells[cid]
        made = self[key] = self.fitting.cell_id((q, r, tuple(sorted((*sides, (d, terrain))))))
        return made


class Fitting:
    """Per content set, the turn-0 cells around the start hex met so far, numbered (``cells``:
    (q, r, the sides around it)), and for each face the placements on each of them (``rows[h]``:
    side 0's and side 1's): the same few cells and faces come back game after game (issue 19)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.cells: list[RingCell] = []
        self.ids: dict[RingCell, int] = {}
        #: cell number -> its direction from the start hex (index in board.DIRS)
        self.where: list[int] = []
        self.rows = [(_Row(self, h, 0), _Row(self, h, 1)) for h in range(len(content.hexes))]
        self.grown = _Grown(self)
        #: (start face's edges, its turn) -> the ring around the start region alone
        self.fresh: dict[tuple[str, int], Ring] = {}
        #: cell numbers -> their ring (``ring``)
        self.rings: dict[tuple[int, ...], Ring] = {}
        #: (cell numbers, where a region is laid, the terrain of its sides facing the cells on
        #: either side) -> the ring after it (``grown_ring``)
        self.laid: dict[tuple[tuple[int, ...], int, str, str], Ring | None] = {}

    def ring(self, ids: tuple[int, ...]) -> Ring:
        """The one ring of the cells ``ids`` (``rings``: emptied once it holds ``RINGS_MAX``)."""
        rings = self.rings
        got = rings.get(ids)
        if got is None:
            if len(rings) >= RINGS_MAX:
                rings.clear()
            got = rings[ids] = Ring(self, ids)
        return got

    def cell_id(self, cell: RingCell) -> int:
        got = self.ids.get(cell)
        if got is None:
            got = self.ids[cell] = len(self.cells)
            self.cells.append(cell)
            self.where.append(board.DIRS.index((cell[0], cell[1])))
        return got


def fitting_of(state: ArchState) -> Fitting:
    return _fitting_of_content(state.content)


def _fitting_of_content(content: Content) -> Fitting:
    t = tables_of(content)
    got = t.memo.get("start_fitting")
    if got is None:
        got = t.memo["start_fitting"] = Fitting(content)
        fill(got)
    return got


#: ``fill`` works out at most this many placement rows (cells x faces) when a content set's
#: tables are made; past it (a content set with many terrains) they are made as met
FILL_MAX = 20_000


def turn_zero_cells(content: Content) -> list[RingCell]:
    """Every free cell ``ring_cells`` can meet around the start hex while turn 0 lays regions
    around it alone: in each direction ``i`` the start face's side (direction ``i + 3``, the
    start region never turned), and on either side around the start hex none or a laid
    region's side of any terrain of the content set's faces (directions ``i + 2``, ``i + 4``);
    the sides sorted as ``ring_cells`` sorts them."""
    starts = [content.open_sea, *(face for faces in content.hexes for face in faces
                                  if face.special == "desert")]
    terrains = sorted({t for faces in content.hexes for face in faces for t in face.edges})
    around: list[str | None] = [None, *terrains]
    cells: list[RingCell] = []
    met: set[RingCell] = set()
    for i, (dq, dr) in enumerate(board.DIRS):
        for start in starts:
            for after in around:
                for before in around:
                    sides = [((i + 3) % 6, start.edges[i])]
                    if after is not None:
                        sides.append(((i + 2) % 6, after))
                    if before is not None:
                        sides.append(((i + 4) % 6, before))
                    sides.sort()
                    cell = (dq, dr, tuple(sides))
                    if cell not in met:
                        met.add(cell)
                        cells.append(cell)
    return cells


def fill(fitting: Fitting) -> None:
    """Every face's placements on every cell of ``turn_zero_cells``, worked out once per content
    set (≈ 6,000 rows, ≈ 20 ms), so that no turn-0 menu of a game meets a cell a face has not
    met before (issue 19: the first tenth's placement menus paid ≈ 7 such misses each against
    a table warmed by earlier games alone)."""
    cells = turn_zero_cells(fitting.content)
    if len(cells) * 2 * len(fitting.rows) > FILL_MAX:
        return
    ids = [fitting.cell_id(cell) for cell in cells]
    for rows in fitting.rows:
        for row in rows:
            for cid in ids:
                if cid not in row:
                    row.__missing__(cid)
