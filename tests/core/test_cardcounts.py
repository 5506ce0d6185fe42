"""settlers.core.cardcounts: hands as count vectors."""

from __future__ import annotations

import random

from settlers.core import cardcounts as cc


def test_bundles_must_be_tuples_of_non_negative_ints_of_the_right_length():
    assert cc.is_counts((1, 0, 2), 3)
    assert not cc.is_counts([1, 0, 2], 3)
    assert not cc.is_counts((1, 0), 3)
    assert not cc.is_counts((1, -1, 0), 3)
    assert not cc.is_counts((1, True, 0), 3)


def test_holds_missing_expand_and_count():
    assert cc.holds([2, 1, 0], (1, 1, 0)) and not cc.holds([2, 1, 0], (0, 0, 1))
    assert cc.missing([2, 1, 0], (3, 0, 2)) == 3
    assert cc.expand((2, 0, 1)) == [0, 0, 2]
    assert cc.count([0, 0, 2], 3) == [2, 0, 1]


def test_move_and_exchange_keep_the_total():
    a, b = [3, 0, 1], [0, 2, 0]
    cc.exchange(a, b, (2, 0, 0), (0, 1, 0))
    assert (a, b) == ([1, 1, 1], [2, 1, 0])
    bank = [0, 0, 0]
    cc.move(a, bank, (1, 1, 0))
    assert (a, bank) == ([0, 0, 1], [1, 1, 0])


def test_discard_half_rounds_down_and_only_above_the_limit():
    # catan.ru.txt «Разбойник»: more than 7 cards → discard half, rounded down
    assert cc.discard_half([3, 2, 2, 0, 0]) == 0          # 7 cards: nothing
    assert cc.discard_half([3, 2, 2, 1, 0]) == 4          # 8 cards
    assert cc.discard_half([3, 3, 3, 0, 0]) == 4          # 9 cards: 4
    assert cc.discard_half([1, 1, 1, 1], above=3) == 2


def test_one_for_one_offers_each_held_kind_for_each_other_kind():
    assert cc.one_for_one([1, 0, 0]) == [((1, 0, 0), (0, 1, 0)), ((1, 0, 0), (0, 0, 1))]
    assert cc.one_for_one([0, 0]) == []


def test_redeal_counts_keeps_sizes_known_cards_and_the_pool():
    hands, known, bank = [[2, 1, 0], [0, 0, 3]], [[1, 0, 0], [0, 0, 0]], [1, 1, 1]
    new, spare = cc.redeal_counts(hands, random.Random(7), known, bank)
    assert [sum(h) for h in new] == [3, 3]
    assert new[0][0] >= 1
    assert [a + b + c for a, b, c in zip(new[0], new[1], spare)] == [3, 2, 4]
    # the result depends on the pooled cards only, not on who held which
    again, spare2 = cc.redeal_counts([[1, 1, 1], [1, 0, 2]], random.Random(7), known, bank)
    assert (again, spare2) == (new, spare)
