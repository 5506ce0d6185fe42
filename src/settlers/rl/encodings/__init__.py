"""One module per game with its fixed encoding (``ENCODING``: a class taking ``players``).

``settlers.rl.encodings.<game_id>`` — catan, founders, iceland, imperial, archipelago. A game without a
module here (or whose package exports no ``RL_ENCODING``) gets the generic
:class:`settlers.rl.encoding.HashedViewEncoding`.
"""

from __future__ import annotations

import importlib
from typing import Any


def fixed_encoding(game_id: str, players: int) -> Any | None:
    """The game's fixed encoding for ``players`` seats, or None if it has none."""
    try:
        module = importlib.import_module(f"settlers.rl.encodings.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"settlers.rl.encodings.{game_id}":
            raise
        return None
    return module.ENCODING(players)
