"""A Gymnasium environment: one learning seat, every other seat played by a settlers bot.

``reset`` and ``step`` return the learner's observation once it has a decision to make; the
other seats move in between. The observation is the encoding's float32 vector
(``observation="vector"``, the default) or ``{"observation", "action_mask"}`` (``"dict"``);
the mask is always in ``info["action_mask"]`` and ``action_masks()``. The reward is +1 for a win,
-1 for a loss (``reward="win"``) or the score minus the mean (``reward="score"``), at the end;
``reward="shaped"`` adds ``SHAPING`` (0.05) per point of the learner's own score gained in a
step (catan: victory points; founders: points) to the win reward — the score as the learner can
count it (``GameState.own_score``): none in Archipelago, whose points hang on the others' secret
objectives and screens.
An index outside the mask raises ValueError (``illegal="raise"``), or (``illegal="penalize"``)
changes nothing and costs ``illegal_penalty``. ``action_masks()`` serves maskable learners
(e.g. sb3-contrib's MaskablePPO). What is no index of the action space (a float, an index
outside it) raises in either mode, and so does a step before ``reset`` or after the episode
ended (:mod:`settlers.rl.steps`).

Opponents are the platform's bots, written as seat specs (``greedy``, ``mcts:iterations=50``,
``rl:policy=founders.npz``): one spec for every other seat, or one per other seat. ``a|b``
picks one of the alternatives per seat at every reset (from the env's seeded generator), for
training against a mixture; ``seat=None`` draws the learner's seat at every reset.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from settlers.core import GameState
from settlers.rl.encoding import SHAPING, Encoding, action_mask, configure_env, final_reward
from settlers.rl.steps import BEFORE_RESET, EPISODE_OVER, ResetNeeded, action_index


class SettlersSingleAgentEnv(gymnasium.Env):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"]}
    players: int   # set by configure_env, with the game, its options and the encoding

    def __init__(self, game_id: str = "catan", players: int | None = None,
                 options: dict[str, Any] | None = None, *, seat: int | None = 0,
                 opponents: str | list[str] = "random", encoding: Encoding | None = None,
                 reward: str = "win", max_steps: int = 20_000, render_mode: str | None = None,
                 lang: str = "en", illegal: str = "raise", illegal_penalty: float = -0.1,
                 observation: str = "vector") -> None:
        if illegal not in ("raise", "penalize"):
            raise ValueError("illegal must be 'raise' or 'penalize'")
        self.illegal = illegal
        self.illegal_penalty = illegal_penalty
        self.env_steps = 0
        self.observation_space, self.action_space = configure_env(
            self, game_id, players, options, encoding, reward, max_steps, render_mode, lang,
            observation)
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None (a random seat per game) or a seat 0 to "
                             f"{self.players - 1}, not {seat!r}")
        self.random_seat = seat is None
        if self.random_seat and not isinstance(opponents, str):
            raise ValueError("seat=None (a random seat per game) needs one opponent spec")
        self.seat = 0 if seat is None else seat
        names = [opponents] * self.players if isinstance(opponents, str) else list(opponents)
        if len(names) == self.players - 1:
            names.insert(self.seat, "-")
        if len(names) != self.players:
            raise ValueError(f"give one opponent name or {self.players - 1} of them")
        from settlers.sim.seating import parse_seat

        self.opponent_names = names
        self._choices = [[parse_seat(alt) for alt in name.split("|")] if name != "-" else None
                         for name in names]
        self.state: GameState | None = None
        self._legal: dict[int, Any] = {}
        self._ended = False   # terminated or truncated: step() wants a reset first

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        super().reset(seed=seed)
        game_seed = (seed if seed is not None
                     else int(self.np_random.integers(2**31)))
        self.state = self.game.new_state(self.players, game_seed, self.game_options)
        self.env_steps = 0
        self.auto_moves = 0
        if self.random_seat:
            self.seat = int(self.np_random.integers(self.players))
        self.bots = {}
        for i, choices in enumerate(self._choices):
            if choices is not None and i != self.seat:
                spec = choices[int(self.np_random.integers(len(choices)))] \
                    if len(choices) > 1 else choices[0]
                self.bots[i] = spec.build(game_seed * 31 + i)
        self._advance()
        self._ended = not self._legal   # (the game ended before the learner had a decision)
        return self._observation(), self._info()

    def _advance(self) -> None:
        """Let the other seats move until the learner must decide or the game ends."""
        state = self.state
        assert state is not None
        while not state.over and state.version < self.max_steps:
            to_act = state.to_act
            if self.seat in to_act:
                self._legal = self.encoding.legal_indices(state, self.seat)
                if self._legal:
                    return
                # no legal action has an index (outside the encoding): play the first one
                self.auto_moves += 1
                state.apply(self.seat, state.legal_actions(self.seat)[0], check=False)
                continue
            other = to_act[0]
            state.apply(other, self.bots[other].act(state, other), check=False)
        self._legal = {}

    def _observation(self) -> Any:
        assert self.state is not None
        self._mask = action_mask(self.encoding, self._legal)
        vector = self.encoding.observe(self.state, self.seat)
        if self.observation_kind == "vector":
            return vector
        return {"observation": vector, "action_mask": self._mask.copy()}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy()}

    def index_of(self, action: Any) -> int:
        """The index of one of the learner's legal actions now (ValueError otherwise)."""
        for index, legal in self._legal.items():
            if legal == action:
                return index
        raise ValueError(f"{action!r} is not a legal action of the learner now")

    def action_masks(self) -> np.ndarray:
        return self._mask.astype(bool)

    def checked_action(self, action: Any) -> int | None:
        """The index ``step(action)`` plays, or None for a masked-out one it penalizes
        (``illegal="penalize"``); raises, changing nothing, for what ``step`` refuses
        (:mod:`settlers.rl.steps`)."""
        if self.state is None:
            raise ResetNeeded(BEFORE_RESET)
        if self._ended:
            raise ResetNeeded(EPISODE_OVER)
        index = action_index(action, self._mask.size)   # (the mask spans the action space)
        if index in self._legal:
            return index
        if self.illegal == "raise":
            raise ValueError(f"action {index} is not legal now: use the action mask")
        return None

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict]:
        index = self.checked_action(action)
        assert self.state is not None
        self.env_steps += 1
        if index is None:
            truncated = self._ended = self.env_steps >= self.max_steps
            return self._observation(), self.illegal_penalty, False, truncated, self._info()
        shaped = self.reward_kind == "shaped"
        before = self.state.own_score(self.seat) if shaped else None
        self.state.apply(self.seat, self._legal[index], check=False)
        self._advance()
        terminated = self.state.over
        truncated = not terminated and max(self.state.version, self.env_steps) >= self.max_steps
        self._ended = terminated or truncated
        reward = final_reward(self.state, self.seat, self.reward_kind) if terminated else 0.0
        if before is not None:   # (a score the learner can count: GameState.own_score)
            after = self.state.own_score(self.seat)
            if after is not None:
                reward += SHAPING * (after - before)
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.state is not None:
            return self.state.render(self.seat, self.lang)
        return None

    def close(self) -> None:
        """Let the game go: ``step`` asks for a ``reset`` again (as the AEC env's does)."""
        self.state = None
        self._legal = {}
