"""The conformance suite over every registered game (docs/protocol.md, "Conformance suite").

Each game's ConformancePlan says which player counts and option sets to cover and how many
seeded games of each to play in CI; SETTLERS_LONG=1 multiplies the count by 20.
"""

from __future__ import annotations

import os

import pytest

from settlers.core import games
from settlers.testing.conformance import run_playout

LONG = os.environ.get("SETTLERS_LONG") == "1"


def _cases():
    for game in games():
        plan = game.conformance
        players = plan.players or tuple(range(game.min_players, game.max_players + 1))
        count = plan.games * (20 if LONG else 1)
        cases = [(n, o, options) for n in players for o, options in enumerate(plan.options)]
        cases += [(n, len(plan.options) + e, options)
                  for e, (n, options) in enumerate(plan.extra)]
        for n, o, options in cases:
            for k in range(count):
                seed = 1000 * n + 100 * o + k
                yield pytest.param(game, n, seed, dict(options),
                                   id=f"{game.id}-{n}p-opt{o}-seed{seed}")


@pytest.mark.parametrize(("game", "players", "seed", "options"), list(_cases()))
def test_random_playout_keeps_the_protocol(game, players, seed, options):
    plan = game.conformance
    state = run_playout(game, players, seed, options, max_steps=plan.max_steps,
                        view_check_every=plan.view_check_every)
    assert state.over
