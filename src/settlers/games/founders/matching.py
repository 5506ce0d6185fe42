"""The matching of needs to producers: a tile's needs must be met by *different* producing
tiles (a bipartite matching, not a count). Used by attaching.py (the rules) and placement.py
(the per-state index of where tiles fit)."""

from __future__ import annotations


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


_NEED_MASKS: dict[tuple[int, ...], int] = {}


def need_mask(need: tuple[int, ...]) -> int:
    """The bits of the goods ``need`` names (memoised: the needs of a tile set are few)."""
    m = _NEED_MASKS.get(need)
    if m is None:
        m = 0
        for g in need:
            m |= 1 << g
        _NEED_MASKS[need] = m
    return m
