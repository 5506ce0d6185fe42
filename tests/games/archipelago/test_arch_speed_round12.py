"""What the twelfth round of issue-19 work keeps instead of working it out at every read:

* ``to_act`` and ``over`` are plain attributes of the state, kept by ``apply`` (and by
  ``setup``, ``flow.end``, a determinization, a checked ``apply`` before its check), no longer
  properties: at every step of seeded games, in clones and in determinizations, they are what
  the step, the actor and the phase say (``flow.to_act``, ``phase == "over"``);
* ``apply`` carries the rules step out inline; the contract's ``_apply`` is that step alone —
  the same position, with no entry in the log and the version not counted;
* the menus are kept by seat (the cache holds one position): every seat but the actor is
  answered ``[]`` and no seat of the table is refused, whatever menu is kept.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from arch_scenario import SPEED_CASES, new_game

from settlers.core import IllegalAction
from settlers.games.archipelago import flow
from settlers.games.archipelago.actions import ACTION_CLASSES
from settlers.games.archipelago.protocol import _HOW, ArchipelagoGame

CASES = SPEED_CASES


def kept_right(state: ArchipelagoGame) -> None:
    assert state.to_act == flow.to_act(state), (state.version, state.step, state.phase)
    assert state.over == (state.phase == "over"), (state.version, state.phase)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_who_acts_and_the_end_are_kept_right_through_seeded_games(
        players: int, seed: int, options: dict[str, Any]) -> None:
    state = new_game(players, seed, **options)
    rng = random.Random(seed)
    steps = 0
    while True:
        kept_right(state)
        if state.over:
            break
        if steps % 40 == 17:
            seat = state.to_act[0]
            kept_right(state.clone())
            kept_right(state.determinize(seat, steps))
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=steps % 3 == 0)
        steps += 1
    assert state.to_act == () and steps > 100
    kept_right(state.clone())


def test_a_checked_apply_reads_who_acts_afresh_after_a_hand_made_change() -> None:
    """A caller that sets the step or the actor itself (a test, a tool) and then applies with
    the check: the check goes by the position, not by the kept ``to_act``."""
    state = new_game(3, 2)
    seat = state.to_act[0]
    other = (seat + 1) % 3
    action = state.legal_actions(seat)[0]
    state.actor = other           # by hand: the kept to_act still says ``seat``
    state._cache = {}
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.to_act == (other,)


@pytest.mark.parametrize(("players", "seed", "options"), CASES[:3])
def test_the_contracts_apply_is_the_rules_step_without_the_log(
        players: int, seed: int, options: dict[str, Any]) -> None:
    state = new_game(players, seed, **options)
    rng = random.Random(seed)
    for step in range(400):
        if state.over:
            break
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        if step % 9 == 0:
            alone, logged = state.clone(), state.clone()
            alone._apply(seat, action)
            logged.apply(seat, action)
            assert alone.full_state() == logged.full_state()
            assert alone.rng.getstate() == logged.rng.getstate()
            assert (alone.version, len(alone.log)) == (state.version, len(state.log))
            assert (logged.version, len(logged.log)) == (state.version + 1, len(state.log) + 1)
            assert (alone.to_act, alone.over) == (logged.to_act, logged.over)
            for s in logged.to_act:
                assert alone.legal_actions(s) == logged.legal_actions(s)
        state.apply(seat, action, check=False)


def test_menus_by_seat_answer_only_the_actor_and_refuse_no_seat() -> None:
    state = new_game(4, 1)
    rng = random.Random(1)
    for _ in range(300):
        if state.over:
            break
        actor_menus = {seat: state.legal_actions(seat) for seat in state.to_act}
        assert all(actor_menus.values())
        for seat in range(4):
            if seat not in state.to_act:
                assert state.legal_actions(seat) == []
        for bad in (-1, 4, 99, 0.0, True):
            with pytest.raises(IllegalAction):
                state.legal_actions(bad)  # type: ignore[arg-type]
        seat = rng.choice(state.to_act)
        # the kept menu itself, handed back as it is (round 16: callers never change it)
        assert state.legal_actions(seat) is actor_menus[seat]
        state.apply(seat, rng.choice(actor_menus[seat]), check=False)


def test_every_kind_has_its_row_in_the_dispatch_table() -> None:
    assert set(_HOW) == {cls.kind for cls in ACTION_CLASSES}
    for kind, (_keeps, at_any_step) in _HOW.items():
        assert at_any_step is flow.AT_ANY_STEP.get(kind)
