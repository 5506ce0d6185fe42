"""What holds in every state of Sealed bids (README.md): every bid card 1..6×players is in
exactly one place (the deck, a hand, the discards), a secret bid is a card of its bidder's hand,
hands are sorted, and the prize points are conserved between the pile, the pot and the seats'
points."""

from __future__ import annotations

from collections import Counter

from settlers.testing.sample.state import SealedBidsState


def problems(state: SealedBidsState) -> list[str]:
    out: list[str] = []
    cards = Counter(state.deck + state.discards + [c for hand in state.hands for c in hand])
    every = Counter(range(1, 6 * state.players + 1))
    if cards != every:
        out.append(f"bid cards not conserved: {sorted((cards - every).elements())} more, "
                   f"{sorted((every - cards).elements())} missing")
    for seat, (hand, bid) in enumerate(zip(state.hands, state.bids, strict=True)):
        if hand != sorted(hand):
            out.append(f"seat {seat}'s hand is not sorted: {hand}")
        if bid is not None and bid not in hand:
            out.append(f"seat {seat} bids {bid}, which is not in its hand {hand}")
    prizes = state.options["prizes"]
    if not set(state.prizes) <= set(range(1, prizes + 1)) or len(set(state.prizes)) != len(
            state.prizes):
        out.append(f"prize pile {state.prizes} is not a part of 1..{prizes}")
    total = sum(state.points) + state.pot + sum(state.prizes)
    if total != prizes * (prizes + 1) // 2:
        out.append(f"prize points not conserved: points {state.points} + pot {state.pot} + "
                   f"pile {sum(state.prizes)} = {total} != {prizes * (prizes + 1) // 2}")
    if min(state.points) < 0 or state.pot < 0:
        out.append(f"negative points {state.points} or pot {state.pot}")
    return out


def recomputed_scores(state: SealedBidsState) -> list[float]:
    """A seat's score is the prize points it took: its ``points`` are the only record of them
    (the prizes leave no card behind), so this reads them, not ``scoring.scores``."""
    return [float(p) for p in state.points]
