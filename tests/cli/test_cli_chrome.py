"""Typer's own words — the help's "Usage:", panels and "[default: …]", and its usage
errors — speak the chosen language, and switch with it within one process."""

from __future__ import annotations

import re

import pytest
from terminal_helpers import run_cli as _run

from settlers.cli import main


def test_the_help_chrome_is_russian_in_russian(capsys):
    code, text = _run(capsys, ["--lang", "ru", "play", "--help"])
    assert code == 0
    assert "Вызов: settlers play" in text and "Опции" in text
    assert "[по умолчанию: saves]" in text
    assert "Usage:" not in text and "Options" not in text and "default:" not in text
    code, text = _run(capsys, ["--lang", "ru", "simulate", "--help"])
    assert "Аргументы" in text and "[обязательно]" in text and "[required]" not in text


def test_the_help_chrome_switches_back_to_english(capsys):
    _run(capsys, ["--lang", "ru", "--help"])
    code, text = _run(capsys, ["--lang", "en", "--help"])
    assert code == 0
    assert "Usage: settlers" in text and "Commands" in text and "Команды" not in text


# names Click quotes are in Russian quotes since the fifteenth i18n round
@pytest.mark.parametrize(("argv", "words"), [
    (["simulate", "sample", "--seats", "random,random", "-n", "0"],
     "Неверное значение у «-n» / «--games»: нужно не меньше 1, а не 0"),
    (["play", "sample", "--players", "x"], "«x» — не целое число"),
    (["nosuch"], "Нет команды «nosuch»."),
    (["plya"], "Нет команды «plya». Может быть, «play», «replay»?"),   # Click's close names
    (["play", "--sets", "x"], "Нет опции --sets. (Возможно: --seats, --seed)"),
    (["play", "--seats"], "Опции «--seats» нужно значение."),
    (["content", "install", "founders", "tiles"], "Не хватает аргумента «ИСТОЧНИК»."),
    (["play", "sample", "extra"], "Лишние аргументы: extra."),
])
def test_usage_errors_are_russian_in_russian(capsys, argv, words):
    code, text = _run(capsys, ["--lang", "ru", *argv])
    assert code == 2
    assert words in text, text
    assert "Ошибка" in text
    assert "Invalid value" not in text and "Error" not in text


def test_usage_errors_stay_english_in_english(capsys):
    code, text = _run(capsys, ["--lang", "en", "simulate", "sample", "--seats", "random",
                               "-n", "0"])
    assert code == 2
    assert "Invalid value for '-n' / '--games': it must be at least 1, not 0" in text
    assert "Try 'settlers simulate -h' for help." in text


COMMANDS = [[], ["play"], ["games"], ["replay"], ["simulate"], ["bench"], ["serve"],
            ["content"], ["content", "install"], ["content", "list"], ["ladder"]]


def _help_texts(command) -> str:
    """Every help text of the command tree, as written in the catalog."""
    texts = [command.help or ""]
    texts += [getattr(param, "help", None) or "" for param in command.params]
    for sub in getattr(command, "commands", {}).values():
        texts.append(_help_texts(sub))
    return "\n".join(texts)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda words: " ".join(words) or "settlers")
def test_every_help_is_whole_at_80_columns(capsys, monkeypatch, lang, command):
    from settlers.cli import build_command
    from settlers.core import set_language

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as info:
        main(["--lang", lang, *command, "--help"])
    assert info.value.code in (0, None)
    out = capsys.readouterr().out
    set_language(lang)
    written = _help_texts(build_command())
    assert all(len(line) <= 80 for line in out.splitlines())
    # a word Rich cut short ends in "…" where the catalog's text does not
    cut = [word.strip("│()") for word in out.split() if "…" in word]
    assert [word for word in cut if word not in written] == [], out
    # a flag takes no value: no type is shown beside it (Typer showed "--open <bool>")
    assert "<bool>" not in out
    # arguments are named in capitals, as in the usage line of play and replay
    usage = out.strip().splitlines()[0]
    assert not re.search(r"\{[a-z]+\}|\[[a-z]+\]", usage), usage


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_games_names_every_choice_whole_at_80_columns(capsys, monkeypatch, lang):
    """`settlers games` lists each option's choices; a list written as one word was cut at the
    column's edge («trend=random (random|churches|philant…», «(random|romans|barbarian…»)."""
    from settlers.cli.games_command import MAX_CHOICES
    from settlers.core import games

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as info:
        main(["--lang", lang, "games"])
    assert info.value.code in (0, None)
    out = capsys.readouterr().out
    assert "…" not in out, out
    words = set(re.findall(r"[\w,]+", out))
    listed = 0
    for game in games():
        for option in game.info(lang)["options"]:
            if len(option["choices"] or ()) > MAX_CHOICES:
                continue   # Imperial's 65 line-ups of empires: its help says how to write one
            for choice in option["choices"] or ():
                assert str(choice) in words, (game.id, option["name"], choice)
                listed += 1
    assert listed >= 20
    assert len(out.splitlines()) < 200   # not screens of line-ups of empires, one a line


COMMANDS = ("games", "play", "replay", "simulate", "bench", "serve", "ladder", "content install",
            "content list")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("command", COMMANDS)
def test_the_help_names_values_in_words_not_typers_type_names(capsys, command, lang):
    """Typer wrote each value's Python type: «--bot-delay <float range> [x>=0.0]»,
    «--option <list[str]>», «GAME <str>»."""
    code, text = _run(capsys, ["--lang", lang, *command.split(), "--help"])
    assert code == 0
    assert re.findall(r"<[a-z][^>]*>|\bx\s*[<>]=", text) == [], text


@pytest.mark.parametrize(("lang", "lines"), [
    ("ru", ["--seats МЕСТА", "--players -n ЦЕЛОЕ", "--option -o ИМЯ=ЗНАЧЕНИЕ", "--load ФАЙЛ",
            "--bot-delay СЕКУНДЫ [не меньше 0]", "--save-dir ПАПКА"]),
    ("en", ["--seats SEATS", "--players -n INTEGER", "--option -o NAME=VALUE", "--load FILE",
            "--bot-delay SECONDS [at least 0]", "--save-dir FOLDER"]),
])
def test_the_play_help_says_what_each_value_is(capsys, lang, lines):
    _code, text = _run(capsys, ["--lang", lang, "play", "--help"])
    text = " ".join(text.replace("│", " ").split())
    for line in lines:
        assert line in text, (line, text)
    _code, text = _run(capsys, ["--lang", lang, "serve", "--help"])
    assert ("[от 1 до 65535]" if lang == "ru" else "[1 to 65535]") in text
