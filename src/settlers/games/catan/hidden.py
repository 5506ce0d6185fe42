"""``redraw_hidden``: what one seat cannot see, re-drawn for a determinization.

Hidden from a seat: the other players' resource cards (their counts are public), their
development cards (counts public; which were bought this turn is public as a count), the order
of the development deck, and the cards of pending discards. Public information constrains the
re-deal: the bank is face up, so the cards of all other players together are known exactly
(95 - bank - own hand); cards a player has committed in the pending domestic trade (an offer,
a "yes", a counter) are known to be in that hand. Other hands are re-dealt from that pool with
their counts kept. Development cards of the others and the deck are shuffled together and
re-dealt with the same counts.
"""

from __future__ import annotations

import random

from settlers.core.cardcounts import count, expand, redeal_counts
from settlers.core.decks import redeal_unseen

from .phases import TRADE_ANSWERS, TRADE_CHOOSE
from .state import CatanState


def _known_cards(st: CatanState, seat: int) -> list[list[int]]:
    known = [[0] * 5 for _ in range(st.players)]
    t = st.trade
    if t is not None and st.phase in (TRADE_ANSWERS, TRADE_CHOOSE):
        known[st.current] = list(t["give"])
        for q, a in enumerate(t["answers"]):
            if a is None or q == st.current:
                continue
            if a[0] == "accept":
                known[q] = list(t["get"])
            elif a[0] == "counter":
                known[q] = list(a[1])
    return known


def redraw(st: CatanState, seat: int, rng: random.Random) -> None:
    others = [p for p in range(st.players) if p != seat]
    known = _known_cards(st, seat)
    # ---- resource cards, then the pending discards of the new hands
    hands, _ = redeal_counts([st.hands[p] for p in others], rng,
                             known=[known[p] for p in others])
    for p, new in zip(others, hands, strict=True):
        st.hands[p] = new
        chosen = sum(st.discard_chosen[p])
        if chosen:
            st.discard_chosen[p] = count(rng.sample(expand(new), chosen), 5)
    # ---- development cards and the deck, then which of them were bought this turn
    dev_hands, st.deck = redeal_unseen([expand(st.dev[p]) for p in others], st.deck, rng)
    for p, cards in zip(others, dev_hands, strict=True):
        new_count = sum(st.dev_new[p])
        st.dev[p] = count(cards, 5)
        fresh = rng.sample(cards, new_count) if new_count else []
        st.dev_new[p] = count(fresh, 5)
    # future dice and draws are unknown too
    st.chance = rng.getrandbits(64)
