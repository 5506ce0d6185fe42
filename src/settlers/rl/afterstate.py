"""Afterstate values: a learned V(observation after my move) that picks the move, numpy only.

A policy file whose ``meta["mode"]`` is ``"afterstate"`` holds an MLP with one output. To act,
the ``rl`` bot re-draws what its seat cannot see (``state.determinize(seat, …)`` — hidden
information is never read), plays each legal move in that world (the other seats that still
owe a simultaneous decision answer at random, as the greedy bot does), observes the result
from its own seat with the game's fixed encoding and keeps the move whose afterstate the
network values most; a move that ends the game is judged by its result (TD-Gammon's scheme).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from settlers.bots.base import decision_seed, derive_seed, search_root
from settlers.bots.greedy import finish_simultaneous

WIN, LOSS = 1e9, -1e9


def afterstates(encoding: Any, state: Any, seat: int, legal: list[Any], seed: int,
                ) -> tuple[np.ndarray, np.ndarray, list[Any]]:
    """(observations of each move's afterstate from ``seat``, the terminal value of each — 0
    unless the move ends the game —, the afterstates) in one re-drawn world."""
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
    last = len(policy.weights) - 1
    for i, (w, b) in enumerate(policy.weights):
        x = x @ w.T + b
        if i < last:
            x = policy._activation(x)
    return np.asarray(x[:, 0])


def choose(policy: Any, encoding: Any, state: Any, seat: int, legal: list[Any],
           bot_seed: int) -> Any:
    """The legal move whose afterstate the value network rates best."""
    seed = decision_seed(bot_seed, state, seat)
    observations, terminal, _ = afterstates(encoding, state, seat, legal, seed)
    scores = values(policy, observations) + terminal
    return legal[int(np.argmax(scores))]
