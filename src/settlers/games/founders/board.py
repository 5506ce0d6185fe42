"""One player's state («государство»): a grid of tiles, the tokens on them and the hand.

Coordinates are per player: ``x`` runs left to right as the owner sees it, ``y`` grows away
from the owner (the owner sits below row ``y`` = min). A cell is one integer
``(x + OFFSET) * WIDTH + (y + OFFSET)`` so neighbours are fixed integer offsets.

A cart corner is named by the cell to its upper right: corner ``(x, y)`` touches the cells
``(x-1, y-1)``, ``(x, y-1)``, ``(x-1, y)`` and ``(x, y)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

OFFSET = 128
# More than the 255 values of ``y + OFFSET`` (so the cells sort by x, then y), and not a power
# of two: a Python int hashes to its value, and a small dict or set picks its first slot from
# the low bits — with 256 every cell of a row (one ``y``) started in the same slot, and a
# state's cells, the index's frontier and its per-cell dicts probed more the denser the state
# grew (≈ 2.1 slots a look-up late in a game); with 265 (9 more than 256) a row's cells go 9
# slots apart (≈ 1.0).
WIDTH = 265
SIDES = (1, -1, WIDTH, -WIDTH)
AROUND = (1, -1, WIDTH, -WIDTH, WIDTH + 1, WIDTH - 1, -WIDTH + 1, -WIDTH - 1)
CORNER_CELLS = (0, -1, -WIDTH, -WIDTH - 1)


def cell_of(x: int, y: int) -> int:
    return (x + OFFSET) * WIDTH + (y + OFFSET)


def xy_of(cell: int) -> tuple[int, int]:
    return cell // WIDTH - OFFSET, cell % WIDTH - OFFSET


# the cell numbers a state's canonical content (``Board.to_json``: its digest) is written in:
# ``(x + OFFSET) * 256 + (y + OFFSET)``, whatever ``WIDTH`` is (the same order)
CANONICAL_WIDTH = 256


def canonical(cell: int) -> int:
    """``cell``'s number in a state's canonical content (``CANONICAL_WIDTH``)."""
    return cell // WIDTH * CANONICAL_WIDTH + cell % WIDTH


def in_range(x: int, y: int) -> bool:
    return -OFFSET < x < OFFSET - 1 and -OFFSET < y < OFFSET - 1


# ------------------------------------------------------------------ change tracking
# The menus keep, per board and across turns, which cells meet which needs (see
# placement.py). Every change to a board's tiles and tokens — by the rules or by a test that
# writes a dict directly — is written down in the board's ``changes`` list (the cell changed;
# ``None``: the carts changed, recompute everything), so that only the cells around a change
# are looked at again. Reads are plain dict/set reads.
CARTS_CHANGED = None


def _tracked_dict(items: dict[int, Any], changes: list[int | None]) -> TrackedDict:
    d = TrackedDict(items)
    d.changes = changes
    return d


def _tracked_set(items: set[int], changes: list[int | None]) -> TrackedSet:
    s = TrackedSet(items)
    s.changes = changes
    return s


class TrackedDict(dict[int, Any]):
    """A dict of cells that writes every changed key into ``changes``."""

    __slots__ = ("changes",)
    changes: list[int | None]

    def __setitem__(self, key: int, value: Any) -> None:
        self.changes.append(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: int) -> None:
        self.changes.append(key)
        dict.__delitem__(self, key)

    def pop(self, key: int, *default: Any) -> Any:
        self.changes.append(key)
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[int, Any]:
        item = dict.popitem(self)
        self.changes.append(item[0])
        return item

    def setdefault(self, key: int, default: Any = None) -> Any:
        self.changes.append(key)
        return dict.setdefault(self, key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        new = dict(*args, **kwargs)
        self.changes.extend(new)
        dict.update(self, new)

    def clear(self) -> None:
        self.changes.extend(self)
        dict.clear(self)

    def __ior__(self, other: Any) -> TrackedDict:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __reduce__(self) -> Any:
        return _tracked_dict, (dict(self), self.changes)


class TrackedSet(set[int]):
    """A set of cart corners that writes ``CARTS_CHANGED`` into ``changes`` on any change."""

    __slots__ = ("changes",)
    changes: list[int | None]

    def add(self, item: int) -> None:
        self.changes.append(CARTS_CHANGED)
        set.add(self, item)

    def discard(self, item: object) -> None:
        self.changes.append(CARTS_CHANGED)
        set.discard(self, item)

    def remove(self, item: int) -> None:
        self.changes.append(CARTS_CHANGED)
        set.remove(self, item)

    def pop(self) -> int:
        self.changes.append(CARTS_CHANGED)
        return set.pop(self)

    def clear(self) -> None:
        self.changes.append(CARTS_CHANGED)
        set.clear(self)

    def update(self, *others: Any) -> None:
        self.changes.append(CARTS_CHANGED)
        set.update(self, *others)

    def difference_update(self, *others: Any) -> None:
        self.changes.append(CARTS_CHANGED)
        set.difference_update(self, *others)

    def intersection_update(self, *others: Any) -> None:
        self.changes.append(CARTS_CHANGED)
        set.intersection_update(self, *others)

    def symmetric_difference_update(self, other: Any) -> None:
        self.changes.append(CARTS_CHANGED)
        set.symmetric_difference_update(self, other)

    def __ior__(self, other: Any) -> TrackedSet:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __isub__(self, other: Any) -> TrackedSet:  # type: ignore[misc]
        self.difference_update(other)
        return self

    def __iand__(self, other: Any) -> TrackedSet:  # type: ignore[misc]
        self.intersection_update(other)
        return self

    def __ixor__(self, other: Any) -> TrackedSet:  # type: ignore[override,misc]
        self.symmetric_difference_update(other)
        return self

    def __reduce__(self) -> Any:
        return _tracked_set, (set(self), self.changes)


class Board:
    """The tiles, tokens and hand of one player."""

    __slots__ = (
        "_groups",
        "carts",
        "cells",
        "changes",
        "coin",
        "face_down",
        "hand_cart",
        "hand_coin",
        "hand_masters",
        "hand_war",
        "index",
        "master",
        "war",
    )

    def __init__(self) -> None:
        changes: list[int | None] = []
        self.changes = changes  # cells changed since ``index`` was brought up to date
        self.index: Any = None  # placement.PlacementIndex of this board (built lazily)
        self.cells: dict[int, int] = _tracked_dict({}, changes)  # cell -> tile id
        self.war: dict[int, int] = _tracked_dict({}, changes)  # razed cell -> seat that razed it
        self.master: dict[int, int] = _tracked_dict({}, changes)  # cell -> master id on it
        # cell -> (buyer seat, good bought)
        self.coin: dict[int, tuple[int, int]] = _tracked_dict({}, changes)
        self.carts: set[int] = _tracked_set(set(), changes)  # corners with a cart token
        self.face_down: list[int] = []           # replaced tiles, −1 VP each
        self.hand_war = 0
        self.hand_coin = 0
        self.hand_cart = 0
        self.hand_masters: list[int] = []
        self._groups: dict[int, tuple[int, ...]] | None = None

    def copy(self) -> Board:
        b = Board.__new__(Board)
        changes = b.changes = list(self.changes)
        index = b.index = self.index
        if index is not None:
            index.shared = True  # copied by whichever board changes it first
        b.cells = _tracked_dict(self.cells, changes)
        b.war = _tracked_dict(self.war, changes)
        b.master = _tracked_dict(self.master, changes)
        b.coin = _tracked_dict(self.coin, changes)
        b.carts = _tracked_set(self.carts, changes)
        b.face_down = list(self.face_down)
        b.hand_war = self.hand_war
        b.hand_coin = self.hand_coin
        b.hand_cart = self.hand_cart
        b.hand_masters = list(self.hand_masters)
        b._groups = self._groups  # immutable once built; rebuilt when carts change
        return b

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied without the placement index (rebuilt when next asked)."""
        state = {name: getattr(self, name) for name in Board.__slots__}
        state["index"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

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

    def column_tops(self) -> list[int]:
        """``unprotected``, sorted."""
        return sorted(self.unprotected())

    def free_corners(self, ordered: Iterable[int] | None = None) -> list[int]:
        """Corners shared by four tiles of the state without a cart yet, in order. ``ordered``:
        the occupied cells already sorted (the placement index keeps them), so that the
        corners come out in order without a sort."""
        cells = self.cells
        carts = self.carts
        out = []
        if ordered is None:
            for c in cells:
                # c as the upper-right cell of the corner
                if (c - 1 in cells and c - WIDTH in cells and c - WIDTH - 1 in cells
                        and c not in carts):
                    out.append(c)
            out.sort()
            return out
        below = None  # the cell before c in order: c - 1 is occupied exactly when it is that
        for c in ordered:
            if (c - 1 == below and c - WIDTH in cells and c - WIDTH - 1 in cells
                    and c not in carts):
                out.append(c)
            below = c
        return out

    def groups(self) -> dict[int, tuple[int, ...]]:
        """Cell -> all cells joined with it by carts (chained carts join their groups)."""
        if self._groups is None:
            self._groups = cart_groups(self.carts)
        return self._groups

    def carts_changed(self) -> None:
        self._groups = None
        self.changes.append(CARTS_CHANGED)

    # ------------------------------------------------------------------ production
    def produces_nothing(self, cell: int) -> bool:
        """Razed, worked by a master, or bought with a coin: the tile makes no good now."""
        return cell in self.war or cell in self.master or cell in self.coin

    def hand_size(self) -> int:
        return self.hand_war + self.hand_coin + self.hand_cart + len(self.hand_masters)

    def to_json(self) -> dict[str, Any]:
        """Canonical (sorted) content; tuples stand for JSON lists."""
        return {
            "cells": sorted([(canonical(c), t) for c, t in self.cells.items()]),
            "war": sorted([(canonical(c), s) for c, s in self.war.items()]),
            "master": sorted([(canonical(c), m) for c, m in self.master.items()]),
            "coin": sorted([(canonical(c), s, g) for c, (s, g) in self.coin.items()]),
            "carts": sorted(map(canonical, self.carts)),
            "face_down": list(self.face_down),
            "hand": (self.hand_war, self.hand_coin, self.hand_cart, tuple(self.hand_masters)),
        }


def cart_groups(carts: Iterable[int]) -> dict[int, tuple[int, ...]]:
    """Cell -> all cells joined with it by the carts on these corners (``Board.groups``)."""
    parent: dict[int, int] = {}

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for corner in carts:
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
    return groups


def with_cart(groups: dict[int, tuple[int, ...]], corner: int) -> dict[int, tuple[int, ...]]:
    """``cart_groups`` of the carts of ``groups`` and one more on ``corner``, worked out from
    ``groups`` (the groups of its four cells, or the cells alone, become one)."""
    joined: set[int] = set()
    for c in (corner - d for d in (0, 1, WIDTH, WIDTH + 1)):
        group = groups.get(c)
        if group is None:
            joined.add(c)
        else:
            joined.update(group)
    group = tuple(sorted(joined))
    out = dict(groups)
    for c in group:
        out[c] = group
    return out


def cart_reach(board: Board, cell: int) -> set[int]:
    """The tiles that can supply a tile put on ``cell`` when carts join groups: its neighbours
    and every tile of their groups (a replaced tile supplies nothing; the new tile is not its
    own neighbour)."""
    groups = board.groups()
    cells = board.cells
    reach: set[int] = set()
    for d in AROUND:
        n = cell + d
        if n in cells:
            reach.add(n)
            g = groups.get(n)
            if g is not None:
                reach.update(g)
    reach.discard(cell)
    return reach


def cart_supply(board: Board, cell: int, supply: dict[int, int]) -> list[int]:
    """The good masks (from ``supply``, per cell) of the tiles within ``cart_reach``."""
    masks = []
    for c in cart_reach(board, cell):
        m = supply.get(c)
        if m:
            masks.append(m)
    return masks
