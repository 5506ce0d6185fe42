"""Typer's own words — the help's "Usage:", panels and "[default: …]", and its usage
errors — speak the chosen language, and switch with it within one process."""

from __future__ import annotations

import pytest

from settlers.cli import main


def _run(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return info.value.code, " ".join((captured.out + captured.err).split())


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


@pytest.mark.parametrize(("argv", "words"), [
    (["simulate", "sample", "--seats", "random,random", "-n", "0"],
     "Неверное значение у '-n' / '--games': нужно не меньше 1, а не 0"),
    (["play", "sample", "--players", "x"], "'x' — не целое число"),
    (["nosuch"], "Нет команды 'nosuch'."),
    (["play", "--sets", "x"], "Нет опции --sets. (Возможно: --seats, --seed)"),
    (["play", "--seats"], "Опции '--seats' нужно значение."),
    (["content", "install", "founders", "tiles"], "Не хватает аргумента 'source'."),
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
