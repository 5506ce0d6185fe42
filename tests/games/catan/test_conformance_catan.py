"""Seeded random playouts of whole games with Catan's own invariants
(``settlers.games.catan.invariants``) after every step.

CI plays a handful of games. The verification run of the issue (10,000 games) is
``SETTLERS_CATAN_GAMES=10000 .venv/bin/pytest tests/games/catan/test_conformance_catan.py
-k many`` (``SETTLERS_LONG=1`` alone plays 500).
"""

from __future__ import annotations

import os
import random

import pytest
from catan_scenario import GAME

from settlers.core.invariants import invariant_problems
from settlers.testing.conformance import check_finished, run_playout

LONG = os.environ.get("SETTLERS_LONG") == "1"
MANY = int(os.environ.get("SETTLERS_CATAN_GAMES", "500" if LONG else "0"))


def check_invariants(st) -> None:
    """The game's own invariants (settlers.games.catan.invariants), the scores recomputed from
    the board at every step, not only at the end."""
    assert invariant_problems(st, scores=True) == []


def play(players: int, seed: int, options: dict, check_every: int = 1) -> object:
    st = GAME.new_state(players, seed, options)
    st.record_events = False
    rng = random.Random(seed)
    steps = 0
    while not st.over:
        seat = rng.choice(st.to_act)
        actions = st.legal_actions(seat)
        assert actions, f"seat {seat} has no action (seed {seed})"
        st.apply(seat, rng.choice(actions), check=False)
        steps += 1
        if steps % check_every == 0:
            check_invariants(st)
        assert steps < 60_000, f"seed {seed}: the game does not end"
    check_invariants(st)
    return st


OPTION_SETS = [
    {},
    {"phases": "combined", "domestic_trade": False},
    {"board": "beginner", "phases": "combined"},
    {"board": "beginner", "trade_offers": 1},
]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("opt", range(len(OPTION_SETS)))
def test_seeded_games_keep_the_invariants(players, opt):
    st = play(players, 100 + opt, OPTION_SETS[opt], check_every=3)
    assert st.winners()


def test_replay_equals_live_for_a_whole_game():
    st = play(4, 7, {"phases": "combined"}, check_every=50)
    again = GAME.replay(4, 7, st.options, st.log, check=False)
    assert again == st


def test_full_protocol_checks_on_a_short_game():
    run_playout(GAME, 4, 5, {"turn_limit": 25, "trade_offers": 2}, view_check_every=3)


@pytest.mark.skipif(not MANY, reason="set SETTLERS_LONG=1 or SETTLERS_CATAN_GAMES=N")
def test_many_seeded_games():
    for k in range(MANY):
        options = OPTION_SETS[k % len(OPTION_SETS)]
        players = 3 + k % 2
        st = play(players, 10_000 + k, options, check_every=25)
        assert st.winners()
        if k % 100 == 0:  # the protocol's end-of-game checks: replay, save/load, scores
            check_finished(GAME, st, options)
