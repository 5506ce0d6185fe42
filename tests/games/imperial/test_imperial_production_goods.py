"""A production of supply goods only, added from ``CardTables.production_goods`` by
``effects.produce``, does what ``apply_yields`` does with the card's yields: the same supply,
victory points («Сфинкс»: a VP per gain of gold), hand, decks and questions, for every card of
the content; the other productions (VP, cards, a choice, a count per colour, a pick) have no
row and go through ``apply_yields``."""

from __future__ import annotations

import pytest
from imperial_scenario import scenario

from settlers.games.imperial.building import place_location
from settlers.games.imperial.content import GOOD_INDEX
from settlers.games.imperial.effects import apply_yields, produce


def _with_sphinx(sphinx: bool):
    st = scenario("egyptians", "romans")
    st.goods[0] = [1, 1, 1, 1, 1, 1, 1]
    if sphinx:
        cid = next(c.index for c in st.cards if c.name["en"] == "Sphinx")
        place_location(st, 0, cid)
    return st


@pytest.mark.parametrize("sphinx", [False, True])
def test_every_production_as_apply_yields(sphinx: bool) -> None:
    base = _with_sphinx(sphinx)
    rows = 0
    for card in base.cards:
        if not card.production:
            continue
        fast, slow = base.clone(), base.clone()
        produce(fast, 0, card.index)
        apply_yields(slow, 0, card.production, card.index)
        assert fast.full_state() == slow.full_state(), card.id
        assert fast.goods == slow.goods and fast.vp == slow.vp, card.id
        rows += base.tables.production_goods[card.index] is not None
    assert rows > 40   # most productions are goods of the supply


def test_the_sphinx_counts_each_yield_that_gains_gold() -> None:
    st = _with_sphinx(True)
    gold = [c for c in st.cards if c.production
            and any(item.get("goods", {}).get("G", 0) > 0 for item in c.production)]
    assert gold
    for card in gold:
        row = st.tables.production_goods[card.index]
        assert row is not None and row[1] >= 1
        fast = st.clone()
        produce(fast, 0, card.index)
        assert fast.vp[0] == st.vp[0] + row[1]


def test_rows_only_for_goods_of_the_supply() -> None:
    st = scenario()
    for card in st.cards:
        row = st.tables.production_goods[card.index]
        pure = all("goods" in item and set(item) == {"goods"}
                   and all(g in GOOD_INDEX for g in item["goods"])
                   for item in card.production)
        assert (row is not None) == pure, card.id
        if row is not None:
            added, golds = row
            assert added == tuple((GOOD_INDEX[g], n) for item in card.production
                                  for g, n in item["goods"].items() if n > 0)
            assert golds == sum(item["goods"].get("G", 0) > 0 for item in card.production)
