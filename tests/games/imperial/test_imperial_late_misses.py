"""The sixteenth pass's late-game paths (issue 19), each against its straightforward form:

- ``CardTables.buildable`` (a supply the rows have not met: late supplies, richer and more
  varied, more often) caps the supply by compares, not ``min()``;
- ``supply.pay_ways`` keeps its choices under the spare gold capped at the whole wood, stone
  and food (beyond it every way is open): the same ways as the uncapped definition;
- «Банда»'s any-target test reads ``CardTables.raze_resource`` over the opponents' locations
  in place of listing them: the same answer as ``targets_raze_bonus_good``;
- the cleanup empties a supply in place by one slice; the «Склады» question is skipped where
  the empire's marks have no warehouse; the production of goods-only locations is
  ``effects.produce`` inlined in ``production.produce_for``;
- the build's foundation options are the card tables' shared tuples (``fdn_location``,
  ``fdn_foundation``), and the buildable rows are still ``can_pay``'s rule on supplies the
  rows have not met."""

from __future__ import annotations

import random
from itertools import product

import pytest
from imperial_scenario import produce_for_by_definition, scenario, seeded_states

from settlers.games.imperial.building import place_location
from settlers.games.imperial.cleanup import cleanup, warehouse_options
from settlers.games.imperial.content import GOOD_INDEX, SUPPLY_GOODS
from settlers.games.imperial.operations import ANY_TARGET, targets_raze_bonus_good
from settlers.games.imperial.production import produce_for
from settlers.games.imperial.supply import _WAYS, pay_ways
from settlers.games.imperial.tables import CardTables


def test_buildable_caps_without_min() -> None:
    assert "min" not in CardTables.buildable.__code__.co_names


def test_raze_resource_is_a_raze_bonus_of_wood_stone_or_food() -> None:
    st = scenario()
    flags = st.tables.raze_resource
    assert len(flags) == len(st.cards)
    for card in st.cards:
        assert flags[card.index] == any(g in ("W", "S", "F") for g in (card.raze or {})), card.id
    assert any(flags) and not all(flags)


def _ways_by_definition(supply: list[int], w: int, s: int, f: int, g: int) -> list:
    spare = supply[3] - g
    return [(a, b, c) for a, b, c in product(range(w + 1), range(s + 1), range(f + 1))
            if a + b + c <= spare and w - a <= supply[0] and s - b <= supply[1]
            and f - c <= supply[2]]


def test_pay_ways_rich_in_gold_share_one_key() -> None:
    _WAYS.clear()
    for gold in range(0, 25):
        for supply in product(range(3), range(3), range(3)):
            goods = [*supply, gold, 0, 0, 0]
            for cost in product(range(4), range(3), range(3)):
                got = pay_ways(goods, *cost, 1)
                assert got == _ways_by_definition(goods, *cost, 1), (goods, cost)
    # the spare gold of every key is at most the whole wood, stone and food
    assert _WAYS and all(key[6] <= key[3] + key[4] + key[5] for key in _WAYS)
    keys = len(_WAYS)
    pay_ways([0, 0, 0, 99, 0, 0, 0], 3, 2, 2, 0)
    pay_ways([0, 0, 0, 50, 0, 0, 0], 3, 2, 2, 0)
    assert len(_WAYS) == keys   # met already with less gold (spare 24 ≥ 7)


def _any_raze_bonus_good_cases():
    for players, seed, options in ((2, 3, {}), (3, 4, {}), (4, 5, {}), (1, 6, {})):
        for st, _seat in seeded_states(players, seed, options):
            yield st


def test_any_raze_bonus_good_is_its_targets_listed() -> None:
    test = ANY_TARGET["raze_bonus_good"]
    seen = {True: 0, False: 0}
    for n, st in enumerate(_any_raze_bonus_good_cases()):
        if n % 3:
            continue
        for s in range(st.players):
            want = bool(targets_raze_bonus_good(st, s, 0, None, None))
            assert test(st, s, 0) is want
            seen[want] += 1
    assert seen[True] and seen[False]


def _warehouse_options_by_definition(st, seat: int) -> list:
    room = sum(feat["max"] for cid in st.locs[seat] for feat in st.cards[cid].features
               if feat.get("passive") == "warehouse")
    if room <= 0:
        return []
    kept = GOOD_INDEX[st.boards[st.emp[seat]]["storage"]]
    have = [0 if r == kept else st.goods[seat][r] for r in range(3)]
    total = min(room, sum(have))
    if total == 0:
        return []
    return [k for k in product(*(range(n + 1) for n in have)) if sum(k) == total]


