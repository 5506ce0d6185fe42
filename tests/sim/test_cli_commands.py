"""`settlers simulate` and `settlers bench` through a Typer app built like the real one."""

from __future__ import annotations

import dataclasses
import json

import pytest
import typer
from typer.testing import CliRunner

from settlers.cli import bench as bench_cli
from settlers.cli import simulate as simulate_cli
from settlers.core.registry import register, unregister
from settlers.sim import read_rows


@pytest.fixture
def app():
    app = typer.Typer()
    simulate_cli.register(app)
    bench_cli.register(app)
    return app


def run(app, *args):
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_simulate_prints_win_rates_and_writes_rows(app, tmp_path):
    out = tmp_path / "r.jsonl"
    code, text = run(app, "simulate", "sample", "--seats", "greedy,random,random", "-n", "6",
                     "--seed", "3", "--workers", "2", "--rotate-seats", "--out", str(out),
                     "--keep-logs", "--option", "prizes=4", "--no-progress")
    assert code == 0, text
    assert "greedy" in text and "random" in text and "95% interval" in text
    assert "Game length" in text and "rotated" in text
    rows = read_rows(out)
    assert [r["index"] for r in rows] == list(range(6))
    assert all(r["options"]["prizes"] == 4 and r["log"] for r in rows)
    assert json.dumps(rows)  # plain JSON


def test_simulate_workers_do_not_change_the_file(app, tmp_path):
    for workers in ("1", "2"):
        code, text = run(app, "simulate", "sample", "--seats", "mcts:iterations=5,random",
                         "-n", "5", "--workers", workers, "--out",
                         str(tmp_path / f"w{workers}.jsonl"), "--no-progress")
        assert code == 0, text
    strip = [[{k: v for k, v in r.items() if k != "seconds"} for r in read_rows(p)]
             for p in (tmp_path / "w1.jsonl", tmp_path / "w2.jsonl")]
    assert strip[0] == strip[1]


@pytest.fixture
def bare_game(sample_game):
    """The sample game without its heuristic module: a game the heuristic bot cannot play."""
    game = register(dataclasses.replace(sample_game, id="bare", package=None))
    yield game
    unregister(game.id)


@pytest.mark.parametrize(("args", "words"), [
    (("sample", "--seats", "random,deep_blue"), "Unknown bot 'deep_blue'"),
    (("sample", "--seats", "random,random,random,random,random"), "played by 2 to 4 players"),
    (("bare", "--seats", "heuristic,random"), "cannot play Sealed bids"),   # (its name)
    (("chess", "--seats", "random,random"), "Unknown game 'chess'"),
    (("sample", "--seats", "random,random", "--option", "prizes=99"), "prizes"),
    (("sample", "--seats", "random,random", "--backend", "slurm"), "Unknown backend"),
    (("sample", "--seats", "random,random", "--out", "x.csv"), ".jsonl or .parquet"),
])
def test_simulate_refuses_bad_input_with_a_message(app, args, words, bare_game):
    code, text = run(app, "simulate", *args, "-n", "2", "--no-progress")
    assert code == 2
    assert words in text


def test_simulate_reports_failures_in_russian(app, monkeypatch):
    from settlers.core import set_language

    set_language("ru")
    code, text = run(app, "simulate", "sample", "--seats", "random,random", "-n", "2",
                     "--max-steps", "2", "--no-progress", "--workers", "1")
    assert code == 0
    assert "Сбойных партий: 2" in text and "зерно" in text


def test_bench_prints_both_tables(app, tmp_path):
    md = tmp_path / "bench.md"
    code, text = run(app, "bench", "sample", "--seconds", "0.2", "--bots", "random,mcts",
                     "--decisions", "5", "--markdown", str(md))
    assert code == 0, text
    assert "Random-playout throughput" in text and "Bot decision latency" in text
    written = md.read_text()
    assert "| Sealed bids |" in written and "| mcts |" in written and "cores" in written
