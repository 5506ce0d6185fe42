"""Every game's final score by the rulebook's categories: the parts sum to ``scores()`` and
each category has a name in ru and en."""

from __future__ import annotations

import random

import pytest

import settlers
from settlers.core.i18n import lookup
from settlers.games.catan.content import VICTORY_POINT

GAMES = ("catan", "founders", "iceland", "imperial", "archipelago")


def finished(game_id: str, seed: int):
    game = settlers.load(game_id)
    state = game.new_state(players=max(2, game.min_players), seed=seed)
    rng = random.Random(seed)
    for _ in range(30_000):
        if state.over:
            return state
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"{game_id} seed {seed} did not finish")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_breakdown_sums_to_the_score_in_named_categories(game_id):
    for seed in (0, 1):
        state = finished(game_id, seed)
        rows = state.score_breakdown()
        assert len(rows) == state.players
        assert [sum(r.values()) for r in rows] == [int(s) for s in state.scores()]
        for key in {k for r in rows for k in r}:
            assert key.startswith(f"{game_id}.score.")
            assert lookup(key, "ru") and lookup(key, "en"), key


def test_catan_breakdown_counts_each_category_by_the_rulebook():
    # catan.ru.txt «Победные очки»: settlement 1, city 2, longest road 2, largest army 2,
    # victory point card 1
    state = finished("catan", 0)
    st = state.clone()
    st.settlements_left[0], st.cities_left[0] = 2, 1  # 3 settlements and 3 cities standing
    st.building_points[0] = 3 * 1 + 3 * 2
    st.longest_road, st.largest_army = 0, 1
    st.dev[0][VICTORY_POINT] = 2
    row = st.score_breakdown()[0]
    assert row["catan.score.settlements"] == 3 and row["catan.score.cities"] == 6
    assert row["catan.score.longest_road"] == 2 and row["catan.score.largest_army"] == 0
    assert row["catan.score.vp_cards"] == 2
    assert st.score_breakdown()[1]["catan.score.largest_army"] == 2
    assert sum(row.values()) == st.scores()[0] == 3 + 6 + 2 + 2
