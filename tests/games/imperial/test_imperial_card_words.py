"""Numbers agree with their nouns in every generated Imperial card text (card_text.py;
docs/audits/2026-12-07-sixteenth-i18n.md): «1 камень, 2 камня, 5 камней», «до 1 карточки»,
«до 3 карточек» — in the shipped cards and in a user's card file, whose counts go up to the
bounds content.py allows. The agreement is checked here by a table of its own (the Russian
plural rule and each noun's forms), not by the catalog that writes the text."""

from __future__ import annotations

import dataclasses
import re

import pytest

import settlers
from settlers.core.i18n import translate
from settlers.games.imperial.card_text import card_facts, cost_text
from settlers.games.imperial.content import (
    ALL_GOODS,
    MAX_ACTION_LIMIT,
    MAX_FEATURE_CAP,
    MAX_GOODS,
    MAX_PICK,
    MAX_SAMURAI,
)
from settlers.testing.language import FEW, MANY, ONE, russian_category

# a word right after a number, in the nominative or accusative (a count of goods, a cost) …
_AFTER_NUMBER = {
    ONE: {"дерево", "камень", "еда", "еду", "золотой", "рабочий", "рабочего", "жетон",
          "карточка", "карточку", "общая", "общую", "имперская", "имперскую", "сделка",
          "сделку", "самурая"},
    FEW: {"дерева", "камня", "еды", "золотых", "рабочих", "жетона", "карточки", "общие",
          "имперские", "сделки", "самураев"},
    MANY: {"дерева", "камней", "еды", "золотых", "рабочих", "жетонов", "карточек", "общих",
           "имперских", "сделок", "самураев"},
}
# … and after «до» / «из», in the genitive: «до 1 карточки», «до 3 карточек», «из 2 верхних»
_GENITIVE = {
    ONE: {"карточки", "вашего", "верхней", "раза"},
    FEW: {"карточек", "ваших", "верхних", "раз"},
    MANY: {"карточек", "ваших", "верхних", "раз"},
}
_PAIR = re.compile(r"\b(\d+) ([а-яё]+)")


def _pairs(text: str):
    """(«до 1 карточки» or «2 камня», its table, the number, the word) for each number."""
    for m in _PAIR.finditer(text):
        before = text[:m.start()]
        genitive = before.endswith(("до ", "из "))
        shown = (before[-3:] if genitive else "") + m.group(0)
        yield (shown, _GENITIVE if genitive else _AFTER_NUMBER, int(m.group(1)), m.group(2))


def disagreements(text: str) -> list[str]:
    """Each «number word» of ``text`` whose word is a known noun form in the wrong form."""
    return [shown for shown, table, n, word in _pairs(text)
            if word in set().union(*table.values()) and word not in table[russian_category(n)]]


def checked_pairs(text: str) -> int:
    return sum(word in set().union(*table.values()) for _, table, _, word in _pairs(text))


def test_the_checker_knows_right_from_wrong():
    assert disagreements("2 камня, 5 камней, 1 камень, 21 рабочий, 12 карточек") == []
    assert disagreements("1 рабочих, 2 камень, получите 1 карточки") == [
        "1 рабочих", "2 камень", "1 карточки"]
    assert disagreements("до 1 карточек; до 1 ваших ресурсов; из 1 верхних") == [
        "до 1 карточек", "до 1 ваших", "из 1 верхних"]
    assert disagreements("до 3 карточек, до 2 раз, до 21 раза") == []


@pytest.fixture(scope="module")
def cards():
    return settlers.load("imperial").new_state(2, 4).cards


def _card(cards, card_id):
    return next(c for c in cards if c.id == card_id)


def test_every_shipped_card_agrees_in_russian(cards):
    pairs = 0
    for card in cards:
        text = card_facts(card, "ru")
        assert disagreements(text) == [], (card.id, text)
        pairs += checked_pairs(text)
    assert pairs > 600   # the check ran over the texts' counts, not over nothing


