"""Golden random playouts: the behaviour fingerprint the speed work must keep.

``fingerprint(players, seed, options)`` plays a seeded random game (a uniform random seat and
legal action at every step, ``apply(check=False)``) and hashes every legal-action list (as
JSON, in order), every event, a full state digest every 50 steps and the final digest and
scores. ``golden/playouts.json`` holds the fingerprints computed on the engine before the
speed work (issue 19); regenerate it only for a deliberate rule change::

    PYTHONPATH=src python tests/games/iceland/iceland_golden_playouts.py --write

Recorded again on 2026-12-06 for deliberate rules changes (docs/audits/2026-12-06.md): an
Althing window opens again once a card took effect, the outlaws are removed at the start even
when the Althing is broken up, the claimant's boat enters with the Mountain pass, a piece with
no retreat is out of the game, and a conceding leader's members may still add cards. Recorded
again for rules 2026-12-06.2: the offer menu lists every offer of at most three cards with a
single card on one side (L53; seed 1593 never ended without the one-for-two of two kinds), so
every legal-action list of a build phase changed. Recorded again for rules 2026-12-06.3: no
offer gives and asks for the same kind (L53: a card for a card of its kind gives nothing, so
«1 grain for 1 grain and 1 wool» is a gift of the wool), so the menu lists 60 shapes, not 92,
and a hand-built offer of that kind is refused: every build phase's list changed, all 30 cases.
Recorded again for rules 2026-12-06.4 (the ninth reading, L70 «могут быть сыграны всеми
игроками в течение альтинга»): a running case gets an Althing card window before each of its
decisions — after a bid that does not go ahead yet, a call for help, a helper's answer, a member
asked when the leader conceded — not only after a bid that went ahead; the games with such a
step play on differently from it (17 of the 30 cases changed). Recorded again for rules
2026-12-06.5 (the tenth reading, L70 «в течение альтинга»: docs/audits/2026-12-06-tenth-landnam.md):
a case that is decided is followed by an Althing card window before the round of cases goes on,
so there is a window between any two cases; the 18 cases with a decided case changed from their
first one on, the 12 without one are the same.
Recorded again on 2026-12-07 (thirteenth web-table pass, no rules change): the events of an
answer to an offer and of a declined call for help name what they answer (the proposer and the
terms; the side's leader, the piece and the resource of the case), so every case's event hash
(``steps``) changed — the same actions, digests and scores.
Recorded again on 2026-12-07 for rules 2026-12-07.1 (the fifteenth reading,
docs/audits/2026-12-07-fifteenth-landnam-rules.md): the movement menu lists the Mountain pass
entry into the land a boat (or the mountain a settler) has just found once, not twice (L38), so
a uniform seat's choices change from the first such menu on; and a first movement whose only
first steps need a fate card may be ended (L37 with L33, L38 «может»).
Recorded again on 2026-12-07 for rules 2026-12-07.2 (the sixteenth reading,
docs/audits/2026-12-07-sixteenth-rules.md): a chased boat's retreat to the outer sea ends the
mover's movement (L31 «Перемещение на этот гекс сразу же заканчивает фазу движения», L35), so
the games with such a retreat play on differently from it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import settlers
from settlers.testing.golden import Digest, play, write_fixture

FIXTURE = Path(__file__).resolve().parent / "golden" / "playouts.json"
# (players, seed, options): default options (4 players) and the bot-table options
CASES = [(4, seed, {}) for seed in range(20)] + \
    [(3 + seed % 3, seed, {"turn_limit": 60, "offer_limit": 5}) for seed in range(100, 110)]


def fingerprint(players: int, seed: int, options: dict) -> dict:
    s = settlers.load("iceland").new_state(players, seed, dict(options))
    h = Digest(sort_keys=True)

    def before(_step: int, seat: int, legal) -> None:
        h.add([seat, [a.to_json() for a in legal]])
        if s.version % 50 == 0:
            h.add_text(s.digest())

    play(s, random.Random(seed * 7919 + players), before=before)
    for e in s.events:
        h.add([e.index, e.key, e.params, e.visible_to], default=str)
    return {"players": players, "seed": seed, "options": options, "actions": s.version,
            "steps": h.hexdigest(), "final": s.digest(), "scores": s.scores(),
            "winners": s.winners()}


def main() -> None:
    out = [fingerprint(p, seed, opts) for p, seed, opts in CASES]
    if "--write" in sys.argv:
        write_fixture(FIXTURE, out)
    for x in out:
        print(x["players"], x["seed"], x["actions"], x["final"][:12])


if __name__ == "__main__":
    main()
