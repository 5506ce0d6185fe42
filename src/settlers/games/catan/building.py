"""«Строительство», «Дорога», «Поселение», «Город», «Правило расстояния», «Перекрёсток», «Пути».

* A road goes on a free path touching the player's own road, settlement or city; it cannot
  continue a road through an opponent's settlement or city.
* A settlement goes on a free intersection whose three neighbours are all free (distance rule)
  and which touches one of the player's roads.
* A city replaces one of the player's settlements (the settlement returns to the stock).
* Stock: 15 roads, 5 settlements, 4 cities per player.
"""

from __future__ import annotations

from . import awards
from .content import HARBOUR_BIT_NAMES
from .longest_road import longest_after_road, longest_road
from .production import YIELD_BITS
from .state import CatanState
from .topology import CORNER_EDGES, CORNER_HEXES, CORNER_NEIGHBOURS, EDGE_CORNERS


def can_afford(hand: list[int], cost: tuple[int, ...]) -> bool:
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2]
            and hand[3] >= cost[3] and hand[4] >= cost[4])


def pay(st: CatanState, p: int, cost: tuple[int, ...]) -> None:
    """Return the cost to the bank («возвращает в резервную стопку»)."""
    hand, bank = st.hands[p], st.bank
    c0, c1, c2, c3, c4 = cost
    hand[0] -= c0
    hand[1] -= c1
    hand[2] -= c2
    hand[3] -= c3
    hand[4] -= c4
    bank[0] += c0
    bank[1] += c1
    bank[2] += c2
    bank[3] += c3
    bank[4] += c4


def bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: per corner: seat 0's bit of ``state.hex_seats`` on each hex it touches (a byte a hex)
_CORNER_HEX_SEATS: tuple[int, ...] = tuple(sum(1 << (8 * h) for h in hexes)
                                           for hexes in CORNER_HEXES)
#: per corner: bitmask of the paths that touch it
_CORNER_EDGE_MASK: tuple[int, ...] = tuple(sum(1 << e for e in edges) for edges in CORNER_EDGES)


def road_paths(st: CatanState, p: int) -> list[int]:
    """Free paths where ``p`` may build a road now (ignoring cost and stock), in order."""
    near = st.road_reach[p] & ~st.edges_taken
    out = []
    while near:
        low = near & -near
        out.append(low.bit_length() - 1)
        near ^= low
    return out


def road_reach(st: CatanState, p: int) -> int:
    """Bitmask of the paths touching a corner of ``p``'s network that no opponent holds (what
    ``state.road_reach[p]`` keeps up to date as pieces are placed)."""
    corner_owner = st.corner_owner
    near = 0
    mask = st.network[p]
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        o = corner_owner[c]
        if o == -1 or o == p:
            near |= _CORNER_EDGE_MASK[c]
    return near


def road_allowed(st: CatanState, p: int, e: int) -> bool:
    if st.edge_owner[e] >= 0:
        return False
    for c in EDGE_CORNERS[e]:
        o = st.corner_owner[c]
        if o == p:
            return True
        if o == -1 and (st.network[p] >> c) & 1:
            return True
    return False


def settlement_spots(st: CatanState, p: int) -> list[int]:
    """Intersections where ``p`` may build a settlement now: free, distance rule, own road."""
    settle_ok = st.settle_ok
    return [c for c in bits(st.network[p]) if settle_ok[c]]


def distance_rule_ok(st: CatanState, c: int) -> bool:
    """«Правило расстояния»: the intersection and its neighbours are all free."""
    return st.settle_ok[c]


def city_spots(st: CatanState, p: int) -> list[int]:
    level = st.corner_level
    return [c for c in st.buildings[p] if level[c] == 1]


# ---------------------------------------------------------------------------- placing pieces
def place_road(st: CatanState, p: int, e: int) -> None:
    st.edge_owner[e] = p
    st.edges_taken |= 1 << e
    st.roads[p].append(e)
    st.roads_left[p] -= 1
    a, b = EDGE_CORNERS[e]
    st.network[p] |= (1 << a) | (1 << b)
    corner_owner = st.corner_owner
    oa, ob = corner_owner[a], corner_owner[b]
    if oa == -1 or oa == p:
        st.road_reach[p] |= _CORNER_EDGE_MASK[a]
    if ob == -1 or ob == p:
        st.road_reach[p] |= _CORNER_EDGE_MASK[b]
    length = longest_after_road(p, e, st.road_length[p], st.roads[p], st.corner_owner)
    if length != st.road_length[p]:
        st.road_length[p] = length
        awards.update_longest_road(st)


def place_settlement(st: CatanState, p: int, c: int) -> None:
    st.corner_owner[c] = p
    st.corner_level[c] = 1
    st.buildings[p].append(c)
    st.settlements_left[p] -= 1
    st.building_points[p] += 1
    st.network[p] |= 1 << c
    st.road_reach[p] |= _CORNER_EDGE_MASK[c]
    st.settle_ok[c] = False
    for n in CORNER_NEIGHBOURS[c]:
        st.settle_ok[n] = False
    one = 1 << (YIELD_BITS * p)
    hex_yield = st.hex_yield
    for h in CORNER_HEXES[c]:
        hex_yield[h] += one
    st.hex_seats |= _CORNER_HEX_SEATS[c] << p
    bit = st.board.corner_harbour[c]
    if bit >= 0:
        st.harbours_new[p] |= 1 << bit
    # «Дорога может быть разорвана»: an opponent's road through c is cut here
    holder_broken = False
    changed = False
    for q in range(st.players):
        if q == p:
            continue
        if (st.network[q] >> c) & 1:  # q's roads no longer go on through c
            st.road_reach[q] = road_reach(st, q)
        through = 0
        for e in CORNER_EDGES[c]:
            if st.edge_owner[e] == q:
                through += 1
        if through >= 2:
            length = longest_road(q, st.roads[q], st.edge_owner, st.corner_owner)
            if length != st.road_length[q]:
                if q == st.longest_road and length < st.road_length[q]:
                    holder_broken = True
                st.road_length[q] = length
                changed = True
    if changed:
        awards.update_longest_road(st, holder_broken)


def place_city(st: CatanState, p: int, c: int) -> None:
    st.corner_level[c] = 2
    one = 1 << (YIELD_BITS * p)
    hex_yield = st.hex_yield
    for h in CORNER_HEXES[c]:
        hex_yield[h] += one
    st.settlements_left[p] += 1
    st.cities_left[p] -= 1
    st.building_points[p] += 1


def harbour_bits_names(mask: int) -> list[str]:
    """Names of the harbours in a bitmask (bits 0-4: the 2:1 harbours, bit 5: generic)."""
    return [HARBOUR_BIT_NAMES[b] for b in range(6) if (mask >> b) & 1]
