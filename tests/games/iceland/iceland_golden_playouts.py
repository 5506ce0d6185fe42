"""Golden random playouts: the behaviour fingerprint the speed work must keep.

``fingerprint(players, seed, options)`` plays a seeded random game (a uniform random seat and
legal action at every step, ``apply(check=False)``) and hashes every legal-action list (as
JSON, in order), every event, a full state digest every 50 steps and the final digest and
scores. ``golden/playouts.json`` holds the fingerprints computed on the engine before the
speed work (issue 19); regenerate it only for a deliberate rule change::

    PYTHONPATH=src python tests/games/iceland/iceland_golden_playouts.py --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import settlers

FIXTURE = Path(__file__).resolve().parent / "golden" / "playouts.json"
# (players, seed, options): default options (4 players) and the bot-table options
CASES = [(4, seed, {}) for seed in range(20)] + \
    [(3 + seed % 3, seed, {"turn_limit": 60, "offer_limit": 5}) for seed in range(100, 110)]


def fingerprint(players: int, seed: int, options: dict) -> dict:
    game = settlers.load("iceland")
    s = game.new_state(players, seed, dict(options))
    rng = random.Random(seed * 7919 + players)
    h = hashlib.sha256()
    while not s.over:
        seat = rng.choice(s.to_act)
        legal = s.legal_actions(seat)
        h.update(json.dumps([seat, [a.to_json() for a in legal]], sort_keys=True).encode())
        if s.version % 50 == 0:
            h.update(s.digest().encode())
        s.apply(seat, rng.choice(legal), check=False)
    for e in s.events:
        h.update(json.dumps([e.index, e.key, e.params, e.visible_to], sort_keys=True,
                            default=str).encode())
    return {"players": players, "seed": seed, "options": options, "actions": s.version,
            "steps": h.hexdigest(), "final": s.digest(), "scores": s.scores(),
            "winners": s.winners()}


def main() -> None:
    out = [fingerprint(p, seed, opts) for p, seed, opts in CASES]
    if "--write" in sys.argv:
        FIXTURE.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    for x in out:
        print(x["players"], x["seed"], x["actions"], x["final"][:12])


if __name__ == "__main__":
    main()