def _variants(cards):
    """A user's cards: every good in every count a file may give, every bound of a cap,
    a limit, a pick and samurai (content.py's MAX_*)."""
    base = _card(cards, "COM008")
    for good in ALL_GOODS:
        for n in range(1, MAX_GOODS + 1):
            goods = {good: n}
            yield dataclasses.replace(
                base, production=({"goods": goods},), build_bonus=({"goods": goods},),
                raze=goods, features=({"on": "build", "goods": goods},),
                action={"cost": goods, "goods": goods, "limit": 1})
    for n in range(2, MAX_ACTION_LIMIT + 1):
        yield dataclasses.replace(base, action={"cost": {"Wk": 1}, "goods": {"W": 1},
                                                "limit": n})
    for n in range(1, MAX_FEATURE_CAP + 1):
        yield dataclasses.replace(base, features=({"passive": "gate", "max": n},
                                                  {"passive": "warehouse", "max": n}))
    for n in range(1, MAX_PICK + 1):
        yield dataclasses.replace(base, production=({"pick": n},), build_bonus=({"pick": n},))
    for n in range(1, MAX_SAMURAI + 1):
        yield dataclasses.replace(base, build_bonus=({"samurai": n},))


def test_a_users_cards_agree_in_russian_at_every_count_the_file_may_give(cards):
    # on the base: «до 1 карточек», «до 1 ваших ресурсов», «1 из 1 верхних имперских карточек»
    wrong = {}
    for card in _variants(cards):
        text = card_facts(card, "ru")
        if disagreements(text):
            wrong[text] = disagreements(text)
    assert wrong == {}


_EN_SINGULAR = re.compile(r"\b1 (cards|workers|raze tokens|defence tokens|deals|times)\b")
_EN_PLURAL = re.compile(r"\b(?:[2-9]|1[0-9]) (card|worker|raze token|defence token|deal)\b")


def test_a_users_cards_agree_in_english(cards):
    for card in (*cards, *_variants(cards)):
        text = card_facts(card, "en")
        assert not _EN_SINGULAR.search(text) and not _EN_PLURAL.search(text), text
        assert "1 of the top 1" not in text and "up to 1 of your resources stay " not in text


@pytest.mark.parametrize("card_id, lang, expected", [
    # a card costing no goods but a discarded location: not «стоит бесплатно + сброс локации»
    ("EGY009", "ru", "действие; строится за сброс локации; действие: 2 золотых → 3 ПО"),
    ("EGY009", "en", "action; built by discarding a location; action: 2 gold → 3 VP"),
    # a built location that cannot be razed is razed from the hand only
    ("JAP013", "ru", "построенную локацию нельзя разрушить; разрушить с руки → 1 ПО"),
    ("JAP015", "en", "cannot be razed once built; raze from the hand → 1 VP"),
    # «Врата», «Склады» are plural: the passive names the location, not «под неё», «на ней»
    ("JAP013", "ru", "под эту локацию можно подложить до 3 карточек с руки"),
    ("ROM019", "ru", "в фазе очистки на этой локации остаются до 3 ваших ресурсов"),
    # one of two: the other one is discarded, not «the others»
    ("ROM011", "ru", "производит 1 из 2 верхних имперских карточек (вторая — в сброс)"),
    ("JAP011", "en", "produces 1 of the top 2 empire cards (the other is discarded)"),
])
def test_fixed_card_texts(cards, card_id, lang, expected):
    assert expected in card_facts(_card(cards, card_id), lang)


def test_the_build_menu_names_the_discarded_location_alone(cards):
    bazaar = _card(cards, "EGY009")
    assert cost_text(bazaar, "ru") == "сброс локации"
    assert cost_text(bazaar, "en") == "discard a location"


@pytest.mark.parametrize("key, lang, expected", [
    ("imperial.question.samurai_window", "ru", "размещение самураев в фазе производства"),
    ("imperial.question.samurai_window", "en", "placing samurai in the production phase"),
    ("imperial.decision.samurai_window", "en", "place samurai or end your turn"),
    ("web.lobby.paused_unwatched", "ru",
     "на паузе, пока никто не смотрит: откройте стол, и боты продолжат игру"),
])
def test_fixed_catalog_strings(key, lang, expected):
    import settlers.web.i18n  # noqa: F401  (the web catalog)

    assert translate(key, lang) == expected
