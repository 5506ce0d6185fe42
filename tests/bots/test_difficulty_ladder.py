"""The lobby's difficulty levels are ordered by the published ladders: for every game with a
committed ladder (docs/results/ladder-<game>.json), the bots and budgets of easy, medium and
strong are on it, and their TrueSkill ratings rise in that order; and strong is the game's
budgeted `search` exactly where the ladder rates it above every base bot with its interval —
or, in a game of `BY_TARGETS`, the search the issue-17 target runs show stronger than the
ladder's best bot (the lone search against three of it: Wilson 95 % lower bound above parity)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from settlers.bots.difficulty import BY_TARGETS, LEVELS, SEARCH, seat_text, spec
from settlers.core import game_ids, load
from settlers.sim.seating import parse_seat
from settlers.sim.stats import wilson

RESULTS = Path(__file__).resolve().parents[2] / "docs" / "results"
TARGET_RUNS = RESULTS / "issue17-runs"
#: games a target run needs before it may promote a search over the ladder's best bot
TARGET_GAMES = 100


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
    ratings = {rating["bot"]: rating for rating in ladder(game_id)["ratings"]}
    mu = {bot: rating["mu"] for bot, rating in ratings.items()}
    specs = [spec(game_id, name) for name in LEVELS]
    if game_id in BY_TARGETS:  # strong is checked against the target runs (below)
        bot_level, best, _file = BY_TARGETS[game_id]
        assert specs[2] == seat_text(bot_level)
        # the best base bot, or one level with it (intervals overlapping): Founders' greedy
        # and heuristic are 0.06 apart
        top = ratings[max(BASE_BOTS, key=mu.get)]
        assert ratings[best]["ci95"][1] >= top["ci95"][0], (
            f"{game_id}: {best} is rated below {top['bot']}")
        # strong stands above `best` by the target runs (the test below); medium may be
        # `best` itself (Founders: the heuristic) but not above it
        assert mu[specs[1]] <= mu[best], (game_id, specs[1], best)
        specs = specs[:2]
    missing = [s for s in specs if s not in mu]
    assert not missing, f"{game_id}: levels {missing} are not on the ladder {sorted(mu)}"
    rated = [mu[s] for s in specs]
    assert rated == sorted(rated) and len(set(rated)) == len(specs), (
        game_id, dict(zip(specs, rated)))


@pytest.mark.parametrize("game_id", shipped_games())
def test_strong_is_the_search_where_the_ladder_rates_it_clearly_above_the_base_bots(game_id):
    ratings = {rating["bot"]: rating for rating in ladder(game_id)["ratings"]}
    base = [ratings[bot] for bot in BASE_BOTS if bot in ratings]
    assert len(base) == len(BASE_BOTS), f"{game_id}: base bots missing from its ladder"
    strong = spec(game_id, "strong")
    search = seat_text(SEARCH[game_id]) if game_id in SEARCH else None
    rated = ratings.get(search) if search else None
    clearly_above = rated is not None and all(rated["ci95"][0] > bot["ci95"][1] for bot in base)
    if game_id in BY_TARGETS:
        assert strong == seat_text(BY_TARGETS[game_id][0])
    elif clearly_above:
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


def same_seat(text: str) -> str:
    """A seat text with its budget in the order `seat_text` writes it (a run's file keeps the
    order it was typed in: ``search:iterations=12:cpu_ms=700``)."""
    spec = parse_seat(text)
    return seat_text((spec.bot, dict(spec.budget)))


def lone_share(row: dict, lone: str) -> float | None:
    """The lone seat's win share in one game of a target run (None: not that line-up)."""
    seats = [same_seat(seat) for seat in row["seats"]]
    mine = [i for i, seat in enumerate(seats) if seat == lone]
    if len(mine) != 1 or row.get("error"):
        return None
    return 1 / len(row["winners"]) if mine[0] in row["winners"] else 0.0


@pytest.mark.parametrize("game_id", sorted(BY_TARGETS))
def test_a_strong_search_taken_from_the_target_runs_beats_the_ladders_best_bot(game_id):
    bot_level, best, name = BY_TARGETS[game_id]
    lone = seat_text(bot_level)
    rows = [json.loads(line) for line in (TARGET_RUNS / name).read_text().splitlines() if line]
    shares = []
    for row in rows:
        share = lone_share(row, lone)
        if share is not None and all(same_seat(s) == best for s in row["seats"]
                                     if same_seat(s) != lone):
            shares.append((share, len(row["seats"])))
    assert len(shares) >= TARGET_GAMES, f"{game_id}: {len(shares)} games of {lone} vs {best}"
    players = {p for _share, p in shares}
    assert len(players) == 1
    low, _high = wilson(sum(share for share, _p in shares), len(shares))
    assert low > 1 / players.pop(), f"{game_id}: {lone} is not shown above {best} ({low:.3f})"


def test_lone_share_counts_a_shared_win_as_a_share():
    row = {"seats": ["search", "heuristic", "heuristic"], "winners": [0, 2]}
    assert lone_share(row, "search") == 0.5
    assert lone_share({**row, "winners": [1]}, "search") == 0.0
    assert lone_share(row, "greedy") is None
    typed = {"seats": ["heuristic", "search:iterations=12:cpu_ms=700"], "winners": [1]}
    assert lone_share(typed, "search:cpu_ms=700:iterations=12") == 1.0
