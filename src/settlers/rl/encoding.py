"""How a game state becomes an observation vector and an action becomes an index.

Each game with a module in :mod:`settlers.rl.encodings` (catan, founders, iceland, imperial, archipelago)
has a fixed encoding (:class:`settlers.rl.fixed.FixedEncoding`): index *i* always means the same
move, and the observation is a documented vector of the seat's view. A game package may also
export ``RL_ENCODING``. Every other game gets :class:`HashedViewEncoding`:

* observation: feature hashing of the seat's view — every leaf of the JSON view (a number, a
  boolean, or a string) is hashed together with its path into one of ``size`` buckets with a
  sign, so the vector is a fixed-size, deterministic function of what the seat may see and
  nothing else (hidden information cannot leak: it never enters the view); each bucket is
  squashed to ``sign(x)·log(1+|x|)`` and clipped to ±``observation_high``;
* actions: index ``i`` is the ``i``-th entry of ``legal_actions(seat)`` (a deterministic
  order); the mask marks the indices in use. The meaning of an index changes between states,
  which is fine for masked policies that condition on the observation, but a game-specific
  fixed numbering learns faster.
"""

from __future__ import annotations

import importlib
import zlib
from collections.abc import Iterator
from typing import Any, Protocol

import numpy as np

from settlers.core import Action, GameDefinition, GameState


class Encoding(Protocol):
    observation_size: int
    max_actions: int
    observation_low: float
    observation_high: float

    def observe(self, state: GameState, seat: int) -> np.ndarray: ...

    def legal_indices(self, state: GameState, seat: int) -> dict[int, Action]: ...


class TooManyActions(ValueError):
    pass


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], f"{path}/{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _leaves(item, f"{path}/{index}")
    else:
        yield path, value


class HashedViewEncoding:
    """The generic encoding (see the module docstring)."""

    observation_low = -32.0
    observation_high = 32.0

    def __init__(self, size: int = 1024, max_actions: int = 512) -> None:
        self.observation_size = size
        self.max_actions = max_actions

    def observe(self, state: GameState, seat: int) -> np.ndarray:
        vector = np.zeros(self.observation_size, dtype=np.float32)
        view = state.view(seat)
        public = {"seat": seat, "to_act": [s == seat for s in range(state.players)],
                  "state": view["state"]}
        for path, value in _leaves(public, ""):
            if isinstance(value, bool):
                key, amount = path, 1.0 if value else 0.0
            elif isinstance(value, int | float):
                key, amount = path, float(value)
            elif value is None:
                continue
            else:
                key, amount = f"{path}={value}", 1.0
            h = zlib.crc32(key.encode("utf-8"))
            sign = 1.0 if (h >> 31) & 1 == 0 else -1.0
            vector[h % self.observation_size] += sign * amount
        squashed = np.sign(vector) * np.log1p(np.abs(vector))
        return np.clip(squashed, self.observation_low, self.observation_high).astype(np.float32)

    def legal_indices(self, state: GameState, seat: int) -> dict[int, Action]:
        actions = state.legal_actions(seat)
        if len(actions) > self.max_actions:
            raise TooManyActions(
                f"{state.game.id}: {len(actions)} legal actions exceed max_actions="
                f"{self.max_actions}; create the environment with a larger max_actions")
        return dict(enumerate(actions))


