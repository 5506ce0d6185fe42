"""``evaluate(seat)``: a heuristic worth of a position for greedy and search bots.

Worth of a player = victory points (dominant) + production (pips of the hexes next to their
settlements, doubled for cities, none under the robber, a bonus for each resource produced)
+ cards in hand (a penalty above 7: a 7 would cost half) + development cards + progress toward
the longest road and the largest army + room to expand (free spots next to their roads) +
harbours. The value returned is the seat's worth minus the best opponent's; a finished game is
+/-1000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import KNIGHT, VICTORY_POINT
from .phases import OVER
from .scoring import points

if TYPE_CHECKING:
    from .state import CatanState

W_POINT = 10.0
W_PIP = 0.55
W_VARIETY = 0.8
W_CARD = 0.35
W_OVER_SEVEN = 0.6
W_KNIGHT_CARD = 1.6
W_OTHER_CARD = 1.2
W_KNIGHT_PLAYED = 0.7
W_ROAD = 0.35
W_SPOT = 1.0
W_HARBOUR = 0.6


def production(st: CatanState, p: int) -> list[float]:
    """Expected pips per resource of ``p``'s buildings (robber's hex excluded)."""
    out = [0.0] * 5
    corner_pips = st.board.corner_pips
    robbed = st.board.resource[st.robber]
    for c in st.buildings[p]:
        level = st.corner_level[c]
        cp = corner_pips[c]
        for r in range(5):
            out[r] += cp[r] * level
    if robbed >= 0:
        from .components import pips
        n = pips(st.board.number[st.robber])
        from .topology import HEX_CORNERS
        for c in HEX_CORNERS[st.robber]:
            if st.corner_owner[c] == p:
                out[robbed] -= n * st.corner_level[c]
    return out


def worth(st: CatanState, p: int) -> float:
    from .building import settlement_spots
    value = W_POINT * points(st, p)
    prod = production(st, p)
    value += W_PIP * sum(prod) + W_VARIETY * sum(1 for x in prod if x > 0)
    cards = sum(st.hands[p])
    value += W_CARD * min(cards, 7) - W_OVER_SEVEN * max(0, cards - 7)
    dev = st.dev[p]
    value += W_KNIGHT_CARD * dev[KNIGHT] + W_OTHER_CARD * (sum(dev) - dev[KNIGHT]
                                                           - dev[VICTORY_POINT])
    if st.largest_army != p:
        value += W_KNIGHT_PLAYED * min(st.knights[p], 3)
    if st.longest_road != p:
        value += W_ROAD * min(st.road_length[p], 6)
    if st.settlements_left[p]:
        value += W_SPOT * min(len(settlement_spots(st, p)), 2)
    value += W_HARBOUR * bin(st.harbours[p] | st.harbours_new[p]).count("1")
    return value


def evaluate(st: CatanState, seat: int) -> float:
    if st.phase == OVER:
        winners = st.winners()
        if seat in winners:
            return 1000.0 / len(winners)
        return -1000.0
    mine = worth(st, seat)
    best_other = max(worth(st, p) for p in range(st.players) if p != seat)
    return mine - best_other
