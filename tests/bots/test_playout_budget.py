"""A search's playouts play the game's heuristic at its ``PLAYOUT_BUDGET``: Founders' turn plan
(≈ 7× the greedy look-ahead a decision) is the root's candidate, not every playout move's —
so the lobby's strong level keeps its latency — while other games play their heuristic as is."""

from __future__ import annotations

import random

import settlers.bots as bots
from settlers.bots.greedy import GreedyBot
from settlers.bots.heuristics import heuristic_factory, playout_factory
from settlers.games.founders import GAME
from settlers.games.founders.heuristic import FoundersBot


def _main_phase_position(seed: int = 3):
    """A seeded random game of Founders at seat-to-act's main step, a few turns in."""
    state = GAME.new_state(4, seed)
    rng = random.Random(seed)
    while not (state.phase == "main" and state.version > 40):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_founders_playouts_play_the_greedy_look_ahead_and_other_games_their_heuristic():
    playout = playout_factory("founders")(5)
    assert isinstance(playout, FoundersBot) and not playout.plan
    assert heuristic_factory("founders")(5).plan
    state = _main_phase_position()
    seat = state.to_act[0]
    assert playout.act(state, seat) == GreedyBot(seed=5, samples=1).act(state, seat)
    assert playout_factory("catan") is heuristic_factory("catan")


def test_a_search_plans_the_turn_once_for_its_candidate_not_in_its_playouts(monkeypatch):
    planned = []
    main = FoundersBot._main

    def counted(self, *args, **kwargs):
        planned.append(self.plan)
        return main(self, *args, **kwargs)
    monkeypatch.setattr(FoundersBot, "_main", counted)
    state = _main_phase_position()
    seat = state.to_act[0]
    search = bots.make("search", seed=1, iterations=8)
    search.act(state, seat)
    assert search.last_playouts > 0
    assert planned == [True]   # the hint's plan; the playouts' moves are greedy
    planned.clear()
    guided = bots.make("mcts", seed=1, iterations=8, playout="heuristic")
    guided.act(state, seat)
    assert planned == []
