"""benchmarks/engine_kinds_cg.py: every action counted once in its tenth and kind, each listing
and applying called through its own C function, and the table read from the dumps."""

from __future__ import annotations

import gc
import itertools
import operator
from pathlib import Path

import pytest

import settlers
from settlers.testing.scripts import load_script as load_script_at

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script():
    return load_script_at(BENCH / "engine_kinds_cg.py", "engine_kinds_cg")


def test_every_action_is_counted_once_in_its_tenth_and_kind(monkeypatch):
    bench = load_script()
    marks = []
    monkeypatch.setattr(bench.os, "getppid", lambda: marks.append(1))
    step, tenths = bench.engine_tenths._step, bench.engine_tenths.play_tenths
    try:
        counts = bench.run("founders", range(0, 2), warm=1)
    finally:
        gc.enable()
        gc.unfreeze()
    assert len(marks) == 1 + bench.TENTHS
    # the driver's own functions are put back
    assert (bench.engine_tenths._step, bench.engine_tenths.play_tenths) == (step, tenths)
    game = settlers.load("founders")
    total = bench.engine_tenths._length(game, 0) + bench.engine_tenths._length(game, 1)
    assert sum(row["apply"] for row in counts) == total
    for row in counts:
        assert row["apply"] == sum(row[k] for k in bench.WRAPPERS)  # each listed once
    assert counts[0]["other"] > 0 and not any(row["other"] for row in counts[1:])
    assert all(row["reveal"] and row["main"] and row["place"] for row in counts[1:])


def test_each_kind_is_called_through_its_own_c_function(monkeypatch):
    bench = load_script()
    seen = []
    for name in ("starmap", "takewhile", "dropwhile", "filterfalse"):
        real = getattr(itertools, name)

        def spy(*args, _real=real, _name=name):
            seen.append(_name)
            return _real(*args)
        monkeypatch.setattr(bench.itertools, name, spy)
    for kind in bench.WRAPPERS:
        assert bench._through(kind, lambda a, b: (a, b), 1, 2) == (1, 2)
    assert seen == ["starmap", "takewhile", "dropwhile", "filterfalse"]
    assert bench.APPLY == "methodcaller_call" and operator.methodcaller


def test_report_divides_each_kinds_inclusive_cost_by_its_actions(tmp_path, monkeypatch):
    bench = load_script()
    counts = {"reveal": 2, "main": 4, "place": 2, "other": 0, "apply": 8}
    lines = ["actions 80"] + [
        f"tenth {t} " + " ".join(f"{k}={v}" for k, v in counts.items()) for t in range(1, 11)]
    (tmp_path / "actions.txt").write_text("\n".join(lines) + "\n")
    for i in range(1, 13):   # dump 1 (set-up), ten tenths, the exit dump
        (tmp_path / f"cg.7.{i}").write_text("")
    (tmp_path / "cg.7").write_text("")

    def inclusive(path):
        t = int(path.name.split(".")[-1]) - 1   # dump t + 1: tenth t
        found = {"reveal": 2 * 1000 * t, "main": 4 * 500, "place": 2 * 100, "apply": 8 * 50}
        return 8 * 2000 * t + 20_000, found

    monkeypatch.setattr(bench, "_inclusive", inclusive)
    table = bench.report(tmp_path)
    rows = {line.split("|")[1].strip(): line.split("|") for line in table.splitlines()[2:]}
    assert rows["reveal"][3].split() == [f"{t:.1f}" for t in range(1, 11)]
    assert rows["main"][3].split() == ["0.5"] * 10
    assert rows["place"][3].split() == ["0.1"] * 10
    assert rows["apply"][3].split() == ["0.1"] * 10   # 50 an action, shown in thousands
    assert rows["reveal"][2].split() == ["25%"] * 10
    assert rows["all"][3].split()[0] == "4.5" and rows["all"][4].strip() == f"{4.5 / 22.5:.3f}"
    with pytest.raises(SystemExit):
        (tmp_path / "cg.7.12").unlink()
        (tmp_path / "cg.7.11").unlink()
        bench.report(tmp_path)
