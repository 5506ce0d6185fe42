"""The golden playouts that pin the engine's behaviour while it is made faster.

One digest per seeded random game (1–4 players, every lookout variant, peaceful, solo): every
legal-action list as JSON in order, every chosen action, the full state digest (RNG included)
every 16 steps and at the end, the scores, the event log, a mid-game determinization for each
seat and each seat's view at the end. Recorded from the engine before the speed work
(``python tests/games/imperial/imperial_golden_playouts.py`` rewrites the fixture: only do that for a
deliberate rules change).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from settlers.games.imperial import GAME

FIXTURE = Path(__file__).parent / "fixtures" / "golden_playouts.json"
VARIANTS = ({}, {"lookout": "alternative"}, {"lookout": "advanced"}, {"peaceful": True},
            {"lookout": "advanced", "peaceful": True})
EMPIRES = ("romans", "barbarians", "egyptians", "japanese")


def cases(count: int = 30) -> list[tuple[int, int, dict]]:
    out = []
    for index in range(count):
        players = (1, 2, 3, 4)[index % 4]
        options: dict = {} if players == 1 else dict(VARIANTS[(index // 4) % len(VARIANTS)])
        if index % 3:
            start = index % 4
            options["empires"] = ",".join(EMPIRES[(start + k) % 4] for k in range(players))
        out.append((players, 1000 + index, options))
    return out


def _dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=repr).encode("utf-8")


def game_digest(players: int, seed: int, options: dict) -> str:
    st = GAME.new_state(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    h = hashlib.sha256()
    steps = 0
    while not st.over:
        seat = rng.choice(st.to_act)
        actions = st.legal_actions(seat)
        h.update(_dump([a.to_json() for a in actions]))
        action = rng.choice(actions)
        st.apply(seat, action, check=False)
        steps += 1
        if steps % 16 == 0:
            h.update(st.digest().encode())
        if steps == 60:
            for s in range(players):
                h.update(st.determinize(s, seed + s).digest().encode())
    h.update(st.digest().encode())
    h.update(_dump(st.scores()))
    h.update(_dump(st.winners()))
    h.update(_dump([[e.key, e.params, e.visible_to] for e in st.events]))
    for s in range(players):
        h.update(_dump(st.view(s)))
    h.update(_dump(st.view(None)))
    return h.hexdigest()


def main() -> None:
    data = {json.dumps([p, s, o], sort_keys=True): game_digest(p, s, o) for p, s, o in cases()}
    FIXTURE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
