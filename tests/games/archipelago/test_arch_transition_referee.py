"""What every Archipelago action does to the markers, markets, screens, bank, board, track and
turn, recomputed from the rulebook by a referee that keeps its own copy
(``archipelago_referee.py``), compared with the engine after every action of seeded games
(2-5 players, uniform and «helpful» players, default options); near-miss actions refused with
the state unchanged and every seat's view blind to what it may not know
(``arch_referee_probes.py``).

Twelfth reading, docs/audits/2026-12-07-twelfth-archipelago-referee.md.
"""

from __future__ import annotations

import pytest
from arch_referee_play import play

#: picked from a scan of seeds 1-40 × 2-5 players × both policies for the branches they take:
#: together every branch the scan reached (phase 3 and independence inside it, ties bid again,
#: immediate crises and events, the Philanthropist's florins, a pile emptied, churches, towns,
#: ports, markets, double harvests, objective ends)
CASES = [
    ("helpful", 2, 17),
    ("helpful", 2, 8),
    ("uniform", 3, 34),
    ("uniform", 5, 29),
    ("helpful", 2, 38),
    ("helpful", 3, 29),   # ends by an objective's condition, 10 turns
    ("helpful", 2, 5),    # independence in phase 3
    ("uniform", 4, 6),
]


@pytest.mark.parametrize(("policy", "players", "seed"), CASES)
def test_every_action_does_what_the_rulebook_says(policy, players, seed):
    seen = play(players, seed, policy, probe_every=2, view_every=4)
    assert seen["turns"] >= 2 and seen["actions"] > 100
    assert sum(v for k, v in seen.items() if k.startswith("refused: ")) > 0
    assert sum(v for k, v in seen.items() if k.startswith("twin ")) > 0


def test_the_sample_reaches_the_rare_branches():
    """The branches the CI sample is there for (counted by the referee)."""
    total: dict[str, int] = {}
    for policy, players, seed in CASES[:3]:
        for k, v in play(players, seed, policy, probe_every=50, view_every=10**9).items():
            total[k] = total.get(k, 0) + v
    for branch in ("phase 3", "domestic crisis", "export cubes missing", "red zone",
                   "a tie: bid again", "workers recruited", "births", "trade on board II"):
        assert total.get("branch " + branch, 0) > 0, branch
