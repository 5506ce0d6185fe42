"""Geometry of the archipelago: axial hex cells, region edges after rotation, and which
neighbouring regions a unit can reach by land or by sea (archipelago.ru.txt L117-123, L509)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from settlers.games.archipelago.content import Face
from settlers.games.archipelago.memo import BOARD, of_board

if TYPE_CHECKING:
    from settlers.games.archipelago.state import ArchState

# clockwise from east (same convention as settlers.core.hexgrid)
DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def edge(face: Face, rot: int, direction: int) -> str:
    """The terrain of ``face`` turned ``rot`` sixths clockwise on the world side ``direction``."""
    return face.edges[(direction - rot) % 6]


def region_face(state: ArchState, region: int) -> Face:
    reg = state.regions[region]
    if reg["hex"] < 0:
        return state.start_face
    face: Face = state.content.hexes[reg["hex"]][reg["side"]]
    return face


def region_edge(state: ArchState, region: int, direction: int) -> str:
    return edge(region_face(state, region), state.regions[region]["rot"], direction)


def edge_shore(state: ArchState, region: int, direction: int) -> int:
    """The shore of a strait region that the world side ``direction`` belongs to (L729)."""
    face = region_face(state, region)
    return int(face.edge_shores[(direction - state.regions[region]["rot"]) % 6])


def shore_towards(state: ArchState, region: int, other: int) -> int:
    """The shore of ``region`` on its side facing the neighbouring region ``other``."""
    for d, k in neighbours(state, region):
        if k == other:
            return edge_shore(state, region, d)
    return 0


def neighbours(state: ArchState, region: int) -> list[tuple[int, int]]:
    """(direction, neighbouring region) for each placed neighbour."""
    reg = state.regions[region]
    q, r = reg["q"], reg["r"]
    out = []
    for d, (dq, dr) in enumerate(DIRS):
        other = state.grid.get((q + dq, r + dr))
        if other is not None:
            out.append((d, other))
    return out


def land_link(state: ArchState, a: int, b: int) -> bool:
    for d, other in neighbours(state, a):
        if other == b:
            return region_edge(state, a, d) != "s"
    return False


def sea_link(state: ArchState, a: int, b: int) -> bool:
    for d, other in neighbours(state, a):
        if other == b:
            return region_edge(state, a, d) == "s"
    return False


def has_land(state: ArchState, region: int) -> bool:
    """False for the open sea (L105, L109: a hex of water with fish icons, no land): no
    inhabitant may be put there (L571 «располагает их на суше», L583 «Жители должны двигаться
    по суше») and no town, church, market or port built there (L621: on land, a port «на
    воду, касаясь береговой линии» — the open sea has no coastline)."""
    reg = state.regions[region]   # (region_face, inlined)
    face = state.start_face if reg["hex"] < 0 else state.content.hexes[reg["hex"]][reg["side"]]
    return face.special != "open_sea"


def has_sea(state: ArchState, region: int) -> bool:
    face = region_face(state, region)
    return "s" in face.edges or 3 in face.icons


def fits(state: ArchState, face: Face, q: int, r: int, rot: int) -> list[int]:
    """The placed regions touching cell (q, r) if ``face`` fits there turned ``rot`` — every
    shared side joins sea to sea, fields to fields, mountains to mountains (L121) — else []."""
    if (q, r) in state.grid:
        return []
    touching = []
    for d, (dq, dr) in enumerate(DIRS):
        other = state.grid.get((q + dq, r + dr))
        if other is None:
            continue
        if region_edge(state, other, (d + 3) % 6) != edge(face, rot, d):
            return []
        touching.append(other)
    return touching


def cell_sides(state: ArchState, q: int, r: int) -> list[tuple[int, int, str]]:
    """(direction, neighbouring region, the terrain of its side facing the cell) for each placed
    neighbour of the empty cell (q, r)."""
    out = []
    grid = state.grid
    regions = state.regions
    hexes = state.content.hexes
    for d, (dq, dr) in enumerate(DIRS):
        other = grid.get((q + dq, r + dr))
        if other is not None:
            # region_edge(state, other, (d + 3) % 6), inlined
            reg = regions[other]
            face = state.start_face if reg["hex"] < 0 else hexes[reg["hex"]][reg["side"]]
            out.append((d, other, face.edges[(d + 3 - reg["rot"]) % 6]))
    return out


def fits_sides(face: Face, rot: int, sides: list[tuple[int, int, str]]) -> bool:
    """Whether ``face`` turned ``rot`` matches every side of ``cell_sides`` (L121); ``fits`` is
    ``[other for _, other, _ in sides]`` when this holds and the cell is empty, else []."""
    edges = face.edges
    for d, _other, terrain in sides:  # noqa: SIM110 (a loop is faster than all() here)
        if edges[(d - rot) % 6] != terrain:
            return False
    return True


def frontier(state: ArchState) -> list[tuple[int, int]]:
    """Empty cells next to the archipelago, in a stable order."""
    cells = set()
    for reg in state.regions:
        for dq, dr in DIRS:
            c = (reg["q"] + dq, reg["r"] + dr)
            if c not in state.grid:
                cells.add(c)
    return sorted(cells)


# ---------------------------------------------------------------- layout facts, kept (memo.py)
#: a cell next to the archipelago: (q, r, cell_sides, the (direction, terrain) of each side,
#: the shore of each touching region's side facing the cell)
Cell = tuple[int, int, tuple[tuple[int, int, str], ...], tuple[tuple[int, str], ...],
             tuple[int, ...]]


def frontier_cells(state: ArchState) -> tuple[Cell, ...]:
    """Every cell of ``frontier`` with what touches it; kept until a region is placed."""
    known = of_board(state)
    got: tuple[Cell, ...] | None = known.get("frontier")
    if got is None:
        got = known["frontier"] = _frontier_cells(state)
    return got


def _frontier_cells(state: ArchState) -> tuple[Cell, ...]:
    """``frontier`` with ``cell_sides`` and the shores of each cell, from one pass over the
    regions' sides: the side of region k in world direction e faces the cell beyond it from
    direction (e + 3) % 6."""
    grid = state.grid
    hexes = state.content.hexes
    start_face = state.start_face
    around: dict[tuple[int, int], list[tuple[int, int, str, int]]] = {}
    for k, reg in enumerate(state.regions):
        face = start_face if reg["hex"] < 0 else hexes[reg["hex"]][reg["side"]]
        edges, edge_shores, rot, q, r = face.edges, face.edge_shores, reg["rot"], reg["q"], reg["r"]
        for e, (dq, dr) in enumerate(DIRS):
            c = (q + dq, r + dr)
            if c in grid:
                continue
            own = (e - rot) % 6
            side = ((e + 3) % 6, k, edges[own], edge_shores[own])
            got = around.get(c)
            if got is None:
                around[c] = [side]
            else:
                got.append(side)
    cells = []
    for (q, r), found in sorted(around.items()):
        found.sort()   # by direction from the cell (cell_sides' order)
        sides, pattern, shores = [], [], []   # (one loop: no generator resumed per side)
        for d, other, terrain, shore in found:
            sides.append((d, other, terrain))
            pattern.append((d, terrain))
            shores.append(shore)
        # (exploration asks the shores of cells touching two regions or more)
        cells.append((q, r, tuple(sides), tuple(pattern),
                      () if len(sides) < 2 else tuple(shores)))
    return tuple(cells)


def grown_frontier(state: ArchState, cells: tuple[Cell, ...], k: int) -> tuple[Cell, ...] | None:
    """``frontier_cells`` once region ``k`` has been laid on one of ``cells`` (the frontier
    before it): its cell leaves, and each free cell around it gains the side of ``k`` facing
    it. None if ``k`` was not laid on a frontier cell (then nothing is carried over)."""
    reg = state.regions[k]
    q0, r0 = reg["q"], reg["r"]
    face = state.start_face if reg["hex"] < 0 else state.content.hexes[reg["hex"]][reg["side"]]
    edges, edge_shores, rot = face.edges, face.edge_shores, reg["rot"]
    grid = state.grid
    facing: dict[tuple[int, int], tuple[tuple[int, int, str], int]] = {}
    for e, (dq, dr) in enumerate(DIRS):
        c = (q0 + dq, r0 + dr)
        if c not in grid:
            own = (e - rot) % 6
            facing[c] = ((e + 3) % 6, k, edges[own]), edge_shores[own]
    out: list[Cell] = []
    laid_on_frontier = False
    for cell in cells:
        q, r = cell[0], cell[1]
        if -1 <= q - q0 <= 1 and -1 <= r - r0 <= 1:   # (the cells around k are among these)
            if q == q0 and r == r0:
                laid_on_frontier = True
                continue
            gained = facing.pop((q, r), None)
            if gained is not None:
                cell = _with_side(state, cell, *gained)
        out.append(cell)
    if not laid_on_frontier:
        return None
    for (q, r), (side, _shore) in facing.items():   # cells new to the frontier
        out.append((q, r, (side,), ((side[0], side[2]),), ()))
    out.sort()   # by (q, r), as frontier lists them
    return tuple(out)


def _with_side(state: ArchState, cell: Cell, side: tuple[int, int, str], shore: int) -> Cell:
    """``cell`` of the frontier with one more region's ``side`` (and its ``shore``) facing it."""
    q, r, sides, _pattern, shores = cell
    if len(sides) < 2:   # the shores are kept from two sides on (frontier_cells)
        shores = tuple(edge_shore(state, other, (d + 3) % 6) for d, other, _t in sides)
    both = sorted(zip((*sides, side), (*shores, shore)))
    new_sides, pattern, new_shores = [], [], []   # (one loop: no generator resumed per side)
    for sd, sh in both:
        new_sides.append(sd)
        pattern.append((sd[0], sd[2]))
        new_shores.append(sh)
    return (q, r, tuple(new_sides), tuple(pattern), tuple(new_shores))


