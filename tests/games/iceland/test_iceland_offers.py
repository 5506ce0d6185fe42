"""Offers between players: what L53 allows, what the menu lists, what is refused.

«Текущий игрок также может предлагать торговлю другим игрокам. Правильная торговля касается
двух игроков, которые дают друг другу по меньшей мере одну карту ресурсов»
(iceland-catan.ru.txt L53). Any offer with a card each way that the player to move can pay is
legal, unless a kind is on both sides: cards of a kind are alike, so «1 grain for 1 grain and
1 wool» hands over what a gift of the wool does, which L53 does not make a trade (rules
2026-12-06.3, docs/audits/2026-12-06-eighth-landnam-offers.md). ``legal_actions`` — the menu
bots and RL choose from — lists every legal offer of at most three cards with a single card on
one side (``trade.legal_offers``).
"""

from __future__ import annotations

import itertools

import pytest
from iceland_scenario import OUTER, new, set_hand
from test_iceland_ending import end_turn, stalled

from settlers.core import IllegalAction
from settlers.core.i18n import translate
from settlers.games.iceland.actions import AnswerOffer, BuildBoat, OfferTrade
from settlers.games.iceland.trade import offer_problem

GRAIN, WOOD, WOOL, IRON = (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1)


def cards(*bundles: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(sum, zip(*bundles, strict=True)))


def spread_one_of_each():
    """The position of seed 1593 (3 players, rules 2026-12-06.1), in which random play ran on
    for millions of actions: no house on the island, the last four resource cards one of each
    kind — grain with seat 0, wood and wool with seat 1, iron with seat 2. Seat 0 (to move)
    holds the Mountain passes and has a boat left in its supply (the island of ``stalled``)."""
    s = stalled()
    set_hand(s, 0, grain=1)
    set_hand(s, 1, wood=1, wool=1)
    set_hand(s, 2, iron=1)
    return s


def test_the_way_out_of_seed_1593_is_listed_and_carried_out():
    """The game is live by the rules (the end test says so): seat 0 offers its grain for seat
    1's wood and wool — one card for two of two kinds (L53) — then the wool for seat 2's iron,
    and holds the wood and iron of a boat on the outer sea (L58). Nobody holds two cards of one
    kind, so before rules 2026-12-06.2 no listed offer let a hand grow here."""
    live = spread_one_of_each()
    end_turn(live)
    assert not live.over

    s = spread_one_of_each()
    gather = OfferTrade(1, GRAIN, cards(WOOD, WOOL))
    assert gather in s.legal_actions(0)
    s.apply(0, gather)
    assert s.to_act == (1,) and AnswerOffer(True) in s.legal_actions(1)
    s.apply(1, AnswerOffer(True))
    assert s.hands[0] == [0, 1, 1, 0] and s.hands[1] == [1, 0, 0, 0]

    swap = OfferTrade(2, WOOL, IRON)
    assert swap in s.legal_actions(0)
    s.apply(0, swap)
    s.apply(2, AnswerOffer(True))
    assert s.hands[0] == [0, 1, 0, 1] and s.hands[2] == [0, 0, 1, 0]
    assert BuildBoat(OUTER, OUTER) in s.legal_actions(0)
    s.apply(0, BuildBoat(OUTER, OUTER))
    assert s.hands[0] == [0, 0, 0, 0]


def test_two_cards_of_two_kinds_for_one_is_listed_and_carried_out():
    """The reverse shape: the player to move hands two cards of two kinds for one (L53)."""
    s = spread_one_of_each()
    set_hand(s, 0, wood=1, wool=1)
    set_hand(s, 1, grain=1)
    offer = OfferTrade(1, cards(WOOD, WOOL), GRAIN)
    assert offer in s.legal_actions(0)
    s.apply(0, offer)
    s.apply(1, AnswerOffer(True))
    assert s.hands[0] == [1, 0, 0, 0] and s.hands[1] == [0, 1, 1, 0]


def bundles(most: int) -> list[tuple[int, ...]]:
    return [b for b in itertools.product(range(most + 1), repeat=4) if 0 < sum(b) <= most]


@pytest.mark.parametrize("hand", [
    {"grain": 1}, {"wood": 1, "wool": 1}, {"iron": 2}, {"grain": 3, "iron": 1},
    {"grain": 2, "wood": 2, "wool": 2, "iron": 2}, {"wool": 5, "wood": 1},
])
@pytest.mark.parametrize("players", [3, 5])
def test_every_small_offer_the_player_can_pay_is_listed(players, hand):
    """The menu, worked out here by brute force: to each other player, every offer the player
    to move can pay with one card for one or two, or two for one, and no kind on both sides
    (L53). Each listed offer is legal."""
    s = new(players)
    set_hand(s, 0, **hand)
    held = tuple(s.hands[0])
    want = {OfferTrade(to, g, w) for to in range(1, players)
            for g in bundles(2) for w in bundles(2)
            if min(sum(g), sum(w)) == 1 and sum(g) + sum(w) <= 3
            and not any(x and y for x, y in zip(g, w, strict=True))
            and all(h >= c for h, c in zip(held, g, strict=True))}
    listed = [a for a in s.legal_actions(0) if isinstance(a, OfferTrade)]
    assert len(listed) == len(set(listed))
    assert set(listed) == want
    assert all(offer_problem(s, 0, a) is None for a in listed)


