"""The ninth pass over the command line: a player count from --seats refused by naming
--seats, usage lines in words, Catan's board naming hexes as its menus do."""

from __future__ import annotations

import pytest

from settlers.cli import main


def _run(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return info.value.code, " ".join((captured.out + captured.err).split())


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", ["В --seats названо 2 места (human, heuristic)", "«Колонизаторы» — игра для 3–4",
            "--seats human,heuristic,heuristic"]),
    ("en", ["--seats names 2 seats (human, heuristic)", "Catan is played by 3 to 4",
            "--seats human,heuristic,heuristic"]),
])
def test_a_count_from_seats_the_game_does_not_take_names_seats(capsys, lang, words):
    """`play catan --seats human,heuristic` without -n: the two seats are the count, and
    the refusal says where it came from and a list that fits (it said only «not 2»)."""
    code, text = _run(capsys, ["--lang", lang, "play", "catan", "--seats", "human,heuristic"])
    assert code == 2
    for word in words:
        assert word in text, text


def test_too_many_seats_are_cut_to_the_largest_table(capsys):
    code, text = _run(capsys, ["--lang", "en", "play", "catan", "--seats",
                               "human,random,random,random,random"])
    assert code == 2
    assert "--seats names 5 seats" in text and "--seats human,random,random,random." in text


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "-n 2: «Колонизаторы» — игра для 3–4 игроков. Задайте -n от 3 до 4."),
    ("en", "-n 2: Catan is played by 3 to 4 players. Give -n from 3 to 4."),
])
def test_a_count_from_n_the_game_does_not_take_names_n(capsys, lang, words):
    code, text = _run(capsys, ["--lang", lang, "play", "catan", "-n", "2"])
    assert code == 2
    assert words in text, text
