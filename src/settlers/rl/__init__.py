"""Reinforcement learning through the standard interfaces, for every registered game.

* :class:`SettlersAECEnv` — a PettingZoo AEC environment (all seats are agents).
* :class:`SettlersSingleAgentEnv` — a Gymnasium environment: one learning seat, the others
  played by settlers bots.
* :class:`SettlersVectorEnv` — several single-agent games (of one or several games) at once.
* :class:`Policy` and the ``rl`` bot (:mod:`settlers.rl.bot`) — numpy-only inference.

Each game has a fixed encoding in :mod:`settlers.rl.encodings` (index *i* always means the same
move; the observation is a documented vector of the seat's view); a game without one gets the
generic hashed encoding. Names are imported lazily, so the ``rl`` bot needs only numpy.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_NAMES = {
    "SettlersAECEnv": "settlers.rl.aec", "aec_env": "settlers.rl.aec",
    "SettlersSingleAgentEnv": "settlers.rl.single_agent",
    "SettlersVectorEnv": "settlers.rl.vector",
    "Encoding": "settlers.rl.encoding", "HashedViewEncoding": "settlers.rl.encoding",
    "encoding_for": "settlers.rl.encoding",
    "FixedEncoding": "settlers.rl.fixed", "OutsideActionSpace": "settlers.rl.fixed",
    "Policy": "settlers.rl.policy",
}

__all__ = sorted(_NAMES)


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module 'settlers.rl' has no attribute {name!r}")
    return getattr(import_module(module), name)
