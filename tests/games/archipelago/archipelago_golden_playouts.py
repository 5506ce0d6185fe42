"""Golden digests of seeded random Archipelago playouts (issue 19: speed-ups must not change
behaviour). Each game digests every legal-action list (as JSON, in order), the acting seat and
the chosen action, the state digest every 40 actions, every event, and the final scores.

Regenerate (only when a rules change is intended):
    PYTHONPATH=src python tests/games/archipelago/archipelago_golden_playouts.py > tests/games/archipelago/golden_playouts.json
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import settlers

CASES: list[tuple[int, int, dict[str, Any]]] = [
    (players, seed, options)
    for seed, (players, options) in enumerate(
        [(4, {}), (2, {}), (3, {}), (5, {}),
         (4, {"length": "short", "desert_start": True}),
         (3, {"no_secrets": True, "philanthropist": True}),
         (5, {"more_control": True, "more_sharpness": True}),
         (2, {"length": "long", "trend": "churches"}),
         (4, {"philanthropist": True}), (4, {"more_sharpness": True})] * 3,
        start=1)
]


def playout_digest(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    game = settlers.load("archipelago")
    state = game.new_state(players, seed, options)
    rng = random.Random(seed * 7919)
    h = hashlib.sha256()
    while not state.over and state.version < 4000:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        h.update(json.dumps([seat, [a.to_json() for a in legal]], sort_keys=True).encode())
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        if state.version % 40 == 0:
            h.update(state.digest().encode())
    for e in state.events:
        h.update(json.dumps([e.key, e.params, e.visible_to], sort_keys=True, default=str).encode())
    return {"players": players, "seed": seed, "options": options, "actions": state.version,
            "legal_digest": h.hexdigest(), "final": state.digest(), "scores": state.scores()}


if __name__ == "__main__":
    print(json.dumps([playout_digest(*c) for c in CASES], indent=1))
