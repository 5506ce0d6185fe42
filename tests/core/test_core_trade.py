"""settlers.core.trade: what is wrong with a domestic offer (each game words it)."""

from __future__ import annotations

import pytest

from settlers.core import trade


@pytest.mark.parametrize(("give", "get", "reason"), [
    ((1, 0, 0), (0, 1, 0), None),
    ((1, 0), (0, 1, 0), trade.NOT_BUNDLES),
    ([1, 0, 0], (0, 1, 0), trade.NOT_BUNDLES),
    ((0, 0, 0), (0, 1, 0), trade.EMPTY_SIDE),
    ((1, 0, 0), (0, 0, 0), trade.EMPTY_SIDE),
    ((3, 0, 0), (0, 1, 0), trade.CANNOT_PAY),
    ((1, 1, 0), (1, 0, 0), None),            # same kind both sides: allowed by default
])
def test_offer_problems(give, get, reason):
    assert trade.offer_problem([2, 1, 0], give, get) == reason


def test_a_game_may_forbid_the_same_kind_on_both_sides():
    # catan.ru.txt «Внутренняя торговля»: no resource on both sides
    assert trade.offer_problem([2, 1, 0], (1, 1, 0), (1, 0, 0),
                               same_kind_both_sides=False) == trade.SAME_KIND


def test_an_answer_yes_needs_the_asked_cards():
    assert trade.can_answer_yes([0, 2], (0, 2)) and not trade.can_answer_yes([0, 1], (0, 2))
