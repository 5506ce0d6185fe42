"""benchmarks/latency.py: `--levels-only` measures the difficulty levels again and keeps every
other row of latency.json; the table shows mean, median, p99 and max."""

from __future__ import annotations

import json
from pathlib import Path

from settlers.sim.bench import Latency
from settlers.testing.scripts import load_script as load_script_at

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "latency.py"


def load_script():
    return load_script_at(SCRIPT, "latency_bench")


def row(game: str, bot: str, budget: str, mean: float) -> Latency:
    return Latency(game, bot, budget, 4, 10, mean, mean * 2, mean, mean * 3)


def test_merged_replaces_rows_measured_again_and_adds_new_ones_after_their_game():
    bench = load_script()
    kept = [row("a", "random", "default", 1.0), row("a", "greedy", "samples=1", 2.0),
            row("b", "random", "default", 3.0)]
    fresh = [row("a", "greedy", "samples=1", 20.0), row("a", "search", "iterations=8", 50.0)]
    out = bench.merged(kept, fresh)
    assert [(r.game, r.bot, r.mean_ms) for r in out] == [
        ("a", "random", 1.0), ("a", "greedy", 20.0), ("a", "search", 50.0), ("b", "random", 3.0)]


def test_levels_only_keeps_the_other_rows(tmp_path):
    bench = load_script()
    old = row("catan", "mcts", "default", 40.0)
    (tmp_path / "latency.json").write_text(json.dumps([old.to_json()]), encoding="utf-8")
    (tmp_path / "latency.md").write_text("table\n\nCommand: `latency.py --earlier`\n",
                                         encoding="utf-8")
    assert bench.main(["--levels-only", "--games", "sample", "--decisions", "3",
                       "--seconds", "5", "--out", str(tmp_path)]) == 0
    rows = json.loads((tmp_path / "latency.json").read_text(encoding="utf-8"))
    assert rows[0] == old.to_json()
    assert {r["game"] for r in rows[1:]} == {"sample"} and len(rows) == 4  # three levels
    table = (tmp_path / "latency.md").read_text(encoding="utf-8")
    assert "| Mean, ms | Median, ms | p99, ms | Max, ms |" in table
    assert "The other rows: `latency.py --earlier`" in table  # the kept rows keep their command
    # measured again: the levels' new command, the other rows' command once (not nested)
    assert bench.main(["--levels-only", "--games", "sample", "--decisions", "3",
                       "--seconds", "5", "--out", str(tmp_path)]) == 0
    footer = (tmp_path / "latency.md").read_text(encoding="utf-8").rsplit("Command: ", 1)[1]
    assert footer.count("The other rows:") == 1 and footer.endswith(
        "The other rows: `latency.py --earlier`\n")
