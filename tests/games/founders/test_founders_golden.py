"""Golden seeded playouts: the engine's behaviour is frozen while it is made faster (issue 19).

For each (players, seed) a random playout is played (a seeded uniform choice of the seat among
``to_act`` and of the action among ``legal_actions``) and hashed: every legal-action list in
order (as JSON), the events, a view for every seat and a determinization every few steps, the
scores and the final digest (which includes the RNG state). The fixture was computed on the code
before the speed-ups; regenerate it only for an intended rules change:

    PYTHONPATH=src python tests/games/founders/test_founders_golden.py > \
        tests/games/founders/golden_playouts.json
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from settlers.games.founders import GAME

FIXTURE = Path(__file__).with_name("golden_playouts.json")
CASES = [(2 + k % 3, 1000 + k) for k in range(30)]
VIEW_EVERY = 7


def playout_digest(players: int, seed: int) -> str:
    h = hashlib.sha256()

    def put(value: object) -> None:
        h.update(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                            default=sorted).encode())
        h.update(b"\n")

    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    step = 0
    while not state.over:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        put([seat, [a.to_json() for a in legal]])
        if step % VIEW_EVERY == 0:
            for viewer in (*range(players), None):
                put(state.view(viewer))
            put(state.determinize(step % players, step).digest())
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        step += 1
    put([e.to_json() for e in state.events])
    put([state.scores(), state.winners(), state.ended_by, state.digest()])
    return h.hexdigest()


def test_golden_fixture_has_every_case():
    golden = json.loads(FIXTURE.read_text())
    assert sorted(golden) == sorted(f"{p}/{s}" for p, s in CASES)


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_playout_is_unchanged(players, seed):
    golden = json.loads(FIXTURE.read_text())
    assert playout_digest(players, seed) == golden[f"{players}/{seed}"]


if __name__ == "__main__":
    json.dump({f"{p}/{s}": playout_digest(p, s) for p, s in CASES}, sys.stdout, indent=1)
    sys.stdout.write("\n")
