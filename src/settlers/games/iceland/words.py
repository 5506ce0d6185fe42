"""Catalog keys for the game's nouns, so events and menus read in the player's language."""

from __future__ import annotations

from functools import lru_cache

from settlers.games.iceland.pieces import is_boat
from settlers.games.iceland.state import IcelandState


def res_key(s: IcelandState, r: int) -> str:
    return _res_key(s.c.resources[r])


def _res_key(name: str) -> str:
    return f"iceland.res.{name}"


def card_keys(s: IcelandState, counts: tuple[int, ...]) -> list[str]:
    """``res_key`` of every card of ``counts`` (cards per resource), one per card."""
    return list(_card_keys(s.c.resources, tuple(counts)))


@lru_cache(maxsize=4096)
def _card_keys(resources: tuple[str, ...], counts: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(_res_key(resources[r]) for r, n in enumerate(counts) for _ in range(n))


def terrain_key(s: IcelandState, t: int) -> str:
    return f"iceland.terrain.{s.c.terrains[t]}"


def card_key(card: str) -> str:
    return f"iceland.card.{card}"


def piece_key(piece: int) -> str:
    return "iceland.piece.boat" if is_boat(piece) else "iceland.piece.horse"
