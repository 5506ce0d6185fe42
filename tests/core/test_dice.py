"""settlers.core.dice: two dice from the game's generator, their odds, the roll-off."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest

from settlers.core.dice import roll_2d6, roll_off, ways_2d6


def test_two_dice_draw_like_two_randint_calls():
    a, b = random.Random(3), random.Random(3)
    assert roll_2d6(a) == (b.randint(1, 6), b.randint(1, 6))


def test_the_ways_of_each_total_add_up_to_36():
    counted = Counter(x + y for x in range(1, 7) for y in range(1, 7))
    assert all(ways_2d6(t) == counted[t] for t in range(2, 13))
    assert ways_2d6(0) == ways_2d6(1) == ways_2d6(13) == 0


def test_roll_off_rolls_again_among_the_tied_highest():
    rng = random.Random(0)
    found_tie = False
    for _ in range(200):
        winner, rounds = roll_off([0, 1, 2, 3], rng)
        best = max(rounds[-1].values())
        assert [s for s, v in rounds[-1].items() if v == best] == [winner]
        for before, after in pairwise(rounds):
            top = max(before.values())
            assert sorted(after) == [s for s, v in before.items() if v == top]
            found_tie = True
    assert found_tie


def test_roll_off_needs_a_seat():
    with pytest.raises(ValueError, match="at least one seat"):
        roll_off([], random.Random(1))
