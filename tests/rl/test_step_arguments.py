"""``step`` given what is no action of the environment: refused in the Gymnasium/PettingZoo
style (TypeError for what is no integer, ValueError for an index outside the space or masked
out, ResetNeeded before ``reset`` and after the episode ended), the environment unchanged."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.error import ResetNeeded

from settlers.rl import SettlersAECEnv, SettlersSingleAgentEnv, SettlersVectorEnv

NOT_INTEGERS = [1.0, 1.5, True, False, None, "0", np.float32(1.0), np.array([1, 2])]


def _single(illegal: str = "raise") -> SettlersSingleAgentEnv:
    env = SettlersSingleAgentEnv("sample", players=3, illegal=illegal)
    env.reset(seed=3)
    return env


def _legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def _unchanged(env):
    """What a refused step must leave as it was."""
    return (env.state.version, env.state.digest(), getattr(env, "env_steps", None))


@pytest.mark.parametrize("illegal", ["raise", "penalize"])
@pytest.mark.parametrize("action", NOT_INTEGERS, ids=repr)
def test_single_agent_step_refuses_what_is_no_integer(illegal, action):
    env = _single(illegal)
    before = _unchanged(env)
    with pytest.raises(TypeError, match="integer index of Discrete"):
        env.step(action)   # (1.0 and True would have played index 1; 1.5 too, rounded down)
    assert _unchanged(env) == before


@pytest.mark.parametrize("illegal", ["raise", "penalize"])
def test_single_agent_step_refuses_an_index_outside_the_space(illegal):
    env = _single(illegal)
    before = _unchanged(env)
    for index in (-1, env.action_space.n, 10**9):
        with pytest.raises(ValueError, match="outside the action space"):
            env.step(index)
    assert _unchanged(env) == before


def test_single_agent_step_refuses_a_masked_out_index_without_counting_a_step():
    env = _single()
    before = _unchanged(env)
    with pytest.raises(ValueError, match="use the action mask"):
        env.step(int(np.flatnonzero(~env.action_masks())[0]))
    assert _unchanged(env) == before


def test_single_agent_step_takes_numpy_integers():
    env = _single()
    legal = _legal(env.action_masks())
    version = env.state.version
    env.step(np.array(legal, dtype=np.int64))
    assert env.state.version > version


def test_single_agent_step_before_reset_and_after_the_end_asks_for_a_reset():
    env = SettlersSingleAgentEnv("sample", players=3)
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(0)
    env.reset(seed=1)
    terminated = truncated = False
    while not (terminated or truncated):
        *_, terminated, truncated, _ = env.step(_legal(env.action_masks()))
    before = _unchanged(env)
    with pytest.raises(ResetNeeded, match="episode has ended"):
        env.step(0)
    assert _unchanged(env) == before
    env.reset(seed=2)
    env.step(_legal(env.action_masks()))   # a new episode steps again


def _aec() -> SettlersAECEnv:
    env = SettlersAECEnv("sample", players=2)
    env.reset(seed=1)
    return env


@pytest.mark.parametrize("action", [a for a in NOT_INTEGERS if a is not None], ids=repr)
def test_aec_step_refuses_what_is_no_integer(action):
    env = _aec()
    before = _unchanged(env)
    with pytest.raises(TypeError, match="integer index of Discrete"):
        env.step(action)
    assert _unchanged(env) == before


def test_aec_step_refuses_none_and_indices_outside_the_space_or_the_mask():
    env = _aec()
    before = _unchanged(env)
    with pytest.raises(ValueError, match="None is for an agent that is done"):
        env.step(None)
    for index in (-1, env.action_space(env.agent_selection).n):
        with pytest.raises(ValueError, match="outside the action space"):
            env.step(index)
    mask = env.infos[env.agent_selection]["action_mask"]
    with pytest.raises(ValueError, match="use the action mask"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert _unchanged(env) == before


def test_aec_step_before_reset_and_once_every_agent_is_done_asks_for_a_reset():
    env = SettlersAECEnv("sample", players=2)
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(0)
    env.reset(seed=1)
    for _agent in env.agent_iter(max_iter=10_000):
        *_, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else _legal(info["action_mask"]))
    assert env.state.over and not env.agents
    with pytest.raises(ResetNeeded, match="episode has ended"):
        env.step(0)
    env.close()
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(0)


def test_vector_step_refuses_a_bad_action_before_stepping_any_environment():
    env = SettlersVectorEnv("sample", num_envs=3, players=3)
    env.reset(seed=0)
    legal = [_legal(row) for row in env.action_masks()]
    before = [_unchanged(e) for e in env.envs]
    for actions, error in (([legal[0], legal[1], 2.5], TypeError),
                           ([legal[0], legal[1], -1], ValueError),
                           (legal[:2], ValueError)):
        with pytest.raises(error):
            env.step(np.asarray(actions))
        assert [_unchanged(e) for e in env.envs] == before
    env.step(np.asarray(legal))
    assert [_unchanged(e) for e in env.envs] != before
