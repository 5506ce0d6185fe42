"""Several single-agent games stepped as one batch (a Gymnasium ``VectorEnv``), in one process.

    env = SettlersVectorEnv(["catan", "founders"], num_envs=8, opponents="random")
    obs, info = env.reset(seed=0)            # obs["observation"]: (8, width) float32
    obs, reward, terminated, truncated, info = env.step(actions)

Environment ``i`` plays ``game_ids[i % len(game_ids)]``. With several games, observations and
masks are zero-padded to the widest game (``info["game"]`` names each row's game), so one
policy can be trained on a mixture. A finished game is reset in the same step (Gymnasium's
``SAME_STEP`` autoreset): its last observation is in ``info["final_observation"]`` and
``info["final_info"]``; the row then holds the first observation of the next game.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from settlers.rl.single_agent import SettlersSingleAgentEnv


class SettlersVectorEnv(VectorEnv):  # type: ignore[misc]
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game_ids: str | list[str], num_envs: int = 4, *,
                 players: int | dict[str, int] | None = None, **env_kwargs: Any) -> None:
        ids = [game_ids] if isinstance(game_ids, str) else list(game_ids)
        if not ids or num_envs < 1:
            raise ValueError("give at least one game id and num_envs >= 1")
        self.num_envs = num_envs
        self.envs: list[SettlersSingleAgentEnv] = []
        for i in range(num_envs):
            game = ids[i % len(ids)]
            seats = players.get(game) if isinstance(players, dict) else players
            self.envs.append(SettlersSingleAgentEnv(game, seats, observation="vector",
                                                    **env_kwargs))
        self.game_names = [e.game.id for e in self.envs]
        self.width = max(e.encoding.observation_size for e in self.envs)
        self.actions_n = max(e.encoding.max_actions for e in self.envs)
        low = min(e.encoding.observation_low for e in self.envs)
        high = max(e.encoding.observation_high for e in self.envs)
        low, high = min(low, 0.0), max(high, 0.0)  # padding is 0
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, (self.width,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions_n,), np.int8),
        })
        self.single_action_space = spaces.Discrete(self.actions_n)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, (num_envs, self.width), np.float32),
            "action_mask": spaces.Box(0, 1, (num_envs, self.actions_n), np.int8),
        })
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.actions_n))
        self._obs = np.zeros((num_envs, self.width), dtype=np.float32)
        self._mask = np.zeros((num_envs, self.actions_n), dtype=np.int8)

    def _put(self, i: int, o: np.ndarray, m: np.ndarray) -> None:
        self._obs[i, : o.size] = o
        self._obs[i, o.size:] = 0.0
        self._mask[i, : m.size] = m
        self._mask[i, m.size:] = 0

    def _batch(self) -> dict[str, np.ndarray]:
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        if isinstance(seed, int):
            seeds: list[int | None] = [seed + i for i in range(self.num_envs)]
        elif seed is None:
            seeds = [None] * self.num_envs
        else:
            seeds = list(seed)
        for i, env in enumerate(self.envs):
            observation, info = env.reset(seed=seeds[i])
            self._put(i, observation, info["action_mask"])
        self._seed_next = None if seed is None else int(np.max(np.asarray(seeds))) + 1
        return self._batch(), {"game": list(self.game_names)}

    def action_masks(self) -> np.ndarray:
        return self._mask.astype(bool)

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict]:
        actions = np.asarray(actions)
        if actions.size != self.num_envs:
            raise ValueError(f"give {self.num_envs} actions, one per environment, "
                             f"not {actions.size}")
        actions = actions.reshape(self.num_envs)
        for i, env in enumerate(self.envs):   # every action first: a refused one steps none
            env.checked_action(actions[i])
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=bool)
        truncated = np.zeros(self.num_envs, dtype=bool)
        final_obs: list[Any] = [None] * self.num_envs
        final_info: list[Any] = [None] * self.num_envs
        for i, env in enumerate(self.envs):
            observation, reward, term, trunc, info = env.step(actions[i])
            rewards[i], terminated[i], truncated[i] = reward, term, trunc
            if term or trunc:
                final_obs[i], final_info[i] = observation, info
                seed = None
                if self._seed_next is not None:
                    seed, self._seed_next = self._seed_next, self._seed_next + 1
                observation, info = env.reset(seed=seed)
            self._put(i, observation, info["action_mask"])
        infos: dict[str, Any] = {"game": list(self.game_names)}
        if terminated.any() or truncated.any():
            infos["final_observation"] = final_obs
            infos["final_info"] = final_info
        return self._batch(), rewards, terminated, truncated, infos

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()
