"""benchmarks/engine_kinds.py: every action of every game counted once in its tenth and kind,
and the slope split into what the mix does and what each kind's own cost does."""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest

import settlers
from settlers.sim.speed import play_out
from settlers.testing.scripts import load_script as load_script_at

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_kinds.py"


def load_script():
    return load_script_at(SCRIPT, "engine_kinds")


def game_length(game_id, seed):
    state = settlers.load(game_id).new_state(4, seed, {})
    state.record_events = False
    return play_out(state, random.Random(seed))


def test_every_action_is_counted_once_in_its_tenth():
    bench = load_script()
    try:
        split = bench.measure("founders", 4, 2)
    finally:
        gc.unfreeze()  # the benchmark freezes its heap between games, as a simulation worker
    assert split.games == 2
    counted = sum(c.count for tenth in split.by_tenth for c in tenth.values())
    assert counted == game_length("founders", 0) + game_length("founders", 1)
    assert all(tenth for tenth in split.by_tenth)  # every tenth holds actions
    assert ("draft", "draft_pick") in split.by_tenth[0]
    rows = split.rows()
    assert set(rows) == {"as played", "mix only", "cost only"}
    assert all(len(row) == 10 and min(row) > 0 for row in rows.values())
    assert "slowest/fastest" in bench.report(split, kinds=3)


def test_the_slope_is_split_into_the_mix_and_the_cost_of_each_kind():
    bench = load_script()
    split = bench.Split("x")
    cheap, dear = ("a", "cheap"), ("a", "dear")
    for d in range(10):
        tenth = split.by_tenth[d]
        # the mix moves from cheap to dear actions (10 - d and d of them); the dear kind also
        # gets dearer (4 + 0.4 d µs), the cheap one costs 2 µs throughout
        for _ in range(10 - d):
            tenth[cheap].add(1000, 1000, 1)
        for _ in range(d):
            tenth[dear].add(4000 + 400 * d, 0, 1)
    rows = split.rows()
    # as played: tenth 0 is all cheap actions (2 µs); the last, 1 cheap and 9 dear at 7.6 µs
    assert rows["as played"][0] == pytest.approx(2.0)
    assert rows["as played"][9] == pytest.approx((2 * 1 + 7.6 * 9) / 10)
    # the cheap kind never changes cost: with the mix held, only the dear kind's cost moves
    whole = split.whole()
    share = whole[dear].count / (whole[dear].count + whole[cheap].count)
    assert rows["cost only"][9] - rows["cost only"][1] == pytest.approx(share * (7.6 - 4.4))
    # with each kind at its whole-game cost, only the mix moves
    assert rows["mix only"][0] == pytest.approx(2.0)
    assert rows["mix only"][9] == pytest.approx((2 * 1 + whole[dear].ns / 1000 * 9) / 10)
    assert bench.slowest_over_fastest([2.0, 4.0, 3.0]) == 0.5
