"""A training run's policy file (and its curve) in a place that cannot take them is refused
before the training — as a refused argument in the user's language — not by a traceback once
the minutes of training are spent."""

from __future__ import annotations

from pathlib import Path

import pytest

from settlers.core import set_language
from settlers.core.user_files import UnwritableFile
from settlers.rl.policy import check_outputs

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("name", ["train_catan", "train_founders_value",
                                  "train_founders_afterstate"])
def test_a_training_script_refuses_an_out_path_that_cannot_be_written(
        name, tmp_path, monkeypatch, capsys, example):
    monkeypatch.syspath_prepend(str(EXAMPLES))   # the examples' shared training_cli
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    out = tmp_path / "plain" / "policy.npz"
    module = example(name)
    monkeypatch.setattr(module, "train", lambda *a, **k: pytest.fail("trained first"),
                        raising=False)
    if name == "train_catan":
        monkeypatch.setattr(module, "train_and_evaluate",
                            lambda *a, **k: pytest.fail("trained first"))
    set_language("ru")
    try:
        with pytest.raises(SystemExit) as info:
            module.main(["--tiny", "--out", str(out)])
    finally:
        set_language("en")
    assert info.value.code == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"Не удаётся записать файл «{out}»: часть его пути — файл, а не папка." in err, err
    assert "Traceback" not in err


def test_check_outputs_tries_the_policy_and_its_curve(tmp_path):
    (tmp_path / "policy.curve.jsonl").mkdir()   # the curve's place is taken by a folder
    with pytest.raises(UnwritableFile) as info:
        check_outputs(tmp_path / "policy.npz")
    assert "policy.curve.jsonl" in info.value.message("en")
    check_outputs(tmp_path / "new" / "policy.npz")
    assert (tmp_path / "new").is_dir()
