"""Seat order: who plays after whom, and who is ahead.

Seats are numbered 0..players-1 clockwise (the order the rulebooks call "по часовой стрелке");
every game's turn order, set-up order and tie-breaks are written with these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def next_seat(seat: int, players: int) -> int:
    """The seat after ``seat``, clockwise."""
    return (seat + 1) % players


def seats_from(first: int, players: int) -> list[int]:
    """Every seat once, clockwise, starting with ``first``."""
    return [(first + k) % players for k in range(players)]


def snake_order(first: int, players: int) -> list[int]:
    """Clockwise from ``first``, then back counter-clockwise (the founding rounds of Catan-like
    games: the last seat places twice in a row)."""
    order = seats_from(first, players)
    return order + order[::-1]


def best_seats(values: Sequence[Any], among: Sequence[int] | None = None) -> list[int]:
    """The seats (of ``among``, default all) whose value is highest, in seat order.

    Values may be tuples: a tie-break chain is one lexicographic key, e.g.
    ``(points, prize_tiles)`` for "most points; on a tie, most prize tiles".
    """
    seats = range(len(values)) if among is None else among
    if not seats:
        return []
    best = max(values[s] for s in seats)
    return [s for s in seats if values[s] == best]


__all__ = ["best_seats", "next_seat", "seats_from", "snake_order"]
