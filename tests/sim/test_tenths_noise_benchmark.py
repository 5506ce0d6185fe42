"""benchmarks/tenths_noise.py: an --in-turn run's dumps read per game and tenth, and the flat
null and bootstrap told apart from the observed slowest / fastest tenth."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from settlers.testing.scripts import load_script as load_script_at

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script():
    return load_script_at(BENCH / "tenths_noise.py", "tenths_noise")


def _write_run(path: Path, games: list[list[int]], lengths: list[int]) -> None:
    """Dumps as an --in-turn run leaves them: dump 1 up to game 0's set-up, then per game its
    ten tenths (``games[g][d]`` instructions) and the next game's set-up; the exit dump."""
    totals = [777]
    for g, tenths in enumerate(games):
        totals += tenths
        if g + 1 < len(games):
            totals.append(888_888)
    for i, total in enumerate(totals, start=1):
        (path / f"cg.5.{i}").write_text(f"events: Ir\nsummary: {total}\n")
    (path / "cg.5").write_text("events: Ir\nsummary: 7\n")
    (path / "actions.txt").write_text(
        f"actions {sum(lengths)}\nlengths {' '.join(map(str, lengths))}\n")


def test_per_game_reads_each_games_tenths_and_their_actions(tmp_path):
    bench = load_script()
    games = [[(d + 1) * 1_000 for d in range(10)], [(d + 1) * 3_000 for d in range(10)]]
    _write_run(tmp_path, games, [10, 31])
    got = bench.per_game(tmp_path)
    assert got[0] == [((d + 1) * 1_000, 1) for d in range(10)]
    # (31 actions: the tenths hold 3 each but the last, 4 — as engine_tenths cuts them)
    assert [a for _, a in got[1]] == [3] * 9 + [4]
    assert [c for c, _ in got[1]] == [(d + 1) * 3_000 for d in range(10)]
    # tenth d: 4,000 (d + 1) instructions over 4 actions (5 in the last): 1,000 … 9,000, 8,000
    assert bench.ratio(got) == pytest.approx(1_000 / 9_000)
    # each game's tenths counted in another order: game 1's reversed
    reversed_ = bench.ratio(got, [list(range(10)), list(range(9, -1, -1))])
    per = [((d + 1) * 1_000 + (10 - d) * 3_000) / (1 + (4 if d == 0 else 3)) for d in range(10)]
    assert reversed_ == pytest.approx(min(per) / max(per))


def test_an_incomplete_or_side_by_side_run_is_refused(tmp_path):
    bench = load_script()
    _write_run(tmp_path, [[1_000] * 10], [10])
    (tmp_path / "actions.txt").write_text("actions 10\n")
    with pytest.raises(SystemExit, match="not an --in-turn run"):
        bench.per_game(tmp_path)
    _write_run(tmp_path, [[1_000] * 10], [10, 10])
    with pytest.raises(SystemExit, match="not a complete run"):
        bench.per_game(tmp_path)


def _games(slope: float, seed: int = 3) -> list[list[tuple[int, int]]]:
    """40 games of 10 actions a tenth, each game's cost per action drawn around 1,000 (a
    spread of ±30 % per tenth, as real games have) times 1 + ``slope`` × the tenth's place."""
    rng = random.Random(seed)
    return [[(round(10 * 1_000 * (1 + slope * d / 9) * rng.uniform(0.7, 1.3)), 10)
             for d in range(10)] for _ in range(40)]


def test_a_flat_sample_sits_inside_its_null_and_a_slope_below_it():
    bench = load_script()
    flat = bench.noise(_games(0.0), draws=400)
    assert flat["null_5"] <= flat["observed"] <= flat["null_95"]
    assert flat["boot_5"] <= flat["boot_median"] <= flat["boot_95"]
    assert flat["null_median"] < 1.0
    steep = bench.noise(_games(0.6), draws=400)
    # (the slope is 1 / 1.6 = 0.625 slowest / fastest before noise: far below a flat null)
    assert steep["observed"] < steep["null_5"]
    assert steep["null_at_least_0.8"] > 0.5 > (steep["observed"] >= 0.8)
