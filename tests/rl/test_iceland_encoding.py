"""Landnám's fixed encoding has an index for every offer and bank trade the rules allow and
none for those they never allow: since the rules' third revision an offer may not name a kind
on both sides (L53, ``core.trade.shared_kinds``), and the bank always gives another kind."""

from __future__ import annotations

import itertools

import pytest

import settlers
from settlers.core.trade import shared_kinds
from settlers.games.iceland import actions as A
from settlers.games.iceland.trade import ONE_CARD, TWO_CARDS
from settlers.rl.encoding import encoding_for
from settlers.rl.fixed import OutsideActionSpace
from settlers.rl.schema import SEATS

RESOURCES = ("grain", "wood", "wool", "iron")
BUNDLES = ONE_CARD + TWO_CARDS          # one card or two of each side, of one kind or two


@pytest.fixture(scope="module")
def encoding_and_state():
    return encoding_for("iceland", 5), settlers.load("iceland").new_state(5, 3)


def _block(encoding, state, seat, kind):
    block = encoding.actions[kind]
    return [encoding.action_at(state, seat, i) for i in range(block.start, block.stop)]


def test_no_offer_index_names_a_kind_on_both_sides(encoding_and_state):
    """L53: 196 give × get pairs had indices, 94 of them never legal (a wood for a wood and
    a wool): 102 pairs are left, to each relative seat."""
    encoding, state = encoding_and_state
    for seat in range(5):
        offers = _block(encoding, state, seat, "offer_trade")
        assert len(offers) == SEATS * 102
        assert all(not shared_kinds(o.give, o.get) for o in offers)


def test_no_bank_trade_index_gives_back_the_kind_it_takes(encoding_and_state):
    encoding, state = encoding_and_state
    trades = _block(encoding, state, 0, "trade_bank")
    assert len(trades) == 12 and all(t.give != t.get for t in trades)


def test_every_allowed_offer_keeps_its_index_and_a_same_kind_one_has_none(encoding_and_state):
    encoding, state = encoding_and_state
    seen = set()
    for seat in range(5):
        for to in range(5):
            if to == seat:
                continue
            for give, get in itertools.product(BUNDLES, BUNDLES):
                offer = A.OfferTrade(to, give, get)
                if shared_kinds(give, get):
                    with pytest.raises(OutsideActionSpace):
                        encoding.index_of(state, seat, offer)
                    continue
                index = encoding.index_of(state, seat, offer)
                assert encoding.action_at(state, seat, index) == offer
                seen.add((seat, index))
    assert len(seen) == 5 * 4 * 102   # one index for each, none shared
    for give, get in itertools.product(RESOURCES, RESOURCES):
        trade = A.TradeWithBank(give, get)
        if give == get:
            with pytest.raises(OutsideActionSpace):
                encoding.index_of(state, 0, trade)
        else:
            assert encoding.action_at(state, 0, encoding.index_of(state, 0, trade)) == trade
