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
from settlers.games.iceland.actions import ChooseStarter, OpenCase, Pass, Roll
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


def althing_board(s) -> None:
    """Seat 1 has farms touching hexes 4, 5 (corner 4/5/9) and 8 (corner 8/12/13); seat 2 has
    settlers on 4 (piece 25), 5 (26) and 8 (27)."""
    terrain(s, 4, "pasture", 5)
    terrain(s, 5, "fields", 6)
    terrain(s, 8, "forest", 8)
    terrain(s, 12, "sea")
    terrain(s, 13, "sea")
    house(s, 1, corner_between(s, 4, 5, 9))
    house(s, 1, corner_between(s, 8, 12, 13))
    put(s, 25, 4)
    put(s, 26, 5)
    put(s, 27, 8)


def roll_seven(s) -> None:
    """The player to move rolls 3 + 4: the Althing opens with its fate-card window."""
    s.phase = "roll"
    s.rng = FakeRng(3, 4)
    s.apply(s.current, Roll())


def pass_windows(s) -> None:
    """Every seat passes every fate-card window of the Althing now open."""
    while s.phase == "althing" and s.al["stage"] == "window":
        for seat in s.to_act:
            s.apply(seat, Pass())


def seven(s, starter: int = 1) -> None:
    """Roll a 7, pass the window, and the player to move names ``starter`` to open cases."""
    roll_seven(s)
    pass_windows(s)
    assert s.al["stage"] == "starter" and s.to_act == (s.current,)
    s.apply(s.current, ChooseStarter(starter))


def wool_case(bid: int, wool: dict[int, int]):
    """On ``althing_board``, seats hold ``{seat: wool}``; after a 7 seat 1 (named to start)
    opens a case against seat 2's settler 25 on the pasture with ``bid`` wool, and the
    window after it is passed: seat 2 answers."""
    s = new()
    althing_board(s)
    for seat, cards in wool.items():
        set_hand(s, seat, wool=cards)
    seven(s)
    s.apply(1, OpenCase(25, bid))
    pass_windows(s)
    return s


def outlaw_at_the_window():
    """On ``althing_board``, seat 2's settler 25 is an outlaw and seat 2 holds a
    reconciliation card; a 7 was rolled: the fate-card window is open."""
    s = new()
    althing_board(s)
    s.red_tokens[25] = [1]
    give_fate(s, 2, "reconciliation")
    roll_seven(s)
    return s


def act(s, seat: int, action) -> None:
    s.apply(seat, action)


__all__ = ["OUTER", "SUPPLY"]
