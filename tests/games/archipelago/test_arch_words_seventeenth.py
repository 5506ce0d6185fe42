"""Archipelago's Russian: numbers agree with their nouns at every count the game can produce,
and the game's words are the rulebook's (docs/audits/2026-12-07-seventeenth-i18n.md).

The agreement is checked by a table of its own (the Russian plural rule and each noun's forms,
as tests/games/imperial/test_imperial_card_words.py does), not by the catalog that writes the
text; the counts are those a content file may give (content.py: a crisis asks 1-12 cubes or
raises 1-12 inhabitants a cube, a region has 0-5 huts, an end counts 0-6 bank zones or piles)
and more.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

import settlers
from settlers.core.i18n import translate
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.render import cost_text, crisis_text, end_text
from settlers.games.archipelago.words import item_keys
from settlers.testing.language import FEW, MANY, ONE, russian_category

COUNTS = range(0, 31)



# a word right after a number: each noun's forms in the cases the texts use it in (the
# nominative or accusative of a count of cubes, florins, discs, huts, piles; the accusative of
# the inhabitants a cube raises, «поднимает 1 жителя, 5 жителей»; the genitive of «запасы 2
# ресурсов»). A form two categories share is in both.
_NOUNS = {
    # one, few, many
    "жител": ({"жителя"}, {"жителей"}, {"жителей"}),
    "хижин": ({"хижина"}, {"хижины"}, {"хижин"}),
    "стоп": ({"стопка"}, {"стопки"}, {"стопок"}),
    "камен": ({"камень"}, {"камня"}, {"камней"}),
    "рыб": ({"рыба", "рыбу"}, {"рыбы"}, {"рыб"}),
    "фрукт": ({"фрукт"}, {"фрукта"}, {"фруктов"}),
    "скот": ({"скот"}, {"скота"}, {"скота"}),
    "желез": ({"железо"}, {"железа"}, {"железа"}),
    "древесин": ({"древесина", "древесину"}, {"древесины"}, {"древесины"}),
    "флорин": ({"флорин"}, {"флорина"}, {"флоринов"}),
    "жетон": ({"жетон"}, {"жетона"}, {"жетонов"}),
    "диск": ({"диск"}, {"диска"}, {"дисков"}),
    "карт": ({"карта", "карту"}, {"карты"}, {"карт"}),
    "ресурс": ({"ресурса"}, {"ресурсов"}, {"ресурсов"}),
    "раз": ({"раз"}, {"раза"}, {"раз"}),
}
_TABLE = {ONE: set(), FEW: set(), MANY: set()}
for _one, _few, _many in _NOUNS.values():
    _TABLE[ONE] |= _one
    _TABLE[FEW] |= _few
    _TABLE[MANY] |= _many
_KNOWN = _TABLE[ONE] | _TABLE[FEW] | _TABLE[MANY]
_PAIR = re.compile(r"(?<![\w.,/-])(\d+) ([а-яё]+)")


def disagreements(text: str) -> list[str]:
    """Each «number noun» of ``text`` whose noun is a known form in the wrong category."""
    return [m.group(0) for m in _PAIR.finditer(text)
            if m.group(2) in _KNOWN and m.group(2) not in _TABLE[russian_category(int(m.group(1)))]]


def checked(text: str) -> int:
    return sum(m.group(2) in _KNOWN for m in _PAIR.finditer(text))


def test_the_checker_knows_right_from_wrong():
    assert disagreements("5 камней, 2 камня, 1 камень, 21 жителя, 12 хижин, 0 хижин") == []
    assert disagreements("5 камня, 1 хижин, 2 стопок, поднимает 5 жителя, 3 карт") == [
        "5 камня", "1 хижин", "2 стопок", "5 жителя", "3 карт"]


@pytest.fixture(scope="module")
def ru():
    settlers.load("archipelago")
    return json.loads((resources.files("settlers.games.archipelago") / "messages" / "ru.json")
                      .read_text("utf-8"))


def _with_count(text: str) -> bool:
    return "plural" in text


def test_every_counted_text_agrees_at_every_count(ru):
    """Each catalog text with a plural, filled with every count 0-30 (its other numbers too);
    the Missionary's «в регионе 4 3 хижины» now reads «3 хижины в регионе 4»."""
    fill = {"res": "рыба", "region": 4, "rest": 2, "max": 4, "card": "archipelago.card.pyramid",
            "name": {"ru": "Карта"}, "what": "x", "who": "Красный", "players": 3, "needed": 30,
            "have": 7, "money": 10, "florins": 50, "limit": 3, "field": "f", "positions": 5}
    wrong, pairs = {}, 0
    for key, template in ru.items():
        if not _with_count(template):
            continue
        for n in COUNTS:
            params = {**fill, "count": n, "n": n, "ratio": n, "huts": n, "limit": n}
            if key.startswith("archipelago.content.fault.start_money"):
                params.update(money=n, players=n)
            text = translate(key, "ru", **params)
            pairs += checked(text)
            # …and no count right after another number («в регионе 4 3 хижины»)
            if disagreements(text) or re.search(r"(?<![\w.,-])\d+ \d+ [а-яё]", text):
                wrong[f"{key} {n}"] = text
    assert wrong == {}
    assert pairs > 800   # the check ran over counted nouns, not over nothing


