"""benchmarks/archipelago_leaf_fit.py: the fit recovers the weights that made the outcomes,
and the held-out AUC ranks won positions above lost ones (ties counted half)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from settlers.testing.scripts import load_script as load_script_at

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "archipelago_leaf_fit.py"


def load_script():
    return load_script_at(SCRIPT, "archipelago_leaf_fit")


def test_auc_orders_won_above_lost_and_counts_ties_half():
    fit = load_script()
    y = np.array([0.0, 0.0, 1.0, 1.0])
    assert fit.auc(np.array([1.0, 2.0, 3.0, 4.0]), y) == 1.0
    assert fit.auc(np.array([4.0, 3.0, 2.0, 1.0]), y) == 0.0
    assert fit.auc(np.array([1.0, 1.0, 1.0, 1.0]), y) == 0.5
    # one won position ties a lost one, the other is above both: (1 + 1 + 0.5 + 1) / 4
    assert fit.auc(np.array([1.0, 2.0, 2.0, 3.0]), np.array([0.0, 0.0, 1.0, 1.0])) == 0.875


def test_fit_recovers_the_logistic_that_drew_the_outcomes():
    fit = load_script()
    rng = np.random.default_rng(3)
    x = np.column_stack([np.ones(20000), rng.normal(size=20000), rng.normal(size=20000)])
    true = np.array([-0.5, 1.5, -1.0])
    y = (rng.random(20000) < 1.0 / (1.0 + np.exp(-(x @ true)))).astype(float)
    w = fit.fit(x, y)
    assert np.allclose(w, true, atol=0.1)
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    assert fit.log_loss(p, y) < fit.log_loss(np.full(len(y), y.mean()), y)


def test_runs_of_several_seeds_are_joined_in_order(monkeypatch):
    fit = load_script()
    assert fit.seed_games("9000:350") == (9000, 350)
    calls = []

    def fake_samples(players, games, every, seed):
        calls.append((players, games, every, seed))
        return np.full((games, 2), float(seed)), np.full(games, float(games))

    monkeypatch.setattr(fit, "samples", fake_samples)
    x, y = fit.blocks(4, [(5151, 2), (9000, 0), (12000, 3)], 5)
    assert calls == [(4, 2, 5, 5151), (4, 3, 5, 12000)]   # a run of no games is skipped
    assert x[:, 0].tolist() == [5151.0] * 2 + [12000.0] * 3
    assert y.tolist() == [2.0, 2.0, 3.0, 3.0, 3.0]
