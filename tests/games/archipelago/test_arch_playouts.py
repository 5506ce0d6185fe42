"""Seeded random playouts (a fast CI sample of the 10,000-game verification): every state keeps
cubes, florins, pieces and explorer tokens conserved, markers on their boards, the population
marker true, and the final scores recomputable; hidden information stays hidden."""

from __future__ import annotations

import random

import pytest

from settlers.core.invariants import invariant_problems
from settlers.games.archipelago import GAME

HELPFUL = {"supply", "raise", "use_church", "recruit", "recruit_to", "reproduce", "buy_card",
           "use_card", "build", "build_wonder", "harvest", "harvest_with"}

OPTION_SETS = [
    {},
    {"length": "short", "desert_start": True},
    {"length": "long", "more_control": True, "more_sharpness": True},
    {"no_secrets": True, "length": "short"},
    {"philanthropist": True, "trend": "random"},
]


def play(players, seed, options, helpful):
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    while not state.over:
        assert state.version < 6000
        seat = rng.choice(state.to_act)
        actions = state.legal_actions(seat)
        if helpful:
            good = [a for a in actions if a.kind in HELPFUL]
            if good and rng.random() < 0.9:
                actions = good
        state.apply(seat, rng.choice(actions), check=False)
        found = invariant_problems(state)
        assert not found, (players, seed, options, state.version, found)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_random_playouts_keep_the_invariants(players, options):
    for seed in range(2):
        state = play(players, seed, options, helpful=bool(seed % 2))
        assert state.ended_by in ("independence", "objective", "turns")
        assert len(state.scores()) == players


def test_short_games_end_and_score_normally():
    ends = set()
    for seed in range(8):
        state = play(4, seed, {"length": "short", "max_turns": 2}, True)
        ends.add(state.ended_by)
        if state.ended_by != "independence":
            assert state.winners() and max(state.scores()) == state.scores()[state.winners()[0]]
    assert ends & {"objective", "turns"}


def test_views_hide_screens_bids_and_objectives():
    state = GAME.new_state(4, 3, {})
    rng = random.Random(3)
    while state.phase == "start":
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.apply(0, state.legal_actions(0)[2])      # a bid of 2
    for viewer in (1, None):
        p0 = state.view(viewer)["state"]["players"][0]
        assert "money" not in p0 and "cubes" not in p0 and "bid" not in p0
        assert p0["objectives"] is None and p0["has_bid"]
    mine = state.view(0)["state"]["players"][0]
    assert mine["bid"] == 2 and mine["objectives"] and "money" in mine
    log = state.log_json(viewer=1, redact=True)
    assert log[-1][1] == {"type": "bid"}


def test_determinization_keeps_what_the_seat_sees_and_hides_the_rest():
    state = play(3, 5, {}, True)
    state = GAME.new_state(3, 5, {})
    rng = random.Random(5)
    for _ in range(40):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    other = state.determinize(0, 99)
    assert other.view(0) == state.view(0)
    assert other.cubes[0] == state.cubes[0] and other.money[0] == state.money[0]
    assert sum(other.money) == sum(state.money)
    assert other.deck[-1] == state.deck[-1] or (
        state.content.cards[other.deck[-1]].normal == state.content.cards[state.deck[-1]].normal)
