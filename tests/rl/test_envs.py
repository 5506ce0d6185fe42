"""The PettingZoo and Gymnasium environments pass their libraries' own API checks, use masks
correctly, and observe nothing a seat may not see."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import settlers
from settlers.rl import HashedViewEncoding, SettlersAECEnv, SettlersSingleAgentEnv


def _games():
    return [g for g in settlers.game_ids()]


def test_pettingzoo_api_test_on_the_sample_game():
    api_test(SettlersAECEnv("sample", players=3), num_cycles=200)


def test_gymnasium_check_env_on_the_sample_game():
    env = SettlersSingleAgentEnv("sample", players=3, illegal="penalize")
    check_env(env, skip_render_check=True)
    env.reset(seed=3)
    before = env.state.version
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, *_ = env.step(illegal)
    assert reward == -0.1 and env.state.version == before


def test_masked_random_agents_finish_and_get_win_rewards():
    env = SettlersAECEnv("sample", players=3)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=10_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
    assert env.state.over
    winners = set(env.state.winners())
    assert {a for a, r in totals.items() if r == 1.0} == {f"player_{w}" for w in winners}
    assert all(r == -1.0 for a, r in totals.items() if int(a[-1]) not in winners)


def test_an_illegal_index_is_refused():
    env = SettlersAECEnv("sample", players=2)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="use the action mask"):
        env.step(illegal)


def test_observations_leak_nothing_hidden():
    game = settlers.load("sample")
    state = game.new_state(4, seed=3)
    encoding = HashedViewEncoding(size=256)
    for seat in range(4):
        mine = encoding.observe(state, seat)
        for other_seed in range(3):
            redrawn = state.determinize(seat, other_seed)
            assert np.array_equal(encoding.observe(redrawn, seat), mine)


def test_single_agent_env_plays_against_bots_until_the_end():
    env = SettlersSingleAgentEnv("sample", players=3, opponents="random", reward="score")
    _, info = env.reset(seed=2)
    done = False
    steps = 0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        _observation, _reward, terminated, truncated, info = env.step(int(legal[-1]))
        done = terminated or truncated
        steps += 1
    assert env.state.over and steps > 0


@pytest.mark.parametrize("game_id", [g for g in _games() if g != "sample"])
def test_every_registered_game_runs_in_the_aec_env(game_id):
    env = SettlersAECEnv(game_id, max_steps=300)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _agent in env.agent_iter(max_iter=400):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.state.version > 0
