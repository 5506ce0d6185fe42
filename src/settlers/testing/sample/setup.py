"""Set-up (rules §Set-up): deal ``hand`` cards each from a shuffled deck 1..6×players, shuffle
the prize pile 1..``prizes``, then the first round starts."""

from __future__ import annotations

from settlers.core.decks import deal
from settlers.testing.sample.rounds import start_round
from settlers.testing.sample.state import SealedBidsState


def setup(state: SealedBidsState) -> None:
    cards = list(range(1, 6 * state.players + 1))
    state.rng.shuffle(cards)
    hands, state.deck = deal(cards, state.players, state.options["hand"])
    state.hands = [sorted(hand) for hand in hands]
    state.prizes = list(range(1, state.options["prizes"] + 1))
    state.rng.shuffle(state.prizes)
    state.points = [0] * state.players
    state.discards = []
    state.bids = [None] * state.players
    state.pot = 0
    state.chooser = None
    start_round(state)
