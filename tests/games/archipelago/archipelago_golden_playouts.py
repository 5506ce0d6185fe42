"""Golden digests of seeded random Archipelago playouts (issue 19: speed-ups must not change
behaviour). Each game digests every legal-action list (as JSON, in order), the acting seat and
the chosen action, the state digest every 40 actions, every event, and the final scores.

Regenerate (only when a rules change is intended):
    PYTHONPATH=src python tests/games/archipelago/archipelago_golden_playouts.py

Recorded again on 2026-12-06 (fourth reading): a harvest permission is an item per region whose
town the giver controls (``permit:<region>``, L459, L709), so every offer's menu changed (its
one «permit» is gone from the wants): all 30 cases.

Recorded again on 2026-12-06 (seventh reading, rules label 2026-12-06.3): a round with a card,
a wonder or a market/port use and no disc is no longer a pass for the rest of phase 5 (L242-246,
L441): cases 0, 14 and 26 play on differently.

Recorded again the same day: the event of five cards turned up names them (``{"card": name}``
for the log's reader) instead of joining their ids; cases 5 and 14, the only ones with such a
card, changed in their event digest alone (the same actions, states and scores).

Recorded again on 2026-12-06 (eighth reading, rules label 2026-12-06.4): an inhabitant that
migrates into a strait region lands on the shore of the border it crosses last (L591, L721-725),
and chooses the shore when a ship of its owner is in that region (L591, L593); before, one that
did not walk in over a land border always stood on shore 0. Out of a strait region, a convoy
whose ship is in the region of arrival only boards the inhabitant from the shore of that border
(L591); before, from either shore. Cases 10 (a shore chosen), 20 (a convoy landed on shore 1,
then a boarding across the strait refused) and 23 (convoys landed on shore 1) play on
differently; the other 27 are unchanged.

Recorded again on 2026-12-06 (the eighth reading's items left, rules label 2026-12-06.5): a
card use that would change nothing is not offered (L800, L441), and the Agriculture minister
lists each distinct outcome once (L1484); on a strait, a Build names its builder's shore where
the player has free inhabitants on both (L625, L723). The first difference of each case is a
card no longer offered: the False prophet with no church of the user's (case 0), the Pope with
no church in play (18), the Merchant for a resource it could not trade (3), the Immigration
with the surplus at its top (26), the Agriculture minister with no cube (16, 24), a modifier
after the round's disc or with its action off the menu — Fishing (6), Quarry (9), Iron mine
(10, 17), Lumber mill (20), Irrigation and Missionary (23), Roads (24), Missionary (25). Cases
0, 3, 6, 9, 10, 16, 17, 18, 20, 23, 24, 25 and 26 play on differently; the other 17 are
unchanged.

Recorded again on 2026-12-07 (thirteenth web-table pass, no rules change): the event of an
answer to an offer names the proposer and the terms (``proposer``, ``give``, ``want``), so the
log's «Бот 2: ответ — нет» says to what; the digest of the events changed in every case with
an answered offer (all but case 11) — the same actions, states and scores.

Recorded again the same day (no rules change, so no new label): the Thief's log names the cube
taken (or the empty fist) to the thief and its victim alone (L1472, L1129), after the public
line of the fist picked, which no longer says a resource was taken. Case 26, the only one in
which the Thief is used, changed in its event digest alone (the same actions, states and
scores).

Recorded again on 2026-12-06 (ninth reading, rules label 2026-12-06.6): a building of a strait
region lies on its builder's shore (L621, L625; a ship chooses the shore of its port), and an
inhabitant enters or leaves it from that shore (L583, L591); a strait region passed in the
middle of a convoy chain or of a two-step walk with Roads is crossed shore by shore, so going on
from the other shore needs the player's ship in that region (L591, L593). The first difference
of each changed case is a move no longer offered through a strait region with no ship of the
player there: case 3 (version 571: three inhabitant moves) and case 13 (version 42: a convoy
landing on shore 0 of a strait region, then a land step from its shore 1). Cases 3 and 13 play
on differently (13 to a longer game); the other 28 are unchanged.

Recorded again on 2026-12-07 (seventeenth language pass, no rules change, so no new label): an
evolution card offered or given is an item of its own in the log's parameters
(``{"key": "archipelago.item.card", "card": ...}``, read «карту «Пирамида»», not «1 Пирамида»),
and the Great lighthouse's Russian name is the rulebook's «Большой Маяк» (L1099), which its
purchase event carries. The legal-action lists, actions, state digests, scores and every other
event are unchanged (checked case by case against the base); 25 of the 30 cases changed in
their event digest alone.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import settlers
from settlers.testing.golden import Digest, play, write_fixture

FIXTURE = Path(__file__).with_name("golden_playouts.json")

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
    state = settlers.load("archipelago").new_state(players, seed, options)
    h = Digest(sort_keys=True)

    def every_40(done: int) -> None:
        if state.version % 40 == 0:
            h.add_text(state.digest())

    play(state, random.Random(seed * 7919), max_version=4000, after=every_40,
         before=lambda _step, seat, legal: h.add([seat, [a.to_json() for a in legal]]))
    for e in state.events:
        h.add([e.key, e.params, e.visible_to], default=str)
    return {"players": players, "seed": seed, "options": options, "actions": state.version,
            "legal_digest": h.hexdigest(), "final": state.digest(), "scores": state.scores()}


if __name__ == "__main__":
    write_fixture(FIXTURE, [playout_digest(*c) for c in CASES])
