"""The Catan heuristic bot: legal in every kind of decision, strong against random bots, and
blind to what its seat cannot see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import settlers.bots as bots
from settlers.core import load
from settlers.sim import Job, parse_seats, run_tournament

catan = pytest.importorskip("settlers.games.catan")


class Recording:
    """Wraps a bot and counts the kinds of decisions it answered."""

    def __init__(self, bot, counter):
        self.bot, self.counter = bot, counter

    def act(self, state, seat):
        action = self.bot.act(state, seat)
        self.counter[action.kind] += 1
        return action


@pytest.mark.parametrize(("players", "options"), [
    (4, {}), (3, {"phases": "combined"}), (4, {"board": "beginner"}),
])
def test_heuristic_answers_every_decision_legally(players, options):
    game = load("catan")
    kinds: Counter = Counter()
    for seed in range(3):
        state = game.new_state(players, seed=seed, options=options)
        lineup = [Recording(bots.make("heuristic", seed=seed), kinds)] + [
            bots.make("random", seed=seed * 10 + s) for s in range(1, players)]
        steps = 0
        while not state.over and steps < 20_000:
            seat = state.to_act[0]
            state.apply(seat, lineup[seat].act(state, seat))  # checked apply
            steps += 1
        assert state.over
    answered = set(kinds)
    assert {"roll_dice", "end_turn", "build_settlement", "build_road", "move_robber",
            "answer_trade"} <= answered
    if options.get("board") != "beginner":
        assert {"place_settlement", "place_road"} <= answered


def test_heuristic_wins_nearly_always_against_three_random_bots():
    job = Job("catan", parse_seats("heuristic,random,random,random"), games=12, seed=77,
              rotate=True)
    _rows, summary = run_tournament(job, workers=1)
    heuristic = summary.bots[0]
    assert summary.failed == 0
    assert heuristic.wins >= 11


def test_heuristic_decision_ignores_hidden_cards():
    game = load("catan")
    rng = random.Random(5)
    checked = differing = 0
    for seed in range(4):
        state = game.new_state(4, seed=seed)
        player = bots.make("random", seed=seed)
        while not state.over and state.version < 400:
            seat = state.to_act[0]
            if len(state.legal_actions(seat)) > 1 and rng.random() < 0.2:
                twin = state.determinize(seat, rng.randrange(1 << 30))
                assert twin.view(seat) == state.view(seat)
                differing += twin.full_state() != state.full_state()
                mine = bots.make("heuristic", seed=1).act(state, seat)
                theirs = bots.make("heuristic", seed=1).act(twin, seat)
                assert mine == theirs, (seed, state.version)
                checked += 1
            state.apply(seat, player.act(state, seat), check=False)
    assert checked > 50 and differing > 25
