"""The lobby's difficulty levels are ordered by the published ladders: for every game with a
committed ladder (docs/results/ladder-<game>.json), the bots and budgets of easy, medium and
strong are on it, and their TrueSkill ratings rise in that order; and strong is the game's
budgeted `search` exactly where the ladder rates it above every base bot with its interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from settlers.bots.difficulty import LEVELS, SEARCH, seat_text, spec
from settlers.core import game_ids, load

RESULTS = Path(__file__).resolve().parents[2] / "docs" / "results"


#: the bots every ladder plays 200 games per pairing (the base the search is measured against)
BASE_BOTS = ("random", "greedy:samples=1", "heuristic")


def ladder(game_id: str) -> dict:
    return json.loads((RESULTS / f"ladder-{game_id}.json").read_text(encoding="utf-8"))


def shipped_games() -> list[str]:
    return sorted(g for g in game_ids() if (load(g).package or "").startswith("settlers.games"))


@pytest.mark.parametrize("game_id", shipped_games())
def test_levels_are_bots_the_ladder_rates_in_that_order(game_id):
    if not (RESULTS / f"ladder-{game_id}.json").exists():
        pytest.fail(f"no committed ladder for {game_id}")
    mu = {rating["bot"]: rating["mu"] for rating in ladder(game_id)["ratings"]}
    specs = [spec(game_id, name) for name in LEVELS]
    missing = [s for s in specs if s not in mu]
    assert not missing, f"{game_id}: levels {missing} are not on the ladder {sorted(mu)}"
    rated = [mu[s] for s in specs]
    assert rated == sorted(rated) and len(set(rated)) == 3, (game_id, dict(zip(specs, rated)))


@pytest.mark.parametrize("game_id", shipped_games())
def test_strong_is_the_search_where_the_ladder_rates_it_clearly_above_the_base_bots(game_id):
    ratings = {rating["bot"]: rating for rating in ladder(game_id)["ratings"]}
    base = [ratings[bot] for bot in BASE_BOTS if bot in ratings]
    assert len(base) == len(BASE_BOTS), f"{game_id}: base bots missing from its ladder"
    strong = spec(game_id, "strong")
    search = seat_text(SEARCH[game_id]) if game_id in SEARCH else None
    rated = ratings.get(search) if search else None
    clearly_above = rated is not None and all(rated["ci95"][0] > bot["ci95"][1] for bot in base)
    if clearly_above:
        assert strong == search, f"{game_id}: the ladder rates {search} above {strong}"
    else:
        assert strong != search or search is None, (
            f"{game_id}: strong is {search}, but its ladder interval is not above the base bots")


def test_spec_writes_the_budget_as_a_seat_text(monkeypatch):
    from settlers.bots import difficulty

    monkeypatch.setitem(difficulty.BY_GAME, "catan", {
        "easy": ("random", {}), "medium": ("greedy", {"samples": 1}),
        "strong": ("guided", {"iterations": 30, "rollout_depth": 4})})
    assert spec("catan", "easy") == "random"
    assert spec("catan", "medium") == "greedy:samples=1"
    assert spec("catan", "strong") == "guided:iterations=30:rollout_depth=4"
