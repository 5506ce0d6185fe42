"""`guided` (search with the heuristic as prior and playout) and the lobby's difficulty table."""

from __future__ import annotations

import dataclasses

import pytest

import settlers.bots as bots
from settlers.bots import BotError
from settlers.bots.difficulty import LEVELS, level, make_level, table
from settlers.bots.mcts import MCTSBot


def test_guided_is_deterministic_for_a_seed_and_an_iteration_budget(sample_game):
    state = sample_game.new_state(3, seed=9)
    seat = state.to_act[0]
    answers = {bots.make("guided", seed=5, iterations=30).act(state, seat) for _ in range(3)}
    assert len(answers) == 1 and answers.pop() in state.legal_actions(seat)


def test_the_prior_concentrates_visits_on_the_heuristics_move(sample_game):
    # one iteration per action would try everything once; with the prior the heuristic's
    # move gets most of a small budget
    state = sample_game.new_state(2, seed=4, options={"prizes": 2})
    seat = state.to_act[0]
    hint = bots.make("heuristic", seed=0).act(state, seat)
    bot = bots.make("guided", seed=1, iterations=12, prior_weight=50.0)
    assert bot.act(state, seat) == hint


def test_guided_keeps_a_time_budget(sample_game):
    import time

    state = sample_game.new_state(4, seed=2)
    seat = state.to_act[0]
    bot = bots.make("guided", seed=1, ms=40)
    started = time.perf_counter()
    bot.act(state, seat)
    assert time.perf_counter() - started < 1.0
    assert bot.last_iterations >= 1


def test_guided_needs_a_heuristic_and_refuses_bad_priors(sample_game):
    assert bots.supports("guided", "sample")
    bare = dataclasses.replace(sample_game, id="bare", package=None)
    assert not bots.supports("guided", bare.id)
    with pytest.raises(BotError) as info:
        MCTSBot(prior="oracle")
    assert "none, heuristic" in info.value.message("en")
    with pytest.raises(BotError):
        bots.make("guided", prior_weight=-1)


def test_every_game_has_three_levels_that_play_it():
    from settlers.core import game_ids

    levels = table(game_ids())
    for game_id, by_level in levels.items():
        assert list(by_level) == list(LEVELS)
        for name, budget in by_level.values():
            assert bots.supports(name, game_id)
            bots.make(name, **budget)


def test_a_game_without_heuristic_falls_back_to_generic_bots(sample_game):
    bare = dataclasses.replace(sample_game, id="bare", package=None)
    from settlers.core.registry import register, unregister

    register(bare)
    try:
        assert level("bare", "strong")[0] == "mcts"
        assert level("bare", "easy")[0] == "random"
        assert level("sample", "strong")[0] == "guided"
    finally:
        unregister("bare")


def test_an_unknown_level_is_a_clear_error():
    with pytest.raises(BotError) as info:
        make_level("catan", "godlike")
    assert "easy, medium, strong" in info.value.message("en")


def test_the_lobby_builds_levels_per_game():
    from settlers.web.bots import bot_names, make_bot

    assert {"easy", "medium", "strong"} <= set(bot_names("catan"))
    assert type(make_bot("strong", 1, "catan")) is type(make_level("catan", "strong"))
    assert type(make_bot("strong", 1, "catan")) is not type(make_bot("easy", 1, "catan"))
