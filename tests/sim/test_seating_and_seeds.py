"""Seat specs (`--seats`) and the derivation of per-game seeds."""

from __future__ import annotations

import pytest

from settlers.bots import BotError
from settlers.sim import Job, parse_seats
from settlers.sim.seating import SeatSpec, SeatSpecError, rotated


def test_seats_with_budgets():
    specs = parse_seats("mcts:iterations=50:rollout_depth=4, random ,greedy")
    assert specs == (SeatSpec("mcts", (("iterations", "50"), ("rollout_depth", "4"))),
                     SeatSpec("random"), SeatSpec("greedy"))
    assert specs[0].label == "mcts:iterations=50:rollout_depth=4"
    assert specs[0].build(1).iterations == 50


@pytest.mark.parametrize(("text", "error", "words"), [
    ("mcts,,random", None, None),  # empty items between commas are ignored
    ("", SeatSpecError, "No seats given"),
    ("mcts:iterations", SeatSpecError, "is not key=value"),
    (":x=1", SeatSpecError, "empty seat"),
    ("mcts,chess_engine", BotError, "Unknown bot 'chess_engine'"),
    ("mcts:iterations=lots", BotError, "must be int"),
])
def test_bad_seats_are_refused_before_any_game(text, error, words):
    if error is None:
        assert [s.bot for s in parse_seats(text)] == ["mcts", "random"]
        return
    with pytest.raises(error) as info:
        parse_seats(text)
    assert words in info.value.message("en")
    assert info.value.message("ru") != info.value.message("en")


def test_rotation_gives_every_bot_every_seat():
    specs = parse_seats("mcts,greedy,random")
    seen = {rotated(specs, i, True)[0].bot for i in range(3)}
    assert seen == {"mcts", "greedy", "random"}
    assert rotated(specs, 5, False) == specs


def test_game_seeds_depend_only_on_master_seed_and_index():
    a = Job("sample", parse_seats("random,random"), games=10, seed=3)
    b = Job("sample", parse_seats("mcts,greedy"), games=99, seed=3, rotate=True)
    assert [a.game_seed(i) for i in range(10)] == [b.game_seed(i) for i in range(10)]
    assert len({a.game_seed(i) for i in range(10)}) == 10
    assert a.game_seed(0) != Job("sample", a.seats, 10, seed=4).game_seed(0)
    assert a.bot_seed(2, 0) != a.bot_seed(2, 1)


def test_chunks_cover_every_game_once():
    job = Job("sample", parse_seats("random,random"), games=23)
    assert sorted(i for chunk in job.chunks(5) for i in chunk) == list(range(23))
