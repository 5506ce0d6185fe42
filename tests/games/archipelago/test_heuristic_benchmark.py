"""The paired comparison of ``benchmarks/archipelago_heuristic.py`` (issue 13): two bots'
games on the same seeds, the discordant games and the exact sign test."""

from __future__ import annotations

from pathlib import Path

import pytest

from settlers.testing.scripts import load_script

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "archipelago_heuristic.py"


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "archipelago_heuristic_bench")


def row(game: int, ended_by: str, seed: int = 41000) -> dict:
    return {"mode": "self", "seed": seed, "game": game, "ended_by": ended_by}


def test_the_sign_test_is_exact_and_two_sided(bench):
    assert bench.sign_test(0, 0) == 1.0
    assert bench.sign_test(5, 0) == pytest.approx(2 / 32)
    assert bench.sign_test(0, 5) == pytest.approx(2 / 32)
    assert bench.sign_test(3, 3) == 1.0
    # 10 against 2: P(X <= 2) for X ~ B(12, 1/2) = 79 / 4096, doubled
    assert bench.sign_test(10, 2) == pytest.approx(2 * 79 / 4096)


def test_only_the_games_both_bots_played_are_paired(bench, capsys):
    old = [row(0, "independence"), row(1, "objective"), row(2, "independence"),
           row(3, "independence")]
    new = [row(0, "objective"), row(1, "objective"), row(2, "independence"),
           row(9, "independence"), row(3, "objective", seed=1)]   # not the same seeds
    bench.compare(old, new)
    out = capsys.readouterr().out
    assert "old: lost the colony in 2 of 3 shared games" in out
    assert "new: lost the colony in 1 of 3 shared games" in out
    assert "only old 1, only new 0" in out
