"""Generic hex-grid geometry: pointy-top axial coordinates, corners and edges as integers.

Any settlement game on hexes needs the same tables: which corners (intersections) and edges
(paths) a set of hexes has, which hexes meet at a corner, which corners an edge joins, which
corners are neighbours, and the coast (edges with a hex on one side only). ``HexGrid`` builds
all of them once, as tuples of small integers, so rules code can use list indexing on the hot
path.

Coordinates
-----------
Hexes are *pointy-top* (a corner points up) in *axial* coordinates ``(q, r)``: ``q`` grows to
the east, ``r`` grows to the south-east (screen ``y`` grows downwards). The six neighbours of
``(q, r)`` are, clockwise from east::

    E (q+1, r)   SE (q, r+1)   SW (q-1, r+1)   W (q-1, r)   NW (q, r-1)   NE (q+1, r-1)

Every point of the grid also has exact *lattice* coordinates ``(X, Y)`` (integers): ``X`` in
units of ``sqrt(3)/2`` and ``Y`` in units of ``1/2`` of the hex size (centre-to-corner
distance). A hex centre is ``(2q + r, 3r)``; its corners, clockwise from the top, are::

    N (0, -2)   NE (+1, -1)   SE (+1, +1)   S (0, +2)   SW (-1, +1)   NW (-1, -1)

``HexGrid.position`` turns lattice coordinates into floats for a hex size of 1
(``x = X * sqrt(3) / 2``, ``y = Y / 2``), which is what a renderer needs.

Numbering
---------
* hexes keep the order they were given in (index ``h``);
* corners are numbered in reading order (top to bottom, then left to right);
* edges are numbered in reading order of their midpoints.

Per hex, corners and sides are listed clockwise starting from the top corner / the north-east
side (``CORNER_NAMES``, ``SIDE_NAMES``): side ``k`` joins corner ``k`` and corner ``k + 1``.

Coast
-----
An edge with a hex of the set on one side only is coastal. ``coast_loops`` returns every closed
coastline, each as a tuple of edge ids walked *clockwise* (the land on the right-hand side,
screen coordinates), starting from its top-left edge; for a set without holes there is one
loop, ``coast``, the frame of the island. On the standard Catan island ``coast[0]`` is the
north-west side of the top-left hex.

The API of this module is stable: games (Catan, Iceland, ...) build on it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Hex = tuple[int, int]

#: axial neighbour offsets, clockwise from east (E, SE, SW, W, NW, NE)
NEIGHBOUR_OFFSETS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
NEIGHBOUR_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")

#: lattice offsets of a hex's corners, clockwise from the top
CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
CORNER_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
#: side k joins corner k and corner k+1
SIDE_NAMES: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")
#: axial offset of the neighbour across side k
SIDE_NEIGHBOUR: tuple[Hex, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

SQRT3_2 = math.sqrt(3) / 2


def hex_lattice(q: int, r: int) -> tuple[int, int]:
    """Lattice coordinates ``(X, Y)`` of the centre of hex ``(q, r)``."""
    return 2 * q + r, 3 * r


def centered_rows(lengths: Sequence[int], first_row: int | None = None) -> list[Hex]:
    """Hexes of horizontal rows centred on one vertical axis, in reading order.

    ``centered_rows([3, 4, 5, 4, 3])`` is the Catan island (19 hexes, middle row ``r = 0``).
    ``first_row`` is the ``r`` of the top row (default: the middle row gets ``r = 0``).
    When a row cannot be centred exactly it is shifted half a hex to the west.
    """
    if first_row is None:
        first_row = -(len(lengths) // 2)
    hexes: list[Hex] = []
    for i, length in enumerate(lengths):
        r = first_row + i
        q0 = (-(length - 1) - r) // 2
        hexes.extend((q0 + k, r) for k in range(length))
    return hexes


def hexagon(radius: int, centre: Hex = (0, 0)) -> list[Hex]:
    """All hexes within ``radius`` steps of ``centre``, in reading order."""
    cq, cr = centre
    out = []
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            out.append((cq + q, cr + r))
    return out


def ring(centre: Hex, radius: int, start: int = 0, clockwise: bool = True) -> list[Hex]:
    """Hexes at exactly ``radius`` steps from ``centre``.

    Starts at the corner hex in direction ``NEIGHBOUR_OFFSETS[start]`` (0 = east, 1 = south-east,
    ...) and walks clockwise (or counter-clockwise) around the centre.
    """
    if radius == 0:
        return [centre]
    cq, cr = centre
    dq, dr = NEIGHBOUR_OFFSETS[start % 6]
    q, r = cq + dq * radius, cr + dr * radius
    out = []
    for side in range(6):
        if clockwise:
            # from corner `start + side`, walk towards corner `start + side + 1`
            wq, wr = NEIGHBOUR_OFFSETS[(start + side + 2) % 6]
        else:
            wq, wr = NEIGHBOUR_OFFSETS[(start - side - 2) % 6]
        for _ in range(radius):
            out.append((q, r))
            q, r = q + wq, r + wr
    return out


def spiral(centre: Hex, radius: int, start: int = 0, clockwise: bool = True) -> list[Hex]:
    """Hexes from the outer ring inwards: ring ``radius`` from corner ``start``, then the next
    ring from the corner on the same ray, ..., ending with ``centre``."""
    out: list[Hex] = []
    for k in range(radius, -1, -1):
        out.extend(ring(centre, k, start, clockwise))
    return out


class HexGrid:
    """Topology of a set of hexes: corners, edges and every adjacency table, as integers.

    Attributes (all tuples, indexed by the integer id):

    ``hexes[h]``               axial ``(q, r)`` of hex ``h`` (input order)
    ``hex_index[(q, r)]``      ``h`` (dict)
    ``hex_neighbours[h]``      ids of neighbouring hexes of the set, clockwise from east
    ``hex_corners[h]``         the 6 corner ids, clockwise from the top (``CORNER_NAMES``)
    ``hex_edges[h]``           the 6 edge ids, clockwise from the north-east side (``SIDE_NAMES``)
    ``corners[c]``             lattice ``(X, Y)`` of corner ``c``
    ``corner_hexes[c]``        hexes of the set meeting at ``c`` (1 to 3), ascending
    ``corner_edges[c]``        edges ending at ``c`` (2 or 3), ascending
    ``corner_neighbours[c]``   corners one edge away from ``c``, ascending
    ``edges[e]``               ``(c1, c2)`` the two corner ids of edge ``e``, ``c1 < c2``
    ``edge_hexes[e]``          hexes of the set on either side of ``e`` (1 or 2), ascending
    ``edge_lattice[e]``        lattice coordinates of the midpoint of ``e`` doubled (integers)
    ``coast_loops``            closed coastlines, each a tuple of edge ids, clockwise
    ``coast``                  the first (outermost, top-left) loop
    """

    def __init__(self, hexes: Iterable[Hex]):
        self.hexes: tuple[Hex, ...] = tuple((int(q), int(r)) for q, r in hexes)
        if len(set(self.hexes)) != len(self.hexes):
            raise ValueError("duplicate hex in HexGrid")
        if not self.hexes:
            raise ValueError("HexGrid needs at least one hex")
        self.hex_index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}

        # corners: lattice point -> id (reading order)
        raw_corners: dict[tuple[int, int], list[int]] = {}
        for h, (q, r) in enumerate(self.hexes):
            x, y = hex_lattice(q, r)
            for dx, dy in CORNER_OFFSETS:
                raw_corners.setdefault((x + dx, y + dy), []).append(h)
        corner_points = sorted(raw_corners, key=lambda p: (p[1], p[0]))
        corner_id = {p: i for i, p in enumerate(corner_points)}
        self.corners: tuple[tuple[int, int], ...] = tuple(corner_points)
        self.corner_hexes: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(raw_corners[p])) for p in corner_points
        )
        self.hex_corners: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                corner_id[(hex_lattice(q, r)[0] + dx, hex_lattice(q, r)[1] + dy)]
                for dx, dy in CORNER_OFFSETS
            )
            for q, r in self.hexes
        )

        # edges: pair of corners -> id (reading order of midpoints)
        raw_edges: dict[tuple[int, int], list[int]] = {}
        for h, cs in enumerate(self.hex_corners):
            for k in range(6):
                a, b = cs[k], cs[(k + 1) % 6]
                raw_edges.setdefault((min(a, b), max(a, b)), []).append(h)

        def midpoint(pair: tuple[int, int]) -> tuple[int, int]:
            (x1, y1), (x2, y2) = self.corners[pair[0]], self.corners[pair[1]]
            return x1 + x2, y1 + y2

        edge_pairs = sorted(raw_edges, key=lambda p: (midpoint(p)[1], midpoint(p)[0]))
        edge_id = {p: i for i, p in enumerate(edge_pairs)}
        self.edges: tuple[tuple[int, int], ...] = tuple(edge_pairs)
        self.edge_hexes: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(raw_edges[p])) for p in edge_pairs
        )
        self.edge_lattice: tuple[tuple[int, int], ...] = tuple(midpoint(p) for p in edge_pairs)
        self.hex_edges: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                edge_id[(min(cs[k], cs[(k + 1) % 6]), max(cs[k], cs[(k + 1) % 6]))]
                for k in range(6)
            )
            for cs in self.hex_corners
        )

        corner_edges: list[list[int]] = [[] for _ in self.corners]
        corner_neighbours: list[list[int]] = [[] for _ in self.corners]
        for e, (a, b) in enumerate(self.edges):
            corner_edges[a].append(e)
            corner_edges[b].append(e)
            corner_neighbours[a].append(b)
            corner_neighbours[b].append(a)
        self.corner_edges: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in corner_edges)
        self.corner_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(x)) for x in corner_neighbours
        )
        self.hex_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                self.hex_index[(q + dq, r + dr)]
                for dq, dr in NEIGHBOUR_OFFSETS
                if (q + dq, r + dr) in self.hex_index
            )
            for q, r in self.hexes
        )
        self._edge_by_corners = edge_id
        self.coast_loops: tuple[tuple[int, ...], ...] = self._walk_coast()
        self.coast: tuple[int, ...] = self.coast_loops[0] if self.coast_loops else ()

    # ------------------------------------------------------------------ queries
    def edge_between(self, c1: int, c2: int) -> int | None:
        """The edge joining corners ``c1`` and ``c2``, or None if they are not neighbours."""
        return self._edge_by_corners.get((min(c1, c2), max(c1, c2)))

    def is_coastal_edge(self, e: int) -> bool:
        return len(self.edge_hexes[e]) == 1

    def corner_of(self, h: int, name: str) -> int:
        """Corner ``name`` (``"N"``, ``"NE"``, ...) of hex ``h``."""
        return self.hex_corners[h][CORNER_NAMES.index(name)]

    def side_of(self, h: int, name: str) -> int:
        """Edge on side ``name`` (``"NE"``, ``"E"``, ...) of hex ``h``."""
        return self.hex_edges[h][SIDE_NAMES.index(name)]

    def corner_name(self, c: int) -> tuple[int, str]:
        """``(h, "SE")``: the corner as seen from its lowest-numbered hex."""
        h = self.corner_hexes[c][0]
        return h, CORNER_NAMES[self.hex_corners[h].index(c)]

    def side_name(self, e: int) -> tuple[int, str]:
        """``(h, "NW")``: the edge as seen from its lowest-numbered hex."""
        h = self.edge_hexes[e][0]
        return h, SIDE_NAMES[self.hex_edges[h].index(e)]

    @staticmethod
    def position(lattice: tuple[int, int]) -> tuple[float, float]:
        """Float ``(x, y)`` of a lattice point for hex size 1 (centre to corner)."""
        return lattice[0] * SQRT3_2, lattice[1] / 2

    def hex_center(self, h: int) -> tuple[float, float]:
        return self.position(hex_lattice(*self.hexes[h]))

    def corner_position(self, c: int) -> tuple[float, float]:
        return self.position(self.corners[c])

    def edge_midpoint(self, e: int) -> tuple[float, float]:
        x, y = self.edge_lattice[e]
        return x * SQRT3_2 / 2, y / 4

    # ------------------------------------------------------------------ coast
    def _walk_coast(self) -> tuple[tuple[int, ...], ...]:
        # a coastal edge, oriented clockwise around its only hex, goes from corner k to k+1
        oriented: dict[int, tuple[int, int]] = {}
        for h, cs in enumerate(self.hex_corners):
            for k, e in enumerate(self.hex_edges[h]):
                if len(self.edge_hexes[e]) == 1:
                    oriented[e] = (cs[k], cs[(k + 1) % 6])
        leaving: dict[int, int] = {a: e for e, (a, _b) in oriented.items()}
        loops = []
        remaining = set(oriented)
        while remaining:
            start = min(remaining, key=lambda e: (self.edge_lattice[e][1], self.edge_lattice[e][0]))
            loop = []
            e = start
            while True:
                loop.append(e)
                remaining.discard(e)
                e = leaving[oriented[e][1]]
                if e == start:
                    break
            loops.append(tuple(loop))
        return tuple(loops)
