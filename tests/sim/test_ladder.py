"""`settlers ladder`: every pair of bots, rotated seats, TrueSkill ratings with intervals."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from settlers.cli import ladder as ladder_cli
from settlers.sim.ladder import fit_ratings, match_outcome, pairing_lineups, run_ladder


def test_pairings_put_each_bot_alone_against_the_other():
    assert pairing_lineups("a", "b", 2) == [("a", "b")]
    assert pairing_lineups("a", "b", 4) == [("a", "b", "b", "b"), ("b", "a", "a", "a")]


def test_outcome_is_the_team_holding_the_winners():
    row = {"error": None, "seats": ["a", "b", "b"], "winners": [0]}
    assert match_outcome(row, "a", "b") == 1
    assert match_outcome({**row, "winners": [2]}, "a", "b") == -1
    assert match_outcome({**row, "winners": [0, 1]}, "a", "b") == 0
    assert match_outcome({**row, "error": {"kind": "x"}}, "a", "b") is None


def test_fit_orders_the_bot_that_wins_more_first_with_shrinking_interval():
    few = fit_ratings([("a", "b", 1), ("a", "b", -1), ("a", "b", 1)], ["a", "b"])
    many = fit_ratings([("a", "b", 1 if i % 4 else -1) for i in range(80)], ["a", "b"])
    assert [r.bot for r in many] == ["a", "b"]
    width = {r.bot: r.interval[1] - r.interval[0] for r in few}
    assert all(r.interval[1] - r.interval[0] < width[r.bot] for r in many)
    assert many[0].games == 80


def test_ladder_on_the_sample_game_ranks_greedy_above_random(sample_game):
    result = run_ladder("sample", ["random", "greedy"], per_pairing=40, players=2, seed=1,
                        workers=1)
    assert result.failed == 0
    assert [r.bot for r in result.ratings] == ["greedy", "random"]
    head = result.heads[("greedy", "random")]
    assert head.games == 40 and head.win_rate > 0.5
    low, high = head.interval
    assert low < head.win_rate < high
    # deterministic for a seed and independent of the number of workers
    again = run_ladder("sample", ["random", "greedy"], per_pairing=40, players=2, seed=1,
                       workers=2)
    assert again.to_json() == result.to_json()


@pytest.fixture
def app():
    app = typer.Typer()
    ladder_cli.register(app)

    @app.callback()
    def _root() -> None:
        """Keep `ladder` a subcommand."""

    return app


def test_command_prints_the_table_and_writes_markdown(app, sample_game, tmp_path):
    out = tmp_path / "ladder-sample.md"
    result = CliRunner().invoke(app, ["ladder", "sample", "--bots", "random,greedy:samples=1",
                                      "-n", "6", "--players", "3", "--workers", "1",
                                      "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "greedy:samples=1" in result.output and "TrueSkill" in result.output
    text = out.read_text(encoding="utf-8")
    assert "| 1 |" in text and "2 × `random`" in text and "Wilson" in text
    data = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert {h["games"] for h in data["head_to_head"]} == {3}


@pytest.mark.parametrize(("args", "message"), [
    (["ladder", "sample", "--bots", "random"], "at least two different bots"),
    (["ladder", "sample", "--bots", "random,deep_blue"], "Unknown bot 'deep_blue'"),
    (["ladder", "sample", "--bots", "random,greedy", "--players", "9"], "2 to 4 players"),
])
def test_bad_ladders_are_refused_clearly(app, sample_game, args, message):
    result = CliRunner().invoke(app, [*args, "--out", "-", "--no-progress"])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