def _cleanup_by_definition(st) -> None:
    for seat in range(st.players):
        supply = st.goods[seat]
        kept = GOOD_INDEX[st.boards[st.emp[seat]]["storage"]]
        for i in range(len(supply)):
            if i != kept:
                supply[i] = 0
    for info in st.info.values():
        info[0] = 0
        info[1] = 0
    st.first = (st.first + 1) % st.players


def _warehouse():
    return next(c.index for c in scenario().cards
                if any(f.get("passive") == "warehouse" for f in c.features))


@pytest.mark.parametrize("with_warehouse", [False, True])
def test_cleanup_and_warehouses_as_defined(with_warehouse: bool) -> None:
    rng = random.Random(16)
    for trial in range(40):
        st = scenario("romans", "japanese")
        if with_warehouse:
            place_location(st, trial % 2, _warehouse())
        for seat in range(2):
            st.goods[seat][:] = [rng.randrange(6) for _ in SUPPLY_GOODS]
            for _ in range(rng.randrange(4)):
                cid = rng.choice([c.index for c in st.cards if c.deck == "common"
                                  and c.index not in st.info])
                place_location(st, seat, cid)
                st.info[cid][0] = rng.randrange(3)
                st.info[cid][1] = rng.randrange(2)
        for seat in range(2):
            assert warehouse_options(st, seat) == _warehouse_options_by_definition(st, seat)
        if with_warehouse:
            assert warehouse_options(st, trial % 2) or not any(st.goods[trial % 2][:3])
        lists = [id(g) for g in st.goods]
        fast, slow = st.clone(), st.clone()
        fast_lists = [id(g) for g in fast.goods]
        cleanup(fast)
        _cleanup_by_definition(slow)
        assert fast.full_state() == slow.full_state(), trial
        assert [id(g) for g in fast.goods] == fast_lists   # emptied in place
        assert [id(g) for g in st.goods] == lists


def test_production_locations_as_produce_on_each() -> None:
    rng = random.Random(161)
    cards = scenario().cards
    producing = [c.index for c in cards if c.type == "production"]
    sphinx = next(c.index for c in cards if c.name["en"] == "Sphinx")
    goods_only = 0
    for trial in range(80):
        st = scenario("egyptians", "romans")
        if trial % 2:
            place_location(st, 0, sphinx)
        for cid in rng.sample(producing, rng.randrange(1, 9)):
            if cid not in st.info:
                place_location(st, 0, cid)
                goods_only += st.tables.production_goods[cid] is not None
        fast, slow = st.clone(), st.clone()
        produce_for(fast, 0)
        produce_for_by_definition(slow, 0)
        assert fast.full_state() == slow.full_state(), trial
        assert fast.goods == slow.goods and fast.vp == slow.vp, trial
    assert goods_only


def _foundation_options_by_definition(st, seat: int) -> list:
    return [(0, cid) for cid in st.locs[seat] if st.info[cid][3] < 0] + \
        [(1, cid) for cid in dict.fromkeys(st.fnd[seat])]


def test_foundation_options_are_the_tables_shared_tuples() -> None:
    from settlers.games.imperial.building import foundation_options

    met = 0
    for players, seed in ((2, 7), (3, 8), (4, 9)):
        for n, (st, _seat) in enumerate(seeded_states(players, seed, {})):
            if n % 5:
                continue
            for s in range(st.players):
                got = foundation_options(st, s)
                assert got == _foundation_options_by_definition(st, s)
                t = st.tables
                for kind, cid in got:
                    shared = (t.fdn_location if kind == 0 else t.fdn_foundation)[cid]
                    assert shared == (kind, cid)
                    met += 1
                assert all(o is (t.fdn_location if o[0] == 0 else t.fdn_foundation)[o[1]]
                           for o in got)
    assert met


def test_buildable_rows_as_can_pay_on_unmet_supplies() -> None:
    rng = random.Random(1616)
    st = scenario()
    t = st.tables
    cards = st.cards
    for _ in range(300):
        wood, stone, food, gold = (rng.randrange(12) for _ in range(4))
        foundation = rng.random() < 0.5
        row = t.buildable(wood, stone, food, gold, foundation)
        assert t.buildable(wood, stone, food, gold, foundation) is row   # kept
        for card in cards:
            w, s, f = t.cost_wsf[card.index]
            short = max(w - wood, 0) + max(s - stone, 0) + max(f - food, 0)
            want = short <= gold and (foundation or not card.foundation)
            assert row[card.index] is want, (card.id, wood, stone, food, gold, foundation)

