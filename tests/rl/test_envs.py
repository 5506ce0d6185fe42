"""The PettingZoo and Gymnasium environments pass their libraries' own API checks, use masks
correctly, and observe nothing a seat may not see."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import settlers
from settlers.rl import HashedViewEncoding, SettlersAECEnv, SettlersSingleAgentEnv
from settlers.rl.vector import SettlersVectorEnv


def _games():
    return [g for g in settlers.game_ids()]


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("sample", 3, {}), ("catan", 4, {"turn_limit": 20}), ("founders", 2, {}),
    ("iceland", 3, {}), ("imperial", 2, {}), ("archipelago", 3, {}),
])
def test_pettingzoo_api_test_passes_without_a_single_warning(game_id, players, options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(SettlersAECEnv(game_id, players=players, options=options), num_cycles=100)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("sample", 3, {}), ("catan", 4, {"turn_limit": 20}), ("founders", 2, {}),
    ("iceland", 3, {}), ("imperial", 2, {}), ("archipelago", 3, {}),
])
def test_gymnasium_check_env_passes_without_a_single_warning(game_id, players, options):
    env = SettlersSingleAgentEnv(game_id, players=players, options=options, illegal="penalize")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=True)
    assert [str(w.message) for w in caught] == []


def test_the_dict_observation_keeps_the_classic_pettingzoo_form():
    env = SettlersAECEnv("catan", players=4, observation="dict")
    env.reset(seed=2)
    observation = env.observe(env.agent_selection)
    assert set(observation) == {"observation", "action_mask"}
    assert observation["action_mask"].sum() == len(
        env.state.legal_actions(env.state.to_act[0]))


def test_an_illegal_index_is_penalized_when_asked():
    env = SettlersSingleAgentEnv("sample", players=3, illegal="penalize")
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
        _observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
    assert env.state.over
    winners = set(env.state.winners())
    assert {a for a, r in totals.items() if r == 1.0} == {f"player_{w}" for w in winners}
    assert all(r == -1.0 for a, r in totals.items() if int(a[-1]) not in winners)


def test_an_illegal_index_is_refused():
    env = SettlersAECEnv("sample", players=2)
    env.reset(seed=1)
    mask = env.infos[env.agent_selection]["action_mask"]
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
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
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
        observation, _, terminated, truncated, info = env.last()
        assert observation.shape == env.observation_space(_agent).shape
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert env.state.version > 0


def test_the_vector_env_steps_several_games_at_once_and_resets_finished_ones():
    env = SettlersVectorEnv(["sample", "founders"], num_envs=4, players={"sample": 2,
                                                                         "founders": 2})
    obs, info = env.reset(seed=5)
    assert obs["observation"].shape == (4, env.width)
    assert info["game"] == ["sample", "founders", "sample", "founders"]
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(row))) for row in obs["action_mask"]]
        obs, rewards, terminated, _truncated, info = env.step(actions)
        for i in np.flatnonzero(terminated):
            finished += 1
            assert rewards[i] in (-1.0, 1.0)
            assert info["final_observation"][i] is not None
        assert all(row.any() for row in obs["action_mask"])  # reset rows can act at once
    assert finished >= 2
    # padding: the sample game's rows are zero beyond its own width
    sample_width = env.envs[0].encoding.observation_size
    assert not obs["observation"][0, sample_width:].any()


def test_opponents_are_platform_bots_and_may_be_drawn_per_game():
    env = SettlersSingleAgentEnv("founders", players=2, seat=None, opponents="random|greedy")
    kinds, seats = set(), set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        kinds |= {type(b).__name__ for b in env.bots.values()}
    assert kinds == {"RandomBot", "GreedyBot"} and seats == {0, 1}
    with pytest.raises(ValueError, match="one opponent spec"):
        SettlersSingleAgentEnv("founders", players=2, seat=None, opponents=["random"])


@pytest.mark.parametrize("game_id", [g for g in _games() if g != "sample"])
def test_the_shaped_reward_pays_only_what_the_learner_can_count(game_id):
    """A reward must not tell a learner what it cannot see: the shaped reward pays changes of
    ``own_score``, which is the same in every world the learner cannot tell from the real one
    (its determinizations). In Archipelago a player's points are its ranks on the others'
    secret objectives (L904-978): no shaping there (before, the reward differed between worlds
    the learner could not tell apart)."""
    import random

    game = settlers.load(game_id)
    state = game.new_state(3 if game.min_players <= 3 <= game.max_players else game.min_players,
                           seed=5)
    rng = random.Random(5)
    checked = 0
    for step in range(600):
        if state.over:
            break
        seat = rng.choice(state.to_act)
        if step % 17 == 0:
            mine = state.own_score(seat)
            for k in range(3):
                assert state.determinize(seat, 100 + k).own_score(seat) == mine, (game_id, step)
            checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    assert checked > 3
    env = SettlersSingleAgentEnv(game_id, players=3 if game_id != "imperial" else 2,
                                 opponents="random", reward="shaped")
    _, info = env.reset(seed=3)
    rewards = []
    for _ in range(200):
        legal = np.flatnonzero(info["action_mask"])
        _obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        if terminated or truncated:
            break
        rewards.append(reward)
    if game_id == "archipelago":
        assert rewards and set(rewards) == {0.0}
