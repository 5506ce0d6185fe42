"""The island's geometry, computed once: 19 land hexes in rows 3-4-5-4-3, 54 intersections
(«Перекрёсток»), 72 paths («Пути»), the 30 coastal paths of the frame («Побережье»).

Everything is an integer index into tuples (see ``settlers.core.hexgrid``). Hexes are lettered
A–S in reading order; an intersection is named by its lowest-lettered hex and that hex's corner
(``A·N``), a path by that hex and its side (``A·NW``).
"""

from __future__ import annotations

from settlers.core.hexgrid import HexGrid, centered_rows, spiral

from .content import ISLAND_ROWS

GRID = HexGrid(centered_rows(ISLAND_ROWS))
HEXES = len(GRID.hexes)
CORNERS = len(GRID.corners)
EDGES = len(GRID.edges)

HEX_CORNERS = GRID.hex_corners
HEX_EDGES = GRID.hex_edges
CORNER_HEXES = GRID.corner_hexes
CORNER_EDGES = GRID.corner_edges
CORNER_NEIGHBOURS = GRID.corner_neighbours
EDGE_CORNERS = GRID.edges
EDGE_HEXES = GRID.edge_hexes
#: other end of edge e seen from corner c: EDGE_XOR[e] ^ c
EDGE_XOR: tuple[int, ...] = tuple(a ^ b for a, b in EDGE_CORNERS)
COAST = GRID.coast

HEX_LABELS: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOPQRS"[:HEXES])
HEX_BY_LABEL = {label: h for h, label in enumerate(HEX_LABELS)}


def _corner_label(c: int) -> str:
    h, name = GRID.corner_name(c)
    return f"{HEX_LABELS[h]}·{name}"


def _edge_label(e: int) -> str:
    h, name = GRID.side_name(e)
    return f"{HEX_LABELS[h]}·{name}"


CORNER_LABELS: tuple[str, ...] = tuple(_corner_label(c) for c in range(CORNERS))
EDGE_LABELS: tuple[str, ...] = tuple(_edge_label(e) for e in range(EDGES))
CORNER_BY_LABEL = {label: c for c, label in enumerate(CORNER_LABELS)}
EDGE_BY_LABEL = {label: e for e, label in enumerate(EDGE_LABELS)}

#: the six token-laying orders of «Варианты раскладки»: from each corner hex of the island,
#: counter-clockwise, spiralling inwards
TOKEN_SPIRALS: tuple[tuple[int, ...], ...] = tuple(
    tuple(GRID.hex_index[h] for h in spiral((0, 0), len(ISLAND_ROWS) // 2, start, clockwise=False))
    for start in range(6)
)


def corner_of_hexes(labels: list[str] | tuple[str, ...]) -> int:
    """The intersection where the named hexes meet (ValueError if they do not)."""
    want = {HEX_BY_LABEL[x] for x in labels}
    for c, hexes in enumerate(CORNER_HEXES):
        if want <= set(hexes) and len(want) == len(hexes):
            return c
    raise ValueError(f"hexes {labels} do not meet at one intersection")


def edge_between_hexes(a: str, b: str) -> int:
    """The path between two neighbouring land hexes (ValueError if not neighbours)."""
    ha, hb = HEX_BY_LABEL[a], HEX_BY_LABEL[b]
    for e, hexes in enumerate(EDGE_HEXES):
        if set(hexes) == {ha, hb}:
            return e
    raise ValueError(f"hexes {a} and {b} are not neighbours")
