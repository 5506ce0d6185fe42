"""Afterstate value policies: the `rl` bot values each move's result in a re-drawn world (so it
never reads what its seat cannot see), picks the best, and the training example runs tiny."""

from __future__ import annotations

import numpy as np
import pytest

import settlers
from settlers import bots
from settlers.bots.base import BotError
from settlers.rl.afterstate import afterstates, values
from settlers.rl.encoding import encoding_for
from settlers.rl.policy import Policy


def _value_policy(weight_index: int, sign: float = 1.0) -> Policy:
    """A one-layer value network reading one observation feature."""
    enc = encoding_for("founders", 2)
    w = np.zeros((1, enc.observation_size))
    w[0, weight_index] = sign
    return Policy([(w, np.zeros(1))], {"game": "founders", "players": 2, "mode": "afterstate"})


def _midgame(seed: int = 3, moves: int = 40):
    state = settlers.load("founders").new_state(2, seed, {})
    bot = bots.make("greedy", seed=seed)
    while state.version < moves:
        seat = state.to_act[0]
        state.apply(seat, bot.act(state, seat))
    return state


def test_the_bot_plays_the_move_whose_afterstate_the_network_values_most(tmp_path):
    enc = encoding_for("founders", 2)
    state = _midgame()
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 1
    observations, _terminal, _ = afterstates(enc, state, seat, legal, seed=5)
    # pick a feature that differs between afterstates, reward it, then penalise it
    varying = int(np.flatnonzero(observations.max(0) != observations.min(0))[0])
    for sign in (1.0, -1.0):
        path = tmp_path / f"v{sign}.npz"
        _value_policy(varying, sign).save(path)
        bot = bots.make("rl", seed=0, policy=str(path))
        chosen = bot.act(state, seat)
        assert chosen in legal
        from settlers.bots.base import decision_seed
        obs, term, _ = afterstates(enc, state, seat, legal, decision_seed(0, state, seat))
        scores = values(Policy.load(path), obs) + term
        assert chosen == legal[int(np.argmax(scores))]


def test_afterstates_never_read_hidden_information():
    enc = encoding_for("founders", 2)
    state = _midgame()
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    first, _, _ = afterstates(enc, state, seat, legal, seed=9)
    # the same public position with the hidden part re-drawn gives the same afterstates
    redrawn = state.determinize(seat, 12345)
    again, _, _ = afterstates(enc, redrawn, seat, legal, seed=9)
    assert np.array_equal(first, again)


def test_a_value_network_of_another_game_is_refused(tmp_path):
    path = tmp_path / "v.npz"
    _value_policy(0).save(path)
    state = settlers.load("catan").new_state(4, 1, {})
    bot = bots.make("rl", seed=0, policy=str(path))
    with pytest.raises(BotError):
        bot.act(state, state.to_act[0])


def test_the_afterstate_training_example_runs_on_a_tiny_budget(tmp_path, example):
    pytest.importorskip("torch")
    module = example("train_founders_afterstate")
    out = tmp_path / "v.npz"
    result = module.main(["--tiny", "--out", str(out)])
    policy = Policy.load(out)
    assert policy.meta["mode"] == "afterstate" and policy.max_actions == 1
    assert policy.meta["imitation"]["rows"] > 0
    assert result["final"][1]["opponent"] == "greedy"
    assert out.stat().st_size < 2_000_000
