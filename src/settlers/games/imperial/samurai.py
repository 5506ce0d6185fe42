"""«Размещение самурая»: Japanese workers placed on their empire locations as samurai, one per
location, and «Ниндзя»'s two samurai.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.actions import PlaceSamurai
from settlers.games.imperial.content import SAMURAI, WK
from settlers.games.imperial.decks import card_key
from settlers.games.imperial.pending import drop
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import trigger


def do_place_samurai(st: ImperialState, seat: int, action: PlaceSamurai) -> None:
    """«японцы могут выставить любое количество имеющихся у них рабочих на свои имперские
    локации… только одним самураем»."""
    st.goods[seat][WK] -= 1
    set_samurai(st, seat, action.card)


def set_samurai(st: ImperialState, seat: int, cid: int) -> None:
    st.info[cid][SAMURAI] = 1
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.samurai", seat=seat, card=card_key(st, cid))
    trigger(st, seat, "samurai")


def refresh_samurai_bonus(st: ImperialState, p: dict[str, Any]) -> None:
    """«Ниндзя»: «даёт вам 2 самураев. Если вы можете выставить только одного, второй
    сбрасывается»."""
    seat = p["seat"]
    free = [(cid,) for cid in st.locs[seat]
            if st.cards[cid].deck == st.emp[seat] and not st.info[cid][SAMURAI]]
    if p["n"] <= 0 or not free:
        drop(st, p)
    elif len(free) <= p["n"]:
        drop(st, p)
        for (cid,) in free:
            set_samurai(st, seat, cid)
    else:
        p["options"] = free


def answer_samurai_bonus(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    set_samurai(st, p["seat"], value[0])
    p["n"] -= 1
    refresh_samurai_bonus(st, p)
