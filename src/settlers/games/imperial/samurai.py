"""«Размещение самурая»: Japanese workers placed on their empire locations as samurai, one per
location, and «Ниндзя»'s two samurai.

L598 «В любой момент своего хода японцы могут выставить любое количество имеющихся у них
рабочих на свои имперские локации»: in the action phase a free action (``turn.py``); and in the
player's turn of the production phase (L320 «Фазу производства начинает первый игрок, далее
ход передаётся по часовой стрелке»), once its goods are in, before the next player produces:
the ``samurai_window`` question, answered by ``PlaceSamurai`` (as often as workers and places
allow) or ``EndTurn``. Unlike the defence token (L385 «В фазе действий (в любой момент своего
хода)»), L598 names no phase (rules 2026-12-07.2).
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.actions import PlaceSamurai
from settlers.games.imperial.content import SAMURAI, WK
from settlers.games.imperial.decks import card_key
from settlers.games.imperial.pending import drop, push
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


END_WINDOW = (-1,)   # the window's last option: the turn goes on without more samurai


def samurai_places(st: ImperialState, seat: int) -> list[tuple[int, ...]]:
    """Where ``seat`` may put a samurai now: its Japanese empire locations without one, when it
    is Japanese and has a worker."""
    if st.emp[seat] != "japanese" or not st.goods[seat][WK]:
        return []
    japanese = st.tables.japanese
    info = st.info
    return [(cid,) for cid in st.locs[seat] if japanese[cid] and not info[cid][SAMURAI]]


def open_production_window(st: ImperialState, seat: int, below: int) -> None:
    """The production turn's samurai, asked after the production's own questions (it is put
    at ``below``, under those pushed since): L598 «В любой момент своего хода»."""
    places = samurai_places(st, seat)
    if not places:
        return
    push(st, "samurai_window", seat, "free", [*places, END_WINDOW])
    if below < len(st.pending) - 1:
        st.pending.insert(below, st.pending.pop())


def answer_samurai_window(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    """``value``: a location for a samurai (a worker spent), or None to end the window."""
    seat = p["seat"]
    if value is None:
        drop(st, p)
        return
    st.goods[seat][WK] -= 1
    set_samurai(st, seat, value)
    places = samurai_places(st, seat)
    if places:
        p["options"] = [*places, END_WINDOW]
    else:
        drop(st, p)
