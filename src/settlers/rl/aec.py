"""A PettingZoo AEC environment over any settlers game.

Agents are ``player_0`` … ``player_{n-1}``. The agent selected is the first seat in
``state.to_act``; simultaneous decisions are taken one seat after another, each seeing only
its own view, so nobody learns another's secret choice early. Rewards come at the end: +1 for
each winner and -1 for the others (``reward="win"``), or the final score minus the mean score
(``reward="score"``). Games longer than ``max_steps`` actions are truncated.

Observations are float32 vectors (``observation="vector"``, the default) with the legal-action
mask in ``infos[agent]["action_mask"]``, or (``observation="dict"``) the classic PettingZoo
``{"observation", "action_mask"}`` pair. Only the first form passes ``api_test`` without
warnings (PettingZoo warns about Dict observations of environments it does not know).
"""

from __future__ import annotations

import random
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

from settlers.core import GameState
from settlers.rl.encoding import Encoding, action_mask, configure_env, final_reward
from settlers.rl.steps import BEFORE_RESET, EPISODE_OVER, ResetNeeded, action_index


class SettlersAECEnv(AECEnv):  # type: ignore[misc]
    metadata = {"name": "settlers_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_id: str = "catan", players: int | None = None,
                 options: dict[str, Any] | None = None, *, encoding: Encoding | None = None,
                 reward: str = "win", max_steps: int = 20_000, render_mode: str | None = None,
                 lang: str = "en", observation: str = "vector") -> None:
        super().__init__()
        self._observation_space, self._action_space = configure_env(
            self, game_id, players, options, encoding, reward, max_steps, render_mode, lang,
            observation)
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.state: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    @staticmethod
    def seat_of(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    # ------------------------------------------------------------------------ API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.state = self.game.new_state(self.players, seed, self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal: dict[int, Any] = {}
        self._mask = action_mask(self.encoding, {})
        self._empty_mask = self._mask
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        to_act = self.state.to_act
        while to_act:
            seat = to_act[0]
            self._legal = self.encoding.legal_indices(self.state, seat)
            if self._legal or self.state.over:
                break
            # no legal action has an index (outside the encoding): play the first one
            self.state.apply(seat, self.state.legal_actions(seat)[0], check=False)
            to_act = self.state.to_act
            if self.state.over and self.agents:
                self._finish(truncated=False)
                return
        if to_act:
            seat = to_act[0]
            self.agent_selection = self.possible_agents[seat]
            self._mask = action_mask(self.encoding, self._legal)
            self.infos[self.agent_selection]["action_mask"] = self._mask
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Any:
        assert self.state is not None
        seat = self._seats[agent]
        if self.observation_kind == "vector":
            return self.encoding.observe(self.state, seat)
        mask = (self._mask if agent == self.agent_selection and not self.state.over
                else self._empty_mask)
        return {"observation": self.encoding.observe(self.state, seat),
                "action_mask": mask.copy()}

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index the mask allows) for the selected agent, or None for one
        that is done (PettingZoo's dead step); what is refused changes nothing
        (:mod:`settlers.rl.steps`)."""
        if self.state is None:
            raise ResetNeeded(BEFORE_RESET)
        if not self.agents:
            raise ResetNeeded(EPISODE_OVER)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} has a decision to make: None is for an agent that is "
                             f"done; use the action mask")
        index = action_index(action, self.encoding.max_actions)
        if index not in self._legal:
            raise ValueError(f"action {index} is not legal for {agent}: use the action mask")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(self._seats[agent], self._legal[index], check=False)
        if any(self.rewards.values()):
            self.rewards = {a: 0.0 for a in self.agents}
        if self.state.over:
            self._finish(truncated=False)
        elif self.state.version >= self.max_steps:
            self._finish(truncated=True)
        else:
            self._select()
        self._accumulate_rewards()

    def _finish(self, truncated: bool) -> None:
        assert self.state is not None
        if truncated:
            self.truncations = {a: True for a in self.agents}
        else:
            self.terminations = {a: True for a in self.agents}
            self.rewards = self.final_rewards(self.state)
        self.agent_selection = self.agents[0]

    def final_rewards(self, state: GameState) -> dict[str, float]:
        return {a: final_reward(state, i, self.reward_kind)
                for i, a in enumerate(self.possible_agents)}

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.state is not None:
            return self.state.render(None, self.lang)
        return None

    def close(self) -> None:
        self.state = None


def aec_env(game_id: str = "catan", **kwargs: Any) -> SettlersAECEnv:
    """PettingZoo-style constructor."""
    return SettlersAECEnv(game_id, **kwargs)
