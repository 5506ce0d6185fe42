"""Seeded random playouts checking invariants after every step (the conformance suite adds the
protocol checks; the big 10,000-game run is ``benchmarks/iceland_random_playout.py``)."""

from __future__ import annotations

import os
import random

import pytest
from iceland_scenario import GAME

from settlers.core.invariants import invariant_problems

LONG = os.environ.get("SETTLERS_LONG") == "1"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playouts_keep_the_invariants(players):
    games = 12 if LONG else 2
    for k in range(games):
        seed = 100 * players + k
        s = GAME.new_state(players, seed, {"turn_limit": 60, "offer_limit": 5})
        rng = random.Random(seed)
        while not s.over:
            assert invariant_problems(s, scores=True) == []
            seat = rng.choice(s.to_act)
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert invariant_problems(s, scores=True) == []
        assert s.winners()
        again = GAME.replay(players, seed, {"turn_limit": 60, "offer_limit": 5}, s.log)
        assert again == s


def test_a_random_game_won_by_twelve_points():
    """Seed 411 (4 players) reaches 12 points in its 124th turn: the game stops at the end of that
    turn, before the limit, and the winner is the player with 12 points. (Seed 20213 did until
    the Althing windows opened again after a card, 2026-12-06; seed 20304 until the offer menu
    grew, rules 2026-12-06.2; seed 262 until no offer had a kind on both sides, rules
    2026-12-06.3; seed 389 until a running case got a window before each of its decisions,
    rules 2026-12-06.4 — the first seed from 262 on that does.)"""
    players, seed = 4, 411
    s = GAME.new_state(players, seed, {"turn_limit": 150, "offer_limit": 5})
    rng = random.Random(seed * 7919 + players)
    while not s.over:
        seat = rng.choice(s.to_act)
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert s.turn < 150
    assert max(s.scores()) >= 12 and s.winners() == [s.scores().index(max(s.scores()))]
    assert invariant_problems(s, scores=True) == []
