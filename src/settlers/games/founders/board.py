"""One player's state («государство»): a grid of tiles, the tokens on them and the hand.

Coordinates are per player: ``x`` runs left to right as the owner sees it, ``y`` grows away
from the owner (the owner sits below row ``y`` = min). A cell is one integer
``(x + OFFSET) * WIDTH + (y + OFFSET)`` so neighbours are fixed integer offsets.

A cart corner is named by the cell to its upper right: corner ``(x, y)`` touches the cells
``(x-1, y-1)``, ``(x, y-1)``, ``(x-1, y)`` and ``(x, y)``.
"""

from __future__ import annotations

from typing import Any

OFFSET = 128
WIDTH = 256
SIDES = (1, -1, WIDTH, -WIDTH)
AROUND = (1, -1, WIDTH, -WIDTH, WIDTH + 1, WIDTH - 1, -WIDTH + 1, -WIDTH - 1)
CORNER_CELLS = (0, -1, -WIDTH, -WIDTH - 1)


def cell_of(x: int, y: int) -> int:
    return (x + OFFSET) * WIDTH + (y + OFFSET)


def xy_of(cell: int) -> tuple[int, int]:
    return cell // WIDTH - OFFSET, cell % WIDTH - OFFSET


def in_range(x: int, y: int) -> bool:
    return -OFFSET < x < OFFSET - 1 and -OFFSET < y < OFFSET - 1


class Board:
    """The tiles, tokens and hand of one player."""

    __slots__ = (
        "_groups",
        "carts",
        "cells",
        "coin",
        "face_down",
        "hand_cart",
        "hand_coin",
        "hand_masters",
        "hand_war",
        "master",
        "war",
    )

    def __init__(self) -> None:
        self.cells: dict[int, int] = {}          # cell -> tile id
        self.war: dict[int, int] = {}            # razed cell -> seat that played the war token
        self.master: dict[int, int] = {}         # cell -> master id lying on it
        self.coin: dict[int, tuple[int, int]] = {}  # cell -> (buyer seat, good bought)
        self.carts: set[int] = set()             # corners with a cart token
        self.face_down: list[int] = []           # replaced tiles, −1 VP each
        self.hand_war = 0
        self.hand_coin = 0
        self.hand_cart = 0
        self.hand_masters: list[int] = []
        self._groups: dict[int, tuple[int, ...]] | None = None

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.cells = dict(self.cells)
        b.war = dict(self.war)
        b.master = dict(self.master)
        b.coin = dict(self.coin)
        b.carts = set(self.carts)
        b.face_down = list(self.face_down)
        b.hand_war = self.hand_war
        b.hand_coin = self.hand_coin
        b.hand_cart = self.hand_cart
        b.hand_masters = list(self.hand_masters)
        b._groups = self._groups  # immutable once built; rebuilt when carts change
        return b

    # ------------------------------------------------------------------ geometry
    def frontier(self) -> list[int]:
        """Empty cells sharing a full side with the state («хотя бы одной стороной»)."""
        cells = self.cells
        a, b, c_, d_ = SIDES
        out = {n for c in cells for n in (c + a, c + b, c + c_, c + d_)}
        out.difference_update(cells)
        return sorted(out)

    def unprotected(self) -> set[int]:
        """The farthest tile from the owner in each column («самый дальний ... в каждом
        вертикальном ряду»)."""
        top: dict[int, int] = {}
        for c in self.cells:
            col = c // WIDTH
            if c > top.get(col, -1):
                top[col] = c
        return set(top.values())

    def free_corners(self) -> list[int]:
        """Corners shared by four tiles of the state without a cart yet."""
        cells = self.cells
        out = []
        for c in cells:
            # c as the upper-right cell of the corner
            if (c - 1 in cells and c - WIDTH in cells and c - WIDTH - 1 in cells
                    and c not in self.carts):
                out.append(c)
        return sorted(out)

    def groups(self) -> dict[int, tuple[int, ...]]:
        """Cell -> all cells joined with it by carts (chained carts join their groups)."""
        if self._groups is None:
            parent: dict[int, int] = {}

            def find(a: int) -> int:
                while parent[a] != a:
                    parent[a] = parent[parent[a]]
                    a = parent[a]
                return a

            for corner in self.carts:
                cells = [corner - d for d in (0, 1, WIDTH, WIDTH + 1)]
                for c in cells:
                    parent.setdefault(c, c)
                root = find(cells[0])
                for c in cells[1:]:
                    r = find(c)
                    if r != root:
                        parent[r] = root
            members: dict[int, list[int]] = {}
            for c in parent:
                members.setdefault(find(c), []).append(c)
            groups: dict[int, tuple[int, ...]] = {}
            for cells_ in members.values():
                t = tuple(sorted(cells_))
                for c in t:
                    groups[c] = t
            self._groups = groups
        return self._groups

    def carts_changed(self) -> None:
        self._groups = None

    # ------------------------------------------------------------------ production
    def produces_nothing(self, cell: int) -> bool:
        """Razed, worked by a master, or bought with a coin: the tile makes no good now."""
        return cell in self.war or cell in self.master or cell in self.coin

    def hand_size(self) -> int:
        return self.hand_war + self.hand_coin + self.hand_cart + len(self.hand_masters)

    def to_json(self) -> dict[str, Any]:
        """Canonical (sorted) content; tuples stand for JSON lists."""
        return {
            "cells": sorted(self.cells.items()),
            "war": sorted(self.war.items()),
            "master": sorted(self.master.items()),
            "coin": sorted((c, s, g) for c, (s, g) in self.coin.items()),
            "carts": sorted(self.carts),
            "face_down": list(self.face_down),
            "hand": (self.hand_war, self.hand_coin, self.hand_cart, tuple(self.hand_masters)),
        }
