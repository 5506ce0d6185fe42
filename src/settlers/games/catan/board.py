"""Setting up the island: «Варианты раскладки игрового поля» (a function of the seed) and the
fixed «Стартовая расстановка для начинающих» (``data/beginner.json``).

A :class:`Board` never changes during a game, so clones share it.
"""

from __future__ import annotations

import random
from typing import Any

from settlers.core.dice import ways_2d6
from settlers.core.hexgrid import SIDE_NAMES

from .content import (
    GENERIC,
    HARBOUR_KINDS,
    HARBOUR_POSITIONS,
    RESOURCE_INDEX,
    RESOURCES,
    TERRAIN_COUNTS,
    TERRAIN_RESOURCE,
    TOKENS,
    ComponentDataError,
    load_json,
)
from .topology import (
    COAST,
    CORNERS,
    EDGE_CORNERS,
    GRID,
    HEX_BY_LABEL,
    HEX_CORNERS,
    HEXES,
    TOKEN_SPIRALS,
    corner_of_hexes,
    edge_between_hexes,
)


class Board:
    """Terrain, numbers and harbours of one game, plus tables derived from them."""

    __slots__ = (
        "_view",
        "corner_harbour",
        "corner_pips",
        "desert",
        "harbours",
        "number",
        "producers",
        "resource",
        "spiral_start",
        "terrain",
    )

    def __init__(self, terrain: list[str], number: list[int], harbours: list[tuple[int, str]],
                 spiral_start: int | None = None):
        if len(terrain) != HEXES or len(number) != HEXES:
            raise ComponentDataError("a board needs 19 terrains and 19 numbers")
        self.terrain: tuple[str, ...] = tuple(terrain)
        self.resource: tuple[int, ...] = tuple(TERRAIN_RESOURCE[t] for t in terrain)
        self.number: tuple[int, ...] = tuple(number)
        self.harbours: tuple[tuple[int, str], ...] = tuple(harbours)
        self.spiral_start = spiral_start
        deserts = [h for h, t in enumerate(terrain) if t == "desert"]
        self.desert: int = deserts[0] if deserts else -1
        ch = [-1] * CORNERS
        for edge, kind in harbours:
            bit = GENERIC if kind == "generic" else RESOURCE_INDEX[kind]
            for c in EDGE_CORNERS[edge]:
                ch[c] = bit
        self.corner_harbour: tuple[int, ...] = tuple(ch)
        # number -> ((hex, resource), ...): the land hexes that produce on that roll
        prod: list[list[tuple[int, int]]] = [[] for _ in range(13)]
        for h in range(HEXES):
            if self.number[h]:
                prod[self.number[h]].append((h, self.resource[h]))
        self.producers: tuple[tuple[tuple[int, int], ...], ...] = tuple(map(tuple, prod))
        # pips per resource at each intersection (for the heuristic)
        cp = [[0] * 5 for _ in range(CORNERS)]
        for h in range(HEXES):
            if self.resource[h] >= 0:
                for c in HEX_CORNERS[h]:
                    cp[c][self.resource[h]] += ways_2d6(self.number[h])
        self.corner_pips: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in cp)
        self._view: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"terrain": list(self.terrain), "number": list(self.number),
                "harbours": [[e, k] for e, k in self.harbours]}


def random_board(rng: random.Random) -> Board:
    """«Варианты раскладки»: shuffled land hexes laid in rows 3-4-5-4-3; the frame's harbours
    (positions fixed by the frame's gaps, kinds shuffled); tokens A–R counter-clockwise from a
    random corner hex, spiralling inwards and skipping the desert."""
    terrain = [name for name, n in TERRAIN_COUNTS.items() for _ in range(n)]
    rng.shuffle(terrain)
    kinds = list(HARBOUR_KINDS)
    rng.shuffle(kinds)
    harbours = [(COAST[pos], kind) for pos, kind in zip(HARBOUR_POSITIONS, kinds, strict=True)]
    start = rng.randrange(6)
    number = [0] * HEXES
    tokens = iter(TOKENS)
    for h in TOKEN_SPIRALS[start]:
        if terrain[h] != "desert":
            number[h] = next(tokens)
    return Board(terrain, number, harbours, spiral_start=start)


def load_beginner() -> dict[str, Any]:
    """The beginner set-up from ``data/beginner.json``, validated and resolved to indices."""
    data = load_json("beginner.json")
    hexes = data["hexes"]
    if len(hexes) != HEXES:
        raise ComponentDataError("beginner.json: 19 hexes expected")
    terrain = [t for t, _n in hexes]
    number = [n or 0 for _t, n in hexes]
    if sorted(terrain) != sorted(t for t, k in TERRAIN_COUNTS.items() for _ in range(k)):
        raise ComponentDataError("beginner.json: wrong terrain counts")
    if sorted(n for n in number if n) != sorted(TOKENS):
        raise ComponentDataError("beginner.json: the numbers are not the 18 tokens")
    harbours = []
    for item in data["harbours"]:
        h = HEX_BY_LABEL[item["hex"]]
        edge = GRID.hex_edges[h][SIDE_NAMES.index(item["side"])]
        if edge not in COAST:
            raise ComponentDataError(f"beginner.json: harbour {item} is not on the coast")
        harbours.append((edge, item["kind"]))
    if sorted(k for _e, k in harbours) != sorted(HARBOUR_KINDS):
        raise ComponentDataError("beginner.json: wrong harbour kinds")
    pieces: dict[str, list[tuple[int, int]]] = {}
    for colour, items in data["starting_pieces"].items():
        if colour.startswith("_"):
            continue
        pieces[colour] = []
        for item in items:
            corner = corner_of_hexes(item["settlement"])
            road = edge_between_hexes(*item["road"])
            if corner not in EDGE_CORNERS[road]:
                raise ComponentDataError(f"beginner.json: {colour} road does not touch its "
                                         f"settlement")
            pieces[colour].append((corner, road))
    return {"board": Board(terrain, number, harbours), "pieces": pieces}


BEGINNER = load_beginner()

__all__ = ["BEGINNER", "RESOURCES", "Board", "random_board"]
