"""What the engine keeps or settles by kind so that the cost of an action does not grow with the
game (issue 19) equals the computation from scratch, at every step of seeded random games."""

from __future__ import annotations

import random

import pytest

from settlers.games.founders import GAME
from settlers.games.founders.scoring import can_still_score, can_still_score_from_scratch


def seeded_states(players: int, seeds: range, *, every: int = 1):
    """Every ``every``-th state of seeded random games (events off, as in search)."""
    for seed in seeds:
        state = GAME.new_state(players, seed)
        state.record_events = False
        rng = random.Random(seed)
        step = 0
        while not state.over:
            if step % every == 0:
                yield state
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
            step += 1
        yield state


@pytest.mark.parametrize("players", [2, 4])
def test_can_still_score_by_kind_equals_tile_by_tile(players):
    # scoring.py: «никто больше не может заработать победных очков» (founders.ru.txt, the end
    # by agreement) — the tiles still to come are looked at by kind and remembered
    for state in seeded_states(players, range(200, 206)):
        for seat in range(players):
            assert can_still_score(state, seat) == can_still_score_from_scratch(state, seat), \
                (state.phase, seat)


def test_can_still_score_sees_each_kind_of_tile_to_come():
    # a state where no open prize fits the goods on the table: the answer rests on the tiles to
    # come; emptying the stacks, rows and draft one kind at a time moves it like the reference
    state = GAME.new_state(3, 11)
    rng = random.Random(11)
    while state.phase != "reveal" or len(state.log) < 40:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    for board in state.boards[1:]:
        board.hand_masters.clear()  # seat 0 keeps its masters: the village tiles count for it
    seen = set()
    for _ in range(120):
        for pile in (*state.stacks, *state.rows, state.prizes):
            if pile:
                pile.pop()
                break
        state.forget()
        for seat in range(3):
            answer = can_still_score(state, seat)
            assert answer == can_still_score_from_scratch(state, seat)
            seen.add(answer)
    assert seen == {True, False}
