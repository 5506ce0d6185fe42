"""What holds in every state of a game of Catan (settlers.core.invariants): resource cards
conserved between the bank and the hands (19 of each, «Компоненты игры»), development cards never
more than the deck's 25; each seat's roads, settlements and cities on the board make its set with
those left in its stock; the distance rule everywhere; the incremental longest road equal to a
fresh count; the awards held by the right seat; scores recomputed from the buildings on the
board, the awards and the victory point cards; nobody past 10 points while the game goes on."""

from __future__ import annotations

from .content import (
    AWARD_POINTS,
    CARDS_EACH,
    CITIES_PER_PLAYER,
    DEV_COUNTS,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    POINTS,
    POINTS_TO_WIN,
    RESOURCES,
    ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER,
    VICTORY_POINT,
)
from .longest_road import longest_road
from .phases import FOUND_ROAD, FOUND_SETTLEMENT
from .state import CatanState
from .topology import CORNER_NEIGHBOURS


def problems(st: CatanState) -> list[str]:
    return [*_cards(st), *_pieces(st), *_awards(st), *_points(st)]


def _cards(st: CatanState) -> list[str]:
    out: list[str] = []
    n = st.players
    for r, name in enumerate(RESOURCES):   # pending discards are still in the hands
        total = sum(st.hands[p][r] for p in range(n)) + st.bank[r]
        if total != CARDS_EACH:
            out.append(f"{name} cards: {total} != {CARDS_EACH}")
        if st.bank[r] < 0 or any(st.hands[p][r] < 0 for p in range(n)):
            out.append(f"negative {name} cards")
    # played progress cards leave the game: deck + hands + played knights <= 25
    for k, count in enumerate(DEV_COUNTS):
        if st.deck.count(k) + sum(st.dev[p][k] for p in range(n)) > count:
            out.append(f"development cards of kind {k}: more than {count}")
        for p in range(n):
            if not 0 <= st.dev_new[p][k] <= st.dev[p][k]:
                out.append(f"seat {p}: {st.dev_new[p][k]} new of {st.dev[p][k]} cards of kind {k}")
    if len(st.deck) + sum(map(sum, st.dev)) + sum(st.knights) > sum(DEV_COUNTS):
        out.append(f"development cards: more than {sum(DEV_COUNTS)}")
    return out


def _pieces(st: CatanState) -> list[str]:
    out: list[str] = []
    for p in range(st.players):
        roads = [e for e, o in enumerate(st.edge_owner) if o == p]
        if sorted(roads) != sorted(st.roads[p]):
            out.append(f"seat {p}: roads on the board {roads} != its list {sorted(st.roads[p])}")
        if len(roads) + st.roads_left[p] != ROADS_PER_PLAYER:
            out.append(f"seat {p}: {len(roads)} roads + {st.roads_left[p]} left "
                       f"!= {ROADS_PER_PLAYER}")
        settlements, cities = _buildings(st, p)
        if settlements + st.settlements_left[p] != SETTLEMENTS_PER_PLAYER:
            out.append(f"seat {p}: {settlements} settlements + {st.settlements_left[p]} left "
                       f"!= {SETTLEMENTS_PER_PLAYER}")
        if cities + st.cities_left[p] != CITIES_PER_PLAYER:
            out.append(f"seat {p}: {cities} cities + {st.cities_left[p]} left "
                       f"!= {CITIES_PER_PLAYER}")
        if st.building_points[p] != settlements + 2 * cities:
            out.append(f"seat {p}: building points {st.building_points[p]} != "
                       f"{settlements} settlements + 2 × {cities} cities")
        if st.road_length[p] != longest_road(p, roads, st.edge_owner, st.corner_owner):
            out.append(f"seat {p}: road length {st.road_length[p]} != a fresh count")
    for c, o in enumerate(st.corner_owner):
        if o >= 0 and any(st.corner_owner[x] >= 0 for x in CORNER_NEIGHBOURS[c]):
            out.append(f"intersection {c}: a building next to another (distance rule)")
    return out


def _awards(st: CatanState) -> list[str]:
    out: list[str] = []
    if st.largest_army >= 0:
        k = st.knights[st.largest_army]
        if k < LARGEST_ARMY_MIN or k != max(st.knights):
            out.append(f"largest army held by seat {st.largest_army} with {k} knights "
                       f"of {st.knights}")
    if st.longest_road >= 0:
        length = st.road_length[st.longest_road]
        if length < LONGEST_ROAD_MIN or length != max(st.road_length):
            out.append(f"longest road held by seat {st.longest_road} with {length} "
                       f"of {st.road_length}")
    return out


def _points(st: CatanState) -> list[str]:
    points = recomputed_scores(st)
    if st.over and st.winner >= 0 and points[st.winner] < POINTS_TO_WIN:
        return [f"seat {st.winner} won with {points[st.winner]} points"]
    if (not st.over and st.phase not in (FOUND_SETTLEMENT, FOUND_ROAD)
            and points[st.current] >= POINTS_TO_WIN):
        return [f"seat {st.current} to move has {points[st.current]} points, the game goes on"]
    return []


def _buildings(st: CatanState, p: int) -> tuple[int, int]:
    """The settlements and cities of seat ``p`` on the board."""
    settlements = cities = 0
    for owner, level in zip(st.corner_owner, st.corner_level, strict=True):
        if owner == p:
            settlements += level == 1
            cities += level == 2
    return settlements, cities


def recomputed_scores(st: CatanState) -> list[float]:
    """«Победные очки» counted again from the board, independently of scoring.py: each
    settlement and city on the board, the two awards and the victory point cards held."""
    out = []
    for p in range(st.players):
        settlements, cities = _buildings(st, p)
        points = (POINTS["settlement"] * settlements + POINTS["city"] * cities
                  + POINTS["victory_point"] * st.dev[p][VICTORY_POINT]
                  + AWARD_POINTS * ((st.longest_road == p) + (st.largest_army == p)))
        out.append(float(points))
    return out
