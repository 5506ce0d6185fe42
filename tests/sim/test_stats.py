"""Win rates with 95% Wilson intervals, ties split, failures left out."""

from __future__ import annotations

import pytest

from settlers.sim.stats import summarize, wilson


def test_wilson_matches_the_textbook_values():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def row(index, seats, scores, winners, error=None, actions=10):
    return {"index": index, "seed": index, "seats": seats, "scores": scores,
            "winners": winners, "error": error, "actions": actions, "seconds": 0.1}


def test_summary_splits_ties_and_skips_failed_games():
    rows = [
        row(0, ["a", "b"], [10, 5], [0]),
        row(1, ["b", "a"], [7, 7], [0, 1]),
        row(2, ["a", "b"], [3, 9], [1], actions=30),
        row(3, ["b", "a"], None, None, error={"kind": "exception", "message": "boom"}),
    ]
    summary = summarize(rows, ["a", "b"])
    a, b = summary.bots
    assert (a.label, a.seats, a.wins) == ("a", 3, 1.5)
    assert (b.label, b.seats, b.wins) == ("b", 3, 1.5)
    assert a.mean_score == pytest.approx((10 + 7 + 3) / 3)
    assert summary.finished == 3 and summary.failed == 1
    assert summary.failures == [{"index": 3, "seed": 3, "kind": "exception", "message": "boom"}]
    assert summary.mean_actions == pytest.approx(50 / 3)
    assert summary.median_actions == 10


def test_duplicate_bots_count_one_trial_per_seat():
    rows = [row(0, ["x", "r", "r", "r"], [1, 2, 3, 4], [3])]
    summary = summarize(rows)
    lines = {line.label: line for line in summary.bots}
    assert lines["r"].seats == 3 and lines["r"].wins == 1
    assert lines["x"].seats == 1 and lines["x"].wins == 0


def test_fisher_two_sided_matches_known_values():
    from settlers.sim.stats import fisher_two_sided

    # the tea-tasting table (3/4 against 1/4): p = 17/35 ≈ 0.486
    assert abs(fisher_two_sided(3, 4, 1, 4) - 0.4857142857) < 1e-9
    assert fisher_two_sided(5, 10, 5, 10) == 1.0
    # 10/10 against 0/10: 2 / C(20, 10)
    assert abs(fisher_two_sided(10, 10, 0, 10) - 2 / 184756) < 1e-15
