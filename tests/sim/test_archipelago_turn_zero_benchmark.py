"""benchmarks/archipelago_turn_zero.py: every action of the counted games timed once, in the
group engine_speed.py's tenths put it (turn 0 apart), and the warm-up leaving them unchanged."""

from __future__ import annotations

import random
from pathlib import Path

import settlers
from settlers.testing.scripts import load_script as load_script_at

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script():
    return load_script_at(BENCH / "archipelago_turn_zero.py", "archipelago_turn_zero")


def _turn_zero_and_length(seed: int) -> tuple[int, int]:
    """(actions taken while the turn is 0, all actions) of the seeded game, played apart."""
    game = settlers.load("archipelago")
    state = game.new_state(4, seed, {})
    state.record_events = False
    rng = random.Random(seed)
    zero = n = 0
    while not state.over:
        zero += state.turn == 0
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        n += 1
    return zero, n


def test_the_tenths_are_engine_speeds():
    bench = load_script()
    for n in (10, 31, 397):
        marks = [k * n // 10 for k in range(11)]   # engine_speed.py's marks
        for i in range(n):
            want = next(d for d in range(1, 11) if marks[d - 1] <= i < marks[d])
            got = bench.group_of(i, n, False)
            assert got == ("tenth 1, rest" if want == 1 else f"tenth {want}"), (n, i)
        assert bench.group_of(0, n, True) == "turn 0"


def test_every_counted_action_once_and_turn_zero_apart():
    bench = load_script()
    spent = bench.measure(3, skip=1)
    counted = [_turn_zero_and_length(seed) for seed in (1, 2)]
    assert len(spent["turn 0"]) == sum(z for z, _ in counted)
    assert sum(len(v) for v in spent.values()) == sum(n for _, n in counted)
    assert all(t >= 0 for v in spent.values() for t in v)
    # the later tenths hold what engine_speed.py's tenths 2–10 hold
    for d in range(2, 11):
        assert len(spent[f"tenth {d}"]) == sum(d * n // 10 - (d - 1) * n // 10
                                               for _, n in counted)
    text = bench.table(spent)
    assert text.count("\n| ") == len(bench.GROUPS)
    assert "| turn 0 | " in text and "| tenth 10 | " in text


def test_warming_turn_zero_leaves_the_measured_games_alone():
    bench = load_script()
    plain = bench.measure(2)
    warmed = bench.measure(2, warm_turn_zero=True)
    assert {g: len(v) for g, v in plain.items()} == {g: len(v) for g, v in warmed.items()}
