"""The short cuts of ``progress.py`` (issue 19, flat cost) answer as the long way does.

A table without a house asks ``_no_house_ever`` at every turn's end, and late in a random game
that question cost five times what it cost early (the same sea read four times, every spread
of the cards tried for every set of harbours). Three short cuts make it cheap; each is checked
here against the long way it replaces, on the positions of seeded random games and on random
numbers.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from iceland_scenario import GAME, OUTER, SUPPLY

from settlers.games.iceland import progress
from settlers.games.iceland.pieces import is_boat
from settlers.games.iceland.trade import affordable
from settlers.sim.speed import walk


def positions(seed: int, players: int, every: int = 7):
    """Every ``every``-th position of a seeded uniform random game (default options)."""
    return walk(GAME.new_state(players, seed, {}), random.Random(seed), every)


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 5)])
def test_the_sea_widened_from_the_outer_sea_is_the_sea_read_from_every_start(seed, players):
    """``_widen`` adds the boats' sea to the sea read once from the outer sea: the positions
    and the «unexplored next to it» flag are those of one reading from all starts together."""
    seen = 0
    for s in positions(seed, players):
        boats = [h for piece, h in enumerate(s.pos) if is_boat(piece) and h != SUPPLY]
        from_outer = progress._sea_reach(s, [OUTER])
        assert progress._widen(s, from_outer, boats) == progress._sea_reach(s, [OUTER, *boats])
        assert progress._widen(s, (set(), False), boats) == progress._sea_reach(s, boats)
        seen += 1
    assert seen > 50


def test_widening_leaves_the_reach_it_starts_from_unchanged():
    s = next(positions(1, 3))
    sea, unknown = progress._sea_reach(s, [OUTER])
    kept = set(sea)
    progress._widen(s, (sea, unknown), [0, 1, 2])
    assert sea == kept


def test_the_bound_on_rates_and_pool_never_rules_out_a_gathering_the_long_way_finds():
    """``_no_house_ever`` skips every harbour set when the whole pool cannot pay the bare cost
    at the best rate of each resource; so no rate set of the list, with its harbour costs and
    any cards kept back, may pay where the bound does not (``affordable`` grows with the pool
    and shrinks with costs and rates)."""
    rng = random.Random(19)
    checked = 0
    for _ in range(3000):
        pool = tuple(rng.randint(0, 4) for _ in range(4))
        cost = tuple(rng.randint(0, 2) for _ in range(4))
        choices = [([rng.choice((2, 4)) for _ in range(4)], [rng.choice((0, 0, 2)) for _ in range(4)])
                   for _ in range(rng.randint(1, 4))]
        best = progress._best_rates(choices)
        if affordable(pool, cost, best):
            continue
        checked += 1
        for (rates, extra), keep in product(choices, range(3)):
            assert not progress._gathers(pool, keep, progress._plus(cost, extra), tuple(rates))
    assert checked > 500


def test_the_kept_gathering_answer_is_the_spreads_tried_one_by_one():
    rng = random.Random(7)
    for _ in range(2000):
        pool = tuple(rng.randint(0, 3) for _ in range(4))
        cost = tuple(rng.randint(0, 3) for _ in range(4))
        rates = tuple(rng.choice((2, 4)) for _ in range(4))
        keep = rng.randint(0, 3)
        expected = any(affordable([p - d for p, d in zip(pool, left, strict=True)],
                                            cost, rates)
                       for left in progress._spreads(pool, keep))
        assert progress._gathers(pool, keep, cost, rates) == expected


def test_the_cards_that_let_a_boat_onto_land_are_read_from_the_fate_card_table():
    content = GAME.new_state(3, 1, {}).c
    expected = {name for name, card in content.fate_cards.items()
                if card.effect == "enter_forbidden"}
    assert content.land_pass_cards == expected
    assert "mountain_pass" in content.land_pass_cards
