"""A refusal quoted after a colon inside another one reads as a clause of it (fifteenth i18n
round): «Неверное значение: подробность журнала «loud» неизвестна», not «…: Подробность …»; a
proper name keeps its capital."""

from __future__ import annotations

import pytest
from terminal_helpers import run_cli

from settlers.core.clauses import clause


@pytest.mark.parametrize(("text", "want"), [
    ("Места 9 нет: в партии места от 1 до 4.", "места 9 нет: в партии места от 1 до 4."),
    ("Бот mcts не принимает параметр foo", "бот mcts не принимает параметр foo"),
    ("Unknown log level 'loud'", "unknown log level 'loud'"),
    ("В файле нет поля", "в файле нет поля"),
    # proper names, quotes, options and capitals stay
    ("Колонизаторы — игра для 3–4 игроков", "Колонизаторы — игра для 3–4 игроков"),
    ("Catan is a game for 3–4 players", "Catan is a game for 3–4 players"),
    ("Исландия (Ланднам): нет", "Исландия (Ланднам): нет"),
    ("Ray is not installed", "Ray is not installed"),
    ("PostgreSQL is needed", "PostgreSQL is needed"),
    ("JSON expected", "JSON expected"),
    ("«x» — не целое число", "«x» — не целое число"),
    ("--bot-pool: thread или process.", "--bot-pool: thread или process."),
    ("I cannot", "I cannot"),
    ("", ""),
])
def test_a_clause_after_a_colon_begins_in_lower_case_unless_a_name(text, want):
    assert clause(text) == want


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Ошибка: Неверное значение: подробность журнала «loud» неизвестна;"),
    ("en", "Error: Invalid value: unknown log level 'loud';"),
])
def test_a_value_refused_inside_a_usage_error(capsys, lang, words):
    code, text = run_cli(capsys, ["--lang", lang, "serve", "--log-level", "loud"])
    assert code == 2 and words in text, text


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Место «mcts:foo=1»: бот mcts не принимает параметр foo;"),
    ("en", "Seat 'mcts:foo=1': the bot mcts does not take foo;"),
])
def test_a_seats_bot_refusal_inside_the_seats(capsys, lang, words):
    code, text = run_cli(capsys, ["--lang", lang, "play", "catan", "--seats",
                                  "human,mcts:foo=1,random,random"])
    assert code != 0 and words in text, text
