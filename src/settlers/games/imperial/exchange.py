"""«Обменять рабочих»: 2 workers for 1 resource or a card, as many pairs as one likes.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.actions import Exchange
from settlers.games.imperial.content import WK
from settlers.games.imperial.decks import deck_available, draw_card
from settlers.games.imperial.pending import drop
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import trigger

EXCHANGE_GOODS = {0: "W", 1: "S", 2: "F"}


EXCHANGE_COMMON, EXCHANGE_EMPIRE, EXCHANGE_DONE = 10, 11, -1


def do_exchange(st: ImperialState, seat: int, action: Exchange) -> None:
    st.acted = True   # the main action of the turn; free actions may follow
    st.pending.append({"kind": "exchange", "seat": seat, "await": "choose", "options": [],
                       "pairs": 0})   # pending.push, inlined: its keyword arguments are matched by name in C
    refresh_exchange(st, st.pending[-1])


def refresh_exchange(st: ImperialState, p: dict[str, Any]) -> None:
    seat = p["seat"]
    options: list[tuple[int, ...]] = []
    if st.goods[seat][WK] >= 2:
        options = [(0,), (1,), (2,)]
        if deck_available(st, seat, "common"):
            options.append((EXCHANGE_COMMON,))
        if deck_available(st, seat, "faction"):
            options.append((EXCHANGE_EMPIRE,))
    if p["pairs"] and options:
        options.append((EXCHANGE_DONE,))
    if not options:
        drop(st, p)
    else:
        p["options"] = options


def answer_exchange(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    """«Сбросить 2 рабочих… взять 1 любой ресурс… либо карточку»; «Оазис» gives its owner
    1 worker per pair another player trades."""
    choice = value[0]
    seat = p["seat"]
    if choice == EXCHANGE_DONE:
        drop(st, p)
        return
    st.goods[seat][WK] -= 2
    p["pairs"] += 1
    if choice in EXCHANGE_GOODS:
        st.goods[seat][choice] += 1
    else:
        draw_card(st, seat, "common" if choice == EXCHANGE_COMMON else "faction")
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.exchange", seat=seat, choice=choice)
    for other in range(st.players):
        if other != seat:
            trigger(st, other, "opponent_exchange")
    refresh_exchange(st, p)
