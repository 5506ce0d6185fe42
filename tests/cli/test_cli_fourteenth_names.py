"""Fourteenth pass: the commands name a game by its name in the reader's language, not by
its id («Случайные партии: founders…», a bench table's «founders», a simulate progress bar's
«founders», «Бот rl не умеет играть в imperial.»); `settlers games` named each game in both
languages at once («Архипелаг / Archipelago»); `bench --markdown` and `ladder --report` wrote
English whatever the command's language, and the machine line's load as Python writes it
(«13.1» in a Russian report). An id stays where a user types it (`settlers games`' id column,
the help of an argument that takes one)."""

from __future__ import annotations

import re

import pytest
from terminal_helpers import run_cli

NAMES = {"ru": "Поселенцы: Основатели Империи", "en": "Founders of the Empire"}
CYRILLIC = re.compile("[А-Яа-яЁё]")


def _no_id(text: str, game_id: str) -> None:
    """No lower-case id in ``text`` (a name may hold the word capitalised: "Founders …")."""
    assert not re.search(rf"\b{game_id}\b", text), text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_bench_names_the_game_on_screen_and_in_its_report(capsys, tmp_path, lang):
    report = tmp_path / "bench.md"
    code, text = run_cli(capsys, ["--lang", lang, "bench", "founders", "--seconds", "0.1",
                                  "--bots", "random", "--decisions", "1",
                                  "--markdown", str(report)])
    assert code in (0, None), text
    assert text.count(NAMES[lang]) == 3, text   # the progress line and both tables
    _no_id(text, "founders")
    written = report.read_text("utf-8")
    assert f"| {NAMES[lang]} |" in written, written
    _no_id(written, "founders")
    heading = {"ru": "### Скорость случайных партий", "en": "### Random-playout throughput"}
    assert heading[lang] in written
    if lang == "en":
        assert not CYRILLIC.search(written), written


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_simulates_progress_bar_names_the_game(capsys, lang):
    code, text = run_cli(capsys, ["--lang", lang, "simulate", "founders", "--seats", "random",
                                  "-n", "1", "--workers", "1"])
    assert code in (0, None), text
    assert text.startswith(NAMES[lang] + " "), text   # the bar's label
    _no_id(text, "founders")


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Бот rl не умеет играть в игру «Поселенцы (Imperial Settlers)»."),
    ("en", "The bot rl cannot play Imperial Settlers."),
])
def test_a_bot_refusal_names_the_game(capsys, lang, words):
    code, text = run_cli(capsys, ["--lang", lang, "play", "imperial", "--seats", "rl"])
    assert code == 2
    assert text == words


def test_the_games_table_names_each_game_in_the_readers_language_only(capsys):
    _code, ru = run_cli(capsys, ["--lang", "ru", "games"])
    _code, en = run_cli(capsys, ["--lang", "en", "games"])
    assert "Колонизаторы" in ru and "Catan" not in ru and "Архипелаг / " not in ru
    assert "Catan" in en and not CYRILLIC.search(en), en
    for game_id in ("archipelago", "catan", "founders", "iceland", "imperial"):
        assert game_id in ru and game_id in en   # the ids one types stay


@pytest.mark.parametrize(("lang", "load"), [("ru", "13,1."), ("en", "13.1.")])
def test_the_reports_machine_line_writes_the_load_as_a_figure(lang, load):
    from settlers.sim.report import machine_line

    line = machine_line({"cpu": "x", "cores": 2, "python": "3", "system": "s", "load": "13.1"},
                        lang)
    assert line.split(": ")[-1].startswith(load), line
    assert machine_line({"cpu": "x", "cores": 2, "python": "3", "system": "s", "load": "?"},
                        lang).endswith("?.")


def test_the_ladders_report_is_in_the_commands_language(capsys, tmp_path):
    report = tmp_path / "ladder.md"
    code, text = run_cli(capsys, ["--lang", "ru", "ladder", "founders", "--bots", "random,greedy",
                                  "--games", "2", "--workers", "1", "--no-progress",
                                  "--out", str(report)])
    assert code in (0, None), text
    written = report.read_text("utf-8")
    assert written.splitlines()[0] == f"### Рейтинг ботов: {NAMES['ru']}", written
    assert "Машина:" in written, written


@pytest.mark.parametrize(("lang", "line"), [
    ("ru", "founders — «Поселенцы: Основатели Империи», опция tiles: builtin"),
    ("en", "founders — Founders of the Empire, option tiles: builtin"),
])
def test_content_list_names_each_game_in_a_catalog_line(capsys, lang, line):
    """Before: «founders tiles: builtin», written in code, the same in both languages."""
    code, text = run_cli(capsys, ["--lang", lang, "content", "list"])
    assert code in (0, None), text
    assert line in text, text


@pytest.mark.parametrize(("lang", "words"), [("ru", "(есть партии 0–1)"), ("en", "(games 0–1)")])
def test_a_missing_game_of_results_names_the_range_as_text_does(capsys, tmp_path, lang, words):
    """Before: «(есть партии 0..1)», Python's range notation in a sentence."""
    out = tmp_path / "two.jsonl"
    code, text = run_cli(capsys, ["--lang", lang, "simulate", "founders", "--seats", "random",
                                  "-n", "2", "--workers", "1", "--no-progress", "--keep-logs",
                                  "--out", str(out)])
    assert code in (0, None), text
    code, text = run_cli(capsys, ["--lang", lang, "replay", str(out), "--game", "9", "--print"])
    assert code == 2 and words in text, text


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "сохранена партия игры «Тайные ставки», а не «Колонизаторы»."),
    ("en", "holds a game of Sealed bids, not Catan."),
])
def test_a_save_of_another_game_names_both_games(sample_game, capsys, tmp_path, lang, words):
    """Before: «сохранена партия sample, а не catan»."""
    from settlers.core.saves import save

    state = sample_game.new_state(2, seed=1)
    path = save(state, tmp_path / "sample.json")
    code, text = run_cli(capsys, ["--lang", lang, "play", "catan", "--load", str(path)])
    assert code == 2 and words in text, text


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "партия 0 (зерно "), ("en", "game 0 (seed "),
])
def test_simulates_failures_are_said_in_the_readers_language(capsys, lang, words):
    """Before: «партия 0 (зерно …): step_limit — The game did not end within 5 actions.», the
    row's English message and the kind's id on a Russian screen."""
    code, text = run_cli(capsys, ["--lang", lang, "simulate", "catan", "--seats", "random",
                                  "-n", "1", "--max-steps", "5", "--workers", "1",
                                  "--no-progress"])
    assert code in (0, None), text
    said = {"ru": "): предел действий — Партия не закончилась за 5 действий.",
            "en": "): step limit — The game did not end within 5 actions."}
    assert words in text and said[lang] in text, text
    if lang == "ru":
        assert "step_limit" not in text and "The game" not in text
