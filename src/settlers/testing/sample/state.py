"""The state of a game of Sealed bids: data only (fields, copy, the canonical full state).

No rules here and no imports of rules modules: the rules are functions of this state in
``setup``, ``rounds``, ``bidding``, ``choosing``, ``scoring``, ``hidden`` and ``view``;
``protocol`` ties them to the ``GameState`` contract.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from settlers.core import GameState

BIDDING, CHOOSING, OVER = "bidding", "choosing", "over"


class SealedBidsState(GameState):
    phase: str
    pot: int                       # prize points waiting for the next single highest bid
    prizes: list[int]              # face-down prize pile (top = last)
    deck: list[int]                # face-down draw deck (top = last)
    hands: list[list[int]]         # per seat, sorted; secret
    points: list[int]
    discards: list[int]            # bid cards, face up
    bids: list[int | None]         # this round's secret bids (None: not yet)
    chooser: int | None            # the seat that draws or passes

    def clone(self) -> SealedBidsState:
        new = copy.copy(self)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        for name in ("log", "events", "deck", "prizes", "points", "discards", "bids"):
            setattr(new, name, list(getattr(self, name)))
        new.hands = [list(h) for h in self.hands]
        return new

    def full_state(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "pot": self.pot, "prizes": list(self.prizes),
            "deck": list(self.deck), "hands": [list(h) for h in self.hands],
            "points": list(self.points), "discards": list(self.discards),
            "bids": list(self.bids), "chooser": self.chooser,
        }
