"""Pieces and the questions every rule asks about them.

Piece ids are ``seat * 10 + k``: k 0-4 are boats, 5-9 horses (settlers). A boat that entered
land with a fate card "moves as a boat but in every other respect counts as a settler".
"""

from __future__ import annotations

from settlers.games.iceland.board import OUTER
from settlers.games.iceland.state import IcelandState

PIECES_PER_SEAT = 10
FIRST_HORSE = 5


def owner(piece: int) -> int:
    return piece // PIECES_PER_SEAT


def is_boat(piece: int) -> bool:
    return piece % PIECES_PER_SEAT < FIRST_HORSE


def seat_pieces(seat: int) -> range:
    return range(seat * PIECES_PER_SEAT, (seat + 1) * PIECES_PER_SEAT)


def seat_boats(seat: int) -> range:
    return range(seat * PIECES_PER_SEAT, seat * PIECES_PER_SEAT + FIRST_HORSE)


def seat_horses(seat: int) -> range:
    return range(seat * PIECES_PER_SEAT + FIRST_HORSE, (seat + 1) * PIECES_PER_SEAT)


def is_land(s: IcelandState, h: int) -> bool:
    t = s.terrain[h]
    return t >= 0 and s.c.terrain_land[t]


def is_mountain(s: IcelandState, h: int) -> bool:
    t = s.terrain[h]
    return t >= 0 and s.c.terrain_mountain[t]


def is_farmland(s: IcelandState, h: int) -> bool:
    """A known non-mountain land hex ("не горный гекс суши")."""
    t = s.terrain[h]
    return t >= 0 and s.c.terrain_land[t] and not s.c.terrain_mountain[t]


def is_sea(s: IcelandState, h: int) -> bool:
    return h == OUTER or s.terrain[h] == s.c.sea


def counts_as_settler(s: IcelandState, piece: int) -> bool:
    """Horses, and boats standing on land."""
    if not is_boat(piece):
        return True
    h = s.pos[piece]
    return h >= 0 and is_land(s, h)


def on_board(s: IcelandState, piece: int) -> bool:
    return s.pos[piece] >= OUTER   # (not SUPPLY, not LOST)


def house_on_hex(s: IcelandState, seat: int, h: int) -> bool:
    """Does ``seat`` have a farm or town on a corner of hex ``h``?"""
    if h < 0:
        return False
    owners = s.house_owner
    return any(owners[c] == seat for c in s.b.hex_corners[h])


def is_outlaw(s: IcelandState, piece: int) -> bool:
    return bool(s.red_tokens.get(piece))
