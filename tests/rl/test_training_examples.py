"""The training examples run end to end on a tiny budget (the CI form of the baseline)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("name", ["train_founders", "train_catan"])
def test_a_training_example_writes_a_policy_the_rl_bot_can_load(name, tmp_path, monkeypatch,
                                                                 example):
    from settlers.rl.policy import Policy

    monkeypatch.syspath_prepend(str(EXAMPLES))  # the examples' shared training_cli

    out = tmp_path / "policy.npz"
    result = example(name).main(["--tiny", "--out", str(out)])
    policy = Policy.load(out)
    assert policy.meta["game"] == name.removeprefix("train_")
    assert policy.meta["evaluation"]["timesteps"] >= 0
    assert policy.meta["pretrained"]["teacher"] == "heuristic"
    rows = [json.loads(x) for x in out.with_suffix(".curve.jsonl").read_text().splitlines()]
    assert rows and all("win_rate_random" in r for r in rows)
    assert result["final"][0]["games"] == 2
    assert out.stat().st_size < 2_000_000


def test_a_training_leaves_no_stable_baselines_folder_in_the_temporary_folder(
        tmp_path, monkeypatch):
    """stable-baselines3's default logger creates an empty ``<tmp>/SB3-<date-time>`` folder
    at every learn(); the training gives its model a logger that writes nowhere."""
    import tempfile

    from settlers.rl.training import train

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))   # tempfile.gettempdir()
    monkeypatch.delenv("SB3_LOGDIR", raising=False)
    out = tmp_path / "policy.npz"
    result = train("founders", 2, out, timesteps=64, n_envs=1, n_steps=32, eval_every=10_000,
                   eval_games=1, net=(8,), verbose=False)
    assert result["timesteps"] >= 64 and out.exists()
    # (torch keeps one reused cache folder there, torchinductor_<user>: not one per run)
    assert sorted(p.name for p in temporary.glob("SB3-*")) == []
