"""The ways to pay a cost (``supply.pay_options``, issue 19): built row by row in C, the same
list in the same order as the definition."""

from settlers.games.imperial import GAME


def test_ways_to_pay_are_every_gold_split_in_order():
    # supply.pay_options builds each row of splits in C (zip): the same list, in the same order,
    # as the definition — every (wood, stone, food) share of gold from the least each needs,
    # within the gold left after the cost's own gold
    from itertools import product

    from settlers.games.imperial.supply import pay_options

    st = GAME.new_state(players=2, seed=0, options={})
    checked = 0
    for supply in product(range(0, 4), range(0, 3), range(0, 3), range(0, 9)):
        st.goods[0][:4] = list(supply)
        for cost in ({"W": 2, "S": 1}, {"W": 1, "S": 2, "F": 2}, {"F": 3, "G": 1}, {"G": 2},
                     {}, {"W": 3, "S": 3, "F": 3}):
            for times in (1, 2):
                w, s, f, g = (cost.get(k, 0) * times for k in "WSFG")
                spare = supply[3] - g
                want = [] if spare < 0 else [
                    (a, b, c) for a, b, c in product(range(w + 1), range(s + 1), range(f + 1))
                    if a >= w - supply[0] and b >= s - supply[1] and c >= f - supply[2]
                    and a + b + c <= spare]
                assert pay_options(st, 0, cost, times) == want, (supply, cost, times)
                checked += len(want) > 1
    assert checked > 500


def test_ways_kept_by_shortfall_are_those_of_each_supply_and_a_new_list_each_time():
    # supply.pay_ways keeps its answers where the gold leaves a choice (_WAYS, by shortfall,
    # figures and spare gold): every supply asked twice (the second answer from the table,
    # often first made for another supply) gets the definition's list, a list of its own
    from itertools import product

    from settlers.games.imperial.supply import pay_ways

    checked = 0
    for _ in range(2):
        for supply in product(range(0, 4), range(0, 4), range(0, 4), range(0, 8)):
            goods = [*supply, 0, 0, 0]
            for w, s, f, g in ((2, 1, 0, 0), (1, 2, 2, 0), (0, 0, 3, 1), (3, 3, 3, 0),
                               (2, 0, 2, 2), (4, 2, 2, 0)):
                spare = supply[3] - g
                want = [] if spare < 0 else [
                    (a, b, c) for a, b, c in product(range(w + 1), range(s + 1), range(f + 1))
                    if a >= w - supply[0] and b >= s - supply[1] and c >= f - supply[2]
                    and a + b + c <= spare]
                ways = pay_ways(goods, w, s, f, g)
                assert ways == want, (supply, (w, s, f, g))
                if len(ways) > 1:
                    ways.clear()   # the caller's own list: the next answer is whole
                    checked += 1
    assert checked > 1000, checked


def test_ways_with_a_choice_are_kept_once_by_what_they_depend_on():
    # the table (supply._WAYS) holds each answer with a choice once, as a tuple, under its
    # shortfalls, figures and spare gold: two supplies that lack the same and spare the same
    # gold share the entry; answers without a choice are not kept; the spare gold is kept
    # capped at the whole wood, stone and food (4 gold for a cost of 3: every way is open)
    from settlers.games.imperial import supply

    supply._WAYS.clear()
    first = supply.pay_ways([1, 0, 0, 4, 0, 0, 0], 2, 1, 0, 0)   # lacks 1 W, 1 S; 4 gold
    assert list(supply._WAYS) == [(1, 1, 0, 2, 1, 0, 3)]
    assert supply._WAYS[(1, 1, 0, 2, 1, 0, 3)] == tuple(first)
    second = supply.pay_ways([1, 0, 5, 5, 0, 0, 0], 2, 1, 0, 1)   # the same shortfall and spare
    assert second == first and second is not first and len(supply._WAYS) == 1
    assert supply.pay_ways([0, 0, 0, 3, 0, 0, 0], 2, 1, 0, 0) == [(2, 1, 0)]   # no choice
    assert len(supply._WAYS) == 1


def test_the_kept_answers_are_bounded_and_stay_right_after_a_new_start(monkeypatch):
    # a long-lived server must not grow the table without end: past WAYS_KEPT it starts again
    from itertools import product

    from settlers.games.imperial import supply

    monkeypatch.setattr(supply, "WAYS_KEPT", 8)
    monkeypatch.setattr(supply, "_WAYS", {})
    for gold in range(3, 40):
        ways = supply.pay_ways([0, 0, 0, gold, 0, 0, 0], 2, 1, 1, 0)
        want = [(a, b, c) for a, b, c in product(range(3), range(2), range(2))
                if a >= 2 and b >= 1 and c >= 1 and a + b + c <= gold]
        assert ways == want, gold
        assert len(supply._WAYS) <= 8
    assert supply._WAYS   # (the answers did go through the table)
