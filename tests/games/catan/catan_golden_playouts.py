"""Seeded random playouts reduced to digests: the behaviour the speed work must keep.

For each (options, seed) a game is played with uniformly random legal actions (the rule of
``benchmarks/catan_random_playout.py``). The digest covers every legal-action list in order (as
JSON), every acting seat, the full state at the end, the full state of a clone taken every 50
actions, one determinization (``redraw_hidden`` with a fixed RNG) every 100 actions and the
heuristic ``evaluate`` of every seat every 10 actions (the search bots' leaf values).

    PYTHONPATH=src python tests/games/catan/catan_golden_playouts.py   # rewrite the fixture

The fixture was recorded on the sources of commit b259783 (before the speed work of issue 19):
``git archive b259783 src`` and run this file with that ``src`` first on the path. It was
recorded again on 2026-12-06 for one deliberate rules change: a development card may be played
after a 7 before the robber moves (L277 «в любое время»; the robber phase lists the card plays).
Recorded again on 2026-12-06 for a hidden-information fix: a trade whose answers include a «yes»
or a counter goes to the player to move even when it can pay none of them (it withdraws), where
it used to close at once and tell the table which cards the closed hand lacks (L164, L378).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import settlers
from settlers.testing.golden import Digest, play, write_fixture

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


def catan_seat(st, rng: random.Random) -> int:
    """The seat to act, or a random one of several (no draw when one seat is to act)."""
    to_act = st.to_act
    return to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]


def digest(options: dict, seed: int, players: int = 4) -> dict[str, str | int]:
    st = settlers.load("catan").new_state(players, seed, dict(options))
    st.record_events = False
    h_actions = Digest(separators=(",", ":"))
    h_side = Digest()

    def before(steps: int, seat: int, actions) -> None:
        h_actions.add_text(f"{seat}:")
        h_actions.add([a.to_json() for a in actions])
        if steps % 50 == 0:
            h_side.add_text(_state_text(st.clone()))
        if steps % 10 == 0:
            h_side.add_text(repr([st.evaluate(q) for q in range(players)]))
        if steps % 100 == 0:
            probe = st.clone()
            probe.redraw_hidden(seat, random.Random(steps))
            h_side.add_text(_state_text(probe))
            h_side.add([a.to_json() for a in probe.legal_actions(seat)])

    steps = play(st, random.Random(seed), seat_of=catan_seat, before=before)
    return {"steps": steps, "actions": h_actions.hexdigest()[:24],
            "side": h_side.hexdigest()[:24],
            "final": hashlib.sha256(_state_text(st).encode()).hexdigest()[:24]}


def all_digests() -> dict[str, dict[str, str | int]]:
    return {f"{name}/{seed}" + ("/3p" if name == "three_players" else ""):
            digest(options, seed, 3 if name == "three_players" else 4)
            for name, options, seed in CASES}


if __name__ == "__main__":
    write_fixture(FIXTURE, all_digests(), sort_keys=True)
    print(f"wrote {FIXTURE}")
