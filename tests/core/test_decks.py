"""settlers.core.decks: dealing, drawing with a reshuffle, canonical re-deals."""

from __future__ import annotations

import random

import pytest

from settlers.core.decks import deal, draw_reshuffling, redeal_unseen, reshuffle_unseen


def test_deal_takes_hands_from_the_front_and_leaves_the_rest():
    hands, rest = deal([5, 4, 3, 2, 1, 0, 9], 3, 2)
    assert hands == [[5, 4], [3, 2], [1, 0]] and rest == [9]


def test_deal_refuses_more_cards_than_there_are():
    with pytest.raises(ValueError, match="cannot deal 3 hands of 3 from 7 cards"):
        deal(list(range(7)), 3, 3)


def test_draw_takes_the_top_and_reshuffles_the_discards_when_empty():
    deck, discard = [1, 2], [7, 8, 9]
    assert draw_reshuffling(deck, discard, random.Random(1)) == (2, False)
    deck = []
    card, reshuffled = draw_reshuffling(deck, discard, random.Random(1))
    assert reshuffled and discard == [] and sorted([*deck, card]) == [7, 8, 9]
    assert draw_reshuffling([], [], random.Random(1)) == (None, False)


def test_reshuffle_unseen_depends_only_on_the_contents():
    a, b = [3, 1, 2, 9], [9, 2, 1, 3]
    reshuffle_unseen(a, random.Random(4))
    reshuffle_unseen(b, random.Random(4))
    assert a == b and sorted(a) == [1, 2, 3, 9]


def test_redeal_keeps_sizes_and_known_cards_and_ignores_the_hidden_arrangement():
    hands, deck, known = [[1, 5, 6], [2, 3]], [4, 7, 8], [[5], []]
    one = redeal_unseen(hands, deck, random.Random(2), known)
    other = redeal_unseen([[6, 5, 1], [3, 2]], [8, 4, 7], random.Random(2), known)
    assert one == other
    new_hands, new_deck = one
    assert [len(h) for h in new_hands] == [3, 2] and len(new_deck) == 3
    assert new_hands[0][0] == 5
    assert sorted([*new_hands[0], *new_hands[1], *new_deck]) == [1, 2, 3, 4, 5, 6, 7, 8]


def test_redeal_refuses_a_known_card_that_is_not_in_the_hand():
    with pytest.raises(ValueError):
        redeal_unseen([[1]], [], random.Random(0), [[2]])
