"""What the fifteenth i18n sweep found in the command line's Russian: a fractional bound or
default written the English way («[не меньше 0.1]», «[по умолчанию: 5.0]»), and an option's
help naming a yes/no value «false» where the table offers «да | нет»."""

from __future__ import annotations

import re

import pytest
from terminal_helpers import run_cli


def test_a_fractional_bound_and_default_are_written_as_russian_writes_them(capsys):
    code, text = run_cli(capsys, ["--lang", "ru", "bench", "--help"])
    assert code == 0
    assert "[не меньше 0,1]" in text and "[по умолчанию: 5]" in text, text
    assert not re.search(r"\d\.\d", text), text


def test_english_bounds_keep_the_point_and_a_port_is_not_grouped(capsys):
    code, text = run_cli(capsys, ["--lang", "en", "bench", "--help"])
    assert code == 0 and "[at least 0.1]" in text
    code, text = run_cli(capsys, ["--lang", "ru", "serve", "--help"])
    assert code == 0 and "[от 1 до 65535]" in text


def test_the_games_table_names_yes_no_values_in_russian_only(capsys):
    # «domestic_trade=да (да | нет) — … (false — только заморская)»
    code, text = run_cli(capsys, ["--lang", "ru", "games"])
    assert code == 0 and "(да | нет)" in text
    assert not re.search(r"\b(true|false)\b", text), text


def test_the_ladders_note_names_the_games_column_as_the_table_heads_it(capsys, tmp_path):
    # «их число — в столбце «Партии» второй таблицы» under a column headed «Партий»
    out = tmp_path / "ladder.md"
    code, _text = run_cli(capsys, ["--lang", "ru", "ladder", "founders", "--bots",
                                   "random,greedy", "--games", "2", "--out", str(out)])
    assert code == 0
    text = out.read_text("utf-8")
    assert "в столбце «Партий» второй таблицы" in text
    assert "| Бот | Против | Партий |" in text


@pytest.mark.parametrize(("lang", "quoted"), [("ru", "«settlers games»"),
                                              ("en", "'settlers games'")])
def test_help_quotes_a_command_as_the_language_does_not_in_backticks(capsys, lang, quoted):
    # «(см. `settlers games`)»: a terminal shows the backticks as they are
    code, text = run_cli(capsys, ["--lang", lang, "play", "--help"])
    assert code == 0 and quoted in text and "`" not in text, text


def test_russian_prose_has_russian_quotes_and_ellipsis():
    from settlers.core import translate
    assert translate("web.error.bad_message", "ru").endswith("с полем «type».")
    assert translate("cli.play.press_enter", "ru") == "Нажмите Enter, когда будете готовы… "
