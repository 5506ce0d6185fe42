"""A trained policy as plain numpy: a multilayer perceptron from observation to action logits.

The file is an ``.npz`` with ``W0, b0, W1, b1, …`` (float16 or float32), optionally ``S`` (a
linear skip connection from the input to the output, added to the MLP's result) and ``meta``
(a JSON string: game, players, encoding, activation, how it was trained). Inference needs numpy only —
no torch — so the ``rl`` bot can sit at a web table or in a ladder::

    policy = Policy.load("founders-2p.npz")
    index = policy.act(observation, mask)      # the best legal index (deterministic)

What is wrong with a policy is a catalog key (``rl.policy.reason.*``, the file's read faults
``core.file.*``): :class:`PolicyError` gives it in every language, beside the file.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from settlers.core.content_faults import fault, shown
from settlers.core.errors import SettlersError
from settlers.core.user_files import (
    UnreadableFile,
    check_writable,
    open_for_writing,
    read_user_bytes,
)

ACTIVATIONS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "tanh": np.tanh, "relu": lambda x: np.maximum(x, 0.0)}
#: the largest policy file read (the shipped Catan policy is about 0.5 MB)
MAX_POLICY_BYTES = 64_000_000


class PolicyError(SettlersError, ValueError):
    """A policy that cannot be used: ``reason`` says why in every language; ``path`` names its
    file when it was read from one (missing, not a policy, layers that do not fit)."""

    def __init__(self, reason: dict[str, str], path: str | os.PathLike[str] | None = None
                 ) -> None:
        if path is None:
            super().__init__("rl.policy.invalid", reason=reason)
        else:
            super().__init__("rl.policy.bad_file", path=shown(os.fspath(path), 200),
                             reason=reason)

    @property
    def reason(self) -> dict[str, str]:
        """Why the policy cannot be used, in every language."""
        reason: dict[str, str] = self.params["reason"]
        return reason


def _refused(key: str, /, **params: Any) -> PolicyError:
    return PolicyError(fault(key, **params))


def check_outputs(out: str | os.PathLike[str]) -> None:
    """The files a training run writes — the policy ``out`` and its curve (``out`` with
    ``.curve.jsonl``) — checked before the training: UnwritableFile names a place that
    cannot take them, in the user's language (a training script says it as a refused
    argument, not as a traceback at its end)."""
    check_writable(out)
    check_writable(Path(out).with_suffix(".curve.jsonl"))


class Policy:
    def __init__(self, weights: list[tuple[np.ndarray, np.ndarray]], meta: dict[str, Any],
                 skip: np.ndarray | None = None) -> None:
        if not weights:
            raise _refused("rl.policy.reason.no_layers")
        activation = meta.get("activation", "tanh")
        if not isinstance(activation, str) or activation not in ACTIVATIONS:
            raise _refused("rl.policy.reason.activation", activation=shown(activation),
                           known=", ".join(ACTIVATIONS))
        self.weights = [(np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32))
                        for w, b in weights]
        self.meta = dict(meta)
        self.skip = None if skip is None else np.asarray(skip, dtype=np.float32)
        for (w, b), following in zip(self.weights, [*self.weights[1:], None], strict=True):
            if w.ndim != 2 or b.shape != (w.shape[0],) or (
                    following is not None and following[0].shape[1:] != (w.shape[0],)):
                raise _refused("rl.policy.reason.layers")
        if self.skip is not None and self.skip.shape != (self.weights[-1][0].shape[0],
                                                         self.weights[0][0].shape[1]):
            raise _refused("rl.policy.reason.skip")
        self._activation = ACTIVATIONS[activation]

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
            raise _refused("rl.policy.reason.no_legal_index")
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
        with open_for_writing(path, "wb") as fh:   # UnwritableFile names a place refused
            np.savez_compressed(fh, **arrays)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Policy:
        """The policy in the file ``path``; PolicyError naming the file and why it cannot be
        used (no such file, not a policy, layers that do not fit together)."""
        try:
            data = read_user_bytes(path, MAX_POLICY_BYTES)
        except UnreadableFile as exc:
            raise PolicyError(exc.reason, path) from None
        try:
            return cls.from_bytes(data)
        except PolicyError as exc:
            raise PolicyError(exc.reason, path) from None

    @classmethod
    def from_bytes(cls, data: bytes) -> Policy:
        """The policy in the ``.npz`` bytes ``data`` (PolicyError if they hold none)."""
        not_policy = _refused("rl.policy.reason.not_policy")
        try:
            archive = np.load(io.BytesIO(data), allow_pickle=False)
        except (OSError, ValueError, EOFError, zipfile.BadZipFile):  # not .npy/.npz, pickled
            raise not_policy from None
        if not isinstance(archive, np.lib.npyio.NpzFile):  # a single .npy array
            raise not_policy
        with archive:
            if "meta" not in archive.files or "W0" not in archive.files:
                raise not_policy
            try:
                meta = json.loads(str(archive["meta"]))
                weights: list[tuple[np.ndarray, np.ndarray]] = []
                while f"W{len(weights)}" in archive.files:
                    i = len(weights)
                    weights.append((archive[f"W{i}"], archive[f"b{i}"]))
                skip = archive["S"] if "S" in archive.files else None
            except (KeyError, ValueError, OSError, EOFError, zipfile.BadZipFile, zlib.error,
                    RecursionError):
                raise not_policy from None
        if not isinstance(meta, dict):
            raise not_policy
        try:
            return cls(weights, meta, skip)
        except (TypeError, ValueError) as exc:   # arrays of text, of objects
            if isinstance(exc, PolicyError):
                raise
            raise not_policy from None
