"""`settlers games` writes each option's default and what it takes as a user writes them after
``-o name=``: «desert_start=нет (да | нет)», "max_turns=30 (an integer)", «cards (строка)» — it
showed Python's words («False (bool)», «None (str)», «(int)»)."""

import re

import pytest

from settlers.cli import main
from settlers.core import games, get_language, set_language

EXPECTED = {
    "ru": ["desert_start=нет (да | нет)", "domestic_trade=да (да | нет)",
           "max_turns=30 (целое число)", "content=standard (строка)"],
    "en": ["desert_start=false (true | false)", "domestic_trade=true (true | false)",
           "max_turns=30 (an integer)", "content=standard (a string)"],
}


def _games_output(capsys, monkeypatch, lang: str) -> str:
    monkeypatch.setenv("COLUMNS", "250")
    with pytest.raises(SystemExit) as info:
        main(["--lang", lang, "games"])
    assert info.value.code in (0, None)
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_options_are_written_as_a_user_writes_them(capsys, monkeypatch, lang):
    out = _games_output(capsys, monkeypatch, lang)
    for text in EXPECTED[lang]:
        assert text in out, text
    assert not re.search(r"\((bool|str|int|float)\)|=(None|False|True)\b", out), out
    assert re.search(r"\bcards \(" + ("строка" if lang == "ru" else "a string") + r"\)", out)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_flag_as_written_is_read_back(lang):
    from settlers.cli.games_command import _written

    before = get_language()
    set_language(lang)
    try:
        flags = [o for g in games() for o in g.options if isinstance(o.default, bool)]
        assert len(flags) >= 5
        for option in flags:
            for value in (True, False):
                assert option.coerce(_written(value)) is value, (option.name, value)
    finally:
        set_language(before)
