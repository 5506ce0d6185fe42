"""Invariants the verification runs check: every card of the game is somewhere exactly once;
the «Храм Ра» tokens add up."""

from __future__ import annotations

from settlers.games.imperial.content import CAPTOR, RA_TOKENS
from settlers.games.imperial.state import ImperialState


def captures_consistent(st: ImperialState) -> bool:
    """Each seat's «Храм Ра» tokens left plus the locations it holds captured make its
    starting tokens (``supply.any_capture`` relies on it)."""
    held = [0] * st.players
    for i in st.info.values():
        if i[CAPTOR] >= 0:
            held[i[CAPTOR]] += 1
    return all(st.captures[s] + held[s] == (RA_TOKENS if st.emp[s] == "egyptians" else 0)
               for s in range(st.players))


def card_census(st: ImperialState) -> list[int]:
    """Every card of the game, wherever it is (decks, discards, rows, hands, tableaux, deals,
    under gates, pending picks): the invariant checks count each exactly once."""
    cards = list(st.common_deck) + st.common_discard + st.row + st.virtual + st.trophies
    for e in st.emp:
        cards += st.fdeck[e] + st.fdiscard[e]
    for i in range(st.players):
        cards += st.hand[i] + st.locs[i] + st.fnd[i] + st.deals[i]
    for under in st.gate.values():
        cards += under
    for p in st.pending:
        if p["kind"] == "empire_pick":
            cards += [o[0] for o in p["options"]]
        elif "discard_after" in p:   # a card razed from the hand, its bonus's draw pending
            cards.append(p["discard_after"])
    if st.draft.get("mode") == "alt":
        for offer in st.draft["offer"]:
            cards += offer
    return cards
