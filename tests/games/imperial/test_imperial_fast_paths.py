"""The speed-ups compute the same answers as the plain definitions they replace (issue 19):
``pay_options`` lists every gold split in ``itertools.product`` order, ``can_pay`` is
``bool(pay_options)``; the card tables agree with the card data; the kept rows of which
location costs a supply pays are ``can_pay``; ``pays_action`` is ``can_afford``."""

import random
from itertools import product

from settlers.games.imperial import GAME, supply
from settlers.games.imperial.building import can_build
from settlers.games.imperial.content import RAZE, WK, load_cards
from settlers.games.imperial.marks import refresh_marks
from settlers.games.imperial.tables import pays_action, tables


def _reference(goods, cost, times, extra):
    """The enumeration as first written: every split, filtered by the gold to spare."""
    need = [cost.get(k, 0) * times + (extra or {}).get(k, 0) for k in "WSF"]
    spare = goods[3] - cost.get("G", 0) * times - (extra or {}).get("G", 0)
    if spare < 0:
        return []
    lows = [max(0, n - goods[r]) for r, n in enumerate(need)]
    if any(low > spare for low in lows):
        return []
    if not any(need):
        return [(0, 0, 0)]
    return [g for g in product(*[range(lo, n + 1) for lo, n in zip(lows, need, strict=True)])
            if sum(g) <= spare]


def test_pay_options_and_can_pay_match_the_plain_enumeration():
    st = GAME.new_state(players=2, seed=0)
    rng = random.Random(7)
    for _ in range(3000):
        st.goods[0] = [rng.randrange(6) for _ in range(7)]
        cost = {k: rng.randrange(4) for k in "WSFG" if rng.random() < 0.6}
        times = rng.choice((1, 2))
        extra = {k: rng.randrange(3) for k in "WSFG" if rng.random() < 0.3} or None
        expected = _reference(st.goods[0], cost, times, extra)
        assert supply.pay_options(st, 0, cost, times, extra) == expected
        assert supply.can_pay(st, 0, cost, times, extra) == bool(expected)


def test_card_tables_agree_with_the_cards():
    cards = load_cards()
    t = tables(cards)
    assert tables(cards) is t
    for c in cards:
        assert t.common[c.index] == c.common
        assert t.cost_wsf[c.index] == (c.cost.get("W", 0), c.cost.get("S", 0), c.cost.get("F", 0))
        assert t.has_action[c.index] == (c.action is not None)
        assert t.passives[c.index] == {f["passive"] for f in c.features if "passive" in f}
        for passive, having in t.passive_cards.items():
            assert (c.index in having) == (passive in t.passives[c.index])
        assert t.build_of[c.index].card == c.index
        assert t.needs_foundation[c.index] == c.foundation


def test_buildable_rows_are_can_build_of_each_location():
    st = GAME.new_state(players=2, seed=0)
    t = tables(st.cards)
    rng = random.Random(11)
    for _ in range(400):
        wood, stone, food, gold = (rng.randrange(8) for _ in range(4))
        foundation = rng.random() < 0.5
        st.goods[0][:4] = [wood, stone, food, gold]
        st.locs[0], st.fnd[0] = [], [st.hand[0][0]] if foundation else []
        row = t.buildable(wood, stone, food, gold, foundation)
        assert t.buildable(wood, stone, food, gold, foundation) is row   # kept
        for c in st.cards:
            expected = can_build(st, 0, c.index, no_foundation=False)
            assert bool(row[c.index]) == expected, (c.id, wood, stone, food, gold, foundation)


def test_pays_action_is_can_afford_of_each_action_cost_once_and_twice():
    """Supplies up to and past the dearest doubled cost, against ``supply.can_afford`` of
    every action cost without its deals, taken once and twice."""
    st = GAME.new_state(players=2, seed=0)
    t = tables(st.cards)
    rng = random.Random(13)
    for _ in range(600):
        st.goods[0] = [rng.randrange(9) for _ in range(7)]
        st.hand[0] = st.hand[0][:1] * rng.randrange(4)
        wood, stone, food, gold = st.goods[0][:4]
        figures = (wood, stone, food, gold, st.goods[0][WK], st.goods[0][RAZE], len(st.hand[0]))
        for c in st.cards:
            if c.action is None:
                assert t.action_cost[c.index] is None
                continue
            cost = {k: v for k, v in c.action["cost"].items() if k != "Deal"}
            for times in (1, 2):
                assert pays_action(t.action_cost[c.index], times, *figures) == \
                    supply.can_afford(st, 0, cost, times), (c.id, figures, times)


def test_any_capture_follows_the_temple_of_ra_tokens():
    # the Egyptians start with 4 tokens; each location captured holds one of them
    st = GAME.new_state(players=2, seed=0, options={"empires": "egyptians,romans"})
    assert not supply.any_capture(st)
    st.captures[0] -= 1
    assert supply.any_capture(st)


def test_action_row_is_the_cards_action_tables():
    """``CardTables.action_row`` (what the main turn's listing reads of a location) holds the
    limit, the cost, the op and the cost tuple of the card's action, None without one."""
    t = tables(load_cards())
    for c in t.cards:
        row = t.action_row[c.index]
        if c.action is None:
            assert row is None
            continue
        cost = t.action_cost[c.index]
        assert row == (c.action["limit"], *cost, c.action.get("op"), cost)
        assert row[-1] is cost


def test_main_turn_lists_each_action_location_as_can_activate_says():
    """Every card with an action, built in an empire with random marks of use, against random
    supplies: the main turn lists it once exactly when ``can_activate(…, 1)`` and twice exactly
    when ``can_activate(…, 2)`` — every action cost of the card table, including those no
    random game reaches often (gold, cards in hand, raze tokens, two resources)."""
    from settlers.games.imperial.actions import Activate
    from settlers.games.imperial.operations import can_activate
    from settlers.games.imperial.turn import turn_actions

    st = GAME.new_state(players=2, seed=0)
    t = st.tables
    action_cards = [c.index for c in st.cards if c.action is not None]
    rng = random.Random(29)
    a_card = st.hand[0][0]
    seen = {"once_yes": 0, "once_no": 0, "twice_yes": 0, "twice_no": 0}
    for _ in range(300):
        built = rng.sample(action_cards, 12)
        for cid in built:
            for locs in st.locs:
                if cid in locs:
                    locs.remove(cid)
            st.info[cid] = [rng.randrange(t.action_limit[cid] + 1), 0, 0, -1, 0]
        st.locs[0] = built
        refresh_marks(st)   # the locations set directly (marks.py)
        st.goods[0] = [rng.randrange(5) for _ in range(7)]
        st.hand[0] = [a_card] * rng.randrange(3)
        st.acted = False
        listed = set(turn_actions(st, 0))
        for cid in built:
            for times in (1, 2):
                expected = can_activate(st, 0, cid, times)
                assert (Activate(cid, times) in listed) == expected, (cid, st.goods[0], times)
                seen[("once_" if times == 1 else "twice_") + ("yes" if expected else "no")] += 1
    assert min(seen.values()) > 50, seen
