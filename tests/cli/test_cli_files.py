"""Files the command line is given that are missing or are not what they should be: a clear
message in the user's language and exit code 2, never a Python traceback."""

from __future__ import annotations

import json

import pytest

from settlers.cli import main
from settlers.core import save


def _refused(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as info:
        main(argv if "--lang" in argv else ["--lang", "en", *argv])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return captured.err + captured.out


def test_a_missing_save_is_named_in_the_users_language(capsys, tmp_path):
    missing = tmp_path / "gone.json"
    text = _refused(capsys, ["--lang", "ru", "play", "--load", str(missing)])
    assert "такого файла нет" in text and "Errno" not in text
    text = _refused(capsys, ["--lang", "en", "replay", str(missing)])
    assert "there is no such file" in text


@pytest.mark.parametrize(("content", "words"), [
    ('{"index": 0, "game": "sample"', "line 1"),
    ("[1, 2]\n", "a result row must be a JSON object"),
    ('{"index": 0}\n', "field 'game' is missing or wrong"),
    (b"\xff\xfe\n", "not UTF-8 text"),
])
def test_a_broken_results_file_is_refused_with_its_fault(capsys, tmp_path, content, words):
    path = tmp_path / "results.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    text = _refused(capsys, ["replay", str(path), "--print"])
    assert words in text, text


def test_a_bad_json_line_is_explained_in_russian(capsys, tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_text('{"index": 0,\n', encoding="utf-8")
    text = _refused(capsys, ["--lang", "ru", "replay", str(path), "--print"])
    assert "строка 1" in text and "Expecting" not in text


def test_a_missing_or_broken_parquet_file_is_refused(capsys, tmp_path):
    text = _refused(capsys, ["replay", str(tmp_path / "none.parquet"), "--print"])
    assert "there is no such file" in text
    bad = tmp_path / "bad.parquet"
    bad.write_bytes(b"not parquet")
    assert "not a Parquet file" in _refused(capsys, ["replay", str(bad), "--print"])


def test_a_results_file_without_game_indices_names_none(capsys, tmp_path):
    path = tmp_path / "curve.jsonl"
    path.write_text(json.dumps({"step": 1, "win_rate": 0.5}) + "\n", encoding="utf-8")
    assert "There is no game 0" in _refused(capsys, ["replay", str(path), "--print"])


def test_a_good_results_row_still_replays(capsys, tmp_path, sample_game):
    state = sample_game.new_state(2, seed=3)
    record = json.loads(save(state, tmp_path / "s.json").read_text(encoding="utf-8"))
    record.update(index=0, seats=["random", "random"], bot_seeds=[1, 2], log=None)
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["--lang", "en", "replay", str(path), "--print", "--step", "1"])
    assert info.value.code in (0, None)
    assert "step 1 of" in capsys.readouterr().out


@pytest.mark.parametrize(("lang", "game", "option", "words"), [
    ("ru", "founders", "tiles", "Файл квадратов «{path}», строка 1: это не объект JSON"),
    ("en", "imperial", "cards", "Cannot read the card file '{path}': it is not valid JSON"),
])
def test_content_install_names_the_users_broken_file_not_a_copy(
        capsys, tmp_path, monkeypatch, lang, game, option, words):
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "sets"))
    broken = tmp_path / "broken.json"
    broken.write_text("{oops", encoding="utf-8")
    text = " ".join(_refused(capsys, ["--lang", lang, "content", "install", game, option,
                                      str(broken), "--name", "mine"]).split())
    assert words.format(path=broken) in text, text
    assert str(tmp_path / "sets") not in text   # the staging copy is never named
    assert not (tmp_path / "sets" / game / option / "mine").exists()


def test_content_install_names_a_broken_file_of_a_folder_by_its_own_path(
        capsys, tmp_path, monkeypatch):
    from importlib import resources

    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "sets"))
    folder = tmp_path / "mine"
    folder.mkdir()
    data = resources.files("settlers.games.iceland") / "data"
    for name in ("rules.json", "numbers.json", "harbours.json", "fate_cards.json"):
        (folder / name).write_bytes((data / name).read_bytes())
    (folder / "terrain.json").write_text("{", encoding="utf-8")
    text = " ".join(_refused(capsys, ["--lang", "en", "content", "install", "iceland",
                                      "data_dir", str(folder), "--name", "mine"]).split())
    assert f"Cannot read the file '{folder / 'terrain.json'}'" in text, text
    assert str(tmp_path / "sets") not in text


@pytest.mark.parametrize(("game", "option"), [("founders", "tiles"), ("iceland", "data_dir"),
                                              ("archipelago", "content")])
def test_content_install_of_a_missing_path_says_there_is_none(capsys, tmp_path, monkeypatch,
                                                               game, option):
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "sets"))
    missing = tmp_path / "missing.json"
    text = _refused(capsys, ["--lang", "ru", "content", "install", game, option, str(missing),
                             "--name", "mine"])
    assert " ".join(text.split()) == f"Не удаётся прочитать файл «{missing}»: такого файла нет."
