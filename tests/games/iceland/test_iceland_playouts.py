"""Seeded random playouts checking invariants after every step (the conformance suite adds the
protocol checks; the big 10,000-game run is ``benchmarks/iceland_random_playout.py``)."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from iceland_scenario import GAME

from settlers.games.iceland.scoring import victory_points

LONG = os.environ.get("SETTLERS_LONG") == "1"


def check_invariants(s) -> None:
    c = s.c
    # resource cards are conserved: 24 of each between the bank and the hands
    for r in range(4):
        assert s.bank[r] + sum(h[r] for h in s.hands) == c.bank_per_resource
        assert s.bank[r] >= 0 and all(h[r] >= 0 for h in s.hands)
    # fate cards are conserved
    assert Counter(s.deck + s.discard + [x for f in s.fate for x in f]) == Counter(c.fate_deck)
    # terrain hexes, number and harbour tokens are conserved
    placed = Counter(t for h, t in enumerate(s.terrain) if t >= 0 and h != s.b.centre)
    for t, n in enumerate(c.terrain_counts):
        assert s.terrain_pool[t] + placed[t] == n
    numbers = Counter(n for n in s.number if n)
    for n, total in c.number_counts.items():
        assert s.number_pool[n] + numbers[n] == total
    harbours = Counter(r for r in s.harbour if r >= 0)
    harbours.update(b[3] for b in s.pending if b[0] == "harbour")
    for r in range(4):
        assert s.harbour_pool[r] + harbours[r] == c.harbour_counts[r]
    # every land hex found has a number, sea and mountains have none
    for h, t in enumerate(s.terrain):
        if s.exploring and s.exploring[1] == h:
            continue  # a "good omen" number is being chosen
        assert bool(s.number[h]) == (t >= 0 and c.terrain_resource[t] >= 0)
    # one piece per hex, positions and occupants agree
    for h, p in enumerate(s.occupant):
        if p >= 0:
            assert s.pos[p] == h
    on_hexes = [h for p, h in enumerate(s.pos) if h >= 0
                and not (s.retreat and s.retreat[0] == p)]
    assert len(on_hexes) == len(set(on_hexes))
    # houses within the supply; red tokens only on pieces on the board
    for seat in range(s.players):
        used = sum(s.house_level[x] for x in range(s.b.corner_count) if s.house_owner[x] == seat)
        assert used <= c.pieces["house"]
        assert s.scores()[seat] == victory_points(s, seat)
    for piece, claimants in s.red_tokens.items():
        assert s.pos[piece] != -2 and claimants


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playouts_keep_the_invariants(players):
    games = 12 if LONG else 2
    for k in range(games):
        seed = 100 * players + k
        s = GAME.new_state(players, seed, {"turn_limit": 60, "offer_limit": 5})
        rng = random.Random(seed)
        while not s.over:
            check_invariants(s)
            seat = rng.choice(s.to_act)
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        check_invariants(s)
        assert s.winners()
        again = GAME.replay(players, seed, {"turn_limit": 60, "offer_limit": 5}, s.log)
        assert again == s


def test_a_random_game_won_by_twelve_points():
    """Seed 20304 (4 players) reaches 12 points at turn 148: the game stops at the end of that
    turn, before the limit, and the winner is the player with 12 points. (Seed 20213 did until
    the Althing windows opened again after a card, 2026-12-06.)"""
    players, seed = 4, 20304
    s = GAME.new_state(players, seed, {"turn_limit": 150, "offer_limit": 5})
    rng = random.Random(seed * 7919 + players)
    while not s.over:
        seat = rng.choice(s.to_act)
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert s.turn < 150
    assert max(s.scores()) >= 12 and s.winners() == [s.scores().index(max(s.scores()))]
    check_invariants(s)
