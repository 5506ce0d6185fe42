"""`heuristic` finds each game's bot at `<game package>.heuristic.make_bot` (docs/game-shape.md);
MCTS can play out with it."""

from __future__ import annotations

import dataclasses

import pytest

import settlers
import settlers.bots as bots
from settlers.bots import BotError
from settlers.bots.heuristics import heuristic_factory, heuristic_games, heuristic_module_name
from settlers.testing.sample import heuristic as sample_heuristic


def test_the_sample_games_heuristic_is_found_beside_its_rules(sample_game):
    assert heuristic_module_name("sample") == "settlers.testing.sample.heuristic"
    assert heuristic_factory("sample", sample_game.package) is sample_heuristic.make_bot
    assert "sample" in heuristic_games()
    assert bots.supports("heuristic", "sample")


def test_a_built_in_game_is_looked_up_under_settlers_games():
    assert heuristic_module_name("nosuchgame") == "settlers.games.nosuchgame.heuristic"
    assert heuristic_factory("nosuchgame") is None


@pytest.mark.parametrize("game_id", ["catan", "founders", "iceland"])
def test_every_game_with_a_hand_written_player_has_one(game_id):
    # today through the transition fallback or the new home, after the merge the new home only
    assert game_id in heuristic_games()
    game = settlers.load(game_id)
    state = game.new_state(game.min_players, seed=2)
    seat = state.to_act[0]
    assert bots.make("heuristic", seed=1).act(state, seat) in state.legal_actions(seat)


def test_the_heuristic_bot_plays_the_sample_game_by_its_plan(sample_game):
    state = sample_game.new_state(2, seed=4, options={"prizes": 2})
    bot = bots.make("heuristic", seed=0)
    seat = state.to_act[0]
    hand = state.view(seat)["state"]["hand"]
    pot = state.pot
    choice = bot.act(state, seat)
    # greed 4: a pot of 4 or more is worth the highest card, a smaller one the lowest
    assert choice.card == (max(hand) if pot >= 4 else min(hand))


def test_a_broken_heuristic_module_is_not_mistaken_for_a_missing_one(sample_game, monkeypatch):
    broken = dataclasses.replace(sample_game, id="broken", package="settlers.testing.sample")

    def explode(name):
        raise ModuleNotFoundError("No module named 'numpyy'", name="numpyy")

    monkeypatch.setattr("settlers.bots.heuristics.import_module", explode)
    with pytest.raises(ModuleNotFoundError):
        heuristic_factory(broken.id, broken.package)


def test_mcts_plays_out_with_the_heuristic_deterministically(sample_game):
    state = sample_game.new_state(3, seed=9)
    seat = state.to_act[0]
    first = bots.make("mcts", seed=5, iterations=40, playout="heuristic").act(state, seat)
    again = bots.make("mcts", seed=5, iterations=40, playout="heuristic").act(state, seat)
    assert first == again and first in state.legal_actions(seat)


def test_mcts_heuristic_playout_needs_a_game_with_a_heuristic(sample_game):
    bare = dataclasses.replace(sample_game, id="bare", package=None)
    state = bare.new_state(2, seed=1)
    with pytest.raises(BotError) as info:
        bots.make("mcts", iterations=5, playout="heuristic").act(state, state.to_act[0])
    assert "no heuristic bot for bare" in info.value.message("en")   # (an id no game has)


def test_mcts_refuses_an_unknown_playout():
    with pytest.raises(BotError) as info:
        bots.make("mcts", playout="smart")
    assert "random, heuristic" in info.value.message("en")
    assert "smart" in info.value.message("ru")
