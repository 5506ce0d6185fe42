"""«Активировать действие локации»: pay the action's cost (gold for resources; cards and deals
are chosen), mark the uses, take the goods and queue the location's operation.

A use mark stands for the goods laid on the card (L531 «Товары остаются на карточке до конца
раунда»; L638 a worker laid instead): it only grows during a round and is thrown away at the
cleanup (L369) or with the card (L436), never fewer than none. The extra use that «Бродячие
актёры» give lays no mark (``counted=False``): it does not count against the location's limit.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.actions import Activate
from settlers.games.imperial.content import USED
from settlers.games.imperial.decks import card_key, discard_card, leave_hand
from settlers.games.imperial.pending import await_or_auto, drop
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import (
    DEAL_ROUTE,
    DEAL_UNDER_BOARD,
    gain,
    own_deal_options,
    pay_figures,
    pay_ways,
)


def do_activate(st: ImperialState, seat: int, action: Activate) -> None:
    st.acted = True   # the main action of the turn; free actions may follow
    start_activation(st, seat, action.card, action.times)


def start_activation(st: ImperialState, seat: int, cid: int, times: int,
                     counted: bool = True) -> None:
    """Activate ``cid`` ``times`` times; ``counted=False``: an extra use that lays no mark."""
    # the action's cost as figures (CardTables.action_cost): W, S, F, G, Wk, Raze, Card, Deal
    w, s, f, g, _, _, cards, deals = st.tables.action_cost[cid]  # type: ignore[misc]
    options = None
    if not cards and not deals:   # pay_options(st, seat, cost, times)
        options = pay_ways(st.goods[seat], w * times, s * times, f * times, g * times)
        if len(options) == 1:   # nothing to ask: what continue_activation does, without it
            finish_activation(st, seat, cid, times, options[0], (), (), counted)
            return
        if counted:   # continue_activation's question (await_or_auto's), asked here
            st.pending.append({"kind": "activate", "seat": seat, "await": "pay",
                               "options": options, "card": cid, "times": times, "gold": None,
                               "paid_cards": (), "paid_deals": (), "slot": "gold"})
            return
    st.pending.append({"kind": "activate", "seat": seat, "await": "", "options": [],
                       "card": cid, "times": times, "gold": None, "paid_cards": (),
                       "paid_deals": ()})   # pending.push, inlined: its keyword arguments are matched by name in C
    if not counted:   # only then: every other pending activation stays as it was recorded
        st.pending[-1]["uncounted"] = True
    continue_activation(st, st.pending[-1], options)


def continue_activation(st: ImperialState, p: dict[str, Any],
                        options: list[tuple[int, int, int]] | None = None) -> None:
    """Pay the activation (gold for resources; cards and deals are chosen), then act;
    ``options``: the ways to pay, when listed just before (nothing changed since)."""
    seat, cid, times = p["seat"], p["card"], p["times"]
    w, s, f, g, _, _, cards, deals = st.tables.action_cost[cid]
    if p["gold"] is None:
        if options is None:   # pay_options(st, seat, cost, times)
            options = pay_ways(st.goods[seat], w * times, s * times, f * times, g * times)
        if not await_or_auto(st, p, "pay", "gold", options):
            return
    need_cards = cards * times
    while len(p["paid_cards"]) < need_cards:
        left = list(st.hand[seat])
        for c in p["paid_cards"]:
            left.remove(c)
        options = [(c,) for c in dict.fromkeys(left)]
        if len(options) != 1:
            p["await"], p["slot"], p["options"] = "choose", "paid_cards", options
            return
        p["paid_cards"] = p["paid_cards"] + options[0]
    need_deals = deals * times
    while len(p["paid_deals"]) < need_deals:
        options = own_deal_options(st, seat, exclude=p["paid_deals"])
        if len(options) != 1:
            p["await"], p["slot"], p["options"] = "choose", "paid_deals", options
            return
        p["paid_deals"] = p["paid_deals"] + (options[0],)
    drop(st, p)
    finish_activation(st, seat, cid, times, p["gold"], p["paid_cards"], p["paid_deals"],
                      not p.get("uncounted"))


def finish_activation(st: ImperialState, seat: int, cid: int, times: int,
                      gold: tuple[int, int, int], paid_cards: tuple[int, ...],
                      paid_deals: tuple[tuple[int, int], ...], counted: bool = True) -> None:
    """Pay, mark the uses (none when not ``counted``), take the goods and queue the
    operation."""
    action = st.cards[cid].action
    assert action is not None   # only action locations are activated
    w, s, f, g, wk, rz, _, _ = st.tables.action_cost[cid]  # type: ignore[misc]
    if times != 1:
        w, s, f, g, wk, rz = w * times, s * times, f * times, g * times, wk * times, rz * times
    pay_figures(st.goods[seat], w, s, f, g, wk, rz, gold)   # pay(st, seat, cost, gold, times)
    for c in paid_cards:
        leave_hand(st, seat, c)
        discard_card(st, c)
    if paid_deals:   # (no sort, and no key function made, for the activations without)
        for kind, c in sorted(paid_deals, key=lambda d: -d[1]):
            drop_deal(st, seat, kind, c)
    if counted:
        st.info[cid][USED] += times
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.activate", seat=seat, card=card_key(st, cid), times=times)
    if "goods" in action:
        gain(st, seat, action["goods"], times)
    op = action.get("op")
    if op is not None:
        for _ in range(times):  # targets are chosen when the decision comes up
            st.pending.append({"kind": "op", "seat": seat, "await": "choose", "options": [],
                               "card": cid, "op": op, "lazy": True})   # (pending.push)


def answer_activate(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    slot = p["slot"]
    if slot == "gold":
        p["gold"] = tuple(value)
    elif slot == "paid_cards":
        p["paid_cards"] = p["paid_cards"] + (value[0],)
    else:
        p["paid_deals"] = p["paid_deals"] + (tuple(value),)
    continue_activation(st, p)


def drop_deal(st: ImperialState, seat: int, kind: int, index: int) -> None:
    """Cancel a deal paid for an action; an attack card taken with «Шпионы» leaves the game, as
    one «Разбойники» cancel does."""
    if kind == DEAL_UNDER_BOARD:
        discard_card(st, st.deals[seat].pop(index))
    elif kind == DEAL_ROUTE:
        st.route[seat].pop(index)
    else:
        st.attack_gone.append(st.attack_deals.pop(index))
