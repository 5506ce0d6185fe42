"""«Карты развития», «Рыцарь», «Карты прорыва», «Карты победных очков».

Buying: ore + wool + grain for the top card of the face-down deck, while it lasts. In their own
turn players may play one knight or progress card — at any time, also before the roll — but
never a card bought in this turn. Victory point cards are never played: they stay hidden and
count when their owner reaches 10 points (also at once after buying one).

* Knight: move the robber (and rob); counts for the largest army.
* Road building: two free roads by the usual rules.
* Year of plenty («Изобретение»): any two resource cards from the bank.
* Monopoly: every other player hands over all cards of the named resource.
"""

from __future__ import annotations

from settlers.core import Action

from . import awards
from .actions import (
    MONOPOLY,
    PLAY_KNIGHT,
    PLAY_ROAD_BUILDING,
    YEAR_OF_PLENTY,
    YEAR_OF_PLENTY_ONE,
    YEAR_OF_PLENTY_PAIRS,
)
from .building import can_afford, pay, road_paths
from .content import (
    COST_DEVELOPMENT,
    DEV_KINDS,
    KNIGHT,
    RESOURCE_KEYS,
    ROAD_BUILDING,
)
from .content import (
    MONOPOLY as MONOPOLY_CARD,
)
from .content import (
    YEAR_OF_PLENTY as YEAR_OF_PLENTY_CARD,
)
from .phases import CARD_PHASES, ROBBER
from .phases import ROAD_BUILDING as ROAD_BUILDING_PHASE
from .state import CatanState


def can_buy(st: CatanState) -> bool:
    return bool(st.deck) and can_afford(st.hands[st.current], COST_DEVELOPMENT)


def buy(st: CatanState) -> None:
    p = st.current
    pay(st, p, COST_DEVELOPMENT)
    card = st.deck.pop()
    st.dev[p][card] += 1
    st.dev_new[p][card] += 1
    if st.record_events:
        st.emit("catan.ev.bought", seat=p)
        st.emit("catan.ev.bought_card", visible_to=(p,), seat=p,
                card=f"catan.dev.{DEV_KINDS[card]}")


def playable(st: CatanState, card: int) -> bool:
    """May the player to move play a ``card`` now?"""
    p = st.current
    return (st.phase in CARD_PHASES and not st.dev_played
            and st.dev[p][card] - st.dev_new[p][card] > 0)


def legal_plays(st: CatanState) -> list[Action]:
    if st.dev_played:
        return []
    p = st.current
    dev, new = st.dev[p], st.dev_new[p]
    out: list[Action] = []
    if dev[KNIGHT] > new[KNIGHT]:
        out.append(PLAY_KNIGHT)
    if dev[ROAD_BUILDING] > new[ROAD_BUILDING]:
        out.append(PLAY_ROAD_BUILDING)
    if dev[YEAR_OF_PLENTY_CARD] > new[YEAR_OF_PLENTY_CARD]:
        out.extend(year_of_plenty_choices(st))
    if dev[MONOPOLY_CARD] > new[MONOPOLY_CARD]:
        out.extend(MONOPOLY)
    return out


def year_of_plenty_choices(st: CatanState) -> list[Action]:
    bank = st.bank
    if sum(bank) >= 2:
        return [YEAR_OF_PLENTY[a, b] for a, b in YEAR_OF_PLENTY_PAIRS
                if bank[a] >= 1 + (a == b) and bank[b] >= 1]
    return [YEAR_OF_PLENTY_ONE[r] for r in range(5) if bank[r]]


def _played(st: CatanState, card: int) -> None:
    p = st.current
    st.dev[p][card] -= 1
    st.dev_played = True
    if st.record_events:
        st.emit("catan.ev.played", seat=p, card=f"catan.dev.{DEV_KINDS[card]}")


def play_knight(st: CatanState) -> None:
    _played(st, KNIGHT)
    p = st.current
    st.knights[p] += 1
    awards.update_largest_army(st, p)
    st.robber_return = st.phase
    st.phase = ROBBER


def play_road_building(st: CatanState) -> None:
    _played(st, ROAD_BUILDING)
    p = st.current
    st.road_building_left = min(2, st.roads_left[p])
    if st.road_building_left and road_paths(st, p):
        st.road_building_return = st.phase
        st.phase = ROAD_BUILDING_PHASE
    else:
        st.road_building_left = 0


def play_year_of_plenty(st: CatanState, picks: list[int]) -> None:
    _played(st, YEAR_OF_PLENTY_CARD)
    p = st.current
    for r in picks:
        st.bank[r] -= 1
        st.hands[p][r] += 1
    if st.record_events:
        st.emit("catan.ev.year_of_plenty", seat=p,
                resources=[RESOURCE_KEYS[r] for r in picks])


def play_monopoly(st: CatanState, r: int) -> None:
    _played(st, MONOPOLY_CARD)
    p = st.current
    taken = 0
    for q in range(st.players):
        if q != p and st.hands[q][r]:
            taken += st.hands[q][r]
            st.hands[q][r] = 0
    st.hands[p][r] += taken
    if st.record_events:
        st.emit("catan.ev.monopoly", seat=p, resource=RESOURCE_KEYS[r], count=taken)

