"""«Самый длинный торговый путь»: the longest simple chain of one player's roads.

Branches do not add up: only the longest continuous path counts. An intersection holding an
opponent's settlement or city breaks the road: a path may end there but not pass through.
Each edge is used at most once (a loop counts fully). Computed only for the players whose
roads an action touched (incremental), with an edge bitmask depth-first search.
"""

from __future__ import annotations

from collections.abc import Sequence

from .topology import CORNER_EDGES, EDGE_CORNERS, EDGE_XOR

#: per corner: (bit of the edge, corner at its other end) for each edge at the corner
_LINKS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((1 << e, EDGE_XOR[e] ^ c) for e in CORNER_EDGES[c]) for c in range(len(CORNER_EDGES)))


def _walk(c: int, used: int, mine: int, blocked: int) -> int:
    """Longest trail from corner ``c`` over the edges of ``mine`` not in ``used``, not
    passing through a corner of ``blocked`` (bitmasks: edges, edges, corners)."""
    best = 0
    for bit, n in _LINKS[c]:
        if mine & bit and not used & bit:
            if (blocked >> n) & 1:
                length = 1
            else:
                length = 1 + _walk(n, used | bit, mine, blocked)
            if length > best:
                best = length
    return best


def longest_road(p: int, roads: Sequence[int], edge_owner: Sequence[int],
                 corner_owner: Sequence[int]) -> int:
    """Length of ``p``'s longest road (``roads``: the ids of ``p``'s roads)."""
    if not roads:
        return 0
    degree: dict[int, int] = {}
    mine = 0
    for e in roads:
        mine |= 1 << e
        a, b = EDGE_CORNERS[e]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    blocked = 0  # corners of p's roads an opponent holds: a road ends there
    for c in degree:
        o = corner_owner[c]
        if o != -1 and o != p:
            blocked |= 1 << c
    # A longest path starts where the network ends or branches, or at a corner an opponent
    # holds; only a closed ring without such corners needs a start in its middle.
    starts = [c for c, d in degree.items() if d != 2 or (blocked >> c) & 1]
    reached = _reach(starts, mine, blocked)
    for e in roads:
        if not (reached >> e) & 1:  # a ring: start anywhere on it
            c = EDGE_CORNERS[e][0]
            starts.append(c)
            reached |= _reach([c], mine, blocked)
    best = 0
    total = len(roads)
    for c in starts:
        length = _walk(c, 0, mine, blocked)
        if length > best:
            best = length
            if best == total:
                break
    return best


def _reach(starts: list[int], mine: int, blocked: int) -> int:
    """Bitmask of the roads of ``mine`` a path from ``starts`` can use."""
    seen = 0
    stack = list(starts)
    visited = set(stack)
    while stack:
        c = stack.pop()
        if (blocked >> c) & 1 and c not in starts:
            continue
        for bit, n in _LINKS[c]:
            if mine & bit:
                seen |= bit
                if n not in visited:
                    visited.add(n)
                    stack.append(n)
    return seen
