"""Tests of the generic hex-grid geometry (settlers.core.hexgrid)."""

import math

import pytest

from settlers.core.hexgrid import (
    CORNER_NAMES,
    SIDE_NAMES,
    HexGrid,
    centered_rows,
    hexagon,
    ring,
    spiral,
)


@pytest.fixture(scope="module")
def island():
    return HexGrid(centered_rows([3, 4, 5, 4, 3]))


def test_catan_island_counts(island):
    assert len(island.hexes) == 19
    assert len(island.corners) == 54
    assert len(island.edges) == 72
    assert len(island.coast) == 30
    assert len(island.coast_loops) == 1


def test_centered_rows_is_the_radius_two_hexagon():
    assert sorted(centered_rows([3, 4, 5, 4, 3])) == sorted(hexagon(2))


def test_corner_and_edge_tables_agree(island):
    for c, hexes in enumerate(island.corner_hexes):
        assert 1 <= len(hexes) <= 3
        for h in hexes:
            assert c in island.hex_corners[h]
        assert 2 <= len(island.corner_edges[c]) <= 3
        assert len(island.corner_edges[c]) == len(island.corner_neighbours[c])
        for e in island.corner_edges[c]:
            assert c in island.edges[e]
    for e, (a, b) in enumerate(island.edges):
        assert a < b
        assert island.edge_between(a, b) == e == island.edge_between(b, a)
        assert b in island.corner_neighbours[a]
        assert set(island.edge_hexes[e]) == set(island.corner_hexes[a]) & set(island.corner_hexes[b])


def test_hex_sides_join_consecutive_corners(island):
    for h in range(len(island.hexes)):
        cs = island.hex_corners[h]
        for k in range(6):
            assert island.edges[island.hex_edges[h][k]] == tuple(sorted((cs[k], cs[(k + 1) % 6])))


def test_reading_order_numbering(island):
    ys = [y for _x, y in island.corners]
    assert ys == sorted(ys)
    # the first corner is the top of the top-left hex
    assert island.corner_of(0, "N") == 0
    assert island.corner_name(0) == (0, "N")
    assert CORNER_NAMES[0] == "N" and SIDE_NAMES[0] == "NE"


def test_coast_is_clockwise_from_the_top_left(island):
    names = [island.side_name(e) for e in island.coast]
    assert names[:7] == [(0, "NW"), (0, "NE"), (1, "NW"), (1, "NE"), (2, "NW"), (2, "NE"), (2, "E")]
    assert names[-1] == (0, "W")
    # consecutive coastal edges share a corner
    loop = island.coast
    for a, b in zip(loop, loop[1:] + loop[:1]):
        assert set(island.edges[a]) & set(island.edges[b])
    # clockwise in screen coordinates (y down) means a positive shoelace sum
    pts = [island.edge_midpoint(e) for e in loop]
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))
    assert area > 0


def test_positions_are_unit_hexes(island):
    cx, cy = island.hex_center(9)
    for c in island.hex_corners[9]:
        x, y = island.corner_position(c)
        assert math.isclose(math.hypot(x - cx, y - cy), 1.0)


def test_ring_and_spiral():
    assert ring((0, 0), 0) == [(0, 0)]
    assert len(ring((0, 0), 2)) == 12
    assert ring((0, 0), 1, start=0) == [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    assert ring((0, 0), 1, start=0, clockwise=False)[1] == (1, -1)
    s = spiral((0, 0), 2, start=4, clockwise=False)  # from the top-left corner hex
    assert len(s) == len(set(s)) == 19
    assert s[0] == (0, -2) and s[1] == (-1, -1) and s[12] == (0, -1) and s[-1] == (0, 0)


def test_island_with_a_lake_has_two_coastlines():
    grid = HexGrid(ring((0, 0), 1))
    assert len(grid.coast_loops) == 2
    assert sorted(len(loop) for loop in grid.coast_loops) == [6, 18]
    assert len(grid.coast) == 18  # the outer frame comes first


def test_bad_input():
    with pytest.raises(ValueError):
        HexGrid([(0, 0), (0, 0)])
    with pytest.raises(ValueError):
        HexGrid([])
