"""Thirteenth pass: a number before a counted noun is a plural text, in every catalog.

«{limit} байт» said «1 048 576 байт» only by luck: «1 байт», «2 байта», «5 байт» need the
noun's form chosen by the number, and the number written as the language writes a count
(grouped: «1 048 576»). The scan reads every catalog of the project (core, CLI, web, sim,
bots, rl, every game) for a plain field followed by a noun the project counts somewhere (a
word that follows ``#`` in any plural text, and a few more); such a field must be a plural
text instead. Abbreviations («ПО», «с», «МБ») do not change with the number and are not
flagged."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import settlers
from settlers.core import translate
from settlers.core.plurals import format_icu
from settlers.core.user_files import UnreadableFile, read_user_text

SRC = Path(settlers.__file__).resolve().parent
CATALOGS = sorted(SRC.rglob("messages/*.json"))

for _game in ("catan", "iceland", "archipelago", "imperial", "founders"):
    settlers.load(_game)  # registers the game's catalog namespace

#: counted nouns a catalog may not yet count anywhere (forms after a number)
MORE_RU = {"байт", "байта", "игроков", "игрока", "очко", "очка", "очков", "гекса", "гексов",
           "гекс", "предложение", "предложения", "предложений", "раз", "раза", "жителей",
           "жителя", "флоринов", "жетонов", "карт", "строк", "строки", "минут", "минуты",
           "часов", "часа", "позиций", "шагов", "шага", "секунд", "записей", "записи"}
MORE_EN = {"bytes", "players", "points", "hexes", "offers", "times", "inhabitants", "florins",
           "tokens", "cards", "lines", "minutes", "hours", "steps", "seconds", "rows", "cores",
           "processes", "values", "entries", "ways", "inputs", "outputs", "masters", "goods"}

#: words that follow ``#`` in a plural text but do not change with the number
NOT_NOUNS = {"more", "new", "other", "common", "of"}

#: (key, field): why a plain number before a noun is right there
ALLOWED = {
    ("sim.cli.length", "mean"): "always one decimal (format_number digits=1): «12,0 действия», "
                                "the form a fraction takes",
    ("sim.ladder.totals", "hours"): "always two decimals: '1.00 hours'",
}

#: a plain field (no conversion, or the figure conversion ``!f``) and the word after it
FIELD_WORD = re.compile(r"\{(\w+)(?:!f)?(?::[^{}]*)?\}[ \u00a0]+([^\W\d_]+)")


def _counted_words(lang: str) -> set[str]:
    words = set()
    for path in CATALOGS:
        if path.name != f"{lang}.json":
            continue
        for text in json.loads(path.read_text("utf-8")).values():
            words.update(m.group(1) for m in re.finditer(r"#[ \u00a0]+([^\W\d_]+)", text))
    # an abbreviation (ПО, VP) is the same after every number
    return {w for w in words if not w.isupper() and w not in NOT_NOUNS} \
        | (MORE_RU if lang == "ru" else MORE_EN)


def _uncounted(lang: str) -> list[str]:
    nouns = _counted_words(lang)
    found = []
    for path in CATALOGS:
        if path.name != f"{lang}.json":
            continue
        for key, text in json.loads(path.read_text("utf-8")).items():
            for m in FIELD_WORD.finditer(text):
                if m.group(2) not in nouns or (key, m.group(1)) in ALLOWED:
                    continue
                if _is_option(text, m.start()):
                    continue
                found.append(f"{path.relative_to(SRC)}: {key}: {m.group(0)!r}")
    return found


def _is_option(text: str, start: int) -> bool:
    """Whether the brace at ``start`` opens an option of a plural or select part."""
    depth = 0
    for i in range(start - 1, -1, -1):   # the innermost brace left open before ``start``
        if text[i] == "}":
            depth += 1
        elif text[i] == "{":
            if depth == 0:
                return ", plural," in text[i:start] or ", select," in text[i:start]
            depth -= 1
    return False


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_catalog_puts_a_plain_number_before_a_counted_noun(lang):
    assert _uncounted(lang) == []


BYTES = [(1, "1 байт", "1 byte"), (2, "2 байта", "2 bytes"), (5, "5 байт", "5 bytes"),
         (21, "21 байт", "21 bytes"), (1_048_576, "1\u00a0048\u00a0576 байт", "1,048,576 bytes")]


@pytest.mark.parametrize(("limit", "ru", "en"), BYTES)
def test_cores_size_refusals_count_their_bytes(limit, ru, en):
    for key in ("core.content.too_large", "core.file.too_large"):
        assert ru in translate(key, "ru", limit=limit), key
        assert en in translate(key, "en", limit=limit), key
    line = translate("core.file.line_too_long", "ru", line=1234, limit=limit)
    assert ru in line and "строка 1234 " in line   # a line's number is said as it is


def test_a_file_over_the_limit_is_refused_with_a_grouped_count(tmp_path):
    path = tmp_path / "big.json"
    path.write_text("x" * 2_001_000)
    with pytest.raises(UnreadableFile) as caught:
        read_user_text(path)   # core's limit: 2 000 000 bytes
    assert caught.value.reason["ru"] == "файл больше предела (2\u00a0000\u00a0000 байт)"
    assert caught.value.reason["en"] == "the file is larger than 2,000,000 bytes"


@pytest.mark.parametrize(("key", "params", "ru", "en"), [
    ("core.bad_player_count", {"game": "x", "minimum": 1, "maximum": 1, "players": 3},
     "для 1–1 игрока", "1 to 1 player,"),
    ("catan.ev.win", {"seat": 0, "points": 11}, "набрал 11 очков", "has 11 points"),
    ("catan.ev.win", {"seat": 0, "points": 22}, "набрал 22 очка", "has 22 points"),
    ("iceland.error.offer_limit", {"limit": 1}, "Не больше 1 предложения", "1 offer per"),
    ("archipelago.board.turned", {"n": 2, "max": 3}, "повёрнута 2 раза из 3", "turned 2 of 3"),
    ("bots.rl_no_policy", {"game": "catan", "players": 4}, "«catan» с 4 игроками",   # (14th: «»)
     "with 4 players"),
])
def test_other_counts_take_their_nouns_form(key, params, ru, en):
    assert ru in translate(key, "ru", **params)
    assert en in translate(key, "en", **params)


@pytest.mark.parametrize(("value", "ru"), [
    ("много", "много байта"), (float("inf"), "inf байта"), (float("nan"), "nan байта"),
    (10**400 + 2, "002 байта"), (10**400 + 5, "005 байт"),
])
def test_a_plural_of_what_is_no_finite_number_takes_the_other_form(value, ru):
    """A plural text's value that is not a number (a word a caller passed, infinity, an
    integer past float's range) is written as it is, never an exception."""
    bytes_ru = "{n, plural, one {# байт} few {# байта} many {# байт} other {# байта}}"
    assert format_icu(f"({bytes_ru})", "ru", {"n": value}).endswith(ru + ")")
    assert translate("core.file.too_large", "ru", limit=value).endswith(ru + ")")
