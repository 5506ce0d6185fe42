"""Hidden information: what lies face down, re-drawn for a seat's determinization.

Face down are the order of the three stacks, the prize tiles left in the box and the order of
the master pool; everything else (rows, states, hands, the box of cleared tiles) is open.
"""

from __future__ import annotations

import random

from settlers.core.decks import reshuffle_unseen
from settlers.games.founders.state import FoundersState


def redraw_hidden(state: FoundersState, seat: int, rng: random.Random) -> None:
    """Shuffle each face-down pile anew (sorted first: the result depends only on what the
    seat sees and on ``rng``)."""
    for pile in state.stacks:
        reshuffle_unseen(pile, rng)
    reshuffle_unseen(state.prize_box, rng)
    reshuffle_unseen(state.master_pool, rng)
    state._cache = {}