@pytest.mark.parametrize("n", range(1, 13))
def test_a_crisis_card_says_its_counts_in_words(n):
    """L354 «на какое количество жителей хватит одного кубика», L382 «количество и тип
    ресурсов, которые требуются внешнему рынку»: at every count a card file may give (1-12);
    the domestic demand read «куб поднимает 5» — a number without its noun."""
    for res in RESOURCES:
        text = crisis_text({"domestic": (res, n), "export": (res, n)}, "ru")
        assert disagreements(text) == [], text
        assert re.search(rf"кубик поднимает {n} жител", text), text
        assert checked(text) == 2, text


@pytest.mark.parametrize("kind", ["piles_empty", "bank_resources_empty"])
def test_an_end_counted_in_piles_or_resources_reads_as_the_rulebook(kind):
    """L1237 «закончились 2 стопки жетонов первооткрывателя», L1218 «в банке закончился запас
    любых 2 ресурсов»: the count inside the words, agreeing (it read «стопки жетонов
    первооткрывателя кончились: 3»)."""
    for n in range(0, 7):
        text = end_text(kind, n, "ru")
        assert disagreements(text) == [] and checked(text) == 1, text
        assert not text.endswith(f": {n}"), text
    assert end_text("piles_empty", 2, "ru") == "кончились 2 стопки жетонов первооткрывателя"
    assert end_text("bank_resources_empty", 3, "ru") == "в банке кончились запасы любых 3 ресурсов"


def test_a_price_agrees_at_every_count():
    for n in range(1, 16):
        for r in range(len(RESOURCES)):
            cubes = [0] * len(RESOURCES)
            cubes[r] = n
            text = cost_text(n, cubes, n, "ru")
            assert disagreements(text) == [] and checked(text) == 2, text


def test_the_shipped_card_texts_agree(ru):
    """«Пирамида»: «строится за 5 камня» (L1121 «Потратьте 5 кубиков камня»)."""
    texts = {k: v for k, v in ru.items() if k.startswith("archipelago.card_text.")}
    assert {k: v for k, v in texts.items() if disagreements(v)} == {}
    assert "5 камней" in texts["archipelago.card_text.pyramid"]


def test_a_card_given_or_offered_is_named_as_a_card(ru):
    """L229: a card may be given or traded; the log counted it like a cube, «дарит 1 Пирамида»."""
    gift = translate("archipelago.event.gift", "ru", seat=0, to=1, item=item_keys(["card:pyramid"]))
    assert gift == "Красный → Жёлтый: дарит карту «Пирамида»"
    offer = translate("archipelago.event.offer", "ru", seat=0, to=1,
                      give=item_keys(["card:lighthouse", "f", "f"]), want=item_keys(["fish"] * 5))
    assert offer == "Красный → Жёлтый: даёт: карту «Большой Маяк», 2 флорина; просит: 5 рыб"
    assert "the card “Pyramid”" in translate("archipelago.event.gift", "en", seat=0, to=1,
                                             item=item_keys(["card:pyramid"]))


def test_the_church_gifts_name_their_cubes_counted():
    """L1093-1095: «один кубик экзотических фруктов», «кубик экзотических фруктов и кубик
    скота»: the card's choice read «отдать фрукты, скот» (a plural for one cube)."""
    from settlers.games.archipelago.render import card_arg
    state = settlers.load("archipelago").new_state(3, 1)
    assert card_arg(state, "church_gifts", (1,), "ru") == "— отдать 1 фрукт: мятеж −1"
    assert card_arg(state, "church_gifts", (2,), "ru") == "— отдать 1 фрукт, 1 скот: мятеж −2"


