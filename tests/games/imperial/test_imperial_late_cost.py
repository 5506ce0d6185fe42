"""The thirty-sixth session's shortcuts for the late game (issue 19, "a flat cost per action")
give what the plain definitions give:

* ``operations.has_op_target`` (asked by the main turn of every usable action location with an
  op) is ``bool(op_targets(…, before_paying=True))`` at every step of seeded games, for every
  op it answers without listing, each answer reached both ways;
* ``supply.pay_ways`` and ``pay_figures`` on a cost's figures are ``pay_options`` and ``pay``
  on its dict, for every location's cost, every action's cost once and twice, and a deal;
* scenarios for what the seeded games reach too rarely: a guarded location's defence, the
  deals another action asks for, the action's own wood when building without a foundation;
* the card tables' one instance of each location action equals the action made anew, and
  ``rounds.next_turn``'s table of seats is ``seats_from(next_seat(turn, n), n)``.
"""

import random
from collections import Counter

import pytest
from imperial_scenario import (
    empire,
    give,
    scenario,
    seeded_states,
    to_deals,
    to_empire,
    to_hand,
)

from settlers.core.seats import next_seat, seats_from
from settlers.games.imperial import GAME
from settlers.games.imperial.actions import Activate, RazeLocation
from settlers.games.imperial.content import SUPPLY_GOODS
from settlers.games.imperial.deals import DEAL_COST
from settlers.games.imperial.operations import ANY_TARGET, has_op_target, op_targets
from settlers.games.imperial.rounds import next_turn
from settlers.games.imperial.supply import pay, pay_figures, pay_options, pay_ways
from settlers.games.imperial.tables import MAX_SEATS, tables

CASES = [(4, seed, {}) for seed in range(0, 14)] + [
    (4, seed, {"empires": "japanese,egyptians,romans,barbarians"}) for seed in range(14, 26)
] + [(2, seed, {"empires": "egyptians,japanese"}) for seed in range(26, 34)] + [
    (3, seed, {}) for seed in range(34, 40)] + [(1, seed, {}) for seed in range(40, 52)]


# ops these games never reach one way or both: test_imperial_any_target.py's scenarios
SCENARIOS_ONLY = {"take_opponent_deal"}


def test_has_op_target_is_whether_op_targets_lists_any():
    reached: Counter = Counter()
    for players, seed, options in CASES:
        for st, _ in seeded_states(players, seed, options):
            if st.phase != "actions" or st.pending:
                continue
            op_of = st.tables.action_op
            for seat in range(st.players):
                for owner in range(st.players):   # any location: what each op reads varies
                    for cid in st.locs[owner]:
                        op = op_of[cid]
                        if op is None:
                            continue
                        want = bool(op_targets(st, seat, cid, op, before_paying=True))
                        assert has_op_target(st, seat, cid, op) == want, \
                            (players, seed, len(st.log), seat, cid, op)
                        reached[(op, want)] += 1
    missing = [(op, want) for op in ANY_TARGET for want in (True, False)
               if not reached[(op, want)] and op not in SCENARIOS_ONLY]
    assert not missing, (missing, reached)


def _supplies(rng: random.Random, n: int):
    for _ in range(n):
        yield [rng.randint(0, 5) for _ in SUPPLY_GOODS]


def _st_with(supply: list[int]):
    st = GAME.new_state(players=2, seed=0, options={})
    st.goods[0] = supply[:]
    return st


