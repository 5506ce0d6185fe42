"""The turn: «1 Урожай / Альтинг, 2 Движение / Исследование, 3 Торговля / Строительство», then
the dice pass to the next player clockwise."""

from __future__ import annotations

import pytest
from iceland_scenario import FakeRng, give_fate, new, put, set_hand, terrain

from settlers.core import IllegalAction
from settlers.games.iceland.actions import (
    BuildBoat,
    EndMovement,
    EndTurn,
    Move,
    PlayFate,
    Roll,
    TradeWithBank,
)


def test_phases_come_in_order_and_the_turn_passes_clockwise():
    s = new(phase="roll")
    terrain(s, 3, "sea")
    terrain(s, 7, "sea")
    put(s, 0, 3)
    set_hand(s, 0, iron=1, wood=1, wool=4)
    assert s.legal_actions(0) == [Roll()]
    with pytest.raises(IllegalAction):
        s.apply(0, BuildBoat(-1, -1))           # no building before phase 3
    s.rng = FakeRng(2, 2)
    s.apply(0, Roll())
    assert s.phase == "move"
    with pytest.raises(IllegalAction):
        s.apply(0, TradeWithBank("wool", "grain"))  # no trade before phase 3
    s.apply(0, Move(0, 7, ""))
    s.apply(0, EndMovement())
    assert s.phase == "build"
    with pytest.raises(IllegalAction):
        s.apply(0, Move(0, 3, ""))              # no movement in phase 3
    s.apply(0, TradeWithBank("wool", "grain"))
    s.apply(0, BuildBoat(-1, -1))
    s.apply(0, EndTurn())
    assert s.current == 1 and s.phase == "roll" and s.to_act == (1,)


def test_fate_cards_only_in_the_sub_phase_of_their_label():
    """Movement cards in the movement phase only; Harvest cards only after a harvest roll."""
    s = new()
    give_fate(s, 0, "fair_wind", "good_year")
    with pytest.raises(IllegalAction):
        s.apply(0, PlayFate("fair_wind", -1))
    with pytest.raises(IllegalAction):
        s.apply(0, PlayFate("good_year", -1))


def test_only_the_player_to_move_acts():
    s = new(phase="roll")
    before = s.full_state()
    with pytest.raises(IllegalAction):
        s.apply(1, Roll())
    assert s.full_state() == before
