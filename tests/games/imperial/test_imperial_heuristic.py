"""The Imperial heuristic bot (heuristic.make_bot): legal, blind to hidden information, and
stronger than random play."""

import random

import pytest

import settlers.bots as bots
from settlers.games.imperial import GAME
from settlers.games.imperial.heuristic import evaluate, make_bot


def _play(seats, players, seed):
    st = GAME.new_state(players=players, seed=seed)
    while not st.over:
        seat = st.to_act[0]
        st.apply(seat, seats[seat].act(st, seat))     # checked: every answer is legal
    return st


def test_make_bot_takes_no_budget():
    with pytest.raises(TypeError):
        make_bot(seed=1, iterations=3)


@pytest.mark.parametrize("players", [1, 3])
def test_heuristic_plays_whole_games_legally(players):
    st = _play([make_bot(seed=s) for s in range(players)], players, seed=players)
    assert st.over and st.scores()


def test_heuristic_does_not_read_hidden_information():
    """Twin states that differ only in what the seat cannot see get the same answer."""
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        st = GAME.new_state(players=3, seed=seed)
        for _ in range(rng.randrange(20, 120)):
            if st.over:
                break
            seat = st.to_act[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        if st.over:
            continue
        seat = st.to_act[0]
        twin = st.determinize(seat, 99)
        assert twin.view(seat) == st.view(seat)
        assert make_bot(seed=3).act(st, seat) == make_bot(seed=3).act(twin, seat)
        checked += 1
    assert checked >= 4


def test_heuristic_beats_random_players():
    wins = 0
    for g in range(8):
        me = g % 2
        seats = [bots.make("random", seed=g * 2 + s) for s in range(2)]
        seats[me] = make_bot(seed=g)
        st = _play(seats, 2, seed=300 + g)
        wins += me in st.winners()
    assert wins >= 7


def test_evaluate_prefers_points():
    st = GAME.new_state(players=2, seed=1)
    before = evaluate(st, 0)
    st.vp[0] += 3
    assert evaluate(st, 0) == pytest.approx(before + 3)
