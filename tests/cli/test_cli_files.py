"""Files the command line is given that are missing or are not what they should be: a clear
message in the user's language and exit code 2, never a Python traceback."""

from __future__ import annotations

import json
import shutil

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


# ------------------------------------------------- a results file, read a line at a time
@pytest.mark.parametrize(("lang", "make", "words"), [
    ("ru", lambda p: None, "Не удалось прочитать файл результатов {path}: такого файла нет."),
    ("en", lambda p: None, "Cannot read the results file {path}: there is no such file."),
    ("ru", lambda p: p.mkdir(), "файл результатов {path}: это не обычный файл (папка"),
    ("en", lambda p: p.mkdir(), "results file {path}: it is not a regular file (a folder"),
    ("ru", lambda p: p.write_bytes(b'{"index": 0}\n\n{"index": 1, "x": "\xff"}\n'),
     "файл результатов {path}: строка 3 не в кодировке UTF-8."),
    ("en", lambda p: p.write_bytes(b'{"index": 0}\n\n{"index": 1, "x": "\xff"}\n'),
     "results file {path}: line 3 is not UTF-8 text."),
    ("ru", lambda p: p.write_text('{"index": 0}\n{"index": 1}\n{"index":\n', "utf-8"),
     "{path}, строка 3: это не строка результатов в JSON"),
    ("en", lambda p: p.write_text('{"index": 0}\n{"index": 1}\n{"index":\n', "utf-8"),
     "{path}, line 3: not a JSON result row"),
])
def test_a_results_file_is_refused_in_the_readers_language(capsys, tmp_path, lang, make,
                                                           words):
    """Read as every user's file is (settlers.core.user_files): the fault in the catalog's
    words (which line), never the system's English nor a traceback."""
    path = tmp_path / "results.jsonl"
    make(path)
    text = " ".join(_refused(capsys, ["--lang", lang, "replay", str(path), "--print",
                                      "--game", "7"]).split())   # a game after the fault
    assert words.format(path=path) in text, text
    assert "Errno" not in text and "codec" not in text


def test_a_results_file_is_read_a_line_at_a_time(tmp_path, monkeypatch):
    """Never the whole file at once (a run of millions of games), and a line within a bound:
    one longer is named by its number, not read whole into memory."""
    from pathlib import Path

    from settlers.sim import results
    from settlers.sim.recorded import find_row

    path = tmp_path / "results.jsonl"
    path.write_text("".join(json.dumps({"index": i, "game": "sample"}) + "\n"
                            for i in range(50)), encoding="utf-8")

    def whole(*args, **kwargs):
        raise AssertionError("the whole file was read")

    with monkeypatch.context() as patched:
        patched.setattr(Path, "read_bytes", whole)
        patched.setattr(Path, "read_text", whole)
        rows = results.iter_rows(path)
        assert find_row(rows, 3)["index"] == 3
        assert next(rows)["index"] == 4     # the rest not read yet
        patched.setattr(results, "MAX_ROW_BYTES", 100)
        with path.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"index": 50, "note": "x" * 200}) + "\n")
        with pytest.raises(results.ResultsError) as info:
            results.read_rows(path)
    assert info.value.message("en").endswith("line 51 is longer than 100 bytes."), info.value
    assert "строка 51 длиннее предела (100 байт)" in info.value.message("ru")


def test_a_row_holding_a_line_separator_of_unicode_reads_back(tmp_path):
    """Rows are written with ensure_ascii=False, so U+2028 (and U+0085, U+001C...) stays raw
    inside a string: only a newline ends a row."""
    from settlers.sim.results import read_rows, write_rows

    rows = [{"index": 0, "note": "a\u2028b\x85c\x1cd\re"}, {"index": 1, "note": "ok"}]
    path = write_rows(tmp_path / "results.jsonl", rows)
    assert read_rows(path) == rows


# ------------------------------------ a content file is named as the user gave it, from the start
def _install_refusal(capsys, lang, game, option, source) -> str:
    return " ".join(_refused(capsys, ["--lang", lang, "content", "install", game, option,
                                      str(source), "--name", "mine"]).split())


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_content_install_names_the_users_file_however_deep_the_staging_copy_lies(
        capsys, tmp_path, monkeypatch, lang):
    """The game is told the name to show (user_files.showing_as), not patched afterwards:
    a staging path too long to be shown whole (a message shortens a path to 200 characters)
    could not be found in the message to be replaced, and leaked."""
    sets = tmp_path / ("s" * 180)
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(sets))
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "rules.json").write_text("[1]", encoding="utf-8")
    broken = tmp_path / "cards.json"
    broken.write_text("{oops", encoding="utf-8")
    for game, option, source, named in (("iceland", "data_dir", folder, folder),
                                        ("imperial", "cards", broken, broken)):
        text = _install_refusal(capsys, lang, game, option, source)
        assert str(named) in text and "sss" not in text and ".mine-" not in text, text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_content_install_names_a_file_whose_name_a_text_replace_would_corrupt(
        capsys, tmp_path, monkeypatch, lang):
    """A folder given with a trailing slash names its file once ('set/regions.json', not
    'set//regions.json'); a name shaped like a staging copy (``.<name>-xxxx/data``) and
    holding quotes, braces and percent signs is shown as it is."""
    from settlers.games.archipelago.content import builtin_dir

    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "sets"))
    folder = tmp_path / "set"
    shutil.copytree(builtin_dir() / "standard", folder)
    (folder / "regions.json").write_text("[]", encoding="utf-8")
    text = _install_refusal(capsys, lang, "archipelago", "content", f"{folder}/")
    assert f"{folder}/regions.json" in text and "//" not in text, text
    odd = tmp_path / ".mine-a1b2{0}«'»%s" / "data"
    odd.parent.mkdir()
    odd.write_text("{oops", encoding="utf-8")
    for game, option in (("imperial", "cards"), ("founders", "tiles")):
        text = _install_refusal(capsys, lang, game, option, odd)
        assert text.count(str(odd)) == 1, text
        assert str(tmp_path / "sets") not in text
