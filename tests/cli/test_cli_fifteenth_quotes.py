"""Click's own words in Russian quote as Russian does (fifteenth i18n round): «plya», «--players»,
«settlers play -h», not 'plya'; English keeps Click's quotes."""

from __future__ import annotations

import pytest
from terminal_helpers import run_cli

CASES = [
    (["plya"], "Нет команды «plya». Может быть, «play», «replay»?",
     "No such command 'plya'. Did you mean 'play', 'replay'?"),
    (["play", "catan", "--players", "x"], "Неверное значение у «--players» / «-n»: «x»",
     "Invalid value for '--players' / '-n': 'x'"),
    (["play", "catan", "--seed"], "Опции «--seed» нужно значение.",
     "Option '--seed' requires a value."),
    (["replay"], "Не хватает аргумента «ФАЙЛ».", "Missing argument 'FILE'."),
    (["ladder"], "Справка: «settlers ladder -h».", "Try 'settlers ladder -h' for help."),
]


@pytest.mark.parametrize(("argv", "ru", "en"), CASES)
def test_click_refusals_quote_as_the_language_does(capsys, argv, ru, en):
    code, text = run_cli(capsys, ["--lang", "ru", *argv])
    assert code == 2
    assert ru in text
    assert "'" not in text, text
    code, text = run_cli(capsys, ["--lang", "en", *argv])
    assert code == 2 and en in text


def test_the_ladders_out_help_quotes_the_dash_in_russian(capsys):
    code, text = run_cli(capsys, ["--lang", "ru", "ladder", "--help"])
    assert code == 0
    assert "«-» — не писать" in text and "'" not in text
