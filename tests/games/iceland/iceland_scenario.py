"""Build exact Landnám situations for rule tests.

Board ids (radius 2, reading order)::

         0  1  2             rim corners: 0 2 7 11 16 18
       3  4  5  6            non-corner edge hexes: 1 3 6 12 15 17
     7  8  9 10 11           ring around the centre: 4 5 8 10 13 14
      12 13 14 15            centre mountain: 9
        16 17 18

Pieces are ``seat * 10 + k``: boats k 0-4, settlers k 5-9.
"""

from __future__ import annotations

import settlers
from settlers.games.iceland.board import OUTER, SUPPLY
from settlers.games.iceland.movement import place_piece

GAME = settlers.load("iceland")
RES = ("grain", "wood", "wool", "iron")


class FakeRng:
    """Dice that show what the test wants (randint pops the queue), no shuffling."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        value = self.rolls.pop(0)
        assert a <= value <= b, (a, b, value)
        return value

    def randrange(self, n: int) -> int:
        return 0

    def shuffle(self, items: list) -> None:
        pass

    def getstate(self):  # pragma: no cover - only for equality helpers
        return tuple(self.rolls)


def new(players: int = 3, seed: int = 0, phase: str = "build", **options):
    """A game after set-up, seat 0 to move in ``phase``, no first-turn restriction, empty
    hands (cards back in the bank), no fate cards in hands."""
    s = GAME.new_state(players, seed, {"turn_limit": 0, **options})
    s.current = 0
    s.first_turn = [False] * players
    for seat in range(players):
        set_hand(s, seat)
        for card in list(s.fate[seat]):
            s.fate[seat].remove(card)
            s.deck.append(card)
        s.fate_public[seat] = []
    s.phase = phase
    s.dice = None
    s.reset_turn()
    return s


def terrain(s, h: int, name: str, number: int = 0) -> None:
    t = s.c.terrains.index(name)
    s.terrain[h] = t
    if s.terrain_pool[t] > 0:
        s.terrain_pool[t] -= 1
    if number:
        s.number[h] = number
        if s.number_pool[number] > 0:
            s.number_pool[number] -= 1


def put(s, piece: int, h: int) -> None:
    place_piece(s, piece, h)


def house(s, seat: int, corner: int, level: int = 1) -> None:
    s.house_owner[corner] = seat
    s.house_level[corner] = level


def farm(s, h: int, name: str, number: int, seat: int, corner_name: str = "N") -> None:
    """Hex ``h`` becomes ``name`` with ``number``, and ``seat`` has a farm on its corner
    ``corner_name``."""
    terrain(s, h, name, number)
    house(s, seat, corner(s, h, corner_name))


def set_hand(s, seat: int, **cards: int) -> None:
    """Give ``seat`` exactly these cards, taking them from / returning them to the bank."""
    for r, name in enumerate(RES):
        want = cards.get(name, 0)
        s.bank[r] += s.hands[seat][r] - want
        s.hands[seat][r] = want
        assert s.bank[r] >= 0


def give_fate(s, seat: int, *cards: str) -> None:
    for card in cards:
        s.deck.remove(card)
        s.fate[seat].append(card)
    s.fate[seat].sort()


def corner(s, h: int, name: str) -> int:
    """Corner ``name`` ("N", "NE", "SE", "S", "SW", "NW") of hex ``h``."""
    return s.b.grid.corner_of(h, name)


def corner_between(s, *hexes: int) -> int:
    """The corner where exactly these board hexes meet."""
    want = tuple(sorted(hexes))
    for c, hs in enumerate(s.b.corner_hexes):
        if hs == want:
            return c
    raise AssertionError(f"no corner between {hexes}")


def act(s, seat: int, action) -> None:
    s.apply(seat, action)


__all__ = ["OUTER", "SUPPLY"]
