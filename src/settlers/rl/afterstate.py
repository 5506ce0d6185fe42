"""Afterstate values: a learned V(observation after my move) that picks the move, numpy only.

A policy file whose ``meta["mode"]`` is ``"afterstate"`` holds an MLP with one output. To act,
the ``rl`` bot re-draws what its seat cannot see (``state.determinize(seat, …)`` — hidden
information is never read), plays each legal move in that world (the other seats that still
owe a simultaneous decision answer at random, as the greedy bot does), observes the result
from its own seat with the game's fixed encoding and keeps the move whose afterstate the
network values most; a move that ends the game is judged by its result (TD-Gammon's scheme).

What the network reads is the policy's ``meta["features"]``: absent, the game's fixed
observation encoding; ``"founders"``, the compact description built from the game's own
evaluation (:mod:`settlers.rl.founders_features`), with a linear skip connection that starts
at the evaluation's weights.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from settlers.bots.base import decision_seed, derive_seed, search_root
from settlers.bots.greedy import finish_simultaneous
from settlers.core.content_faults import fault, shown
from settlers.rl.policy import PolicyError

WIN, LOSS = 1e9, -1e9


class FeatureObserver:
    """An encoding-like object that observes with a feature function instead."""

    def __init__(self, size: int, observe: Any) -> None:
        self.observation_size = size
        self.observe = observe


def observer_for(policy: Any, encoding: Any) -> Any:
    """What the policy's network reads (see the module's docstring)."""
    kind = policy.meta.get("features")
    if kind is None:
        return encoding
    if kind == "founders":
        from settlers.rl import founders_features
        return FeatureObserver(founders_features.SIZE, founders_features.features)
    raise PolicyError(fault("rl.policy.reason.features", features=shown(kind), known="founders"))


def afterstates(encoding: Any, state: Any, seat: int, legal: list[Any], seed: int,
                ) -> tuple[np.ndarray, np.ndarray, list[Any]]:
    """(observations of each move's afterstate from ``seat``, the terminal value of each — 0
    unless the move ends the game —, the afterstates) in one re-drawn world; ``encoding`` is
    anything with ``observation_size`` and ``observe(state, seat)``."""
    rng = random.Random(seed)
    world = search_root(state).determinize(seat, derive_seed(seed, 0))
    others = tuple(o for o in state.to_act if o != seat)
    observations = np.zeros((len(legal), encoding.observation_size), dtype=np.float32)
    terminal = np.zeros(len(legal))
    after_states = []
    for i, action in enumerate(legal):
        after = world.clone()
        after.apply(seat, action, check=False)
        finish_simultaneous(after, others, rng)
        observations[i] = encoding.observe(after, seat)
        if after.over:
            terminal[i] = WIN if seat in after.winners() else LOSS
        after_states.append(after)
    return observations, terminal, after_states


def values(policy: Any, observations: np.ndarray) -> np.ndarray:
    """V of a batch of observations with the policy's MLP (one output)."""
    x = observations.astype(np.float32, copy=False)
    inputs = x
    last = len(policy.weights) - 1
    for i, (w, b) in enumerate(policy.weights):
        x = x @ w.T + b
        if i < last:
            x = policy._activation(x)
    if policy.skip is not None:
        x = x + inputs @ policy.skip.T
    return np.asarray(x[:, 0])


def choose(policy: Any, encoding: Any, state: Any, seat: int, legal: list[Any],
           bot_seed: int) -> Any:
    """The legal move whose afterstate the value network rates best — averaged over
    ``meta["worlds"]`` re-drawn worlds (default 1), as the greedy bot averages its samples."""
    return legal[int(np.argmax(scores(policy, encoding, state, seat, legal, bot_seed)))]


def scores(policy: Any, encoding: Any, state: Any, seat: int, legal: list[Any],
           bot_seed: int) -> np.ndarray:
    """The value of each legal move's afterstate (a game-ending move by its result), the
    mean over the policy's worlds."""
    seed = decision_seed(bot_seed, state, seat)
    observer = observer_for(policy, encoding)
    worlds = max(1, int(policy.meta.get("worlds", 1)))
    total = np.zeros(len(legal))
    for k in range(worlds):
        observations, terminal, _ = afterstates(observer, state, seat, legal,
                                                seed if k == 0 else derive_seed(seed, k))
        total += values(policy, observations) + terminal
    return total / worlds
