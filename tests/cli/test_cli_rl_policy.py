"""The ``rl`` bot's policy file is loaded and checked when the seats are read (``play --seats``,
``simulate``, ``ladder``): a missing or unusable file is refused before any game, naming the
file and the reason in the user's language — not at the bot's first move, in English."""

from __future__ import annotations

import numpy as np
import pytest

from settlers.cli import main
from settlers.rl.encoding import encoding_for
from settlers.rl.policy import Policy


def _policy(game_id: str, players: int, outputs: int | None = None) -> Policy:
    """A small random policy for ``game_id``'s encoding (``outputs`` actions if given)."""
    encoding = encoding_for(game_id, players)
    actions = encoding.max_actions if outputs is None else outputs
    rng = np.random.default_rng(0)
    weights = [(rng.normal(0, 0.1, (8, encoding.observation_size)), np.zeros(8)),
               (rng.normal(0, 0.1, (actions, 8)), np.zeros(actions))]
    return Policy(weights, {"game": game_id, "players": players})


def _refused(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return " ".join((captured.err + captured.out).split())


def _commands(seat: str, tmp_path) -> dict[str, list[str]]:
    return {
        "play": ["play", "founders", "--seats", f"human,{seat}", "--save-dir", str(tmp_path)],
        "simulate": ["simulate", "founders", "--seats", f"{seat},random", "-n", "1",
                     "--workers", "1", "--no-progress"],
        "ladder": ["ladder", "founders", "--bots", f"{seat},random", "-n", "1", "--workers",
                   "1", "--no-progress", "--out", "-"],
    }


@pytest.mark.parametrize("command", ["play", "simulate", "ladder"])
def test_a_missing_policy_is_refused_before_any_game_in_russian(capsys, tmp_path, command):
    missing = tmp_path / "нет.npz"
    argv = _commands(f"rl:policy={missing}", tmp_path)[command]
    text = _refused(capsys, ["--lang", "ru", *argv])
    assert f"Бот rl не может играть с политикой «{missing}»: такого файла нет." in text, text
    assert "Errno" not in text and "cannot" not in text
    # nothing was played: no game started, no table, no save offered or written
    assert "Начинаем" not in text and "Партия" not in text and "Сохран" not in text
    assert list(tmp_path.iterdir()) == []


def _written(tmp_path, kind: str):
    path = tmp_path / f"{kind}.npz"
    if kind == "junk":
        path.write_bytes(b"not an npz archive")
    elif kind == "npy":
        np.save(tmp_path / "npy.npy", np.zeros(3))
        (tmp_path / "npy.npy").rename(path)
    elif kind == "no_meta":
        np.savez(path, W0=np.zeros((2, 2)), b0=np.zeros(2))
    elif kind == "pickled":
        np.savez(path, meta=np.array([{"game": "founders"}], dtype=object), W0=np.zeros(1))
    elif kind == "other_game":
        _policy("catan", 4).save(path)
    elif kind == "other_actions":
        _policy("founders", 2, outputs=7).save(path)
    elif kind == "folder":
        path.mkdir()
    return path


@pytest.mark.parametrize(("kind", "reason"), [
    ("junk", "it is not a settlers policy (an .npz archive of the arrays meta, W0, b0, …)"),
    ("npy", "it is not a settlers policy"),
    ("no_meta", "it is not a settlers policy"),
    ("pickled", "it is not a settlers policy"),
    ("folder", "it is not a regular file (a folder or a device)"),
    ("other_game", "it was trained for Catan (4 players), not for Founders of the Empire"),
    ("other_actions", "its network does not fit the encoding of Founders of the Empire for 2 "
                      "players: "
                      "165 inputs and 7 outputs"),
])
def test_the_refusal_names_the_file_and_why(capsys, tmp_path, kind, reason):
    (tmp_path / "in").mkdir()
    path = _written(tmp_path / "in", kind)
    argv = _commands(f"rl:policy={path}", tmp_path / "saves")["play"]
    text = _refused(capsys, ["--lang", "en", *argv])
    if kind == "other_actions":
        inputs = encoding_for("founders", 2).observation_size
        reason = reason.replace("165", f"{inputs:,}")   # a count, grouped
    assert f"The rl bot cannot play with the policy '{path}': {reason}" in text, text
    assert "Starting" not in text and not (tmp_path / "saves").exists()


def test_a_fitting_policy_still_plays(capsys, tmp_path):
    path = tmp_path / "f.npz"
    _policy("founders", 2).save(path)
    with pytest.raises(SystemExit) as info:
        main(["--lang", "en", "simulate", "founders", "--seats", f"rl:policy={path},random",
              "-n", "1", "--workers", "1", "--no-progress"])
    assert info.value.code in (0, None)
    captured = capsys.readouterr()
    assert "rl:policy" in captured.out and "exception" not in captured.out, captured.out
    assert captured.err == ""
