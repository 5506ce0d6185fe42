"""«ЗАКЛЮЧИТЬ СДЕЛКУ»: an empire card from the hand under the board for 1 food; its good
«тут же» and at every production phase.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.actions import MakeDeal
from settlers.games.imperial.decks import leave_hand_face_down
from settlers.games.imperial.pending import await_or_auto, drop
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import gain_good, pay_figures, pay_options, pay_ways, trigger

DEAL_COST = {"F": 1}            # «Сбросить 1 еду»


def do_deal(st: ImperialState, seat: int, action: MakeDeal) -> None:
    st.acted = True   # the main action of the turn; free actions may follow
    options = pay_ways(st.goods[seat], 0, 0, DEAL_COST["F"], 0)   # pay_options(…, DEAL_COST)
    if len(options) == 1:   # nothing to ask: what continue_deal does, without the question
        finish_deal(st, seat, action.card, options[0])
        return
    st.pending.append({"kind": "deal", "seat": seat, "await": "", "options": [],
                       "card": action.card, "gold": None})   # pending.push, inlined: its keyword arguments are matched by name in C
    # continue_deal with the ways to pay just listed (nothing changed since): ask how to pay
    await_or_auto(st, st.pending[-1], "pay", "gold", options)


def continue_deal(st: ImperialState, p: dict[str, Any]) -> None:
    if p["gold"] is None and not await_or_auto(st,
            p, "pay", "gold", pay_options(st, p["seat"], DEAL_COST)):
        return
    drop(st, p)
    finish_deal(st, p["seat"], p["card"], p["gold"])


def finish_deal(st: ImperialState, seat: int, cid: int, gold: tuple[int, int, int]) -> None:
    pay_figures(st.goods[seat], 0, 0, DEAL_COST["F"], 0, 0, 0, gold)   # pay(…, DEAL_COST, gold)
    leave_hand_face_down(st, seat, cid)   # a deal lies face down, its good in view (L199)
    st.deals[seat].append(cid)
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.deal", seat=seat, good=f"imperial.good.{st.cards[cid].deal}")
    gain_good(st, seat, st.cards[cid].deal)  # «Тут же получить указанный товар»
    trigger(st, seat, "deal")


def answer_deal(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    p[p["slot"]] = tuple(value)
    continue_deal(st, p)
