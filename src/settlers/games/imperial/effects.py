"""The effect engine: one interpreter for every card's declarative yields.

A card's data names what it yields (``production``, ``build_bonus``: fixed goods, one good per
location of a colour — «сама эта локация тоже учитывается» —, a choice, a pick of empire cards,
samurai); this module gives them and answers the choices they ask.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.decks import discard_card, draw_card
from settlers.games.imperial.pending import drop, push
from settlers.games.imperial.samurai import refresh_samurai_bonus
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import colour_count, gain, gain_cards, trigger


def apply_yields(st: ImperialState, seat: int, yields: tuple[dict[str, Any], ...], cid: int) -> None:
    for item in yields:
        if "goods" in item:
            gain(st, seat, item["goods"])
        elif "per" in item:
            n = colour_count(st, seat, item["per"])
            if "max" in item:   # (no min(): in Python 3.11 it parses keywords every call)
                most = item["max"]
                if n > most:
                    n = most
            if n:
                gain(st, seat, {item["good"]: n})
        elif "choice" in item:
            # the question keeps the goods of its own yield: a production's or a building
            # bonus's (L420, L422: a production location may give both at once)
            options = [(i,) for i in range(len(item["choice"]))]
            st.pending.append({"kind": "choice", "seat": seat, "await": "choose",
                               "options": options, "card": cid, "goods": item["choice"]})   # pending.push, inlined: its keyword arguments are matched by name in C
        elif "pick" in item:
            reveal_empire_pick(st, seat, item["pick"], cid)
        elif "samurai" in item:
            push(st, "samurai_bonus", seat, "choose", [], card=cid, n=item["samurai"])
            refresh_samurai_bonus(st, st.pending[-1])


def produce(st: ImperialState, seat: int, cid: int) -> None:
    row = st.tables.production_goods[cid]
    if row is None:   # VP, cards, a choice, a count per colour: the yields one by one
        apply_yields(st, seat, st.cards[cid].production, cid)
        return
    # goods of the supply only (CardTables.production_goods): what gain does with each
    # yield's dict, without the dicts; «gold gained» changes only the victory points
    added, golds = row
    supply = st.goods[seat]
    for index, n in added:
        supply[index] += n
    while golds:
        trigger(st, seat, "gold")
        golds -= 1


def reveal_empire_pick(st: ImperialState, seat: int, n: int, cid: int) -> None:
    pile = st.fdeck[st.emp[seat]]
    left = len(pile)
    shown = [pile.pop() for _ in range(n if n < left else left)]
    if len(shown) == 1:
        st.hand[seat].append(shown[0])
    elif shown:
        push(st, "empire_pick", seat, "pick", [(c,) for c in shown], card=cid)


def answer_draw(st: ImperialState, p: dict[str, Any], deck: str) -> None:
    drop(st, p)
    draw_card(st, p["seat"], deck)
    later = p.get("discard_after")   # a card razed from the hand waits for its bonus's draws
    asked = len(st.pending)
    if p["n"] > 1:
        gain_cards(st, p["seat"], p["n"] - 1, "any")
    if later is not None:
        if len(st.pending) > asked and st.pending[-1]["kind"] == "draw":
            st.pending[-1]["discard_after"] = later
        else:
            discard_card(st, later)


def answer_choice(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    drop(st, p)
    gain(st, p["seat"], p["goods"][value[0]])


def answer_empire_pick(st: ImperialState, p: dict[str, Any], card: int) -> None:
    drop(st, p)
    st.hand[p["seat"]].append(card)
    for opt in p["options"]:
        if opt[0] != card:
            discard_card(st, opt[0])
