"""A Catan menu filtered by a compass point (fifteenth i18n round): the Russian menu names
places «L·СВ», and a word typed with English compass letters («ne», «l.ne») still finds them;
on either menu a full stop stands for the middle dot, which a keyboard lacks."""

from __future__ import annotations

import re

import pytest
from terminal_helpers import console as _console
from terminal_helpers import scripted

import settlers
from settlers.cli.seats import Seat, parse_seats
from settlers.cli.terminal import TerminalGame

PLACE = re.compile(r"(?:перекрёстке|at) ([A-S]·[A-ZА-Я]{1,2}) \(")


def _filtered(lang: str, word: str, tmp) -> list[str]:
    """The places the filter's answer lists when ``word`` is typed at Catan's first
    settlement (the whole menu is shown first; the answer follows its heading)."""
    state = settlers.load("catan").new_state(4, 1)
    console, out = _console()
    seats = [Seat("human") if seat == state.to_act[0] else parse_seats("random", None, seed=1)[0]
             for seat in range(4)]
    game = TerminalGame(state, seats, lang, console=console, ask=scripted([word]), save_dir=tmp)
    with pytest.raises(EOFError):
        game.run()
    text = out.getvalue()
    heads = ("Действия, где есть", "Нет действий, где есть", "Actions containing",
             "No action contains")
    starts = [text.rfind(head) for head in heads]
    assert max(starts) >= 0, text[-1500:]
    return PLACE.findall(text[max(starts):])


@pytest.mark.parametrize(("word", "point"), [("ne", "·СВ"), ("l.ne", "L·СВ"), ("l·n", "L·С"),
                                             ("св", "·СВ"), ("L.СВ", "L·СВ"), (".s", "·Ю"),
                                             ("nw", "·СЗ")])
def test_a_russian_menu_is_filtered_by_either_languages_compass_letters(word, point, tmp_path):
    places = _filtered("ru", word, tmp_path)
    assert places, word
    assert all(point in place for place in places), places


@pytest.mark.parametrize(("word", "point"), [("a.n", "A·N"), ("ne", "·NE"), ("a:nw", "A·NW")])
def test_an_english_menu_reads_a_full_stop_for_the_dot(word, point, tmp_path):
    places = _filtered("en", word, tmp_path)
    assert places and all(point in place for place in places), places


def test_a_hex_letter_alone_is_not_read_as_a_compass_point(tmp_path):
    # «e» is hex E (its places and those around it), not every eastern corner
    places = _filtered("ru", "e", tmp_path)
    assert "E·Ю" in places and "A·С" not in places and "L·СВ" not in places
