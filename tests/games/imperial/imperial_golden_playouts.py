"""The golden playouts that pin the engine's behaviour while it is made faster.

One digest per seeded random game (1–4 players, every lookout variant, peaceful, solo): every
legal-action list as JSON in order, every chosen action, the full state digest (RNG included)
every 16 steps and at the end, the scores, the event log, a mid-game determinization for each
seat and each seat's view at the end. Recorded from the engine before the speed work
(``python tests/games/imperial/imperial_golden_playouts.py`` rewrites the fixture: only do that for a
deliberate rules change). Recorded again on 2026-12-06 for one: a razed location of the solo
opponent waits for its bonus draws before the discard (case 1/1012 changed, no other).
Recorded again on 2026-12-06 (fourth reading): a choice's question keeps the goods it offers,
so a building bonus may ask one (case 4/1007 changed, its choice pending at step 60; no other).
Recorded again on 2026-12-06 (fourth reading): a lost solo game adds no location points and has
no title (L884; the 8 solo cases, each lost by its random player: their scores and end views).
Recorded again on 2026-12-06: the state has a new field, ``hand_seen`` (the card a seat passed in
the alternative lookout and saw kept, L730-731), so every state digest changed; with it left out
the 24 cases without that lookout are unchanged, and the 6 with it differ only in the mid-game
determinizations, which now keep that card in the passer's worlds (legal actions, chosen
actions, events, scores and views the same).
Recorded again on 2026-12-07 for rules 2026-12-07.1 (solo: «Имперский посланник» and «Ганзейский
союз» use one's own deals, not the open attack cards, L716/L720/L818): byte-identical — no case
builds either card in a solo game.
Recorded again on 2026-12-07 for rules 2026-12-07.2 (the sixteenth reading,
docs/audits/2026-12-07-sixteenth-rules.md): the 15 common production cards whose facts list a
building bonus equal to their production give both when built (L422); the Japanese player may
place samurai in its production turn (L598 with L320: a new question after its production);
solo, a newest VP attack card with an earlier VP attacks a Japanese empire location before any
common pair (L874).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from settlers.games.imperial import GAME
from settlers.testing.golden import Digest, play, write_fixture

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


def game_digest(players: int, seed: int, options: dict) -> str:
    st = GAME.new_state(players=players, seed=seed, options=options)
    h = Digest(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)

    def after(steps: int) -> None:
        if steps % 16 == 0:
            h.add_text(st.digest())
        if steps == 60:
            for s in range(players):
                h.add_text(st.determinize(s, seed + s).digest())

    play(st, random.Random(seed), after=after,
         before=lambda _step, _seat, actions: h.add([a.to_json() for a in actions]))
    h.add_text(st.digest())
    h.add(st.scores())
    h.add(st.winners())
    h.add([[e.key, e.params, e.visible_to] for e in st.events])
    for s in range(players):
        h.add(st.view(s))
    h.add(st.view(None))
    return h.hexdigest()


def main() -> None:
    data = {json.dumps([p, s, o], sort_keys=True): game_digest(p, s, o) for p, s, o in cases()}
    write_fixture(FIXTURE, data, sort_keys=True)


if __name__ == "__main__":
    main()
