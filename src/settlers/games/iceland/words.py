"""Catalog keys for the game's nouns, so events and menus read in the player's language."""

from __future__ import annotations

from settlers.games.iceland.pieces import is_boat
from settlers.games.iceland.state import IcelandState


def res_key(s: IcelandState, r: int) -> str:
    return f"iceland.res.{s.c.resources[r]}"


def terrain_key(s: IcelandState, t: int) -> str:
    return f"iceland.terrain.{s.c.terrains[t]}"


def card_key(card: str) -> str:
    return f"iceland.card.{card}"


def piece_key(piece: int) -> str:
    return "iceland.piece.boat" if is_boat(piece) else "iceland.piece.horse"
