"""«Фаза основания» and «Стартовая расстановка для начинающих».

Everybody rolls; the highest roll starts (ties roll again). Round one goes clockwise from the
starting player, round two counter-clockwise (the starting player places last). Each player
places a settlement on any free intersection obeying the distance rule, then a road leaving
that very settlement. Right after the second settlement its owner takes one resource card for
each land hex next to it. Then the starting player begins the first turn with the roll.

The beginner set-up instead places the printed pieces (red left out with three players) and
pays the start resources of each second settlement.
"""

from __future__ import annotations

from itertools import compress

from settlers.core import Action
from settlers.core.dice import roll_off
from settlers.core.seats import snake_order

from .acting import keep_to_act
from .actions import PLACE_ROAD, PLACE_SETTLEMENT
from .board import BEGINNER
from .building import place_road, place_settlement
from .content import RESOURCE_KEYS
from .phases import FOUND_ROAD, FOUND_SETTLEMENT, ROLL
from .places import corner_names, edge_names
from .state import CatanState
from .topology import CORNER_EDGES, CORNER_HEXES


def roll_for_first(st: CatanState) -> int:
    """«первым начинает игрок, выбросивший наибольшее количество очков» (ties roll again)."""
    first, rounds = roll_off(range(st.players), st.rng)
    if st.record_events:
        for i, totals in enumerate(rounds):
            if i:  # the round before tied at its highest: say so before the tied roll again
                best = max(rounds[i - 1].values())
                st.emit("catan.ev.first_roll_tie", total=best,
                        seats=[{"seat": p} for p in totals])
            for p, total in totals.items():
                st.emit("catan.ev.first_roll", seat=p, total=total)
        st.emit("catan.ev.first_player", seat=first)
    return first


def start_founding(st: CatanState) -> None:
    st.founding_order = snake_order(st.first, st.players)
    st.founding_index = 0
    st.current = st.founding_order[0]
    st.phase = FOUND_SETTLEMENT
    keep_to_act(st)


def legal_founding(st: CatanState) -> list[Action]:
    if st.phase == FOUND_SETTLEMENT:
        return list(compress(PLACE_SETTLEMENT, st.settle_ok))  # the spots still allowed
    return [PLACE_ROAD[e] for e in CORNER_EDGES[st.last_settlement] if st.edge_owner[e] < 0]


def second_round(st: CatanState) -> bool:
    return st.founding_index >= st.players


def found_settlement(st: CatanState, c: int) -> None:
    p = st.current
    place_settlement(st, p, c)
    st.last_settlement = c
    if st.record_events:
        st.emit("catan.ev.settlement", seat=p, intersection=corner_names()[c])
    if second_round(st):
        start_resources(st, p, c)
    st.phase = FOUND_ROAD


def start_resources(st: CatanState, p: int, c: int) -> None:
    for h in CORNER_HEXES[c]:
        r = st.board.resource[h]
        if r >= 0 and st.bank[r]:
            st.bank[r] -= 1
            st.hands[p][r] += 1
            if st.record_events:
                st.emit("catan.ev.produce", seat=p, count=1, resource=RESOURCE_KEYS[r])


def found_road(st: CatanState, e: int) -> None:
    p = st.current
    place_road(st, p, e)
    if st.record_events:
        st.emit("catan.ev.road", seat=p, path=edge_names()[e])
    st.founding_index += 1
    if st.founding_index < len(st.founding_order):
        st.current = st.founding_order[st.founding_index]
        st.phase = FOUND_SETTLEMENT
        keep_to_act(st)
    else:
        begin_play(st)


def begin_play(st: CatanState) -> None:
    for p in range(st.players):
        st.harbours[p] |= st.harbours_new[p]
        st.harbours_new[p] = 0
    st.current = st.first
    st.turn = 1
    st.phase = ROLL
    keep_to_act(st)
    if st.record_events:
        st.emit("catan.ev.turn", seat=st.current, turn=st.turn)


def beginner_setup(st: CatanState) -> None:
    pieces = BEGINNER["pieces"]
    for p, colour in enumerate(st.colours):
        for k, (corner, road) in enumerate(pieces[colour]):
            place_settlement(st, p, corner)
            place_road(st, p, road)
            if k == 1:
                start_resources(st, p, corner)
    begin_play(st)
