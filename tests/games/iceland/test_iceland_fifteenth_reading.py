"""Fifteenth Landnám reading (docs/audits/2026-12-07-fifteenth-landnam-rules.md).

L38 «если корабль открывает землю или поселенец — горы при исследовании, может быть сыграна
карта, позволяющая движение на такие гексы»: the land a boat has just found (or the mountain a
settler has just found) is entered with the Mountain pass without spending a step. That entry
is one action; the movement menu listed it twice whenever a step was left (once as the free
entry, once as a step with the pass), so a uniform player picked it twice as often as any other
move and a search expanded it twice.

L37 «Первый ход первого раунда должен быть на не угловой гекс на краю, где ещё нет другого
игрока»: the engine refused to end the first movement while any first step was listed — one
made with a fate card too. A boat whose only first steps were onto land with the Mountain pass
had to play the card, which L33 («может также быть использована») and L38 («может быть
сыграна») leave to the player (rules 2026-12-07.1).
"""

from __future__ import annotations

import pytest
from iceland_scenario import OUTER, FakeRng, give_fate, new, put, terrain

from settlers.core import IllegalAction
from settlers.games.iceland.actions import EndMovement, Explore, Move


def _boat_found_land():
    """Seat 0's boat on the sea hex 4 explores hex 5 (pasture): a boat may not enter it."""
    s = new(phase="move")
    terrain(s, 4, "sea")
    put(s, 0, 4)
    give_fate(s, 0, "mountain_pass")
    s.rng = FakeRng(7, 5)           # hex 5 touches the centre (+2): green 7 + 2 = pasture, red 5
    s.apply(0, Explore(0, 5, ""))
    assert s.c.terrains[s.terrain[5]] == "pasture" and s.pos[0] == 4
    assert s.mv_blocked == (0, 5) and s.mv_steps == 1
    return s


def test_the_found_land_is_listed_once_and_entered_free():
    """L38, the legal side: the pass enters the land just found, listed once, no step spent."""
    s = _boat_found_land()
    menu = s.legal_actions(0)
    assert menu.count(Move(0, 5, "mountain_pass")) == 1
    assert len(menu) == len(set(menu))
    s.apply(0, Move(0, 5, "mountain_pass"))
    assert s.pos[0] == 5 and s.mv_steps == 1 and s.mv_taken == 1
    assert "mountain_pass" not in s.fate[0]


def test_the_found_land_is_not_entered_without_the_card():
    """L30/L33, the illegal side: without the card a boat may not step onto land."""
    s = _boat_found_land()
    digest = s.digest()
    with pytest.raises(IllegalAction):
        s.apply(0, Move(0, 5, ""))
    assert s.digest() == digest
    assert Move(0, 5, "") not in s.legal_actions(0)


def test_other_land_with_the_pass_is_a_step():
    """L33: land that was not just found is entered with the pass as a normal step."""
    s = new(phase="move")
    terrain(s, 4, "sea")
    terrain(s, 5, "fields", 6)
    put(s, 0, 4)
    give_fate(s, 0, "mountain_pass")
    menu = s.legal_actions(0)
    assert menu.count(Move(0, 5, "mountain_pass")) == 1 and len(menu) == len(set(menu))
    s.apply(0, Move(0, 5, "mountain_pass"))
    assert s.pos[0] == 5 and s.mv_steps == 1


def test_no_free_entry_after_the_next_step():
    """L38: the free entry belongs to the exploration just made; after another step it is
    gone (the boat left the hex it explored from)."""
    s = _boat_found_land()
    terrain(s, 3, "sea")
    s.apply(0, Move(0, 3, ""))
    assert s.mv_steps == 0 and s.mv_blocked is None
    assert s.legal_actions(0) == [EndMovement()]


# --- L37: the first move is a must, a fate card is not ------------------------------------------
def _first_turn_only_land_left():
    """Seat 0's first turn: its boat on the outer sea; of the six first-move targets (L37)
    five are explored land, free, and the sixth is sea with seat 1's boat on it. Seat 0 holds
    a Mountain pass (drawn at a 7, L19), which lets a boat onto land (L33)."""
    s = new(phase="move")
    s.first_turn[0] = True
    put(s, 0, OUTER)
    for h in (1, 3, 6, 12, 15):
        terrain(s, h, "pasture", 5)
    terrain(s, 17, "sea")
    put(s, 10, 17)
    give_fate(s, 0, "mountain_pass")
    return s


def test_a_first_move_that_needs_a_fate_card_is_not_forced():
    """L37 with L33 «может также быть использована» and L38 «может быть сыграна»: no first step
    without a card is left, so the player may end its movement and keep the card; or it may
    play the card, onto a non-corner edge hex only."""
    s = _first_turn_only_land_left()
    legal = s.legal_actions(0)
    assert EndMovement() in legal
    assert {a.to for a in legal if isinstance(a, Move)} == {1, 3, 6, 12, 15}
    s.apply(0, EndMovement())
    assert s.phase == "build" and s.fate[0] == ["mountain_pass"] and s.pos[0] == OUTER

    s = _first_turn_only_land_left()
    s.apply(0, Move(0, 3, "mountain_pass"))
    assert s.pos[0] == 3 and s.mv_taken == 1


def test_the_first_move_stays_a_must_while_a_step_without_a_card_is_left():
    """L37, the other side: one free sea target (hex 1) is left, so ending the movement is
    refused, the card or not; a corner of the rim (hex 0) is refused as the first step."""
    s = _first_turn_only_land_left()
    terrain(s, 1, "sea")
    s.number[1] = 0
    legal = s.legal_actions(0)
    assert EndMovement() not in legal and Move(0, 1, "") in legal
    assert Move(0, 3, "mountain_pass") in legal
    digest = s.digest()
    for action in (EndMovement(), Explore(0, 0, "")):
        with pytest.raises(IllegalAction):
            s.apply(0, action)
        assert s.digest() == digest
