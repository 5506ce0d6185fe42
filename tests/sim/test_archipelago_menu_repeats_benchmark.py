"""benchmarks/archipelago_menu_repeats.py: the round menu's parts counted without changing the
game, the engine put back after a run, and a build from the same inputs told from one whose
inputs changed."""

from __future__ import annotations

import random
from pathlib import Path

import settlers
from settlers.games.archipelago import cards, flow, harvest, pieces, wheel
from settlers.testing.scripts import load_script as load_script_at

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script():
    return load_script_at(BENCH / "archipelago_menu_repeats.py", "archipelago_menu_repeats")


def _engine():
    return (wheel.round_legal, flow.LEGAL_OF_STEP["round"], wheel.disc_actions,
            pieces.seat_units, pieces.SeatUnits.__init__, cards._Usable.__init__,
            cards.options, harvest._find_harvesters)


def _play(bench, game, seed, counts=None):
    state = game.new_state(4, seed, {})
    state.record_events = False
    rng = random.Random(seed)
    for _ in range(400):
        if state.over:
            break
        bench._step(state, rng)
    return state.digest()


def test_a_run_counts_round_menus_and_puts_the_engine_back():
    bench = load_script()
    before = _engine()
    counts = bench.run(range(0, 2), 8, warm=0)
    assert _engine() == before
    assert counts.actions > 0
    assert counts.calls["a whole first round menu"] > 0
    assert counts.bytecodes[bench.FIRST] > 0
    for label, calls in counts.calls.items():
        assert 0 <= counts.same[label] <= calls, label
    table = bench.report(counts)
    assert "| SeatUnits built |" in table and "| card menu |" in table


def test_the_games_are_the_same_with_the_counters_on():
    bench = load_script()
    game = settlers.load("archipelago")
    plain = _play(bench, game, 3)
    counts = bench.Counts()
    counts.active = True
    with bench.measuring(counts):
        counted = _play(bench, game, 3)
    assert counted == plain
    assert counts.calls["a whole first round menu"] > 0


def test_a_build_from_changed_inputs_is_no_repeat():
    bench = load_script()
    game = settlers.load("archipelago")
    state = game.new_state(4, 5, {})
    rng = random.Random(5)
    while state.step != "round" or not any(u[0] == state.actor and u[2] >= 0
                                             for u in state.units):
        bench._step(state, rng)
    seat = state.actor
    counts = bench.Counts()
    counts.active = True
    with bench.measuring(counts):
        pieces.SeatUnits(state, seat)
        pieces.SeatUnits(state, seat)   # the same inputs: a repeat
        mine = next(i for i, u in enumerate(state.units) if u[0] == seat and u[2] >= 0)
        state.units[mine][4] = not state.units[mine][4]   # one of its units engaged or freed
        pieces.SeatUnits(state, seat)
    assert counts.calls["SeatUnits built"] == 3
    assert counts.same["SeatUnits built"] == 1
