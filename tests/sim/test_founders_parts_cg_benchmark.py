"""benchmarks/founders_parts_cg.py: each measured engine function called through its own C
iterator (and its answer handed back), the engine put back as it was after a run, and the
table read from the dumps."""

from __future__ import annotations

import gc
import itertools
from pathlib import Path

import pytest

import settlers
from settlers.games.founders import placement, tokens, turn
from settlers.testing.scripts import load_script as load_script_at

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script():
    return load_script_at(BENCH / "founders_parts_cg.py", "founders_parts_cg")


def test_each_part_is_called_through_its_own_c_iterator_and_answers_as_itself(monkeypatch):
    bench = load_script()
    names = {name for parts in bench.PARTS.values() for name in parts.values()}
    for name in sorted(names):
        seen = []
        real = getattr(itertools, name.removesuffix("_next"))

        def spy(*args, _real=real, _seen=seen):
            _seen.append(1)
            return _real(*args)
        monkeypatch.setattr(bench.itertools, name.removesuffix("_next"), spy)
        assert bench.through(name, lambda a, b: [a, b])(1, 2) == [1, 2]
        assert bench.through(name, lambda: None)() is None
        assert seen == [1, 1], name


@pytest.mark.parametrize("parts", ["menus", "first-met"])
def test_a_run_plays_the_games_through_the_wrappers_and_puts_the_engine_back(parts,
                                                                             monkeypatch):
    bench = load_script()
    before = (turn.token_actions, turn.place_cells, turn.choosable, turn.may_propose_end,
              placement.PlacementIndex.update, placement._settler,
              tokens._CoinPieces.__missing__)
    calls = []
    for name in ("starmap", "filterfalse", "takewhile", "accumulate", "groupby"):
        real = getattr(itertools, name)

        def spy(*args, _real=real, _name=name):
            calls.append(_name)
            return _real(*args)
        monkeypatch.setattr(bench.itertools, name, spy)
    monkeypatch.setattr(bench.engine_tenths.os, "getppid", lambda: 0)
    try:
        actions = bench.run(range(0, 2), 1, parts, parts == "menus")
    finally:
        gc.enable()
        gc.unfreeze()
    game = settlers.load("founders")
    assert actions == bench.engine_tenths._length(game, 0) + bench.engine_tenths._length(game, 1)
    wanted = {"menus": {"starmap", "filterfalse", "takewhile", "accumulate", "groupby"},
              "first-met": {"filterfalse"}}[parts]   # (coin pieces are met in the warm-up)
    assert wanted <= set(calls)
    assert (turn.token_actions, turn.place_cells, turn.choosable, turn.may_propose_end,
            placement.PlacementIndex.update, placement._settler,
            tokens._CoinPieces.__missing__) == before


def test_report_divides_each_parts_inclusive_cost_by_the_tenths_actions(tmp_path, monkeypatch):
    bench = load_script()
    (tmp_path / "actions.txt").write_text("actions 200\n")
    for i in range(1, 13):   # dump 1 (set-up), ten tenths, the exit dump
        (tmp_path / f"cg.7.{i}").write_text("")
    (tmp_path / "cg.7").write_text("")

    def inclusive(path, wanted):
        t = int(path.name.split(".")[-1]) - 1   # dump t + 1: tenth t
        return {"starmap_next": 20 * 1000 * t, "takewhile_next": 20 * 500}

    monkeypatch.setattr(bench, "_inclusive", inclusive)
    table = bench.report(tmp_path, "menus")
    rows = {line.split("|")[1].strip(): line.split("|")[2].split()
            for line in table.splitlines()[2:]}
    assert rows["token_actions"] == [f"{t:.1f}" for t in range(1, 11)]
    assert rows["update"] == ["0.5"] * 10
    assert rows["place_cells"] == ["0.0"] * 10
    assert rows["the whole run"] == ["0.0"] * 10   # (the fake dumps count nothing)
    # the update runs inside the other parts unless they were measured with the updates first:
    # no rest then
    assert "the rest (the run less its parts)" not in rows

    def total(path, event):
        assert event == "Ir"
        return 20 * 3000 * (int(path.name.split(".")[-1]) - 1)   # dump t + 1: 3k per action × t

    monkeypatch.setattr(bench.engine_tenths, "_total", total)
    (tmp_path / "actions.txt").write_text("actions 200\nupdates-first\n")
    rows = {line.split("|")[1].strip(): line.split("|")[2].split()
            for line in bench.report(tmp_path, "menus").splitlines()[2:]}
    assert rows["the whole run"] == [f"{3 * t:.1f}" for t in range(1, 11)]
    # 3k·t less the token menus' 1k·t and the updates' 0.5k
    assert rows["the rest (the run less its parts)"] == [f"{2 * t - 0.5:.1f}"
                                                          for t in range(1, 11)]
    with pytest.raises(SystemExit):
        (tmp_path / "cg.7.12").unlink()
        (tmp_path / "cg.7.11").unlink()
        bench.report(tmp_path, "menus")
