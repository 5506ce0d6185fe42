"""The Founders afterstate value on the game's evaluation terms: the features add up to the
game's evaluation, read nothing hidden, the untrained policy plays greedy's move, and the
training example runs on a tiny budget."""

from __future__ import annotations

import random

import numpy as np
import pytest

import settlers
from settlers import bots
from settlers.bots.base import BotError, decision_seed, obvious_choice
from settlers.rl import founders_features
from settlers.rl.afterstate import FeatureObserver, afterstates, values
from settlers.rl.feature_value_training import initial_policy
from settlers.rl.policy import Policy

OPPONENT = "greedy:samples=1"  # one world: a cheap opponent that still wins some games


def _positions(seed: int, every: int = 7):
    """Positions of a random 2-player game, every few moves, to the end."""
    state = settlers.load("founders").new_state(2, seed, {})
    rng = random.Random(seed)
    while not state.over:
        if state.version % every == 0:
            yield state
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_the_evaluation_weights_give_back_the_game_evaluation():
    checked = 0
    for seed in (1, 2):
        for state in _positions(seed):
            for seat in range(2):
                f = founders_features.features(state, seat)
                assert f.shape == (founders_features.SIZE,)
                assert float(f @ founders_features.EVALUATION_WEIGHTS) == pytest.approx(
                    state.evaluate(seat), abs=1e-4)
                checked += 1
    assert checked > 20


def test_features_are_the_same_when_only_hidden_information_changes():
    for state in _positions(3, every=11):
        seat = state.to_act[0]
        twin = state.determinize(seat, 777)
        assert np.array_equal(founders_features.features(state, seat),
                              founders_features.features(twin, seat))


def test_the_untrained_policy_plays_greedys_move_in_the_same_world():
    policy = initial_policy(hidden=8)
    observer = FeatureObserver(founders_features.SIZE, founders_features.features)
    compared = 0
    for state in _positions(4, every=5):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if state.over or obvious_choice(state, seat, legal) is not None:
            continue
        seed = decision_seed(0, state, seat)
        obs, terminal, after = afterstates(observer, state, seat, legal, seed)
        ours = int(np.argmax(values(policy, obs) + terminal))
        evaluation = [(1e9 if seat in a.winners() else -1e9) if a.over else a.evaluate(seat)
                      for a in after]
        assert evaluation[ours] == pytest.approx(max(evaluation), abs=1e-4)
        compared += 1
    assert compared > 10


def test_a_feature_policy_round_trips_and_plays_as_the_rl_bot(tmp_path):
    path = tmp_path / "v.npz"
    initial_policy(hidden=4).save(path, dtype=np.float32)
    loaded = Policy.load(path)
    assert loaded.skip is not None and loaded.meta["features"] == "founders"
    state = next(s for s in _positions(5) if s.version > 30
                 and len(s.legal_actions(s.to_act[0])) > 1)
    seat = state.to_act[0]
    assert bots.make("rl", seed=1, policy=str(path)).act(state, seat) in state.legal_actions(
        seat)
    catan = settlers.load("catan").new_state(4, 1, {})
    with pytest.raises(BotError):
        bots.make("rl", seed=1, policy=str(path)).act(catan, catan.to_act[0])


def test_a_policy_with_unknown_features_is_refused(tmp_path):
    policy = initial_policy(hidden=4)
    policy.meta["features"] = "nonsense"
    path = tmp_path / "bad.npz"
    policy.save(path)
    state = next(s for s in _positions(6) if len(s.legal_actions(s.to_act[0])) > 1)
    with pytest.raises(BotError):
        bots.make("rl", seed=1, policy=str(path)).act(state, state.to_act[0])


def test_the_value_training_example_runs_on_a_tiny_budget(tmp_path, example):
    pytest.importorskip("torch")
    module = example("train_founders_value")
    out = tmp_path / "v.npz"
    result = module.main(["--tiny", "--out", str(out)])
    policy = Policy.load(out)
    assert policy.meta["mode"] == "afterstate" and policy.meta["features"] == "founders"
    rows = out.with_suffix(".curve.jsonl").read_text().splitlines()
    assert len(rows) == 2 and "win_rate_greedy" in rows[0]
    assert [r["opponent"] for r in result["final"]] == ["random", "greedy"]
    assert result["cpu_seconds"] > 0


def test_games_split_into_chunks_are_the_same_games():
    """benchmarks/rl_eval.py --workers plays chunks ``first``…: game i keeps its seed and seat."""
    from settlers.rl.training import play_games

    policy = initial_policy(hidden=4)
    whole = [play_games(policy, "founders", 2, OPPONENT, 1, seed=8, first=i)["wins"]
             for i in range(4)]
    assert 0 < sum(whole) < 4, "the check needs both results among the games"
    again = play_games(policy, "founders", 2, OPPONENT, 4, seed=8)["wins"]
    tail = play_games(policy, "founders", 2, OPPONENT, 2, seed=8, first=2)["wins"]
    assert again == sum(whole) and tail == sum(whole[2:])


def test_the_shipped_founders_policy_plays_without_a_policy_argument():
    from settlers.rl.bot import shipped_games

    assert "founders" in shipped_games() and bots.supports("rl", "founders")
    bot = bots.make("rl", seed=0)
    state = settlers.load("founders").new_state(2, 11, {})
    other = bots.make("random", seed=1)
    while not state.over:
        seat = state.to_act[0]
        action = (bot if seat == 0 else other).act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    # the 2-player file also sits at a 4-player table (the rival: the best other score)
    four = settlers.load("founders").new_state(4, 12, {})
    rng = random.Random(4)
    asked = 0
    while not four.over and asked < 5:
        seat = four.to_act[0]
        legal = four.legal_actions(seat)
        if len(legal) > 1:
            assert bot.act(four, seat) in legal
            asked += 1
        four.apply(seat, legal[rng.randrange(len(legal))])
    assert asked == 5
