"""What a seat may see: everything public plus its own hand and bid."""

from __future__ import annotations

from typing import Any

from settlers.testing.sample.state import SealedBidsState


def view(state: SealedBidsState, seat: int | None) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "pot": state.pot,
        "prizes_left": len(state.prizes),
        "deck_size": len(state.deck),
        "discards": list(state.discards),
        "points": list(state.points),
        "hand_sizes": [len(h) for h in state.hands],
        "has_bid": [b is not None for b in state.bids],
        "hand": list(state.hands[seat]) if seat is not None else None,
        "my_bid": state.bids[seat] if seat is not None else None,
    }
