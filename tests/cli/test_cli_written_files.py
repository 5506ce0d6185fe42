"""Files the command line is told to write (`simulate --out`, `ladder --out/--results`,
`bench --markdown`, `play --save-dir`, a policy) in a place that cannot take them: a folder, a
path under a regular file, a place the system does not let one write. Refused before the work
that would fill them, in the user's language, naming the path and why, exit code 2, nothing
written — never a traceback in the system's English. And a ladder's results file that is
not UTF-8 is refused naming its line (read a line at a time, as every results file is)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from terminal_helpers import console as _console
from terminal_helpers import scripted

from settlers.cli import main
from settlers.cli.seats import Seat
from settlers.cli.terminal import TerminalGame
from settlers.core.user_files import UnwritableFile, check_writable, write_user_file

REASONS = {  # how each kind of place is refused, in each language
    "folder": {"en": "it is not a regular file (a folder or a device)",
               "ru": "это не обычный файл (папка или устройство)"},
    "under_file": {"en": "a part of its path is a file, not a folder",
                   "ru": "часть его пути — файл, а не папка"},
    "proc": {"en": "a file cannot be made there", "ru": "там нельзя создать файл"},
}
CANNOT = {"en": "Cannot write the file '{}'", "ru": "Не удаётся записать файл «{}»"}


def _place(kind: str, tmp_path: Path, name: str) -> str:
    """A path of ``kind`` that cannot take the file ``name``."""
    if kind == "folder":
        folder = tmp_path / name
        folder.mkdir()
        return str(folder)
    if kind == "under_file":
        (tmp_path / "plain").write_text("x", encoding="utf-8")
        return str(tmp_path / "plain" / "sub" / name)
    return f"/proc/settlers-none/{name}"


def _refused(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "Errno" not in captured.err + captured.out
    return " ".join((captured.err + captured.out).split())


def _snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): p.read_bytes() if p.is_file() else None
            for p in sorted(root.rglob("*"))}


def _never(*_args, **_kwargs):
    raise AssertionError("the work was started before the file to write was checked")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("kind", ["folder", "under_file", "proc"])
def test_simulate_refuses_an_out_path_that_cannot_be_written_before_playing(
        capsys, tmp_path, monkeypatch, sample_game, kind, lang):
    out = _place(kind, tmp_path, "results.jsonl")
    before = _snapshot(tmp_path)
    monkeypatch.setattr("settlers.cli.simulate.run_with_progress", _never)
    text = _refused(capsys, ["--lang", lang, "simulate", "sample", "--seats", "random,random",
                             "-n", "2", "--out", out, "--no-progress"])
    assert CANNOT[lang].format(out) in text and REASONS[kind][lang] in text, text
    assert _snapshot(tmp_path) == before   # nothing written, no folder made


def test_simulate_still_writes_a_new_file_in_new_folders(capsys, tmp_path, sample_game):
    out = tmp_path / "a" / "b" / "results.jsonl"
    with pytest.raises(SystemExit) as info:
        main(["--lang", "en", "simulate", "sample", "--seats", "random,random", "-n", "2",
              "--out", str(out), "--no-progress"])
    assert info.value.code in (0, None)
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
    assert sorted(p.name for p in out.parent.iterdir()) == ["results.jsonl"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("option", ["--out", "--results"])
def test_ladder_refuses_its_report_or_results_path_before_playing(
        capsys, tmp_path, monkeypatch, sample_game, option, lang):
    path = _place("under_file", tmp_path, "ladder.md" if option == "--out" else "games.jsonl")
    before = _snapshot(tmp_path)
    monkeypatch.setattr("settlers.cli.ladder.run_ladder", _never)
    args = ["--lang", lang, "ladder", "sample", "--bots", "random,greedy", "-n", "2",
            "--players", "2", "--workers", "1", "--no-progress", option, path]
    text = _refused(capsys, args + (["--out", "-"] if option == "--results" else []))
    assert CANNOT[lang].format(path) in text and REASONS["under_file"][lang] in text, text
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "line 2 is not UTF-8 text"), ("ru", "строка 2 не в кодировке UTF-8")])
def test_ladder_refuses_a_results_file_that_is_not_utf8_naming_the_line(
        capsys, tmp_path, sample_game, lang, words):
    results = tmp_path / "games.jsonl"
    row = json.dumps({"game": "other", "index": 0})
    results.write_bytes(row.encode() + b"\n" + b'{"game": "\xff\xfe"}\n' + row.encode() + b"\n")
    text = _refused(capsys, ["--lang", lang, "ladder", "sample", "--bots", "random,greedy",
                             "-n", "2", "--players", "2", "--workers", "1", "--no-progress",
                             "--results", str(results), "--out", "-"])
    assert str(results) in text and words in text, text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "line 1: not a JSON result row"), ("ru", "строка 1: это не строка результатов")])
def test_ladder_refuses_a_bad_row_that_is_not_the_last(capsys, tmp_path, sample_game, lang,
                                                        words):
    results = tmp_path / "games.jsonl"
    results.write_text('{"game": \n' + json.dumps({"game": "other"}) + "\n", encoding="utf-8")
    text = _refused(capsys, ["--lang", lang, "ladder", "sample", "--bots", "random,greedy",
                             "-n", "2", "--players", "2", "--workers", "1", "--no-progress",
                             "--results", str(results), "--out", "-"])
    assert words in text, text


def test_bench_refuses_a_markdown_path_before_measuring(capsys, tmp_path, monkeypatch,
                                                        sample_game):
    path = _place("folder", tmp_path, "bench.md")
    monkeypatch.setattr("settlers.sim.bench.measure_throughput_isolated", _never)
    text = _refused(capsys, ["--lang", "ru", "bench", "sample", "--seconds", "0.2",
                             "--bots", "random", "--markdown", path])
    assert CANNOT["ru"].format(path) in text and REASONS["folder"]["ru"] in text, text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Cannot write files in the folder '{}': it is a file, not a folder."),
    ("ru", "Не удаётся записывать файлы в папку «{}»: это файл, а не папка.")])
def test_play_refuses_a_save_folder_that_is_a_file_before_the_game(capsys, tmp_path,
                                                                   sample_game, lang, words):
    plain = tmp_path / "saves"
    plain.write_text("x", encoding="utf-8")
    text = _refused(capsys, ["--lang", lang, "play", "sample", "--seats", "random,random",
                             "--save-dir", str(plain)])
    assert words.format(plain) in text, text
    assert plain.read_text(encoding="utf-8") == "x"


def test_play_checks_a_new_save_folder_without_leaving_it_behind(capsys, tmp_path,
                                                                 sample_game):
    from settlers.core.user_files import check_writable_folder

    folder = tmp_path / "new" / "saves"
    assert check_writable_folder(folder) == folder
    assert list(tmp_path.iterdir()) == []   # made to be tried, then removed again


def test_a_save_that_cannot_be_written_is_said_and_the_game_goes_on(sample_game, tmp_path):
    console, out = _console()
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    state = sample_game.new_state(2, seed=4)
    game = TerminalGame(state, [Seat("human"), Seat("human")], "ru", console=console,
                        ask=scripted(["s", "1", "n"]), save_dir=tmp_path / "plain" / "saves")
    with pytest.raises(EOFError):
        game.run()
    said = " ".join(out.getvalue().split())
    assert said.count("Не удаётся записать файл «") >= 1, said
    assert "часть его пути — файл, а не папка" in said and "Traceback" not in said
    assert len(game.state.log) >= 1   # the move after the failed save was played


def test_a_policy_is_refused_in_a_place_that_cannot_take_it(tmp_path):
    import numpy as np

    from settlers.rl.policy import Policy

    policy = Policy([(np.zeros((2, 3)), np.zeros(2))], {"game": "founders"})
    for kind in ("folder", "under_file", "proc"):
        (tmp_path / kind).mkdir()
        path = _place(kind, tmp_path / kind, "p.npz")
        with pytest.raises(UnwritableFile) as info:
            policy.save(path)
        assert info.value.message("en") == (f"Cannot write the file '{path}': "
                                             f"{REASONS[kind]['en']}.")
    policy.save(tmp_path / "ok" / "p.npz")
    assert Policy.load(tmp_path / "ok" / "p.npz").meta == {"game": "founders"}


def test_check_writable_leaves_an_existing_file_as_it_was_and_refuses_a_nul(tmp_path):
    existing = tmp_path / "kept.jsonl"
    existing.write_bytes(b"row\n")
    assert check_writable(existing) == existing
    assert existing.read_bytes() == b"row\n" and sorted(tmp_path.iterdir()) == [existing]
    with pytest.raises(UnwritableFile) as info:
        check_writable(str(tmp_path / "a\0b"))
    assert "the path cannot name a file" in info.value.message("en")
    write_user_file(existing, "new\n")
    assert existing.read_text(encoding="utf-8") == "new\n"
    assert sorted(tmp_path.iterdir()) == [existing]   # no temporary file left beside it


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Cannot write files in the folder '{}': a part of its path is a file, not a folder."),
    ("ru", "Не удаётся записывать файлы в папку «{}»: часть его пути — файл, а не папка.")])
def test_content_install_into_a_content_folder_that_cannot_be_written(
        capsys, tmp_path, monkeypatch, lang, words):
    from importlib import resources

    tiles = tmp_path / "tiles.jsonl"
    tiles.write_bytes((resources.files("settlers.games.founders") / "data" / "tiles.jsonl")
                      .read_bytes())
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    root = tmp_path / "plain" / "content"
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(root))
    text = _refused(capsys, ["--lang", lang, "content", "install", "founders", "tiles",
                             str(tiles), "--name", "club"])
    assert words.format(root / "founders" / "tiles") in text, text


def test_a_path_is_named_by_the_innermost_showing_as_that_holds_it(tmp_path):
    """The web names a copy of an upload by the uploaded file's name and, around it, the
    whole content folder by that name too: a path the inner one does not hold is still never
    shown as it is on the server."""
    from settlers.core.user_files import showing_as, shown_name

    root, copy = tmp_path / "content", tmp_path / "tmpcopy" / "data"
    with showing_as(root, "mine.json"):
        with showing_as(copy, "mine.json"):
            assert shown_name(copy) == "mine.json"
            assert shown_name(root / "founders" / "tiles") == "mine.json/founders/tiles"
            assert shown_name(tmp_path / "other") == str(tmp_path / "other")
        assert shown_name(copy) == str(copy)
    assert shown_name(root) == str(root)
