"""«Самый длинный торговый путь»: the longest simple chain of one player's roads.

Branches do not add up: only the longest continuous path counts. An intersection holding an
opponent's settlement or city breaks the road: a path may end there but not pass through.
Each edge is used at most once (a loop counts fully). Computed only for the players whose
roads an action touched, with an edge bitmask depth-first search: in full when a settlement
may have cut a road (``longest_road``), and only through the new road when one is built
(``longest_after_road``: a new road cannot shorten any trail, so the longest road is the old
one or the longest trail using the new road).
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


#: per path: its bit (for ``sum(map(...))``: the bits of distinct paths add up to their mask)
_EDGE_BIT: tuple[int, ...] = tuple(1 << e for e in range(len(EDGE_CORNERS)))
#: per corner: bitmask of the paths that touch it
_CORNER_EDGE_MASK: tuple[int, ...] = tuple(sum(1 << e for e in edges) for edges in CORNER_EDGES)


def longest_after_road(p: int, e: int, old: int, roads: Sequence[int],
                       corner_owner: Sequence[int]) -> int:
    """Length of ``p``'s longest road right after its road ``e`` was built (``roads``: the
    ids of ``p``'s roads, ``e`` included; ``old``: the length before). Equal to
    ``longest_road`` on the new roads: adding an edge blocks no corner, so every trail without
    ``e`` was there before (at most ``old``), and a trail with ``e`` splits at ``e`` into two
    edge-disjoint trails, one leaving each of its ends."""
    ebit = 1 << e
    others = sum(map(_EDGE_BIT.__getitem__, roads)) ^ ebit  # p's other roads (a bitmask)
    a, b = EDGE_CORNERS[e]
    oa, ob = corner_owner[a], corner_owner[b]
    # a trail goes on past a (b) if a road of p leaves it and no opponent's building is there
    a_more = (oa == -1 or oa == p) and others & _CORNER_EDGE_MASK[a]
    b_more = (ob == -1 or ob == p) and others & _CORNER_EDGE_MASK[b]
    if not (a_more or b_more):
        through = 1
    elif not b_more or not a_more:
        through = 1 + _walk_free(a if a_more else b, others, p, corner_owner)
    else:
        through = 1 + _pairs(a, others, 0, b, p, corner_owner)
    return through if through > old else old


def _walk_free(c: int, free: int, p: int, owner: Sequence[int]) -> int:
    """Longest trail from corner ``c`` over the roads of ``free`` (a bitmask of p's roads not
    used yet), ending at a corner with an opponent's building (read from ``owner``)."""
    best = 0
    for bit, n in _LINKS[c]:
        if free & bit:
            o = owner[n]
            if o != -1 and o != p:
                length = 1
            else:
                length = 1 + _walk_free(n, free ^ bit, p, owner)
            if length > best:
                best = length
    return best


def _pairs(c: int, free: int, length: int, b: int, p: int, owner: Sequence[int]) -> int:
    """The longest ``length`` + trail from ``b``: over every trail from ``c`` (of ``length``
    edges so far; ``free``: the roads it has not used), the most edges it and a trail from
    ``b`` disjoint from it add up to."""
    best = length + _walk_free(b, free, p, owner)
    for bit, n in _LINKS[c]:
        if free & bit:
            o = owner[n]
            if o != -1 and o != p:
                total = length + 1 + _walk_free(b, free ^ bit, p, owner)
            else:
                total = _pairs(n, free ^ bit, length + 1, b, p, owner)
            if total > best:
                best = total
    return best
