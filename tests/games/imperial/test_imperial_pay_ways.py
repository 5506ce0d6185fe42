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