def test_a_trade_in_the_log_is_told_not_ordered():
    """The log's «Красный: купить 1 рыбу на внутреннем рынке» (a menu's infinitive) is told as
    the other events are: «Красный покупает 1 рыбу…»."""
    settlers.load("archipelago")
    params = {"seat": 0, "res": "archipelago.res.fish", "price": 4}
    assert translate("archipelago.event.trade", "ru", **params, market="archipelago.market.0",
                     how="archipelago.word.buy") == "Красный покупает 1 рыбу на внутреннем рынке (I) за 4f"
    assert translate("archipelago.event.trade", "ru", **params, market="archipelago.market.1",
                     how="archipelago.word.sell") == "Красный продаёт 1 рыбу на внешнем рынке (II) за 4f"


# the rulebook's words for the boards, markers, crises and cards (archipelago.ru.txt)
@pytest.mark.parametrize(("key", "words"), [
    # L69, L75: «Доска стабильности колонии (III)», «Доска рынка труда (IV)» — boards, not «планшеты»
    ("archipelago.board.markers", "Доски III-IV и маркеры"),
    ("archipelago.board.labour", "рынок труда"),
    # L75, L278: «излишки рабочей силы», never «избыток»
    ("archipelago.board.surplus", "излишки рабочей силы"),
    ("archipelago.card_arg.labour_up", "— излишки рабочей силы +1"),
    # L425, L892: «маркер мятежных настроений»
    ("archipelago.board.rebellion_passed", "Маркер мятежных настроений (9) обогнал маркер населения (8)."),
    # L340-L388: «Кризис потребления внутреннего / внешнего рынка»; L44, L354: «кубик»
    ("archipelago.board.domestic_now", "Кризис внутреннего рынка: рыба, один кубик поднимает 5 жителей"),
    ("archipelago.board.export_now", "Кризис внешнего рынка: ещё нужно отгрузить 3 рыбы"),
    # L1099, L1560: «Большой Маяк»
    ("archipelago.card.lighthouse", "Большой Маяк"),
    # L447, L525: the first emptied pile gives each player a further action disc
    ("archipelago.event.pile_empty", "Кончилась 1-я стопка жетонов первооткрывателя: каждому игроку +1 диск действия"),
], ids=lambda v: v.rsplit(".", 1)[-1] if v.startswith("archipelago.") else "")
def test_the_words_are_the_rulebooks(key, words):
    settlers.load("archipelago")
    params = {"rebellion": 9, "population": 8, "res": "рыба", "ratio": 5, "goods": "3 рыбы", "pile": 1}
    assert translate(key, "ru", **params) == words


def test_no_russian_text_uses_the_words_the_rulebook_does_not(ru):
    """«избыток» (L278: «излишки»), «планшет» (L96: «доски»), «куб» (L44: «кубик»),
    «экспортный кризис» / «внутренний кризис» (L340-L344: «кризис потребления … рынка»)."""
    wrong = re.compile(r"избыт|планшет|\bкуб\b|экспортный кризис|внутренний кризис", re.I)
    assert {k: v for k, v in ru.items() if wrong.search(v)} == {}


@pytest.mark.parametrize(("give", "want", "words"), [
    ([], ["iron"], "Принять: вы отдаёте 1 железо, ничего не получая"),
    (["f", "f"], [], "Принять: вы получаете 2 флорина, ничего не отдавая"),
    (["fish"], ["iron"], "Принять: вы получаете 1 рыбу, отдаёте 1 железо"),
], ids=["asks-only", "gives-only", "both"])
def test_accepting_an_offer_with_an_empty_side_says_nothing_in_russian(give, want, words):
    """An offer may ask or give nothing (L229: gifts, bribes); accepting it read «вы получаете
    ничего, отдаёте 1 железо», where Russian wants «ничего не получая»."""
    from settlers.games.archipelago.actions import Answer
    state = settlers.load("archipelago").new_state(3, 1)
    state.offer = {"from": 0, "to": 1, "give": give, "want": want, "sent": True}
    assert state.describe_action(Answer(True), "ru") == words
