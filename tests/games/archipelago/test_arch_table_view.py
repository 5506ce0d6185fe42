"""What the browser table draws from a seat's view (issue 13): the discs lying on the action
wheel, the explorer tokens behind each screen, and the count of the end of the game card by
card as in the rulebook's example (archipelago.ru.txt L982-1002)."""

from __future__ import annotations

from arch_scenario import end_round, give_cubes, in_round, set_money

from settlers.games.archipelago import flow, scoring
from settlers.games.archipelago.actions import Taxes
from settlers.games.archipelago.view import build_view


def test_a_disc_lies_on_its_zone_in_its_owners_colour_until_phase_6():
    # L427: the disc goes on the zone of the action; L741: the discs come back in phase 6
    state = in_round(3, seed=2, seat=1)
    assert build_view(state, None)["wheel_discs"] == []
    state.apply(1, Taxes())
    assert build_view(state, 0)["wheel_discs"] == [[1, "taxes"]]
    assert build_view(state, None)["wheel_discs"] == [[1, "taxes"]]
    end_round(state)
    flow.start_buy(state)
    assert build_view(state, None)["wheel_discs"] == []


def test_explorer_tokens_lie_behind_the_screen():
    # L129, L521: «кладёт его за своей ширмой»
    state = in_round(3, seed=2, seat=0)
    state.tokens = [2, 1, 0]
    mine = build_view(state, 0)["players"]
    assert mine[0]["tokens"] == 2
    assert "tokens" not in mine[1] and "tokens" not in mine[2]
    assert all("tokens" not in p for p in build_view(state, None)["players"])
    # a twin for seat 0 re-deals the others' tokens, keeping their public total
    totals = set()
    for k in range(30):
        world = state.determinize(0, k)
        assert world.tokens[0] == 2 and world.tokens[1] + world.tokens[2] == 1
        totals.add(tuple(world.tokens))
    assert totals == {(2, 1, 0), (2, 0, 1)}


def test_the_end_shows_each_card_with_counts_ranks_and_points():
    # L930-946: each objective card and the trend card rank the players by a criterion; ties
    # share a rank, the next rank follows; nothing to count is not ranked
    state = in_round(3, seed=4, seat=0)
    set_money(state, 0, 9)
    set_money(state, 1, 9)
    set_money(state, 2, 0)
    give_cubes(state, 0, iron=2)
    flow.end(state, "turns", -1)
    view = build_view(state, None)
    rows = view["ranking"]
    objectives = [r for r in rows if r["kind"] == "objective"]
    assert sorted(r["owner"] for r in objectives) == [0, 1, 2]
    assert sum(r["kind"] == "trend" for r in rows) == len(state.trends)
    breakdown = scoring.breakdown(state)
    for r in rows:
        for seat in range(3):
            assert r["points"][seat] == breakdown[seat].get(f"{r['kind']}:{r['id']}", 0)
        if "values" in r:
            assert r["ranks"] == scoring.dense_ranks(r["values"])
    assert view["winners"] == scoring.winners(state)
    # every screen is lifted for the count
    assert all("money" in p and "tokens" in p and p["objectives"] for p in view["players"])


def test_dense_ranks_share_a_place_and_do_not_skip_the_next():
    # L934, L946: Yellow and Red share the first place, Blue is second, Green third
    assert scoring.dense_ranks([5, 5, 3, 1]) == [1, 1, 2, 3]
    assert scoring.rank_points([5, 5, 3, 1], (3, 2, 1)) == [3, 3, 2, 1]
    # L990: players with nothing are not ranked
    assert scoring.dense_ranks([6, 4, 0, 0]) == [1, 2, 0, 0]
    assert scoring.rank_points([6, 4, 0, 0], (3, 2, 1)) == [3, 2, 0, 0]
