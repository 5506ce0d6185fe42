"""Russian and English plurals in the web texts: CLDR rules through Babel on the server and
Intl.PluralRules in the page; no number is glued to a noun by concatenation."""

from __future__ import annotations

import json
import re

import pytest

from settlers.web.i18n import t, web_catalog
from settlers.web.plurals import format_icu, plural_category


@pytest.mark.parametrize(("n", "form"), [(1, "one"), (2, "few"), (4, "few"), (5, "many"),
                                          (11, "many"), (21, "one"), (22, "few"), (25, "many"),
                                          (111, "many"), (0, "many")])
def test_russian_plural_categories(n, form):
    assert plural_category("ru", n) == form


def test_numbers_agree_with_nouns_in_russian_and_english():
    assert t("lobby.moves", "ru", n=1) == "1 ход"
    assert t("lobby.moves", "ru", n=3) == "3 хода"
    assert t("lobby.moves", "ru", n=5) == "5 ходов"
    assert t("lobby.moves", "ru", n=21) == "21 ход"
    assert t("lobby.moves", "en", n=1) == "1 move"
    assert t("lobby.moves", "en", n=2) == "2 moves"
    assert t("error.bad_seats", "ru", players=2) == "Нужно описать ровно 2 места."
    assert t("error.bad_seats", "ru", players=5) == "Нужно описать ровно 5 мест."
    assert t("board.face_down", "ru", n=1) == "рубашкой вверх: 1 квадрат"


def test_exact_numbers_selects_and_plain_fields():
    text = "{n, plural, =0 {nothing} one {# card} other {# cards}} for {who}"
    assert format_icu(text, "en", {"n": 0, "who": "Ann"}) == "nothing for Ann"
    assert format_icu(text, "en", {"n": 7, "who": "Ann"}) == "7 cards for Ann"
    sel = "{kind, select, bot {a bot} other {a person}}"
    assert format_icu(sel, "en", {"kind": "bot"}) == "a bot"
    assert format_icu(sel, "en", {"kind": "human"}) == "a person"


def test_every_plural_text_has_the_forms_its_language_needs():
    needs = {"ru": {"one", "few", "many", "other"}, "en": {"one", "other"}}
    for lang, forms in needs.items():
        for key, text in web_catalog(lang).items():
            for body in re.findall(r"\{\w+, plural,(.*)\}", text):
                found = set(re.findall(r"(\w+) \{", body))
                assert forms <= found, f"{lang} {key}: {sorted(forms - found)} missing"


def test_both_catalogs_have_the_same_keys():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "src/settlers/web/messages"
    ru = json.loads((folder / "ru.json").read_text("utf-8"))
    en = json.loads((folder / "en.json").read_text("utf-8"))
    assert set(ru) == set(en), sorted(set(ru) ^ set(en))
