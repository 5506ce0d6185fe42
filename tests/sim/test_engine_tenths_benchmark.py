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
