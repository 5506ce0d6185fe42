"""The thirty-seventh session's buildable rows (issue 19): a row is made per class of card —
its wood, stone and food, whether it needs a foundation — and spread over the cards with
``bytes.translate``. It equals the row made card by card (the path a card table of more than
256 classes takes) for every supply of 0–6 wood, stone and food, 0–8 gold, with and without a
foundation to discard."""

import itertools

from settlers.games.imperial import GAME
from settlers.games.imperial.tables import CardTables


def test_rows_by_class_equal_rows_card_by_card():
    cards = GAME.new_state(players=2, seed=0).cards
    by_class = CardTables(cards)
    by_card = CardTables(cards)
    by_card._build_class = None   # the card-by-card path
    assert by_class._build_class is not None
    assert len(by_class._build_classes) <= 256
    for wood, stone, food, gold, foundation in itertools.product(
            range(7), range(7), range(7), range(9), (False, True)):
        row = by_class._buildable(wood, stone, food, gold, foundation)
        assert row == by_card._buildable(wood, stone, food, gold, foundation), \
            (wood, stone, food, gold, foundation)
        assert len(row) == len(cards)


def test_each_card_falls_in_the_class_of_its_cost_and_foundation():
    cards = GAME.new_state(players=2, seed=0).cards
    t = CardTables(cards)
    for c in cards:
        w, s, f, needs = t._build_classes[t._build_class[c.index]]
        assert (w, s, f) == (c.cost.get("W", 0), c.cost.get("S", 0), c.cost.get("F", 0))
        assert needs == bool(c.foundation)
