"""Counted nouns in every game's Russian texts (issue 15): the number agrees with the noun
(«1 руда», «2 руды», «5 руд»; «1 зерно», «2 зерна», «5 зёрен») and an object takes the
accusative («за 1 руду»). The word forms are ICU plural patterns in each game's catalog
(``<key>.count``, ``<key>.count_acc``), never built in code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import settlers
from settlers.core import translate
from settlers.core.i18n import counted, counted_list
from settlers.core.plurals import format_icu
from settlers.core.words import count_words

GAMES = Path(__file__).resolve().parents[2] / "src" / "settlers" / "games"

for _game in ("catan", "iceland", "archipelago", "imperial", "founders"):
    settlers.load(_game)  # registers the game's catalog namespace


def test_counted_picks_the_cldr_form_and_the_case():
    forms = [counted("catan.res.ore", n, "ru") for n in (1, 2, 5, 11, 21, 22, 25)]
    assert forms == ["1 руда", "2 руды", "5 руд", "11 руд", "21 руда", "22 руды", "25 руд"]
    assert counted("catan.res.ore", 1, "ru", accusative=True) == "1 руду"
    assert [counted("catan.res.grain", n, "ru") for n in (1, 2, 5)] == \
        ["1 зерно", "2 зерна", "5 зёрен"]
    assert counted("catan.res.ore", 2, "en") == "2 ore"


def test_a_key_without_word_forms_falls_back_to_number_and_name():
    assert counted("catan.res_initial.ore", 3, "ru") == "3 Р"


def test_card_lists_are_grouped_in_first_seen_order():
    keys = ["catan.res.ore", "catan.res.grain", "catan.res.ore"]
    assert counted_list(keys, "ru", accusative=True) == "2 руды, 1 зерно"
    assert count_words((0, 0, 0, 5, 1), lambda k: ("catan.res.brick", "catan.res.lumber",
                       "catan.res.wool", "catan.res.grain", "catan.res.ore")[k], "ru",
                       accusative=True) == "5 зёрен + 1 руду"


def test_icu_resolution_keeps_plain_fields_for_str_format():
    text = format_icu("{who!p}: {n, plural, one {# ход} few {# хода} many {# ходов} "
                      "other {# хода}}", "ru", {"n": 3}, keep_fields=True)
    assert text == "{who!p}: 3 хода"


def test_iceland_texts():
    harvest = [translate("iceland.event.harvest", "ru", seat=0, resource="iceland.res.grain",
                         count=n) for n in (1, 2, 5)]
    assert [h.split(" получает ")[1] for h in harvest] == ["1 зерно.", "2 зерна.", "5 зёрен."]
    bank = translate("iceland.event.bank_trade", "ru", seat=0, count=4,
                     give="iceland.res.wool", get="iceland.res.iron")
    assert bank.endswith("меняет 4 шерсти на 1 железо.")
    offer = translate("iceland.event.offer", "ru", seat=0, to=1, give=["iceland.res.wood"],
                      get=["iceland.res.grain", "iceland.res.grain"])
    assert offer.endswith("предлагает 1 дерево за 2 зерна.")


def test_archipelago_texts():
    fish = [translate("archipelago.event.harvest", "ru", seat=0, res="archipelago.res.fish",
                      n=n) for n in (1, 2, 5)]
    assert [f.split(" добывает ")[1] for f in fish] == ["1 рыбу", "2 рыбы", "5 рыб"]
    crisis = translate("archipelago.event.domestic_crisis", "ru", res="archipelago.res.stone",
                       ratio=5)
    assert crisis == "Кризис внутреннего рынка: 1 камень на 5 жителей"
    assert translate("archipelago.event.export_crisis", "ru", res="archipelago.res.fruit",
                     n=2) == "Кризис внешнего рынка: требуется 2 фрукта"


def test_imperial_goods():
    from settlers.games.imperial.render import _Words
    words = _Words(None, "ru")
    assert words.goods({"W": 2, "Wk": 1}) == "2 дерева, 1 рабочий"
    assert words.goods({"Wk": 1, "F": 5}, accusative=True) == "1 рабочего, 5 еды"
    assert _Words(None, "en").goods({"Wk": 2, "W": 1}) == "2 workers, 1 wood"


def test_founders_deck_size_counts_tiles():
    text = translate("founders.tiles.deck_size", "ru", path="p", deck="I", count=21,
                     expected=20)
    assert "в стопке «I» 21 квадрат, а по правилам 20" in text


# A number field set directly before a noun field ("{count} {give}", "{n} × {res!t}"), a
# noun field before a "×{count}", or a "карт(ы)"-style ending: the concatenations replaced by
# counted fields ({give!a:count}) and plural patterns.
_CONCATENATED = re.compile(
    r"\{(?P<num>count|n|cards|amount|rate|ratio|number|qty)\}\s*(?:×\s*)?\{\w+(?:![a-z])?\}"
    r"|\{\w+![tn]\}\s*×\s*\{\w+\}"
    r"|\w\((?:ы|а|ов|и|ей)\)")


def _ru_catalogs() -> list[Path]:
    return sorted(GAMES.glob("*/messages/ru.json"))


@pytest.mark.parametrize("path", _ru_catalogs(), ids=lambda p: p.parent.parent.name)
def test_no_ru_pattern_concatenates_a_number_and_a_noun(path):
    bad = {key: text for key, text in json.loads(path.read_text("utf-8")).items()
           if _CONCATENATED.search(text)}
    assert bad == {}


def test_the_scan_catches_the_old_patterns():
    for old in ("Заморская торговля: {count} {give} за 1 {get}", "{seat!p} добывает {n} × {res!t}",
                "{seat!p} получает: {resource!t} ×{count}", "сбросить {count} карт(ы)"):
        assert _CONCATENATED.search(old), old


@pytest.mark.parametrize("path", _ru_catalogs(), ids=lambda p: p.parent.parent.name)
def test_every_counted_form_has_all_russian_plural_categories(path):
    for key, text in json.loads(path.read_text("utf-8")).items():
        if key.endswith((".count", ".count_acc")):
            for category in ("one", "few", "many", "other"):
                assert f" {category} {{" in text, (key, category)


def test_a_counted_noun_may_carry_parameters_of_its_own():
    """An entry ``{"key": ..., **params}`` of a counted list is the noun with its own fields,
    grouped with its equals only (Archipelago's harvest permissions, one per region)."""
    permit = {"key": "archipelago.item.permit_in", "region": 3}
    other = {"key": "archipelago.item.permit_in", "region": 5}
    assert counted_list([permit, "archipelago.item.florin", permit, other], "ru") == (
        "2 разрешения на сбор в регионе 3, 1 флорин, разрешение на сбор в регионе 5")
    assert counted_list([permit], "en") == "a harvest permission in region 3"
