"""`settlers.bots.names()` / `make()`: the fixed public API and its error messages."""

from __future__ import annotations

import dataclasses

import pytest

import settlers.bots as bots
from settlers.bots import BotError


def test_names_lists_every_bot_sorted():
    assert bots.names() == ["greedy", "guided", "heuristic", "mcts", "random", "rl", "search"]


def test_make_unknown_bot_names_the_known_ones_in_both_languages():
    with pytest.raises(BotError) as info:
        bots.make("alphazero")
    assert "alphazero" in info.value.message("en")
    assert "mcts" in info.value.message("en")
    assert "Неизвестный бот" in info.value.message("ru")


def test_budget_strings_from_the_command_line_are_converted():
    bot = bots.make("mcts", seed=3, iterations="40", rollout_depth="5")
    assert (bot.iterations, bot.rollout_depth, bot.seed) == (40, 5, 3)


@pytest.mark.parametrize(("name", "budget", "words"), [
    ("random", {"iterations": 3}, "takes no budget"),
    ("mcts", {"depth": 3}, "does not take depth"),
    ("mcts", {"iterations": "many"}, "must be int"),
    ("mcts", {"iterations": 0}, "at least 1"),
    ("greedy", {"samples": 0}, "at least 1"),
])
def test_bad_budgets_are_refused_with_a_clear_message(name, budget, words):
    with pytest.raises(BotError) as info:
        bots.make(name, **budget)
    assert words in info.value.message("en")


def test_heuristic_refuses_a_game_without_one(sample_game):
    bare = dataclasses.replace(sample_game, id="bare", package=None)  # no heuristic module
    state = bare.new_state(2, seed=1)
    bot = bots.make("heuristic")
    assert not bots.supports("heuristic", "bare")
    assert bots.supports("mcts", "bare")
    with pytest.raises(BotError) as info:
        bot.act(state, state.to_act[0])
    # (fourteenth pass: games are named by their names, not ids; "bare" is registered nowhere)
    assert "no heuristic bot for bare" in info.value.message("en")
    assert "Sealed bids" in info.value.message("en")  # the games that have one are named
    assert "«Тайные ставки»" in info.value.message("ru")
