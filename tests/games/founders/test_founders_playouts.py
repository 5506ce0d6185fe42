"""Seeded random playouts: tiles and tokens are conserved, scores are recomputed from the
state, replay equals the live game; bots can play a whole game."""

from __future__ import annotations

import os
import random

import pytest

from settlers.core.invariants import invariant_problems
from settlers.games.founders import GAME, can_still_score
from settlers.games.founders.attaching import attach_options, fitting

LONG = os.environ.get("SETTLERS_LONG") == "1"


def check_fitting_agrees(state) -> None:
    """The early-exit summary used for menus agrees with the full lists of cells."""
    normal, replace = attach_options(state)
    fit_normal, fit_replace = fitting(state)
    assert fit_normal == {t for t, cells in normal.items() if cells}
    assert fit_replace == {t for t, cells in replace.items() if cells and t not in fit_normal}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_the_invariants(players):
    games = 40 if LONG else 4
    for seed in range(games):
        state = GAME.new_state(players, seed)
        rng = random.Random(seed)
        while not state.over:
            assert invariant_problems(state, scores=True) == []
            if state.phase == "main":
                check_fitting_agrees(state)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert invariant_problems(state) == []
        assert state.ended_by in ("prizes", "stacks", "agreement")
        assert state.winners()
        assert all(not b.coin for b in state.boards)  # collected before scoring
        assert GAME.replay(players, seed, {}, state.log) == state


def test_greedy_bots_play_a_whole_game():
    from settlers.bots import make

    state = GAME.new_state(2, 7)
    bots = [make("greedy", seed=s, samples=1) for s in range(2)]
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if legal[0].kind == "answer_end":
            action = legal[0] if not can_still_score(state, seat) else legal[1]
        else:
            action = bots[seat].act(state, seat)
        state.apply(seat, action)
    assert state.over and max(state.scores()) > 0


def test_evaluate_prefers_taking_a_prize():
    state = GAME.new_state(2, 1)
    while state.phase in ("draft", "found"):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    seat = state.current
    base = state.evaluate(seat)
    state.phase = "place"
    state.chosen = state.prizes[0]
    state._cache = {}
    assert state.evaluate(seat) > base


def test_founders_bot_agrees_only_when_it_cannot_score():
    from founders_scenario import blank, put

    from settlers.games.founders.actions import AnswerEnd, ProposeEnd
    from settlers.games.founders.heuristic import make_bot as make

    state = blank()
    put(state, 0, "forest", 0, 0)
    put(state, 1, "lake", 0, 0)
    state.prize_box.extend(state.prizes)
    state.prizes.clear()
    for pile in [*state.stacks, *state.rows]:
        state.box.extend(pile)
        pile.clear()
    state.stacks[0].append(state.box.pop())  # something left to reveal
    state._cache = {}
    state.apply(0, ProposeEnd())
    assert make(1).act(state, 1) == AnswerEnd(True)
    state.boards[1].hand_masters = [2]
    put(state, 1, "winery", 1, 0)  # the vine-grower can still be placed: it will be, after
    state._cache = {}              # the agreement (L139 «надо дать возможность их разыграть»)
    assert make(1).act(state, 1) == AnswerEnd(True)
    state.apply(1, AnswerEnd(True))
    assert state.phase == "final_masters" and state.to_act == (1,)
    assert "play_master" in {a.kind for a in state.legal_actions(1)}


@pytest.mark.parametrize("players", [2, 4])
def test_tiles_in_a_state_never_move(players):
    """«Нельзя переставлять квадраты в своём государстве» (founders-of-empire.ru.txt L120) and
    «Присоединённый квадрат остаётся на своём месте» (L121): through whole random games a tile
    once laid stays on its cell until it is replaced, and then lies face down (L114)."""
    for seed in range(3):
        state = GAME.new_state(players, seed)
        rng = random.Random(seed)
        while not state.over:
            before = [dict(b.cells) for b in state.boards]
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            for old, board in zip(before, state.boards, strict=True):
                for cell, tile in old.items():
                    assert board.cells[cell] == tile or tile in board.face_down
                    assert list(board.cells.values()).count(tile) <= 1