#: a region's link to a neighbour: (direction, neighbour, by sea, the shore of the side)
Link = tuple[int, int, bool, int]


def links(state: ArchState, region: int) -> tuple[Link, ...]:
    """``neighbours`` with the terrain and shore of the region's side towards each; kept
    until a region is placed."""
    known = state._cache.get(BOARD)   # (of_board, without a call when it is there)
    if known is None:
        known = of_board(state)
    key = ("links", region)
    got: tuple[Link, ...] | None = known.get(key)
    if got is None:
        # (region_edge and edge_shore of each neighbour's direction, inlined)
        reg = state.regions[region]
        q, r, rot = reg["q"], reg["r"], reg["rot"]
        face = state.start_face if reg["hex"] < 0 else state.content.hexes[reg["hex"]][reg["side"]]
        edges, edge_shores = face.edges, face.edge_shores
        grid = state.grid
        out = []
        for d, (dq, dr) in enumerate(DIRS):
            other = grid.get((q + dq, r + dr))
            if other is not None:
                j = (d - rot) % 6
                out.append((d, other, edges[j] == "s", int(edge_shores[j])))
        got = known[key] = tuple(out)
    return got


def links_kept(state: ArchState, board: dict[object, object], k: int) -> dict[object, object]:
    """The ``links`` of memo.BOARD that stay true once region ``k`` is laid: those of every
    region but its neighbours."""
    kept: dict[object, object] = {}
    touched: set[int | None] | None = None
    for key, got in board.items():
        if type(key) is tuple and key[0] == "links":
            if touched is None:
                reg = state.regions[k]
                q, r = reg["q"], reg["r"]
                grid = state.grid
                touched = {grid.get((q + dq, r + dr)) for dq, dr in DIRS}
            if key[1] not in touched:
                kept[key] = got
    return kept
