"""«Присоединить квадрат»: where a tile can be attached.

A tile needs goods from its eight neighbours. Each tile of the state produces at most one good
per turn (a nature tile one of its two), so the needs must be matched to *different* producing
tiles — a bipartite matching, not a count. Carts widen what a neighbour offers: a neighbour
joined by carts offers the goods of every tile in its group, but each good is still produced
on (and uses up) its own tile. A good bought with a coin is one more producer, reachable from
anywhere. The tile on a replaced cell is gone and produces nothing.
"""

from __future__ import annotations

from settlers.games.founders.board import AROUND, Board


def supply_map(board: Board, tile_mask: tuple[int, ...]) -> dict[int, int]:
    """Cell -> mask of the goods its tile can produce this turn (producing tiles only)."""
    war, master, coin = board.war, board.master, board.coin
    out = {}
    for c, t in board.cells.items():
        m = tile_mask[t]
        if m and c not in war and c not in master and c not in coin:
            out[c] = m
    return out


def producers_around(board: Board, cell: int, supply: dict[int, int],
                     borrowed_mask: int) -> list[int]:
    """The good masks of the distinct tiles able to supply a tile put on ``cell``."""
    masks = []
    if board.carts:
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
        # a replaced tile supplies nothing; the new tile is not its own neighbour
        reach.discard(cell)
        for c in reach:
            m = supply.get(c)
            if m:
                masks.append(m)
    else:
        for d in AROUND:
            m = supply.get(cell + d)
            if m:
                masks.append(m)
    if borrowed_mask:
        masks.append(borrowed_mask)
    return masks


def needs_met(needs: tuple[int, ...], masks: list[int]) -> bool:
    """Can every need be supplied by a different producer? (exact: backtracking matching)"""
    k = len(needs)
    if k == 0:
        return True
    if k > len(masks):
        return False
    if k == 1:
        bit = 1 << needs[0]
        return any(m & bit for m in masks)
    if k == 2:
        a, b = 1 << needs[0], 1 << needs[1]
        first_a = -1
        for j, m in enumerate(masks):
            if m & a:
                first_a = j
                break
        if first_a < 0:
            return False
        for j, m in enumerate(masks):
            if m & b:
                if j != first_a:
                    return True
                # the only way to use producer first_a for b: another producer gives a
                if any(mm & a for mm in masks[j + 1:]):
                    return True
        return False
    union = 0
    for m in masks:
        union |= m
    for g in needs:
        if not union >> g & 1:
            return False
    return _assign(needs, 0, masks, 0)


def _assign(needs: tuple[int, ...], i: int, masks: list[int], used: int) -> bool:
    if i == len(needs):
        return True
    bit = 1 << needs[i]
    for j, m in enumerate(masks):
        if m & bit and not used >> j & 1 and _assign(needs, i + 1, masks, used | 1 << j):
            return True
    return False


def matching(needs: tuple[int, ...], masks: list[int]) -> list[int] | None:
    """One assignment need -> producer index (for explanations and tests), or None."""
    out: list[int] = []

    def go(i: int, used: int) -> bool:
        if i == len(needs):
            return True
        bit = 1 << needs[i]
        for j, m in enumerate(masks):
            if m & bit and not used >> j & 1:
                out.append(j)
                if go(i + 1, used | 1 << j):
                    return True
                out.pop()
        return False

    return out if go(0, 0) else None


def attach_cells(board: Board, tiles: list[int], needs: tuple[tuple[int, ...], ...],
                 tile_mask: tuple[int, ...], borrowed_mask: int
                 ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """For each tile: the empty cells it can go on, and the occupied cells it can replace."""
    normal: dict[int, list[int]] = {t: [] for t in tiles}
    replace: dict[int, list[int]] = {t: [] for t in tiles}
    if not tiles:
        return normal, replace
    by_needs: dict[tuple[int, ...], list[int]] = {}
    for t in tiles:
        by_needs.setdefault(needs[t], []).append(t)
    free = by_needs.pop((), [])
    need_masks = {need: sum(1 << g for g in need) for need in by_needs}
    supply = supply_map(board, tile_mask)
    for cells, out in ((board.frontier(), normal), (sorted(board.cells), replace)):
        for cell in cells:
            for t in free:
                out[t].append(cell)
            if not by_needs:
                continue
            masks = producers_around(board, cell, supply, borrowed_mask)
            union = 0
            for m in masks:
                union |= m
            for need, group in by_needs.items():
                if union & need_masks[need] == need_masks[need] and needs_met(need, masks):
                    for t in group:
                        out[t].append(cell)
    return normal, replace


def fitting_tiles(board: Board, tiles: list[int], needs: tuple[tuple[int, ...], ...],
                  tile_mask: tuple[int, ...], borrowed_mask: int) -> tuple[set[int], set[int]]:
    """Which tiles fit on at least one empty cell, and which of the others fit at least by
    replacing a tile — stopping as soon as each kind of need is settled (for the menus)."""
    by_needs: dict[tuple[int, ...], list[int]] = {}
    for t in tiles:
        by_needs.setdefault(needs[t], []).append(t)
    normal: set[int] = set()
    replace: set[int] = set()
    supply = supply_map(board, tile_mask)
    free = by_needs.pop((), [])
    frontier = board.frontier()
    if free and frontier:
        normal.update(free)
    for cells, out in ((frontier, normal), (sorted(board.cells), replace)):
        pending = {need: sum(1 << g for g in need) for need, group in by_needs.items()
                   if group[0] not in normal}
        for cell in cells:
            if not pending:
                break
            masks = producers_around(board, cell, supply, borrowed_mask)
            union = 0
            for m in masks:
                union |= m
            done = []
            for need, need_mask in pending.items():
                if union & need_mask == need_mask and needs_met(need, masks):
                    out.update(by_needs[need])
                    done.append(need)
            for need in done:
                del pending[need]
    return normal, replace
