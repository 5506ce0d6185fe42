"""Seeded random playouts of whole games with Catan's own invariants after every step.

CI plays a handful of games. The verification run of the issue (10,000 games) is
``SETTLERS_CATAN_GAMES=10000 .venv/bin/pytest tests/games/catan/test_conformance_catan.py
-k many`` (``SETTLERS_LONG=1`` alone plays 500).
"""

from __future__ import annotations

import os
import random

import pytest
from catan_scenario import GAME

from settlers.games.catan.content import DEV_COUNTS, LARGEST_ARMY_MIN
from settlers.games.catan.longest_road import longest_road
from settlers.games.catan.scoring import points
from settlers.testing.conformance import check_finished, run_playout

LONG = os.environ.get("SETTLERS_LONG") == "1"
MANY = int(os.environ.get("SETTLERS_CATAN_GAMES", "500" if LONG else "0"))


def check_invariants(st) -> None:
    n = st.players
    # cards are conserved: hands (pending discards included) + bank = 19 of each
    for r in range(5):
        assert sum(st.hands[p][r] for p in range(n)) + st.bank[r] == 19
        assert all(st.hands[p][r] >= 0 for p in range(n)) and st.bank[r] >= 0
    # development cards: deck + hands + played knights <= 25, kinds never exceed the deck
    for k in range(5):
        assert st.deck.count(k) + sum(st.dev[p][k] for p in range(n)) <= DEV_COUNTS[k]
        assert all(0 <= st.dev_new[p][k] <= st.dev[p][k] for p in range(n))
    assert len(st.deck) + sum(map(sum, st.dev)) + sum(st.knights) <= 25
    # pieces on the board match the stocks
    for p in range(n):
        roads = [e for e, o in enumerate(st.edge_owner) if o == p]
        assert sorted(roads) == sorted(st.roads[p])
        assert len(roads) + st.roads_left[p] == 15
        settlements = sum(1 for c, o in enumerate(st.corner_owner)
                          if o == p and st.corner_level[c] == 1)
        cities = sum(1 for c, o in enumerate(st.corner_owner)
                     if o == p and st.corner_level[c] == 2)
        assert settlements + st.settlements_left[p] == 5
        assert cities + st.cities_left[p] == 4
        assert st.building_points[p] == settlements + 2 * cities
        # the incremental longest road equals a fresh computation
        assert st.road_length[p] == longest_road(p, roads, st.edge_owner, st.corner_owner)
    # distance rule everywhere
    from settlers.games.catan.topology import CORNER_NEIGHBOURS
    for c, o in enumerate(st.corner_owner):
        if o >= 0:
            assert all(st.corner_owner[x] < 0 for x in CORNER_NEIGHBOURS[c])
    # awards
    if st.largest_army >= 0:
        k = st.knights[st.largest_army]
        assert k >= LARGEST_ARMY_MIN and k == max(st.knights)
    if st.longest_road >= 0:
        assert st.road_length[st.longest_road] >= 5
        assert st.road_length[st.longest_road] == max(st.road_length)
    # scores recomputed from the state
    for p in range(n):
        pts = (st.building_points[p] + st.dev[p][1] + 2 * (st.longest_road == p)
               + 2 * (st.largest_army == p))
        assert points(st, p) == pts
    if st.over and st.winner >= 0:
        assert points(st, st.winner) >= 10
    elif not st.over:
        assert points(st, st.current) < 10 or st.phase in (0, 1)


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
            check_finished(st, options)
