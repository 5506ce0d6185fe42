"""Dice: two six-sided dice, their odds, and the roll-off for the first player.

All chance comes from the game's generator (``state.rng``), so games stay pure functions of
(players, seed, options, log).
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def roll_2d6(rng: random.Random) -> tuple[int, int]:
    """Two dice, each 1..6 (the first drawn first)."""
    return rng.randint(1, 6), rng.randint(1, 6)


def ways_2d6(total: int) -> int:
    """In how many of the 36 outcomes two dice show ``total`` (0 for no number or 7's
    neighbours beyond 2..12): 2 and 12 → 1, 6 and 8 → 5, 7 → 6. The "pips" on a number token."""
    return 6 - abs(7 - total) if 2 <= total <= 12 else 0


def roll_off(seats: Sequence[int], rng: random.Random) -> tuple[int, list[dict[int, int]]]:
    """«первым начинает игрок, выбросивший наибольшее количество очков»: every seat rolls two
    dice, the tied highest roll again until one is left. Returns that seat and the totals of
    each round (seat → total), for the game's log."""
    contenders = list(seats)
    if not contenders:
        raise ValueError("a roll-off needs at least one seat")
    rounds: list[dict[int, int]] = []
    while True:
        totals = {s: sum(roll_2d6(rng)) for s in contenders}
        rounds.append(totals)
        best = max(totals.values())
        contenders = [s for s in contenders if totals[s] == best]
        if len(contenders) == 1:
            return contenders[0], rounds


__all__ = ["roll_2d6", "roll_off", "ways_2d6"]
