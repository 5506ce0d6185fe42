"""Determinization: re-draw what a seat cannot see (others' hands and bids, the deck, the
prize order) consistently with what it has seen (hand sizes, who has bid)."""

from __future__ import annotations

import random

from settlers.core.decks import redeal_unseen
from settlers.testing.sample.state import SealedBidsState


def redraw_hidden(state: SealedBidsState, seat: int, rng: random.Random) -> None:
    others = [p for p in range(state.players) if p != seat]
    hands, state.deck = redeal_unseen([state.hands[p] for p in others], state.deck, rng)
    for p, hand in zip(others, hands):
        state.hands[p] = sorted(hand)
        if state.bids[p] is not None:
            state.bids[p] = rng.choice(state.hands[p])
    state.prizes.sort()
    rng.shuffle(state.prizes)
