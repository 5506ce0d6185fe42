"""Invariants the verification runs check: every card of the game is somewhere exactly once."""

from __future__ import annotations

from settlers.games.imperial.state import ImperialState


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
    if st.draft.get("mode") == "alt":
        for offer in st.draft["offer"]:
            cards += offer
    return cards
