"""«Самый длинный торговый путь»: the longest simple chain of one player's roads.

Branches do not add up: only the longest continuous path counts. An intersection holding an
opponent's settlement or city breaks the road: a path may end there but not pass through.
Each edge is used at most once (a loop counts fully). Computed only for the players whose
roads an action touched (incremental), with an edge bitmask depth-first search.
"""

from __future__ import annotations

from collections.abc import Sequence

from .topology import CORNER_EDGES, EDGE_CORNERS, EDGE_XOR


def _walk(c: int, used: int, p: int, edge_owner: Sequence[int],
          corner_owner: Sequence[int]) -> int:
    best = 0
    for e in CORNER_EDGES[c]:
        if edge_owner[e] == p and not (used >> e) & 1:
            n = EDGE_XOR[e] ^ c
            o = corner_owner[n]
            if o != -1 and o != p:
                length = 1
            else:
                length = 1 + _walk(n, used | (1 << e), p, edge_owner, corner_owner)
            if length > best:
                best = length
    return best


def longest_road(p: int, roads: Sequence[int], edge_owner: Sequence[int],
                 corner_owner: Sequence[int]) -> int:
    """Length of ``p``'s longest road (``roads``: the ids of ``p``'s roads)."""
    if not roads:
        return 0
    degree: dict[int, int] = {}
    for e in roads:
        a, b = EDGE_CORNERS[e]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    # A longest path starts where the network ends or branches, or at a corner an opponent
    # holds; only a closed ring without such corners needs a start in its middle.
    starts = [c for c, d in degree.items()
              if d != 2 or (corner_owner[c] != -1 and corner_owner[c] != p)]
    reached = _reach(starts, p, edge_owner, corner_owner)
    for e in roads:
        if not (reached >> e) & 1:  # a ring: start anywhere on it
            c = EDGE_CORNERS[e][0]
            starts.append(c)
            reached |= _reach([c], p, edge_owner, corner_owner)
    best = 0
    total = len(roads)
    for c in starts:
        length = _walk(c, 0, p, edge_owner, corner_owner)
        if length > best:
            best = length
            if best == total:
                break
    return best


def _reach(starts: list[int], p: int, edge_owner: Sequence[int],
           corner_owner: Sequence[int]) -> int:
    """Bitmask of ``p``'s roads a path from ``starts`` can use."""
    seen = 0
    stack = list(starts)
    visited = set(stack)
    while stack:
        c = stack.pop()
        o = corner_owner[c]
        blocked = o != -1 and o != p and c not in starts
        if blocked:
            continue
        for e in CORNER_EDGES[c]:
            if edge_owner[e] == p:
                seen |= 1 << e
                n = EDGE_XOR[e] ^ c
                if n not in visited:
                    visited.add(n)
                    stack.append(n)
    return seen
