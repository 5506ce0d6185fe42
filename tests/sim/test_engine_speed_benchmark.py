"""benchmarks/engine_speed.py measures what it says: whole games, tenths that add up, the
memory of a clone, and MCTS iterations (a smoke run on one small game)."""

from __future__ import annotations

import gc
from pathlib import Path

import settlers
from settlers.testing.scripts import load_script as load_script_at

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_speed.py"


def load_script():
    return load_script_at(SCRIPT, "engine_speed")


def test_play_with_marks_replays_the_same_game_and_times_every_tenth():
    bench = load_script()
    game = settlers.load("founders")
    n, spans, middle = bench.play(game, 4, 3)
    assert spans == [] and middle is None
    marks = tuple(k * n // 10 for k in range(11))
    again, spans, middle = bench.play(game, 4, 3, marks)
    assert again == n  # a game is a function of its seed
    assert len(spans) == 10 and all(t >= 0 for t in spans)
    assert middle is None  # no clone unless one is wanted: its garbage would be timed
    _, spans_kept, middle = bench.play(game, 4, 3, marks, keep_middle=True)
    assert len(spans_kept) == 10
    assert middle is not None and not middle.over
    assert middle.version == marks[5]


def test_measure_reports_every_figure():
    bench = load_script()
    try:
        result = bench.measure("founders", 4, seconds=0.0, mcts_decisions=1, mcts_iterations=5)
    finally:
        gc.unfreeze()  # the benchmark freezes its heap between games, as a simulation worker
    assert result.games == 2 and result.players == 4
    assert result.actions > 0 and result.actions_per_s > 0
    assert len(result.decile_actions_per_s) == 10
    assert result.state_bytes > 0 and result.determinization_bytes > 0
    assert result.mcts_iterations in (0, 5)  # 0 only when the middle state had one choice
    table = bench.markdown([result])
    assert "| founders | 4 | 2 |" in table
