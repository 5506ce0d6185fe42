"""Sixteenth Landnám reading (docs/audits/2026-12-07-sixteenth-rules.md).

L31 «Внешний гекс моря считается соседним для всех крайних гексов и всегда свободным ...
Перемещение на этот гекс сразу же заканчивает фазу движения.» L35 «Прогнанная фишка должна
отступить на один шаг, подчиняясь обычным условиям ... Если перемещение невозможно, ...»: a
retreat is a move under the usual conditions, and L31 names no piece — any move onto the outer
sea ends the phase of movement, which is the mover's. The engine let the mover go on after a
chased boat retreated to the outer sea (rules 2026-12-07.2 end it there).
"""

from __future__ import annotations

import pytest
from iceland_scenario import OUTER, give_fate, new, put, terrain

from settlers.core import IllegalAction
from settlers.games.iceland.actions import EndMovement, Explore, Move, Retreat


def _chased(second_sea: bool):
    """Seat 0's boat 0 on sea hex 7 chases seat 1's boat 10 off the edge hex 3 with the Chase
    card, one step of two spent; with ``second_sea`` hex 4 is sea too (a second way back)."""
    s = new(phase="move")
    for h in (3, 7) + ((4,) if second_sea else ()):
        terrain(s, h, "sea")
    put(s, 0, 7)
    put(s, 10, 3)
    give_fate(s, 0, "chase")
    s.apply(0, Move(0, 3, "chase"))
    assert s.phase == "retreat" and s.to_act == (1,)
    assert s.mv_steps == 1
    return s


def test_a_retreat_to_the_outer_sea_ends_the_mover_s_movement():
    """L31 with L35, the legal side: the boat retreats to the outer sea and the phase of
    movement is over: the mover is in phase 3 (trade and building), no second step listed."""
    s = _chased(second_sea=False)
    assert {a.to for a in s.legal_actions(1)} == {OUTER}
    s.apply(1, Retreat(OUTER))
    assert s.pos[10] == OUTER and s.pos[0] == 3
    assert s.phase == "build" and s.to_act == (0,)
    assert not any(isinstance(a, Move | Explore | EndMovement) for a in s.legal_actions(0))


def test_no_step_after_a_retreat_to_the_outer_sea():
    """The illegal side: the mover's second step (exploring hex 4, or onto the outer sea) is
    refused once the chased boat is on the outer sea; nothing changes."""
    s = _chased(second_sea=False)
    s.apply(1, Retreat(OUTER))
    digest = s.digest()
    for step in (Explore(0, 4, ""), Move(0, OUTER, "")):
        with pytest.raises(IllegalAction):
            s.apply(0, step)
        assert s.digest() == digest


def test_a_retreat_inside_the_frame_leaves_the_movement_running():
    """The counterpart: a retreat to a sea hex inside the frame is no move onto the outer sea;
    the mover keeps its second step (here onto the outer sea) or ends the movement."""
    s = _chased(second_sea=True)
    assert {a.to for a in s.legal_actions(1)} == {4, OUTER}
    s.apply(1, Retreat(4))
    assert s.phase == "move" and s.to_act == (0,)
    menu = s.legal_actions(0)
    assert Move(0, OUTER, "") in menu and Explore(0, 8, "") in menu and EndMovement() in menu
    s.apply(0, Move(0, OUTER, ""))
    assert s.pos[0] == OUTER and s.phase == "build"
