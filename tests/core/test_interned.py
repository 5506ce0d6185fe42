"""Interned actions (settlers.core.interned): one instance per value, and a bound for the
pools whose values are many, so a long run does not keep every placement it ever met."""

from __future__ import annotations

from settlers.core.interned import Pool
from settlers.games.archipelago import exploration
from settlers.games.archipelago.actions import Pick, PlaceRegion


def test_a_pool_hands_out_one_instance_per_value():
    pool: Pool[Pick] = Pool(Pick)
    a = pool[("x",)]
    assert a == Pick("x") and pool[("x",)] is a
    for i in range(100):
        pool[(str(i),)]
    assert len(pool) == 101 and pool[("x",)] is a       # unbounded by default


def test_a_bounded_pool_is_emptied_when_full_and_its_actions_stay_the_same_values():
    pool: Pool[Pick] = Pool(Pick, limit=3)
    first = [pool[(v,)] for v in "abc"]
    assert len(pool) == 3
    again = pool[("d",)]                                   # full: emptied, then made
    assert len(pool) == 1 and again == Pick("d")
    for v in "efghij":
        pool[(v,)]
        assert len(pool) <= 3
    remade = pool[("a",)]
    assert remade == first[0] and hash(remade) == hash(first[0])   # the same action
    assert remade in [Pick("a")] and {first[0]: 1}[remade] == 1


def test_archipelagos_placements_are_bounded():
    """≈ 35,000 placements were met in 20,000 random games: the pool keeps at most its bound."""
    pool = exploration._PLACE
    assert pool.limit is not None and pool.limit <= 1 << 15
    assert isinstance(pool[(0, 0, 1, 1, 0, 0)], PlaceRegion)
