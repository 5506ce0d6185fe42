"""Seeded random playouts reduced to digests: the behaviour the speed work must keep.

For each (options, seed) a game is played with uniformly random legal actions (the rule of
``benchmarks/catan_random_playout.py``). The digest covers every legal-action list in order (as
JSON), every acting seat, the full state at the end, the full state of a clone taken every 50
actions, one determinization (``redraw_hidden`` with a fixed RNG) every 100 actions and the
heuristic ``evaluate`` of every seat every 10 actions (the search bots' leaf values).

    PYTHONPATH=src python tests/games/catan/catan_golden_playouts.py   # rewrite the fixture

The fixture was recorded on the sources of commit b259783 (before the speed work of issue 19):
``git archive b259783 src`` and run this file with that ``src`` first on the path.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import settlers

FIXTURE = Path(__file__).parent / "data" / "golden_playouts.json"
CASES = (
    [("default", {}, seed) for seed in range(12)]
    + [("like_for_like", {"phases": "combined", "domestic_trade": False}, seed)
       for seed in range(100, 112)]
    + [("separate", {"phases": "separate", "domestic_trade": False}, seed)
       for seed in range(200, 203)]
    + [("three_players", {"phases": "combined", "domestic_trade": False}, seed)
       for seed in range(300, 303)]
)


def _state_text(st) -> str:
    return json.dumps(st.full_state(), sort_keys=True, separators=(",", ":"))


def digest(options: dict, seed: int, players: int = 4) -> dict[str, str | int]:
    game = settlers.load("catan")
    st = game.new_state(players, seed, dict(options))
    st.record_events = False
    rng = random.Random(seed)
    h_actions = hashlib.sha256()
    h_side = hashlib.sha256()
    steps = 0
    while not st.over:
        to_act = st.to_act
        seat = to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]
        actions = st.legal_actions(seat)
        h_actions.update(f"{seat}:".encode())
        h_actions.update(json.dumps([a.to_json() for a in actions],
                                    separators=(",", ":")).encode())
        if steps % 50 == 0:
            h_side.update(_state_text(st.clone()).encode())
        if steps % 10 == 0:
            h_side.update(repr([st.evaluate(q) for q in range(players)]).encode())
        if steps % 100 == 0:
            probe = st.clone()
            probe.redraw_hidden(seat, random.Random(steps))
            h_side.update(_state_text(probe).encode())
            h_side.update(json.dumps([a.to_json() for a in probe.legal_actions(seat)]).encode())
        st.apply(seat, actions[rng.randrange(len(actions))], check=False)
        steps += 1
    return {"steps": steps, "actions": h_actions.hexdigest()[:24],
            "side": h_side.hexdigest()[:24],
            "final": hashlib.sha256(_state_text(st).encode()).hexdigest()[:24]}


def all_digests() -> dict[str, dict[str, str | int]]:
    return {f"{name}/{seed}" + ("/3p" if name == "three_players" else ""):
            digest(options, seed, 3 if name == "three_players" else 4)
            for name, options, seed in CASES}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(all_digests(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE}")
