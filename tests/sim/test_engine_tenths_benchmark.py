"""benchmarks/engine_tenths.py marks every tenth once and reads one callgrind dump per tenth."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

import settlers
from settlers.testing.scripts import load_script as load_script_at

TENTHS_SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_tenths.py"


def load_script():
    return load_script_at(TENTHS_SCRIPT, "engine_tenths")


def test_play_marks_the_setup_and_every_tenth_and_plays_each_game_through(monkeypatch):
    bench = load_script()
    marks = []
    monkeypatch.setattr(bench.os, "getppid", lambda: marks.append(1))
    was_enabled = gc.isenabled()
    try:
        total = bench.play("founders", range(0, 2), collector=True, warm=1)
        assert gc.isenabled() == was_enabled   # --gc on leaves the collector alone
    finally:
        gc.enable() if was_enabled else gc.disable()
    assert len(marks) == 1 + bench.TENTHS
    game = settlers.load("founders")
    assert total == bench._length(game, 0) + bench._length(game, 1)


def test_report_divides_each_tenths_dump_by_its_actions(tmp_path):
    bench = load_script()
    # dump 1 (set-up), ten tenths of 1,000 instructions per action, the exit dump
    totals = [999_999] + [1_000 * 10 * (k + 1) for k in range(10)] + [5]
    for i, total in enumerate(totals, start=1):
        (tmp_path / f"cg.123.{i}").write_text(f"events: Ir\nsummary: {total}\n")
    (tmp_path / "cg.123").write_text("events: Ir\nsummary: 7\n")
    # the forked child that worked out the lengths leaves one file of its own: not counted
    (tmp_path / "cg.99").write_text("events: Ir\nsummary: 123456789\n")
    (tmp_path / "actions.txt").write_text("actions 100\n")
    row = bench.report(tmp_path)
    cells = [c.strip() for c in row.split("|")[1:-1]]
    assert cells[:10] == [f"{k + 1}.0k" for k in range(10)]
    assert cells[11] == "0.100"


def test_report_refuses_an_incomplete_run(tmp_path):
    bench = load_script()
    (tmp_path / "cg.1").write_text("summary: 5\n")
    (tmp_path / "actions.txt").write_text("actions 10\n")
    with pytest.raises(SystemExit, match="not a complete run"):
        bench.report(tmp_path)


def test_in_turn_plays_each_game_through_with_eleven_marks_and_the_long_runs_collector(
        monkeypatch):
    bench = load_script()
    marks = []
    monkeypatch.setattr(bench.os, "getppid", lambda: marks.append(1))
    ended = []

    class Counting:
        def game_over(self):
            ended.append(len(marks))
            return False

    monkeypatch.setattr(bench, "LongRun", Counting)
    was_enabled = gc.isenabled()
    try:
        lengths = bench.play("founders", range(0, 2), collector=True, warm=1, in_turn=True)
        assert gc.isenabled() == was_enabled
    finally:
        gc.enable() if was_enabled else gc.disable()
    game = settlers.load("founders")
    assert lengths == [bench._length(game, 0), bench._length(game, 1)]
    assert len(marks) == 2 * (1 + bench.TENTHS)
    # after the warm-up game (no mark yet) and after each measured game's last tenth
    assert ended == [0, 1 + bench.TENTHS, 2 * (1 + bench.TENTHS)]


def test_report_adds_each_games_tenths_up_in_turn(tmp_path):
    bench = load_script()
    lengths = [10, 30]   # a game of 10 actions (1 a tenth) and one of 30 (3 a tenth)
    totals = [777]   # dump 1: up to game 0's set-up mark
    for g, length in enumerate(lengths):
        # tenth d costs (d + 1) * 1,000 instructions per action in both games, then the
        # next game's set-up (or nothing: the exit dump follows)
        totals += [(d + 1) * 1_000 * (length // 10) for d in range(10)]
        if g + 1 < len(lengths):
            totals.append(888_888)
    for i, total in enumerate(totals, start=1):
        (tmp_path / f"cg.5.{i}").write_text(f"events: Ir DLmr\nsummary: {total} {i}\n")
    (tmp_path / "cg.5").write_text("events: Ir DLmr\nsummary: 7 0\n")
    (tmp_path / "actions.txt").write_text("actions 40\nlengths 10 30\n")
    cells = [c.strip() for c in bench.report(tmp_path).split("|")[1:-1]]
    assert cells[:10] == [f"{d + 1}.0k" for d in range(10)]
    assert cells[10] == "5,500"   # (1 + … + 10) / 10 thousand
    assert cells[11] == "0.100"
    misses = [c.strip() for c in bench.report(tmp_path, "DLmr").split("|")[1:-1]]
    # tenth d: dumps 2 + d (game 0, 1 action) and 13 + d (game 1, 3 actions)
    assert misses[:10] == [f"{(2 + d + 13 + d) / 4:.2f}" for d in range(10)]
    with pytest.raises(SystemExit, match="no event Bcm"):
        bench.report(tmp_path, "Bcm")


def test_report_in_turn_refuses_an_incomplete_run(tmp_path):
    bench = load_script()
    for i in range(1, 12):   # one game's dumps of two
        (tmp_path / f"cg.5.{i}").write_text("summary: 5\n")
    (tmp_path / "cg.5").write_text("summary: 5\n")
    (tmp_path / "actions.txt").write_text("actions 40\nlengths 10 30\n")
    with pytest.raises(SystemExit, match="not a complete run"):
        bench.report(tmp_path)
