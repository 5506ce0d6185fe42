"""Phase 3 A: trade with the bank, at harbours, and binding offers between players."""

from __future__ import annotations

import pytest
from iceland_scenario import corner_between, house, new, put, set_hand, terrain

from settlers.core import IllegalAction
from settlers.games.iceland.actions import (
    AnswerOffer,
    BuildHarbour,
    EndTurn,
    OfferTrade,
    Roll,
    TradeWithBank,
)
from settlers.games.iceland.trade import LISTED_OFFERS_PER_TURN


def test_four_to_one_with_the_bank():
    """«Четыре одинаковых карты ресурса можно продать за один другой ресурс из банка.»"""
    s = new()
    set_hand(s, 0, wool=4, grain=3)
    assert TradeWithBank("grain", "iron") not in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(0, TradeWithBank("grain", "iron"))
    s.apply(0, TradeWithBank("wool", "iron"))
    assert s.hands[0] == [3, 0, 0, 1]


def harbour_board(s):
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    s.harbour[3] = s.c.resource_index("wool")


def test_two_to_one_with_a_boat_in_the_harbour():
    """«Игрок с кораблём в гавани ... можно продавать два указанных ресурса за один другой.»"""
    s = new()
    harbour_board(s)
    set_hand(s, 0, wool=2)
    assert not any(isinstance(a, TradeWithBank) for a in s.legal_actions(0))
    put(s, 0, 3)
    s.apply(0, TradeWithBank("wool", "grain"))
    assert s.hands[0] == [1, 0, 0, 0]


def test_two_to_one_from_a_settlement_next_to_a_harbour_without_a_boat():
    """«... или поселением рядом с ней без корабля»."""
    s = new()
    harbour_board(s)
    house(s, 0, corner_between(s, 0, 3, 4))
    set_hand(s, 0, wool=2)
    assert TradeWithBank("wool", "iron") in s.legal_actions(0)
    put(s, 10, 3)  # another player's boat lies in the harbour
    assert TradeWithBank("wool", "iron") not in s.legal_actions(0)


def test_harbour_built_this_turn_cannot_be_used():
    """«Гавани нельзя использовать для торговли в тот же раунд, когда их построили.»"""
    s = new()
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    put(s, 0, 3)
    set_hand(s, 0, wool=4)
    s.apply(0, BuildHarbour(0, "wool"))
    assert s.hands[0][2] == 2
    assert not any(isinstance(a, TradeWithBank) for a in s.legal_actions(0))
    s.apply(0, EndTurn())
    assert s.harbour[3] == s.c.resource_index("wool")


def test_offer_is_binding_once_accepted():
    """«Предложенная торговля обязательна, если принято соглашение.»"""
    s = new()
    set_hand(s, 0, wool=2)
    set_hand(s, 1, iron=1, grain=1)
    s.apply(0, OfferTrade(1, (0, 0, 2, 0), (1, 0, 0, 1)))
    assert s.to_act == (1,)
    s.apply(1, AnswerOffer(True))
    assert s.hands[0] == [1, 0, 0, 1] and s.hands[1] == [0, 0, 2, 0]
    assert s.phase == "build"


def test_offer_refused_or_impossible():
    s = new()
    set_hand(s, 0, wool=1)
    s.apply(0, OfferTrade(2, (0, 0, 1, 0), (0, 1, 0, 0)))
    assert s.legal_actions(2) == [AnswerOffer(False)]  # seat 2 has no wood
    with pytest.raises(IllegalAction):
        s.apply(2, AnswerOffer(True))
    s.apply(2, AnswerOffer(False))
    assert s.hands[0] == [0, 0, 1, 0]


@pytest.mark.parametrize("offer", [
    OfferTrade(1, (0, 0, 0, 0), (1, 0, 0, 0)),   # must give at least one card
    OfferTrade(1, (0, 0, 1, 0), (0, 0, 0, 0)),   # must get at least one card
    OfferTrade(0, (0, 0, 1, 0), (1, 0, 0, 0)),   # not with oneself
    OfferTrade(1, (0, 0, 2, 0), (1, 0, 0, 0)),   # cards one does not have
    OfferTrade(1, (0, 0, 1), (1, 0, 0, 0)),
])
def test_bad_offers(offer):
    """«Правильная торговля касается двух игроков, которые дают друг другу по меньшей мере одну
    карту ресурсов.»"""
    s = new()
    set_hand(s, 0, wool=1)
    before = s.full_state()
    with pytest.raises(IllegalAction):
        s.apply(0, offer)
    assert s.full_state() == before


def test_offers_have_no_limit_by_default():
    """L53: «Текущий игрок также может предлагать торговлю другим игрокам» — the rulebook sets
    no bound on offers, so a table plays without one unless it asks for ``offer_limit``. Only
    the first three offers of a turn are LISTED (the list every bot chooses from, so no bot keeps
    re-offering to a person who declines); later ones are legal when sent explicitly."""
    s = new()
    assert s.options["offer_limit"] == 0
    set_hand(s, 0, wool=1)
    for k in range(12):
        offer = OfferTrade(1 + k % 2, (0, 0, 1, 0), (1, 0, 0, 0))
        assert (offer in s.legal_actions(0)) == (k < LISTED_OFFERS_PER_TURN)
        s.apply(0, offer)
        s.apply(1 + k % 2, AnswerOffer(False))
    assert s.offers_made == 12 and s.hands[0] == [0, 0, 1, 0]


def test_offer_limit_is_a_bound_for_bot_tables():
    s = new(offer_limit=1)
    set_hand(s, 0, wool=2)
    s.apply(0, OfferTrade(1, (0, 0, 1, 0), (1, 0, 0, 0)))
    s.apply(1, AnswerOffer(False))
    with pytest.raises(IllegalAction, match="1"):
        s.apply(0, OfferTrade(2, (0, 0, 1, 0), (1, 0, 0, 0)))


def test_only_the_player_to_move_trades_and_not_before_phase_three():
    s = new(phase="roll")
    set_hand(s, 0, wool=4)
    with pytest.raises(IllegalAction):
        s.apply(0, TradeWithBank("wool", "iron"))
    assert s.legal_actions(0) == [Roll()]

