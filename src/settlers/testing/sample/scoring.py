"""Scoring (rules §End): a prize is worth its number; most points wins, ties share."""

from __future__ import annotations

from settlers.core.seats import best_seats
from settlers.testing.sample.rounds import over
from settlers.testing.sample.state import SealedBidsState


def scores(state: SealedBidsState) -> list[float]:
    return [float(p) for p in state.points]


def winners(state: SealedBidsState) -> list[int]:
    return best_seats(state.points) if over(state) else []


def public_scores(state: SealedBidsState) -> list[float]:
    return scores(state)  # points are public in this game
