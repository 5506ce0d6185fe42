"""«Победные очки», «Окончание игры».

Settlement 1, city 2, longest road 2, largest army 2, each victory point card 1. The player to
move who has 10 points (victory point cards included) at the start of or during their own turn
wins at once; the cards are then revealed.
"""

from __future__ import annotations

from settlers.core.seats import best_seats

from .content import (
    AWARD_POINTS,
    CITIES_PER_PLAYER,
    POINTS_TO_WIN,
    SETTLEMENTS_PER_PLAYER,
    VICTORY_POINT,
)
from .phases import FOUND_ROAD, FOUND_SETTLEMENT, OVER
from .state import CatanState


def public_points(st: CatanState, p: int) -> int:
    """Points everybody can see (no hidden victory point cards)."""
    pts = st.building_points[p]
    if st.longest_road == p:
        pts += AWARD_POINTS
    if st.largest_army == p:
        pts += AWARD_POINTS
    return pts


def points(st: CatanState, p: int) -> int:
    return public_points(st, p) + st.dev[p][VICTORY_POINT]


def check_victory(st: CatanState) -> None:
    """End the game if the player to move has reached 10 points."""
    if st.phase in (FOUND_SETTLEMENT, FOUND_ROAD, OVER):
        return
    p = st.current
    if points(st, p) >= POINTS_TO_WIN:
        st.phase = OVER
        st.to_act, st.over = (), True  # acting.keep_to_act at the end
        st.winner = p
        if st.record_events:
            st.emit("catan.ev.win", seat=p, points=points(st, p),
                    victory_cards=st.dev[p][VICTORY_POINT])


def end_by_turn_limit(st: CatanState) -> None:
    """The optional simulation cap: the seats with most points win."""
    st.phase = OVER
    st.to_act, st.over = (), True  # acting.keep_to_act at the end
    st.winner = -1
    st.limit_winners = best_seats([points(st, p) for p in range(st.players)])
    if st.record_events:
        st.emit("catan.ev.turn_limit", turns=st.turn)


def scores(st: CatanState) -> list[float]:
    return [float(points(st, p)) for p in range(st.players)]


def public_scores(st: CatanState) -> list[float]:
    """Points without the hidden victory point cards («Карты победных очков»)."""
    return [float(public_points(st, p)) for p in range(st.players)]


def winners(st: CatanState) -> list[int]:
    if st.phase != OVER:
        return []
    return [st.winner] if st.winner >= 0 else list(st.limit_winners)


def breakdown(st: CatanState) -> list[dict[str, int]]:
    """«Победные очки» by category: settlements 1, cities 2, longest road 2, largest army 2,
    victory point cards 1 each (hidden ones included: shown once the game is over)."""
    rows = []
    for p in range(st.players):
        cities = CITIES_PER_PLAYER - st.cities_left[p]
        settlements = SETTLEMENTS_PER_PLAYER - st.settlements_left[p]
        rows.append({
            "catan.score.settlements": settlements,
            "catan.score.cities": 2 * cities,
            "catan.score.longest_road": AWARD_POINTS if st.longest_road == p else 0,
            "catan.score.largest_army": AWARD_POINTS if st.largest_army == p else 0,
            "catan.score.vp_cards": st.dev[p][VICTORY_POINT],
        })
    return rows
