"""The island inside the frame: positions, corners and who touches whom (precomputed once).

"Соберите из шести крайних частей шестиугольную рамку. Разместите один гекс моря снаружи и гекс
горы посредине." The frame encloses a hexagon of radius 2 (19 positions, the central mountain
and 18 unknown positions). The frame itself and the outer sea hex stand for the open sea around
the island: the outer sea hex ``OUTER`` is adjacent to every edge position and is never full.

Geometry comes from :mod:`settlers.core.hexgrid` (pointy-top axial coordinates). A corner on
the rim touches fewer than three board positions; the missing ones are the frame, i.e. sea.
"""

from __future__ import annotations

from functools import lru_cache

from settlers.core.hexgrid import HexGrid, hexagon

OUTER = -1     # the outer sea hex (a position, not on the grid)
SUPPLY = -2    # a piece that is not on the board
LOST = -3      # a piece out of the game (L35 «Если перемещение невозможно, фишка выбывает из игры»)


class Board:
    """Integer adjacency tables of the island of a given radius."""

    def __init__(self, radius: int) -> None:
        self.grid = HexGrid(hexagon(radius))
        g = self.grid
        self.size = len(g.hexes)
        self.centre = g.hex_index[(0, 0)]

        def dist(h: int) -> int:
            q, r = g.hexes[h]
            return max(abs(q), abs(r), abs(q + r))

        #: edge positions: on the rim, adjacent to the outer sea hex
        self.edge = tuple(h for h in range(self.size) if dist(h) == radius)
        self.is_edge = tuple(dist(h) == radius for h in range(self.size))
        #: the corner hexes of the rim (three coordinates with two of absolute value radius)
        self.rim_corner = tuple(
            dist(h) == radius and sum(1 for v in (g.hexes[h][0], g.hexes[h][1],
                                                  -g.hexes[h][0] - g.hexes[h][1])
                                      if abs(v) == radius) == 2
            for h in range(self.size))
        #: first move of the first round goes to one of these
        self.first_move_targets = tuple(h for h in self.edge if not self.rim_corner[h])
        #: neighbours for movement, the outer sea hex included
        self.neighbours = tuple(
            g.hex_neighbours[h] + ((OUTER,) if self.is_edge[h] else ()) for h in range(self.size))
        self.outer_neighbours = self.edge
        self.hex_corners = g.hex_corners
        self.corner_hexes = g.corner_hexes
        #: positions of the frame (open sea) touching the corner
        self.corner_frame = tuple(3 - len(hs) for hs in g.corner_hexes)
        self.corner_count = len(g.corners)
        #: corner -> tuple of (neighbour corner, hexes of the board between them)
        self.corner_links = tuple(
            tuple((n, g.edge_hexes[g.edge_between(c, n)]) for n in g.corner_neighbours[c])
            for c in range(self.corner_count))


@lru_cache(maxsize=4)
def board_for(radius: int) -> Board:
    return Board(radius)
