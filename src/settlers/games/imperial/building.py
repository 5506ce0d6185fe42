"""«ЧТОБЫ ПОСТРОИТЬ ЛОКАЦИЮ»: pay its cost (gold may replace resources), discard a location or
a foundation for an empire card, place it, then production, building bonus and every
«Каждый раз, построив…» feature.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.actions import Build
from settlers.games.imperial.content import CAPTOR, F, G, S, W
from settlers.games.imperial.decks import card_key, discard_card, leave_hand
from settlers.games.imperial.effects import apply_yields, produce
from settlers.games.imperial.marks import add_location_marks
from settlers.games.imperial.pending import await_or_auto, drop
from settlers.games.imperial.razing import remove_location
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import can_pay, pay_ways, trigger


def foundation_options(st: ImperialState, seat: int) -> list[tuple[int, int]]:
    """A built location (0, card) or a foundation (1, card) to discard for an empire card;
    a location captured with «Храм Ра» «не может быть сброшена»."""
    # loops, not comprehensions: those would make ``st`` a cell, and this runs at every build
    # of a card that needs a foundation
    info = st.info
    t = st.tables
    as_location = t.fdn_location   # (0, card), one tuple per card
    out = []
    for cid in st.locs[seat]:
        if info[cid][CAPTOR] < 0:
            out.append(as_location[cid])
    fnd = st.fnd[seat]
    if fnd:
        as_foundation = t.fdn_foundation   # (1, card)
        for cid in dict.fromkeys(fnd):
            out.append(as_foundation[cid])
    return out


def can_build(st: ImperialState, seat: int, cid: int, no_foundation: bool,
              extra: dict[str, int] | None = None) -> bool:
    card = st.cards[cid]
    if card.foundation and not no_foundation and not foundation_options(st, seat):
        return False
    return can_pay(st, seat, card.cost, extra=extra)


def do_build(st: ImperialState, seat: int, action: Build) -> None:
    st.acted = True   # the main action of the turn; free actions may follow
    start_build(st, seat, action.card, "hand", False)


def start_build(st: ImperialState, seat: int, cid: int, source: str, no_foundation: bool) -> None:
    card = st.cards[cid]
    options = None
    if not card.foundation or no_foundation:
        w, s, f = st.tables.cost_wsf[cid]   # pay_options(st, seat, card.cost)
        options = pay_ways(st.goods[seat], w, s, f, 0)
        if len(options) == 1:   # nothing to ask: what continue_build does, without the question
            finish_build(st, seat, cid, source, None, options[0])
            return
        # continue_build's question (await_or_auto's), asked here: no foundation to choose
        st.pending.append({"kind": "build", "seat": seat, "await": "pay", "options": options,
                           "card": cid, "source": source, "no_foundation": no_foundation,
                           "fdn": None, "gold": None, "slot": "gold"})
        return
    st.pending.append({"kind": "build", "seat": seat, "await": "", "options": [], "card": cid,
                       "source": source, "no_foundation": no_foundation, "fdn": None,
                       "gold": None})   # pending.push, inlined: its keyword arguments are matched by name in C
    continue_build(st, st.pending[-1], options)


def continue_build(st: ImperialState, p: dict[str, Any],
                   options: list[tuple[int, int, int]] | None = None) -> None:
    """The build's next question; ``options``: the ways to pay, when listed just before
    (nothing changed since)."""
    seat = p["seat"]
    card = st.cards[p["card"]]
    if (card.foundation and not p["no_foundation"] and p["fdn"] is None
            and not await_or_auto(st, p, "choose", "fdn", foundation_options(st, seat))):
        return
    if p["gold"] is None:
        if options is None:
            w, s, f = st.tables.cost_wsf[p["card"]]   # pay_options(st, seat, card.cost)
            options = pay_ways(st.goods[seat], w, s, f, 0)
        if not await_or_auto(st, p, "pay", "gold", options):
            return
    drop(st, p)
    finish_build(st, seat, p["card"], p["source"], p["fdn"], p["gold"])


def answer_build(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    p[p["slot"]] = tuple(value)
    continue_build(st, p)


def finish_build(st: ImperialState, seat: int, cid: int, source: str, fdn: Any,
                 gold: tuple[int, int, int]) -> None:
    """«ЧТОБЫ ПОСТРОИТЬ ЛОКАЦИЮ»: pay, discard the foundation, place, then «Построив
    локацию с производством, вы сразу же получаете то, что она производит», the building
    bonus and every «Каждый раз, построив…» feature (the new one included)."""
    card = st.cards[cid]
    # pay(st, seat, card.cost, gold), inlined: a location costs wood, stone and food only
    supply = st.goods[seat]
    w, s, f = st.tables.cost_wsf[cid]
    gw, gs, gf = gold
    supply[W] -= w - gw
    supply[S] -= s - gs
    supply[F] -= f - gf
    supply[G] -= gw + gs + gf
    if fdn is not None:
        kind, fcid = fdn
        if kind == 0:
            remove_location(st, seat, fcid, "discard")
        else:
            st.fnd[seat].remove(fcid)
            if fcid in st.fnd_hidden[seat]:
                st.fnd_hidden[seat].remove(fcid)
            discard_card(st, fcid)
    if source == "hand":
        leave_hand(st, seat, cid)
    else:
        st.deals[seat].remove(cid)
    st.locs[seat].append(cid)   # place_location, inlined
    st.info[cid] = [0, 0, 0, -1, 0]
    mark = st.tables.marks[cid]   # add_location_marks, inlined
    if mark:
        st.marks[seat] = st.marks[seat] | mark
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.build", seat=seat, card=card_key(st, cid))
    if card.type == "production":
        produce(st, seat, cid)
    if card.build_bonus:
        apply_yields(st, seat, card.build_bonus, cid)
    trigger(st, seat, "build", card.colours)


def place_location(st: ImperialState, seat: int, cid: int) -> None:
    st.locs[seat].append(cid)
    st.info[cid] = [0, 0, 0, -1, 0]
    add_location_marks(st, seat, cid)
