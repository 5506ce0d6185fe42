"""settlers.sim.speed, the pieces the speed benchmarks share: seeded games, random steps that
keep the seeded sequence, and actions per CPU second by tenth of each game."""

from __future__ import annotations

import random

import pytest

import settlers
from settlers.sim.speed import (
    DecileTally,
    first_seat,
    lengths_apart,
    play_out,
    playout_rate,
    ratio,
    seeded_games,
)


def test_seeded_games_start_each_seed_with_its_own_move_rng():
    made = list(seeded_games(lambda k: f"game {k}", 7, count=3))
    assert [state for state, _ in made] == ["game 7", "game 8", "game 9"]
    assert [rng.random() for _, rng in made] == [random.Random(k).random() for k in (7, 8, 9)]


def test_a_cpu_budget_still_plays_the_first_game():
    assert len(list(seeded_games(lambda k: k, 0, seconds=0.0))) == 1


def test_play_out_is_the_seeded_uniform_game_and_stops_at_a_limit():
    game = settlers.load("founders")
    state = game.new_state(2, 5)
    steps = play_out(state, random.Random(5), first_seat)
    assert state.over and steps == state.version
    again = game.new_state(2, 5)
    rng = random.Random(5)
    while not again.over:  # the same rule written out: the first seat, a uniform action
        seat = again.to_act[0]
        legal = again.legal_actions(seat)
        again.apply(seat, legal[rng.randrange(len(legal))])
    assert again.log == state.log
    cut = game.new_state(2, 5)
    assert play_out(cut, random.Random(5), first_seat, limit=10) == 10 and cut.version == 10


def test_playout_rate_counts_whole_games_and_their_actions():
    game = settlers.load("founders")
    games, actions, seconds = playout_rate(lambda k: game.new_state(2, k), 0, 0.0, first_seat)
    assert games == 1 and seconds >= 0
    assert actions == play_out(game.new_state(2, 0), random.Random(0), first_seat)


def test_decile_tally_puts_each_action_in_the_tenth_of_its_game():
    tally = DecileTally()
    tally.add([1] * 20)               # 20 actions of 1 ns: two in every tenth
    tally.add([3] * 10)               # 10 actions of 3 ns: one in every tenth
    assert tally.count == [3] * 10 and tally.spent == [5] * 10 and tally.games == 2
    assert tally.rates() == [pytest.approx(1e9 * 3 / 5)] * 10
    assert DecileTally().rates() == [0.0] * 10 and DecileTally().row() == " ".join("-" * 10)


def test_decile_tally_plays_a_game_to_its_end():
    tally = DecileTally()
    state = settlers.load("founders").new_state(2, 1)
    steps = tally.play(state, random.Random(1), first_seat)
    assert state.over and sum(tally.count) == steps == state.version


def test_ratio_is_zero_without_a_whole():
    assert ratio(3, 2) == 1.5 and ratio(3, 0) == 0.0


WARMED: dict[int, int] = {}


def _length_warming(seed: int) -> int:
    WARMED[seed] = seed  # a memo table the engine would keep for the process
    return 10 * seed


def test_lengths_apart_are_worked_out_in_a_child_that_warms_nothing_here():
    WARMED.clear()
    assert lengths_apart(_length_warming, [1, 2, 3]) == [10, 20, 30]
    assert WARMED == {}  # the child's tables left with it
    game = settlers.load("founders")

    def length(seed: int) -> int:
        state = game.new_state(4, seed, {})
        return play_out(state, random.Random(seed))

    assert lengths_apart(length, range(2)) == [length(0), length(1)]


def _length_failing(seed: int) -> int:
    raise ValueError(f"no game {seed}")


def test_a_child_that_fails_is_an_error_not_a_length():
    with pytest.raises(RuntimeError, match="lengths failed"):
        lengths_apart(_length_failing, [4])
