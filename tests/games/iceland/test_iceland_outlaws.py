"""Outlaws, chasing, retreats and red tokens following the outlaw."""

from __future__ import annotations

import pytest
from iceland_scenario import OUTER, corner_between, give_fate, house, new, put, terrain

from settlers.core import IllegalAction
from settlers.games.iceland.actions import EndMovement, Move, Retreat
from settlers.games.iceland.board import LOST


def land(s):
    """A strip of pasture 3-4-5 and 8 with farms of seat 1 around hex 4."""
    for h, n in ((0, 3), (3, 4), (4, 5), (5, 6), (8, 9), (1, 10)):
        terrain(s, h, "pasture", n)


def outlaw_walks(to: int, tokens: list[int], *farms: tuple[int, tuple[int, ...]]):
    """On ``land``, seat 0's settler 5 on hex 4 is an outlaw carrying red ``tokens``; each
    farm is (seat, the hexes its corner touches). The settler walks to ``to`` and stops."""
    s = new(phase="move")
    land(s)
    put(s, 5, 4)
    for seat, hexes in farms:
        house(s, seat, corner_between(s, *hexes))
    s.red_tokens[5] = list(tokens)
    s.apply(0, Move(5, to, ""))
    s.apply(0, EndMovement())
    return s


def test_claimant_may_enter_the_outlaws_hex_as_if_free():
    """«Фишки этого игрока могут входить на этот гекс, как если бы тот был свободен, прогоняя
    фишку, объявленную вне закона.»"""
    s = new(phase="move")
    land(s)
    put(s, 5, 3)            # seat 0 settler
    put(s, 15, 4)           # seat 1 settler, outlaw with seat 0's red token
    house(s, 0, corner_between(s, 0, 1, 4))
    s.red_tokens[15] = [0]
    assert Move(5, 4, "") in s.legal_actions(0)
    s.red_tokens[15] = [2]  # outlawed by another player: not without the card
    assert Move(5, 4, "") not in s.legal_actions(0)
    give_fate(s, 0, "chase")
    assert Move(5, 4, "chase") in s.legal_actions(0)


def test_chase_card_chases_a_piece_that_is_not_an_outlaw():
    """«Карта судьбы также позволяет прогнать фишку, которая не объявлена вне закона.»"""
    s = new(phase="move")
    land(s)
    put(s, 5, 3)
    put(s, 15, 4)
    assert Move(5, 4, "") not in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(0, Move(5, 4, ""))
    give_fate(s, 0, "chase")
    s.apply(0, Move(5, 4, "chase"))
    assert s.phase == "retreat" and s.to_act == (1,)
    options = {a.to for a in s.legal_actions(1)}
    assert 3 not in options, "not to the hex the chaser came from"
    assert options == {5, 8, 0, 1}
    s.apply(1, Retreat(8))
    assert s.pos[15] == 8 and s.occupant[4] == 5 and s.phase == "move"


def test_retreat_never_explores_nor_chases():
    """«Она не может исследовать, уходить на гекс, с которого пришла выгнавшая её фишка,
    выгонять другие фишки или использовать карты судьбы.»"""
    s = new(phase="move")
    land(s)
    put(s, 5, 3)
    put(s, 15, 4)
    put(s, 26, 5)            # seat 2 blocks 5
    give_fate(s, 0, "chase")
    s.apply(0, Move(5, 4, "chase"))
    assert {a.to for a in s.legal_actions(1)} == {8, 0, 1}


def test_piece_that_cannot_retreat_leaves_and_its_red_tokens_are_awarded():
    """«Если перемещение невозможно, фишка выбывает из игры, и все красные жетоны победных очков
    рядом с ней получает в награду игрок смежных поселений.»"""
    s = new(phase="move")
    terrain(s, 3, "pasture", 4)
    terrain(s, 4, "pasture", 5)
    for h in (0, 1, 5, 8):
        terrain(s, h, "mountain")
    put(s, 5, 3)
    put(s, 15, 4)
    house(s, 0, corner_between(s, 0, 3, 4))
    s.red_tokens[15] = [0]
    s.apply(0, Move(5, 4, ""))
    assert s.pos[15] == LOST and s.occupant[4] == 5   # out of the game (L35)
    assert s.red_won[0] == 1 and 15 not in s.red_tokens
    assert s.phase == "move"


def test_red_tokens_follow_the_outlaw_if_a_settlement_of_that_colour_is_next():
    """«все красные жетоны ... должны переместиться вместе с ним, если это возможно ... Если это
    невозможно ... жетон удаляется. Если рядом не осталось жетонов, фишка больше не объявлена
    вне закона.»"""
    # seat 1's farm touches 0, 3 and 4; seat 2's touches 4, 5 and 1
    s = outlaw_walks(3, [1, 2], (1, (0, 3, 4)), (2, (4, 5, 1)))
    assert s.red_tokens[5] == [1]
    s2 = outlaw_walks(8, [1], (1, (0, 3, 4)))
    assert 5 not in s2.red_tokens


def test_outlaw_ending_on_a_mountain_loses_its_tokens():
    """«Если ... движение заканчивается на гексе горы, жетон удаляется.»"""
    # seat 0's own farm lets the settler climb the centre; the claimant's touches it too
    s = outlaw_walks(9, [1], (0, (4, 5, 9)), (1, (4, 8, 9)))
    assert 5 not in s.red_tokens


def test_chased_boat_may_retreat_to_the_outer_sea():
    s = new(phase="move")
    terrain(s, 3, "sea")
    terrain(s, 7, "sea")
    put(s, 0, 7)
    put(s, 10, 3)
    give_fate(s, 0, "chase")
    s.apply(0, Move(0, 3, "chase"))
    assert OUTER in {a.to for a in s.legal_actions(1)}
    s.apply(1, Retreat(OUTER))
    assert s.pos[10] == OUTER
