"""Who plays a search's playouts (the `search` budget key `playout`): ``full``, the default, the
game's heuristic as it plays at the table — in Founders the turn plan in every playout move, which
took the search above the heuristic it is built on — or ``fast``, the heuristic at the game's
cheaper ``PLAYOUT_BUDGET`` (Founders: the greedy look-ahead, ≈ 7× cheaper a move; the budget
`mcts:playout=heuristic` plays). Other games have no ``PLAYOUT_BUDGET``: both are the same bot."""

from __future__ import annotations

import random

import pytest

import settlers.bots as bots
from settlers.bots.base import BotError
from settlers.bots.greedy import GreedyBot
from settlers.bots.heuristics import heuristic_factory, playout_factory
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


def test_fast_playouts_plan_the_turn_once_for_the_candidate_not_in_the_playouts(monkeypatch):
    planned = _plans(monkeypatch)
    state = _main_phase_position()
    seat = state.to_act[0]
    search = bots.make("search", seed=1, iterations=8, playout="fast")
    search.act(state, seat)
    assert search.last_playouts > 0
    assert planned == [True]   # the hint's plan; the playouts' moves are greedy
    planned.clear()
    guided = bots.make("mcts", seed=1, iterations=8, playout="heuristic")
    guided.act(state, seat)
    assert planned == []


@pytest.mark.parametrize("budget", [{"playout": "full"}, {}])
def test_full_playouts_plan_every_main_step_of_the_playouts_and_are_the_default(monkeypatch,
                                                                               budget):
    planned = _plans(monkeypatch)
    state = _main_phase_position()
    seat = state.to_act[0]
    search = bots.make("search", seed=1, iterations=8, **budget)
    search.act(state, seat)
    assert search.last_playouts > 0
    # the hint's plan, then the playouts' main steps (every seat's) planned as at the table
    assert len(planned) > 1 + search.last_playouts and all(planned)


def test_the_playout_key_changes_the_answer_only_where_the_game_has_a_playout_budget():
    state = _main_phase_position()
    seat = state.to_act[0]
    verdicts = {}
    for playout in ("full", "fast"):
        search = bots.make("search", seed=2, iterations=8, playout=playout)
        search.act(state.clone(), seat)
        verdicts[playout] = search.last_verdict.gains if search.last_verdict else None
    assert verdicts["full"] != verdicts["fast"]   # other playouts, other values


def test_a_bad_playout_is_a_clear_error():
    with pytest.raises(BotError) as info:
        bots.make("search", playout="greedy")
    assert info.value.key == "bots.bad_budget_choice"
    en = info.value.message("en")
    assert "playout" in en and "full, fast" in en and "'greedy'" in en
    assert "должен быть одним из: full, fast" in info.value.message("ru")
    with pytest.raises(BotError):
        parse_seat("search:iterations=8:playout=plan")
