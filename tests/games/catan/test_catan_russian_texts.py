"""Catan's trade, harvest and discard texts in correct Russian (issue 15): numbers agree with
the noun («2 зерна», «5 зёрен») and an object takes the accusative («за 1 руду»)."""

from __future__ import annotations

from catan_scenario import give, scenario, vec

from settlers.core import translate
from settlers.games.catan.actions import MaritimeTrade, OfferTrade
from settlers.games.catan.describe import describe

GENNADY = 0


def _last(st, key: str, lang: str) -> str:
    event = [e for e in st.events if e.key == key][-1]
    return translate(event.key, lang, **event.params)


def test_maritime_trade_four_to_one_label_and_event():
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, brick=4)
    action = MaritimeTrade("brick", "ore")
    assert describe(st, action, "ru") == "Заморская торговля: 4 глины за 1 руду"
    assert describe(st, action, "en") == "Maritime trade: 4 brick for 1 ore"
    st.apply(GENNADY, action)
    assert _last(st, "catan.ev.maritime", "ru").endswith("меняет в резерве 4 глины на 1 руду")


def test_offer_one_for_two_label_and_event():
    st = scenario(current=GENNADY)
    give(st, GENNADY, ore=1)
    offer = OfferTrade(vec(ore=1), vec(grain=2))
    assert describe(st, offer, "ru") == "Предложить 1 руду за 2 зерна"
    st.apply(GENNADY, offer)
    assert _last(st, "catan.ev.offer", "ru").endswith("предлагает 1 руду за 2 зерна")
    assert _last(st, "catan.ev.offer", "en").endswith("offers 1 ore for 2 grain")


def test_harvest_of_one_two_five():
    texts = [translate("catan.ev.produce", "ru", seat=0, resource="catan.res.grain", count=n)
             for n in (1, 2, 5)]
    assert [t.split(" получает ")[1] for t in texts] == ["1 зерно", "2 зерна", "5 зёрен"]
    ore = [translate("catan.ev.produce", "ru", seat=0, resource="catan.res.ore", count=n)
           for n in (1, 2, 5, 21)]
    assert [t.split(" получает ")[1] for t in ore] == ["1 руду", "2 руды", "5 руд", "21 руду"]


def test_discard_groups_cards_with_counts():
    text = translate("catan.ev.discarded", "ru", seat=0,
                     cards=["catan.res.brick", "catan.res.brick", "catan.res.wool",
                            "catan.res.grain", "catan.res.grain", "catan.res.grain",
                            "catan.res.grain", "catan.res.grain"])
    assert text.endswith("сбрасывает 2 глины, 1 шерсть, 5 зёрен")
    assert translate("catan.ev.must_discard", "ru", seat=0, count=4).endswith("сбросить 4 карты")
    assert translate("catan.ev.must_discard", "ru", seat=0, count=5).endswith("сбросить 5 карт")


def test_steal_names_the_card_in_the_accusative():
    text = translate("catan.ev.stole_card", "ru", seat=0, victim=1, resource="catan.res.ore")
    assert text.endswith("отдаёт 1 руду")
