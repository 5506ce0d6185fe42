"""The optional turn limit of simulations (not in any rulebook): a game that nobody can win
(endless famines, random players) ends after ``turn_limit`` turns and the game's own ranking
decides. 0 means no limit. Every game that has it declares it with ``turn_limit_option``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from settlers.core.options import Option

TURN_LIMIT = "turn_limit"


def turn_limit_option(default: int = 0, maximum: int = 100_000) -> Option:
    return Option(TURN_LIMIT, default, minimum=0, maximum=maximum)


def turn_limit_reached(options: Mapping[str, Any], turn: int) -> bool:
    """Whether ``turn`` (turns played so far) has reached the game's limit, if it has one."""
    limit = int(options.get(TURN_LIMIT, 0) or 0)
    return bool(limit) and turn >= limit


__all__ = ["TURN_LIMIT", "turn_limit_option", "turn_limit_reached"]
