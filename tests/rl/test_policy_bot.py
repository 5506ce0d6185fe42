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
    with pytest.raises(PolicyError, match="there is no such file"):
        Policy.load(tmp_path / "missing.npz")


def test_a_policys_faults_are_said_in_the_readers_language(tmp_path):
    # a file named and its fault in words of the catalog, never numpy's or the system's English
    with pytest.raises(PolicyError) as missing:
        Policy.load(tmp_path / "missing.npz")
    assert missing.value.message("ru") == (
        f"Файл политики «{tmp_path / 'missing.npz'}» непригоден: такого файла нет.")
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, meta=np.array([{"game": "founders"}], dtype=object), W0=np.zeros(1))
    with pytest.raises(PolicyError) as refused:
        Policy.load(pickled)
    assert "это не политика settlers" in refused.value.message("ru")
    assert "allow_pickle" not in refused.value.message("en")
    layers = [(np.zeros((4, 3)), np.zeros(4)), (np.zeros((2, 5)), np.zeros(2))]
    with pytest.raises(PolicyError) as shapes:
        Policy(layers, {"game": "founders"})
    assert shapes.value.message("ru") == (
        "Эта политика непригодна: размеры её слоёв не согласуются друг с другом.")
    with pytest.raises(PolicyError) as activation:
        Policy(layers[:1], {"activation": "sigmoid"})
    assert activation.value.message("en") == ("This policy cannot be used: its activation "
                                              "'sigmoid' is unknown (known: tanh, relu).")


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