@pytest.mark.parametrize("times", [1, 2])
def test_pay_ways_and_pay_figures_are_pay_options_and_pay(times: int):
    st0 = GAME.new_state(players=2, seed=0, options={})
    t = tables(st0.cards)
    costs = {tuple(sorted(c.cost.items())): (c.cost, (*t.cost_wsf[c.index], 0, 0, 0))
             for c in st0.cards}
    for c in st0.cards:
        if c.action is not None:
            figures = t.action_cost[c.index]
            costs[tuple(sorted(c.action["cost"].items()))] = (c.action["cost"], figures[:6])
    costs[("deal",)] = (DEAL_COST, (0, 0, DEAL_COST["F"], 0, 0, 0))
    rng = random.Random(36)
    paid = 0
    for supply in _supplies(rng, 150):
        st = _st_with(supply)
        for cost, (w, s, f, g, wk, rz) in costs.values():
            ways = pay_options(st, 0, cost, times)
            assert pay_ways(st.goods[0], w * times, s * times, f * times, g * times) == ways
            for gold in ways:
                want = _st_with(supply)
                pay(want, 0, cost, gold, times)
                got = supply[:]
                pay_figures(got, w * times, s * times, f * times, g * times, wk * times,
                            rz * times, gold)
                assert got == want.goods[0], (supply, cost, gold, times)
                paid += 1
    assert paid > 1000


def test_location_actions_from_the_tables_equal_new_ones():
    st = GAME.new_state(players=2, seed=0, options={})
    t = tables(st.cards)
    for c in st.cards:
        if c.action is None:
            assert t.activate_of[c.index] is None and t.activate_twice_of[c.index] is None
        else:
            assert t.activate_of[c.index] == Activate(c.index)
            assert t.activate_twice_of[c.index] == Activate(c.index, 2)
        row = t.raze_location_of[c.index]
        if not t.loc_razeable[c.index]:
            assert row is None
            continue
        assert row == tuple(RazeLocation(target, c.index) for target in range(-1, MAX_SEATS))
    assert GAME.max_players == MAX_SEATS


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_next_turn_is_the_next_seat_that_has_not_passed(players: int):
    st = GAME.new_state(players=players, seed=0, options={})
    for turn in range(players):
        for mask in range(1 << players):
            passed = [bool(mask >> s & 1) for s in range(players)]
            st.turn, st.passed = turn, passed
            want = next((s for s in seats_from(next_seat(turn, players), players)
                         if not passed[s]), None)
            assert next_turn(st) == (want is not None)
            assert st.turn == (turn if want is None else want)


def _both(st, seat: int, cid: int) -> bool:
    """``has_op_target`` of the location, checked against the list it stands for."""
    op = st.tables.action_op[cid]
    want = bool(op_targets(st, seat, cid, op, before_paying=True))
    assert has_op_target(st, seat, cid, op) == want
    return want


def test_a_raze_counts_the_guarded_defence_of_a_common_location():
    # «Тёмное капище» (1 raze token) against a common location guarded by «Римская крепость»
    st = scenario("barbarians", "romans")
    chapel = to_empire(st, 0, "BAR014")
    empire(st, 1, "COM001", "ROM022")
    give(st, 0, Raze=1)   # nothing left after paying: the guarded location costs 1
    assert not _both(st, 0, chapel)
    give(st, 0, Raze=1)
    assert _both(st, 0, chapel)


def test_another_action_counts_the_deals_it_asks_for():
    # «Бродячие актёры» and «Ганзейский союз» (a worker and a deal): the other action is a
    # target only with a deal to pay it
    st = scenario("romans", "barbarians")
    troupe, league = empire(st, 0, "COM041", "COM061")
    give(st, 0, Wk=2)
    assert not _both(st, 0, troupe)
    to_deals(st, 0, "ROM001")
    assert _both(st, 0, troupe)
    assert st.tables.action_cost[league][7] == 1   # the league asks for a deal


def test_a_build_without_foundation_pays_the_action_too():
    # «Поселенцы» (1 wood) build an empire card without a foundation: the wood of the action
    # is paid with the card's cost
    st = scenario("romans", "barbarians")
    settlers_ = to_empire(st, 0, "COM040")
    card = to_hand(st, 0, "ROM001")
    w, s, f = st.tables.cost_wsf[card]
    give(st, 0, W=w, S=s, F=f)   # the card's cost, not the action's wood
    assert not _both(st, 0, settlers_)
    give(st, 0, W=1)
    assert _both(st, 0, settlers_)
