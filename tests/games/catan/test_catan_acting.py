"""``to_act`` and ``over`` are plain attributes kept by the rules (``acting.py``): after every
action of seeded random games — every table option, three and four players, the beginner
board, a turn limit — and in clones and determinizations they equal what the phase says."""

from __future__ import annotations

import random

import pytest
from catan_scenario import GAME, scenario

from settlers.games.catan import phases as ph
from settlers.games.catan.acting import to_act

CASES = [
    (4, {}),
    (4, {"phases": "combined", "domestic_trade": False}),
    (4, {"phases": "separate", "trade_offers": 2}),
    (3, {"board": "beginner"}),
    (4, {"turn_limit": 40}),
]


def kept_right(st) -> bool:
    return st.to_act == to_act(st) and st.over == (st.phase == ph.OVER)


@pytest.mark.parametrize(("players", "options"), CASES)
def test_to_act_and_over_follow_the_phase(players, options):
    for seed in range(3):
        st = GAME.new_state(players, seed, dict(options))
        st.record_events = seed != 0
        assert kept_right(st)
        rng = random.Random(seed)
        steps = 0
        while not st.over:
            seat = rng.choice(st.to_act)
            st.apply(seat, rng.choice(st.legal_actions(seat)), check=steps % 2 == 0)
            steps += 1
            assert kept_right(st), (seed, steps, ph.NAMES[st.phase])
            if steps % 37 == 0:
                assert kept_right(st.clone())
                assert kept_right(st.determinize(st.to_act[0], steps))
        assert st.to_act == () and st.winners()


def test_a_checked_action_sees_a_phase_set_by_hand():
    """Tests and tools may set ``phase`` and ``current`` themselves; a checked ``apply``
    reads the seat to move from them, not from what was kept before."""
    st = scenario(phase=ph.MAIN, current=0)
    st.current, st.phase = 2, ph.ROLL
    st.apply(2, st.legal_actions(2)[0])
    assert kept_right(st) and st.current == 2
