"""`random`: a uniformly random legal action, from the bot's own seeded generator."""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return legal[self.rng.randrange(len(legal))]
