"""The terminal's status line says founding is the set-up before the first turn (almanac L478:
the first turn comes after both founding rounds), not «Ход 0»."""

import random

from settlers.core import load


def test_founding_is_setup_and_the_first_turn_is_turn_one():
    state = load("catan").new_state(4, 5)
    ru, en = state.render(0, "ru"), state.render(0, "en")
    assert "Расстановка, " in ru and "Ход 0" not in ru
    assert "Setup, " in en and "Turn 0" not in en
    rng = random.Random(5)
    while state.phase in (0, 1):   # founding: settlement, road
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    ru = state.render(state.current, "ru")
    assert "Ход 1, " in ru and "Расстановка, " not in ru