@pytest.mark.parametrize(("offer", "key"), [
    (OfferTrade(1, (0, 0, 0, 0), cards(WOOD, WOOL)), "iceland.error.offer_empty"),
    (OfferTrade(1, GRAIN, (0, 0, 0, 0)), "iceland.error.offer_empty"),
    (OfferTrade(1, IRON, cards(WOOD, WOOL)), "iceland.error.not_enough_cards"),
    (OfferTrade(1, cards(GRAIN, GRAIN), WOOD), "iceland.error.not_enough_cards"),
])
def test_an_offer_that_gives_nothing_or_cards_not_held_is_refused(offer, key):
    """L53: each side gives at least one card, and one gives only cards it holds. The refusal
    says why, and the state is untouched."""
    s = spread_one_of_each()
    before = s.full_state()
    with pytest.raises(IllegalAction) as refused:
        s.apply(0, offer)
    assert refused.value.key == key
    assert s.full_state() == before
    assert offer not in s.legal_actions(0)


@pytest.mark.parametrize(("offer", "kinds", "named"), [
    # the line the menu listed under rules 2026-12-06.2: a gift of wool in disguise
    (OfferTrade(1, GRAIN, cards(GRAIN, WOOL)), ["iceland.res.grain"], "grain"),
    # the same with the gift the other way
    (OfferTrade(2, cards(GRAIN, WOOD), GRAIN), ["iceland.res.grain"], "grain"),
    # a card for a card of its kind: nothing changes hands
    (OfferTrade(1, GRAIN, GRAIN), ["iceland.res.grain"], "grain"),
    # two kinds on both sides, named both
    (OfferTrade(1, cards(WOOD, WOOL), cards(WOOD, WOOL, IRON)),
     ["iceland.res.wood", "iceland.res.wool"], "wood, wool"),
])
def test_an_offer_giving_and_asking_the_same_kind_is_refused(offer, kinds, named):
    """L53 «дают друг другу по меньшей мере одну карту ресурсов»: a trade gives a card each way,
    and a card for a card of its kind gives nothing, so no kind may be on both sides. The offer
    is not listed; sent by hand it is refused with the kinds named, and the state is
    untouched."""
    s = spread_one_of_each()
    set_hand(s, 0, grain=2, wood=1, wool=1)
    before = s.full_state()
    assert offer not in s.legal_actions(0)
    with pytest.raises(IllegalAction) as refused:
        s.apply(0, offer)
    assert refused.value.key == "iceland.error.offer_same_kind"
    assert refused.value.params == {"kinds": kinds}
    assert named in translate(refused.value.key, "en", **refused.value.params)
    assert s.full_state() == before


def test_the_trade_without_its_shared_cards_is_listed_and_legal():
    """L53, the legal side: «2 grain for 1 grain and 1 wool» is refused, but what it would hand
    over — 1 grain for 1 wool — is an offer of its own, listed and carried out; so is a card for
    two cards of two other kinds."""
    s = spread_one_of_each()
    set_hand(s, 0, grain=2)
    set_hand(s, 1, grain=1, wood=1, wool=1)
    with pytest.raises(IllegalAction):
        s.apply(0, OfferTrade(1, cards(GRAIN, GRAIN), cards(GRAIN, WOOL)))
    assert OfferTrade(1, GRAIN, cards(WOOD, WOOL)) in s.legal_actions(0)
    offer = OfferTrade(1, GRAIN, WOOL)
    assert offer in s.legal_actions(0) and offer_problem(s, 0, offer) is None
    s.apply(0, offer)
    s.apply(1, AnswerOffer(True))
    assert s.hands[0] == [1, 0, 1, 0] and s.hands[1] == [2, 1, 0, 0]


def test_no_listed_offer_has_a_kind_on_both_sides():
    """The menu's shapes (``trade.OFFER_SHAPES``): 4 × 9 one-card gives and 4 × 3 + 6 × 2
    two-card gives, none with a kind on both sides (L53)."""
    from settlers.games.iceland.trade import OFFER_SHAPES

    assert len(OFFER_SHAPES) == len(set(OFFER_SHAPES)) == 60
    assert not any(g[r] and w[r] for g, w in OFFER_SHAPES for r in range(4))
