"""Landnám's fixed encoding has an index for every offer and bank trade the rules allow and
none for those they never allow: since the rules' third revision an offer may not name a kind
on both sides (L53, ``core.trade.shared_kinds``), and the bank always gives another kind."""

from __future__ import annotations

import itertools

import numpy as np
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


def test_the_observation_holds_every_hand_kind_by_kind_and_no_fate_card_of_another_seat():
    """Every resource card of Landnám moves in the open (``games/iceland/view.py``), so the
    view shows each seat's hand kind by kind and the observation keeps it (added 2026-12-06;
    before it, another seat's hand was its card count only). Fate cards stay hidden: another
    seat's are seen by number only (L6), so swapping them for other cards changes nothing."""
    from settlers.rl.encodings.iceland import RESOURCES as KINDS

    encoding = encoding_for("iceland", 4)
    state = settlers.load("iceland").new_state(4, 3)
    players = encoding.features["state/players"].start
    width = encoding.features["state/players"].stop - players
    width //= SEATS

    def hand_of(obs, relative):
        base = players + relative * width + 1      # after the card count
        return [round(float(x) * 5) for x in obs[base:base + 4]]

    for seat in range(4):
        obs = encoding.observe(state, seat)
        for other in range(4):
            assert hand_of(obs, (other - seat) % 4) == list(state.hands[other])
    # two hands of the same size, different kinds: the observations differ
    a = state.clone()
    a.hands[1] = [3, 0, 0, 0]
    b = state.clone()
    b.hands[1] = [0, 0, 3, 0]
    oa, ob = encoding.observe(a, 0), encoding.observe(b, 0)
    assert hand_of(oa, 1) == [3, 0, 0, 0] and hand_of(ob, 1) == [0, 0, 3, 0]
    assert not np.array_equal(oa, ob)
    assert KINDS == ("grain", "wood", "wool", "iron")
    # another seat's fate cards: same number, other cards, the same observation (seat 2
    # draws one face down, L19)
    state.fate[2].append(state.deck.pop(0))
    c = state.clone()
    hidden = [card for card in c.fate[2] if card not in c.fate_public[2]]
    assert hidden
    swap = next(card for card in c.deck if card not in hidden)
    c.deck[c.deck.index(swap)] = hidden[0]
    c.fate[2][c.fate[2].index(hidden[0])] = swap
    assert c.fate[2] != state.fate[2]
    assert np.array_equal(encoding.observe(c, 0), encoding.observe(state, 0))
