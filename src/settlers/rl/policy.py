"""A trained policy as plain numpy: a multilayer perceptron from observation to action logits.

The file is an ``.npz`` with ``W0, b0, W1, b1, …`` (float16 or float32), optionally ``S`` (a
linear skip connection from the input to the output, added to the MLP's result) and ``meta``
(a JSON string: game, players, encoding, activation, how it was trained). Inference needs numpy only —
no torch — so the ``rl`` bot can sit at a web table or in a ladder::

    policy = Policy.load("founders-2p.npz")
    index = policy.act(observation, mask)      # the best legal index (deterministic)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

ACTIVATIONS = {"tanh": np.tanh, "relu": lambda x: np.maximum(x, 0.0)}


class PolicyError(ValueError):
    """A policy file that cannot be used (missing, malformed, or for another game)."""


class Policy:
    def __init__(self, weights: list[tuple[np.ndarray, np.ndarray]], meta: dict[str, Any],
                 skip: np.ndarray | None = None) -> None:
        if not weights:
            raise PolicyError("a policy needs at least one layer")
        activation = meta.get("activation", "tanh")
        if activation not in ACTIVATIONS:
            raise PolicyError(f"unknown activation {activation!r} (known: tanh, relu)")
        self.weights = [(w.astype(np.float32), b.astype(np.float32)) for w, b in weights]
        self.meta = dict(meta)
        self.skip = None if skip is None else np.asarray(skip, dtype=np.float32)
        if self.skip is not None and self.skip.shape != (self.weights[-1][0].shape[0],
                                                         self.weights[0][0].shape[1]):
            raise PolicyError("the skip connection's shape does not match the layers")
        self._activation = ACTIVATIONS[activation]
        for (w, b), (w2, _b2) in zip(self.weights, self.weights[1:], strict=False):
            if w.shape[0] != b.shape[0] or w2.shape[1] != w.shape[0]:
                raise PolicyError("layer shapes do not chain")

    @property
    def observation_size(self) -> int:
        return int(self.weights[0][0].shape[1])

    @property
    def max_actions(self) -> int:
        return int(self.weights[-1][0].shape[0])

    def logits(self, observation: np.ndarray) -> np.ndarray:
        x = np.asarray(observation, dtype=np.float32)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(self.weights):
            # einsum, not BLAS: a threaded BLAS makes these small products ~100× slower on a
            # busy machine (a web server, a tournament on every core)
            x = np.einsum("ij,j->i", w, x) + b
            if i < last:
                x = self._activation(x)
        if self.skip is not None:
            x = x + np.einsum("ij,j->i", self.skip, np.asarray(observation, dtype=np.float32))
        return x

    def act(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """The legal index with the highest logit."""
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise PolicyError("no legal action in the mask")
        logits = self.logits(observation)
        return int(legal[np.argmax(logits[legal])])

    def save(self, path: str | Path, dtype: Any = np.float16) -> None:
        arrays: dict[str, Any] = {}
        for i, (w, b) in enumerate(self.weights):
            arrays[f"W{i}"] = w.astype(dtype)
            arrays[f"b{i}"] = b.astype(dtype)
        if self.skip is not None:
            arrays["S"] = self.skip.astype(dtype)
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        with open(path, "wb") as fh:
            np.savez_compressed(fh, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        try:
            data = np.load(path, allow_pickle=False)
        except (OSError, ValueError) as exc:
            raise PolicyError(f"cannot read policy file {path}: {exc}") from None
        with data:
            if "meta" not in data.files or "W0" not in data.files:
                raise PolicyError(f"{path} is not a settlers policy file (no meta/W0)")
            meta = json.loads(str(data["meta"]))
            weights = []
            i = 0
            while f"W{i}" in data.files:
                weights.append((data[f"W{i}"], data[f"b{i}"]))
                i += 1
            skip = data["S"] if "S" in data.files else None
        return cls(weights, meta, skip)