def encoding_for(game_id: str | GameDefinition, players: int | None = None, *,
                 generic: bool = False, **kwargs: Any) -> Encoding:
    """The game's fixed encoding (``settlers.rl.encodings.<game_id>``, or ``RL_ENCODING`` of
    its package) for ``players`` seats (default: the game's maximum); the generic hashed
    encoding when it has none, when ``generic`` is set or when sizes are given in ``kwargs``.
    The game is an id or a definition (``settlers.load(id)``); an id no game has is refused
    (UnknownGame), never given the generic encoding as if it were a game without its own."""
    if not generic and not kwargs:
        from settlers.core import load
        from settlers.rl.encodings import fixed_encoding

        game = load(game_id if isinstance(game_id, str) else game_id.id)
        game_id = game.id
        own = fixed_encoding(game_id, players or game.max_players)
        if own is not None:
            return own  # type: ignore[no-any-return]
        try:
            package = importlib.import_module(f"settlers.games.{game_id}")
        except ModuleNotFoundError:
            package = None
        exported = getattr(package, "RL_ENCODING", None)
        if exported is not None:
            return exported  # type: ignore[no-any-return]
    return HashedViewEncoding(**kwargs)


REWARDS = ("win", "score", "shaped")
#: per point of the seat's own score gained during a step, with ``reward="shaped"``
SHAPING = 0.05


def check_reward(kind: str) -> str:
    if kind not in REWARDS:
        raise ValueError("reward must be 'win', 'score' or 'shaped'")
    return kind


def final_reward(state: GameState, seat: int, kind: str) -> float:
    """What ``seat`` earns when the game ends: +1 for a winner and -1 for the others
    (``win``, and ``shaped``, which also pays ``SHAPING`` per point gained on the way), or its
    score minus the mean score (``score``)."""
    if kind == "score":
        scores = state.scores()
        return float(scores[seat] - sum(scores) / len(scores))
    return 1.0 if seat in state.winners() else -1.0


OBSERVATION_KINDS = ("vector", "dict")


def check_observation_kind(kind: str) -> str:
    if kind not in OBSERVATION_KINDS:
        raise ValueError("observation must be 'vector' (mask in info) or 'dict'")
    return kind


def spaces_for(encoding: Encoding, kind: str = "dict") -> tuple[Any, Any]:
    """The (observation space, action space) of environments using ``encoding``: a Box
    (``vector``; the mask travels in ``info["action_mask"]``) or a Dict of the vector and the
    mask (``dict``, the convention of PettingZoo's classic games)."""
    from gymnasium import spaces

    vector = spaces.Box(encoding.observation_low, encoding.observation_high,
                        (encoding.observation_size,), np.float32)
    if kind == "vector":
        return vector, spaces.Discrete(encoding.max_actions)
    observation = spaces.Dict({
        "observation": vector,
        "action_mask": spaces.Box(0, 1, (encoding.max_actions,), np.int8),
    })
    return observation, spaces.Discrete(encoding.max_actions)


def configure_env(env: Any, game_id: str, players: int | None,
                  options: dict[str, Any] | None, encoding: Encoding | None, reward: str,
                  max_steps: int, render_mode: str | None, lang: str,
                  observation: str) -> tuple[Any, Any]:
    """Give an environment what every settlers environment holds, from its constructor's
    arguments: ``game``, ``players`` (default: the game's maximum), ``game_options``,
    ``encoding`` (default: :func:`encoding_for`), ``reward_kind``, ``max_steps``,
    ``render_mode``, ``lang`` and ``observation_kind`` (ValueError for an unknown reward or
    observation kind). Returns its (observation space, action space)."""
    from settlers.core import load

    env.game = load(game_id)
    env.players = players or env.game.max_players
    # a player count or an option the game refuses is refused here, not at the first reset
    env.game.new_state(env.players, 0, options)
    env.game_options = dict(options or {})
    env.encoding = encoding or encoding_for(env.game.id, env.players)
    env.reward_kind = check_reward(reward)
    env.max_steps = max_steps
    env.render_mode = render_mode
    env.lang = lang
    env.observation_kind = check_observation_kind(observation)
    return spaces_for(env.encoding, env.observation_kind)


def action_mask(encoding: Encoding, legal: dict[int, Action]) -> np.ndarray:
    mask = np.zeros(encoding.max_actions, dtype=np.int8)
    if legal:
        mask[np.fromiter(legal, np.intp, len(legal))] = 1
    return mask
