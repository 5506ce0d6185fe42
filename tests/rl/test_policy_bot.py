"""The `rl` bot: numpy-only inference from a policy file, through the protocol."""

from __future__ import annotations

import numpy as np
import pytest

import settlers
from settlers import bots
from settlers.bots.base import BotError
from settlers.rl.encoding import encoding_for
from settlers.rl.policy import Policy, PolicyError


def _random_policy(game_id: str, players: int, hidden: int = 16, seed: int = 0) -> Policy:
    enc = encoding_for(game_id, players)
    rng = np.random.default_rng(seed)
    weights = [(rng.normal(0, 0.1, (hidden, enc.observation_size)), np.zeros(hidden)),
               (rng.normal(0, 0.1, (enc.max_actions, hidden)), rng.normal(0, 1, enc.max_actions))]
    return Policy(weights, {"game": game_id, "players": players})


def test_a_policy_file_round_trips_and_picks_the_best_legal_index(tmp_path):
    policy = _random_policy("founders", 2)
    path = tmp_path / "p.npz"
    policy.save(path)
    loaded = Policy.load(path)
    assert loaded.meta == policy.meta
    obs = np.ones(policy.observation_size, dtype=np.float32)
    assert np.allclose(loaded.logits(obs), policy.logits(obs), atol=0.05)  # float16 storage
    mask = np.zeros(policy.max_actions, dtype=np.int8)
    mask[[3, 7]] = 1
    logits = loaded.logits(obs)
    assert loaded.act(obs, mask) == (3 if logits[3] >= logits[7] else 7)


def test_a_bad_policy_file_is_refused_clearly(tmp_path):
    path = tmp_path / "junk.npz"
    np.savez(path, x=np.zeros(3))
    with pytest.raises(PolicyError, match="not a settlers policy"):
        Policy.load(path)
    with pytest.raises(PolicyError, match="cannot read"):
        Policy.load(tmp_path / "missing.npz")


def test_the_rl_bot_plays_a_whole_game_through_the_protocol(tmp_path):
    path = tmp_path / "founders.npz"
    _random_policy("founders", 2).save(path)
    assert "rl" in bots.names()
    bot = bots.make("rl", seed=1, policy=str(path))
    other = bots.make("random", seed=2)
    state = settlers.load("founders").new_state(2, 4, {})
    while not state.over:
        seat = state.to_act[0]
        action = (bot if seat == 0 else other).act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    # deterministic: the same position gives the same move
    replay = settlers.load("founders").new_state(2, 4, {})
    seat = replay.to_act[0]
    assert bot.act(replay, seat) == bots.make("rl", seed=9, policy=str(path)).act(replay, seat)


def test_the_rl_bot_refuses_a_game_its_policy_was_not_trained_for(tmp_path):
    path = tmp_path / "founders.npz"
    _random_policy("founders", 2).save(path)
    bot = bots.make("rl", policy=str(path))
    state = settlers.load("founders").new_state(3, 1, {})
    with pytest.raises(BotError):
        for _ in range(50):  # the first decisions may be forced (one legal action)
            seat = state.to_act[0]
            state.apply(seat, bot.act(state, seat))


def test_the_rl_bot_sits_in_a_tournament_line_up(tmp_path):
    from settlers.sim.seating import parse_seats

    path = tmp_path / "f.npz"
    _random_policy("founders", 2).save(path)
    specs = parse_seats(f"rl:policy={path},random")
    assert specs[0].label.startswith("rl:policy=")
    assert specs[0].build(3).act(settlers.load("founders").new_state(2, 0, {}), 0) is not None


def test_the_shipped_catan_policy_plays_three_and_four_player_games():
    from settlers.rl.bot import shipped_games

    assert "catan" in shipped_games() and bots.supports("rl", "catan")
    for players in (3, 4):
        bot = bots.make("rl", seed=0)
        state = settlers.load("catan").new_state(players, 5, {"turn_limit": 15})
        others = [bots.make("random", seed=s) for s in range(players)]
        while not state.over:
            seat = state.to_act[0]
            actor = bot if seat == 0 else others[seat]
            state.apply(seat, actor.act(state, seat))
