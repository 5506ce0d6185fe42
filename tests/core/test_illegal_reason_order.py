"""``illegal_reason`` asked directly answers as ``check`` raises (docs/protocol.md, «Rules of the
contract»): a seat with no decision now is told so by the core, in every game, whatever the
game's own rules would say of the action — before this, Landnám answered None (legal) for
actions of the seat to act asked of a seat that was not (1,691 of 11,593 probes)."""

import random

import pytest

from settlers.core import IllegalAction, game_ids, load


def _played(game_id: str, seed: int, steps: int):
    state = load(game_id).new_state(4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_a_seat_not_to_act_is_told_so_by_illegal_reason_and_check(game_id):
    probes = 0
    for seed in range(3):
        for steps in (0, 7, 40, 120):
            state = _played(game_id, seed, steps)
            if state.over:
                continue
            acting = state.to_act
            menu = state.legal_actions(acting[0])[:4]
            for other in (s for s in range(4) if s not in acting):
                for action in menu:
                    probes += 1
                    reason = state.illegal_reason(other, action)
                    assert reason is not None and reason.key == "core.not_your_turn", (
                        game_id, seed, steps, other, action)
                    with pytest.raises(IllegalAction) as raised:
                        state.check(other, action)
                    assert raised.value.key == reason.key
            for action in menu:   # the seat to act is unchanged
                assert state.illegal_reason(acting[0], action) is None
    assert probes > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_a_finished_game_refuses_every_action_as_over(game_id):
    state = load(game_id).new_state(4, 11)
    rng = random.Random(11)
    last = None
    while not state.over:
        seat = state.to_act[0]
        last = rng.choice(state.legal_actions(seat))
        state.apply(seat, last, check=False)
    for seat in range(4):
        reason = state.illegal_reason(seat, last)
        assert reason is not None and reason.key == "core.game_over"
