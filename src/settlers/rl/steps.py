"""What the environments' ``step`` accepts as an action: an index of the ``Discrete`` action
space that the mask allows, and only between ``reset`` and the end of the episode.

The errors follow the Gymnasium/PettingZoo convention, English exceptions of the standard
kinds (these messages are for the programmer who writes the training loop, not for players):
``TypeError`` for what is no integer (a float such as 1.7 is not rounded, a bool is not taken
for 0 or 1), ``ValueError`` for an index outside the space or masked out,
``gymnasium.error.ResetNeeded`` before ``reset`` and after the episode has ended. The
environment is left as it was.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.error import ResetNeeded

BEFORE_RESET = "call reset() before step()"
EPISODE_OVER = "the episode has ended (terminated or truncated): call reset() before step()"


def action_index(action: Any, size: int) -> int:
    """``action`` as an index of ``Discrete(size)``: a Python or NumPy integer (or a NumPy
    array holding one); TypeError for anything else, ValueError outside 0..size-1."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise TypeError(f"an action is an integer index of Discrete({size}), "
                        f"not {action!r:.40} ({type(action).__name__})")
    index = int(action)
    if not 0 <= index < size:
        raise ValueError(f"action {index} is outside the action space Discrete({size})")
    return index


__all__ = ["BEFORE_RESET", "EPISODE_OVER", "ResetNeeded", "action_index"]
