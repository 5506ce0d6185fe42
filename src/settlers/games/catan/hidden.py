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
    # ---- resource cards
    pool: list[int] = []
    for p in others:
        hand = st.hands[p]
        for r in range(5):
            pool.extend([r] * (hand[r] - known[p][r]))
    pool.sort()
    rng.shuffle(pool)
    for p in others:
        hand = st.hands[p]
        free = sum(hand) - sum(known[p])
        new = list(known[p])
        for r in pool[:free]:
            new[r] += 1
        del pool[:free]
        st.hands[p] = new
        chosen = sum(st.discard_chosen[p])
        if chosen:
            cards = [r for r in range(5) for _ in range(new[r])]
            picked = rng.sample(cards, chosen)
            st.discard_chosen[p] = [picked.count(r) for r in range(5)]
    # ---- development cards and the deck
    dev_pool = list(st.deck)
    for p in others:
        for card in range(5):
            dev_pool.extend([card] * st.dev[p][card])
    dev_pool.sort()
    rng.shuffle(dev_pool)
    for p in others:
        count = sum(st.dev[p])
        new_count = sum(st.dev_new[p])
        cards = dev_pool[:count]
        del dev_pool[:count]
        st.dev[p] = [cards.count(card) for card in range(5)]
        fresh = rng.sample(cards, new_count) if new_count else []
        st.dev_new[p] = [fresh.count(card) for card in range(5)]
    st.deck = dev_pool
    # future dice and draws are unknown too
    st.chance = rng.getrandbits(64)
