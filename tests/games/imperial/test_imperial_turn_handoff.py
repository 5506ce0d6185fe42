"""The fifteenth pass's turn handoff (issue 19): ``rounds.advance`` hands the turn on itself
(``next_turn`` inlined: it ran at every turn's end, more often late in a round when most seats
have passed). Here: ``advance`` no longer calls ``next_turn``, and at every turn's end of
seeded games the turn goes to the first seat clockwise that has not passed — or, with every
seat passed, the round's actions end — as a plain recomputation says."""

import random

import pytest

from settlers.games.imperial import GAME, rounds

# the actions that do not use up the turn («в любой момент своего хода»)
FREE = {"place_defence", "place_samurai", "put_under_gate", "put_on_shrine"}


def test_advance_does_not_call_next_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(st):
        raise AssertionError("next_turn called")

    monkeypatch.setattr(rounds, "next_turn", refuse)
    st = GAME.new_state(players=3, seed=5)
    rng = random.Random(5)
    turns = 0
    while not st.over:
        seat = rng.choice(st.to_act)
        before = (st.phase, st.turn)
        st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)
        turns += before[0] == "actions" and (st.phase, st.turn) != before
    assert turns > 40


def _next_by_definition(turn: int, passed: list[bool]) -> int | None:
    n = len(passed)
    for k in range(1, n + 1):
        seat = (turn + k) % n
        if not passed[seat]:
            return seat
    return None


def test_turn_goes_to_the_next_seat_that_has_not_passed() -> None:
    handed = back = 0
    for game in range(12):
        players = 1 + game % 4
        st = GAME.new_state(players=players, seed=1600 + game)
        rng = random.Random(game)
        while not st.over:
            seat = rng.choice(st.to_act)
            acting = st.phase == "actions" and not st.pending
            turn, acted = st.turn, st.acted
            action = rng.choice(st.legal_actions(seat))
            st.apply(seat, action, check=False)
            if not acting or st.pending or st.phase != "actions" or st.acted:
                continue   # a question, the turn going on, or the round's actions over
            if action.kind in FREE and not acted:
                continue   # a free action before the main one: the turn goes on
            assert st.turn == _next_by_definition(turn, st.passed), (game, turn, st.passed)
            handed += 1
            back += st.turn == turn
    assert handed > 500 and back > 20, (handed, back)
