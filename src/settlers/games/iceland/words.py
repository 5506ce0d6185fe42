"""Catalog keys for the game's nouns, so events and menus read in the player's language."""

from __future__ import annotations

from functools import lru_cache

from settlers.games.iceland.pieces import is_boat
from settlers.games.iceland.state import IcelandState


def res_key(s: IcelandState, r: int) -> str:
    return s.c.resource_keys[r]


def res_name_key(s: IcelandState, name: str) -> str:
    """``res_key`` of the resource named ``name`` (an action's field)."""
    return s.c.key(f"iceland.res.{name}")


def card_keys(s: IcelandState, counts: tuple[int, ...]) -> list[str]:
    """``res_key`` of every card of ``counts`` (cards per resource), one per card."""
    return list(_card_keys(s.c.resource_keys, tuple(counts)))


@lru_cache(maxsize=4096)
def _card_keys(keys: tuple[str, ...], counts: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(keys[r] for r, n in enumerate(counts) for _ in range(n))


def terrain_key(s: IcelandState, t: int) -> str:
    return s.c.key(f"iceland.terrain.{s.c.terrains[t]}")


def card_key(s: IcelandState, card: str) -> str:
    """The catalog key of the fate card ``card``'s name (a user's file may give it)."""
    return s.c.key(f"iceland.card.{card}")


def abbr_key(s: IcelandState, name: str) -> str:
    """The terminal board's abbreviation of a terrain or resource ``name``."""
    return s.c.key(f"iceland.abbr.{name}")


def piece_key(piece: int) -> str:
    return "iceland.piece.boat" if is_boat(piece) else "iceland.piece.horse"


def mover_key(piece: int) -> str:
    """The piece's name heading a move's label («Корабль: гекс 12 → внешнее море»)."""
    return "iceland.mover.boat" if is_boat(piece) else "iceland.mover.horse"
