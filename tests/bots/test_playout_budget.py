"""Who plays a search's playouts (the `search` budget key `playout`): ``fast``, the default, the
game's heuristic at its cheaper ``PLAYOUT_BUDGET`` (Founders: the greedy look-ahead, ≈ 7×
cheaper a move than the turn plan; the budget `mcts:playout=heuristic` plays), or ``full``, the
heuristic as it plays at the table — in Founders the turn plan in every playout move, which took
the search above the heuristic it is built on. Other games have no ``PLAYOUT_BUDGET``: both are
the same bot there."""

from __future__ import annotations

import random

import pytest

import settlers.bots as bots
from settlers.bots.base import BotError
from settlers.bots.greedy import GreedyBot
from settlers.bots.heuristics import heuristic_factory, playout_factory
from settlers.core import load
from settlers.games.founders import GAME
from settlers.games.founders.heuristic import FoundersBot
from settlers.sim.seating import parse_seat


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


def _plans(monkeypatch):
    """The `plan` flag of every FoundersBot that plans a main step, in order."""
    planned: list[bool] = []
    main = FoundersBot._main

    def counted(self, *args, **kwargs):
        planned.append(self.plan)
        return main(self, *args, **kwargs)
    monkeypatch.setattr(FoundersBot, "_main", counted)
    return planned


@pytest.mark.parametrize("budget", [{"playout": "fast"}, {}])
def test_fast_playouts_the_default_plan_the_turn_once_for_the_candidate(monkeypatch, budget):
    planned = _plans(monkeypatch)
    state = _main_phase_position()
    seat = state.to_act[0]
    search = bots.make("search", seed=1, iterations=8, **budget)
    search.act(state, seat)
    assert search.last_playouts > 0
    assert planned == [True]   # the hint's plan; the playouts' moves are greedy
    planned.clear()
    guided = bots.make("mcts", seed=1, iterations=8, playout="heuristic")
    guided.act(state, seat)
    assert planned == []


def test_full_playouts_plan_every_main_step_of_the_playouts(monkeypatch):
    planned = _plans(monkeypatch)
    state = _main_phase_position()
    seat = state.to_act[0]
    search = bots.make("search", seed=1, iterations=8, playout="full")
    search.act(state, seat)
    assert search.last_playouts > 0
    # the hint's plan, then the playouts' main steps (every seat's) planned as at the table
    assert len(planned) > 1 + search.last_playouts and all(planned)


def _gains(state, playout):
    search = bots.make("search", seed=2, iterations=8, playout=playout)
    answer = search.act(state.clone(), state.to_act[0])
    return answer, search.last_verdict.gains if search.last_verdict else None


def test_the_playout_key_changes_the_search_only_where_the_game_has_a_playout_budget():
    state = _main_phase_position()
    assert _gains(state, "full")[1] != _gains(state, "fast")[1]   # other playouts, other values
    iceland = load("iceland").new_state(4, 3)
    rng = random.Random(3)
    compared = 0
    while compared < 2:   # decisions where another move than the heuristic's was played out
        seat = iceland.to_act[0]
        if iceland.version >= 30 and len(iceland.legal_actions(seat)) > 1:
            full = _gains(iceland, "full")
            assert full == _gains(iceland, "fast")
            compared += bool(full[1])
        iceland.apply(seat, rng.choice(iceland.legal_actions(seat)))


def test_a_bad_playout_is_a_clear_error():
    with pytest.raises(BotError) as info:
        bots.make("search", playout="greedy")
    assert info.value.key == "bots.bad_budget_choice"
    en = info.value.message("en")
    assert "playout" in en and "full, fast" in en and "'greedy'" in en
    assert "должен быть одним из: full, fast" in info.value.message("ru")
    with pytest.raises(BotError):
        parse_seat("search:iterations=8:playout=plan")
