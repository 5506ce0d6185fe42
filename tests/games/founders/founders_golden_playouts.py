"""Golden seeded playouts: the engine's behaviour is frozen while it is made faster (issue 19).

For each (players, seed) a random playout is played (a seeded uniform choice of the seat among
``to_act`` and of the action among ``legal_actions``) and hashed: every legal-action list in
order (as JSON), the events, a view for every seat and a determinization every few steps, the
scores and the final digest (which includes the RNG state). The fixture was computed on the code
before the speed-ups; regenerate it only for an intended rules change:

    PYTHONPATH=src python tests/games/founders/founders_golden_playouts.py

Recorded again on 2026-12-06 for one rules change (the end by agreement: a placeable master
and other players' goods out of a coin's reach no longer keep the proposal closed, L139,
L176); one case of 30 (2/1012) changed. Recorded again on 2026-12-08 (the nineteenth reading,
rules 2026-12-08: no master on a tile a coin lies on, L187, L218; the coins come home at the
end by agreement before the last masters, L139, L189); three cases of 30 (4/1005, 2/1006,
2/1009) changed.
"""

from __future__ import annotations

import random
from pathlib import Path

from settlers.games.founders import GAME
from settlers.testing.golden import Digest, play, write_fixture

FIXTURE = Path(__file__).with_name("golden_playouts.json")
CASES = [(2 + k % 3, 1000 + k) for k in range(30)]
VIEW_EVERY = 7


def playout_digest(players: int, seed: int) -> str:
    state = GAME.new_state(players, seed)
    h = Digest(end=b"\n", sort_keys=True, separators=(",", ":"), ensure_ascii=False,
               default=sorted)

    def before(step: int, seat: int, legal) -> None:
        h.add([seat, [a.to_json() for a in legal]])
        if step % VIEW_EVERY == 0:
            for viewer in (*range(players), None):
                h.add(state.view(viewer))
            h.add(state.determinize(step % players, step).digest())

    play(state, random.Random(seed), before=before)
    h.add([e.to_json() for e in state.events])
    h.add([state.scores(), state.winners(), state.ended_by, state.digest()])
    return h.hexdigest()


if __name__ == "__main__":
    write_fixture(FIXTURE, {f"{p}/{s}": playout_digest(p, s) for p, s in CASES})
