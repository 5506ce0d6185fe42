"""The one home of the sample game's bot knowledge: ``evaluate`` for search bots and the
``heuristic`` bot (``make_bot``), which reads only what its seat may see."""

from __future__ import annotations

import random
from typing import Any

from settlers.core import Action
from settlers.testing.sample.actions import Bid, Draw
from settlers.testing.sample.state import BIDDING, SealedBidsState


def evaluate(state: SealedBidsState, seat: int) -> float:
    """Points ahead of the best rival, plus a little for the cards still in hand."""
    state.check_seat(seat)
    others = max(p for s, p in enumerate(state.points) if s != seat)
    return state.points[seat] - others + 0.1 * sum(state.hands[seat]) / 10


class SampleHeuristic:
    """Bid the highest card for a pot worth it, the lowest card otherwise; always draw."""

    name = "heuristic"

    def __init__(self, seed: int = 0, *, greed: int = 4) -> None:
        self.rng = random.Random(seed)
        self.greed = greed

    def act(self, state: SealedBidsState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if state.phase == BIDDING:
            cards = sorted(a.card for a in legal if isinstance(a, Bid))
            return Bid(cards[-1] if state.pot >= self.greed else cards[0])
        return Draw() if Draw() in legal else legal[0]


def make_bot(seed: int = 0, **budget: Any) -> SampleHeuristic:
    return SampleHeuristic(seed, **budget)
