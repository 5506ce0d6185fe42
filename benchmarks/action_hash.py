"""What the per-game behaviour hashes share (``<game>_action_hash.py``): a speed change to an
engine must leave its game's hash unchanged (issue 19's rounds, docs/performance-engines/).

An action's ``hash`` is hashed, and a string's hash differs from process to process unless
``PYTHONHASHSEED`` is fixed: ``same_hash_seed`` runs the script again under
``PYTHONHASHSEED=0`` (the seed every recorded hash was taken with) when it is not.
"""

from __future__ import annotations

import os
import random
import sys
from typing import Any


def same_hash_seed() -> None:
    """Run this script again under ``PYTHONHASHSEED=0`` unless it already is."""
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv],
                  {**os.environ, "PYTHONHASHSEED": "0"})


def play_hashed(state: Any, players: int, seed: int, h: Any, *, check: bool,
                clone_every: int = 0) -> tuple[Any, int]:
    """Play ``state`` to its end into ``h``: a uniformly chosen seat among those to act picks
    a uniformly random legal action (``random.Random(seed)``). Hashed at every step: every
    seat's legal actions (each action's ``repr`` and ``hash``: the menus of the seats not to act
    too), the chosen action's JSON and the state's digest after it. Every ``clone_every``-th
    step a clone is played on in place of the state. The last state and the actions played."""
    rng = random.Random(seed)
    steps = 0
    while not state.over:
        for seat in range(players):
            menu = state.legal_actions(seat)
            h.update(repr(menu).encode())
            h.update(repr([hash(a) for a in menu]).encode())
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        h.update(action.to_json_text().encode())
        state.apply(seat, action, check=check)
        h.update(state.digest().encode())
        steps += 1
        if clone_every and steps % clone_every == 0:
            state = state.clone()
    return state, steps
