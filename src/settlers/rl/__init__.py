"""Reinforcement learning through the standard interfaces, for every registered game.

* :class:`SettlersAECEnv` — a PettingZoo AEC environment (all seats are agents).
* :class:`SettlersSingleAgentEnv` — a Gymnasium environment: one learning seat, the others
  played by settlers bots.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``; actions are
``Discrete(max_actions)``. See :mod:`settlers.rl.encoding` for how a game's view and actions
become vectors (a game may supply its own fixed encoding; otherwise a generic one is used).
"""

from settlers.rl.aec import SettlersAECEnv, aec_env
from settlers.rl.encoding import Encoding, HashedViewEncoding, encoding_for
from settlers.rl.single_agent import SettlersSingleAgentEnv

__all__ = ["Encoding", "HashedViewEncoding", "SettlersAECEnv", "SettlersSingleAgentEnv",
           "aec_env", "encoding_for"]
