"""`settlers ladder`: every pair of bots, rotated seats, TrueSkill ratings with intervals."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from settlers.cli import ladder as ladder_cli
from settlers.sim.ladder import (
    LadderError,
    fit_ratings,
    match_outcome,
    pairing_lineups,
    parse_limits,
    run_ladder,
)


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
    assert [r.bot for r in fit_ratings([("a", "b", 1)], ["a", "b", "idle"])] == ["a", "b"]


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
    assert timeless(again.to_json()) == timeless(result.to_json())


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


def timeless(data):
    return {k: v for k, v in data.items() if k != "seconds"}


def test_results_file_resumes_and_extends_without_replaying(sample_game, tmp_path):
    results = tmp_path / "ladder-sample.jsonl"
    played: list[int] = []
    run_ladder("sample", ["random", "greedy"], per_pairing=4, players=2, seed=3, workers=1,
               results=results, on_row=lambda row: played.append(row["index"]))
    assert len(played) == 4 and len(results.read_text().splitlines()) == 4
    played.clear()
    extended = run_ladder("sample", ["random", "greedy"], per_pairing=10, players=2, seed=3,
                          workers=1, results=results,
                          on_row=lambda row: played.append(row["index"]))
    assert sorted(played) == [4, 5, 6, 7, 8, 9]  # only the games the file lacked
    fresh = run_ladder("sample", ["random", "greedy"], per_pairing=10, players=2, seed=3,
                       workers=1)
    assert timeless(extended.to_json()) == timeless(fresh.to_json())
    played.clear()
    run_ladder("sample", ["random", "greedy"], per_pairing=10, players=2, seed=3, workers=1,
               results=results, on_row=lambda row: played.append(row["index"]))
    assert played == []


def test_a_limit_plays_fewer_games_only_for_the_expensive_bots_pairings(sample_game):
    result = run_ladder("sample", ["random", "greedy", "greedy:samples=1"], per_pairing=8,
                        players=2, seed=1, workers=1, limits={"greedy": 2})
    assert result.heads[("random", "greedy:samples=1")].games == 8
    assert result.heads[("random", "greedy")].games == 2
    assert result.heads[("greedy", "greedy:samples=1")].games == 2
    assert result.games == 12


def test_limits_are_parsed_on_the_last_equals_sign_and_bad_ones_refused():
    assert parse_limits(["guided:iterations=30=40", "random=5"]) == {
        "guided:iterations=30": 40, "random": 5}
    for bad in ("guided", "guided=", "=4", "random=0", "random=x"):
        with pytest.raises(LadderError, match="BOT=GAMES"):
            parse_limits([bad])


def test_a_limit_for_a_bot_not_in_the_ladder_is_refused(sample_game):
    with pytest.raises(LadderError, match="greedy"):
        run_ladder("sample", ["random", "greedy:samples=1"], per_pairing=2, players=2,
                   limits={"greedy": 1})


def test_a_game_over_the_time_cap_fails_and_is_played_again_on_resume(sample_game, tmp_path):
    results = tmp_path / "ladder.jsonl"
    capped = run_ladder("sample", ["random", "greedy"], per_pairing=2, players=2, seed=1,
                        workers=1, results=results, max_seconds=1e-9)
    assert capped.failed == 2
    kinds = [json.loads(line)["error"]["kind"] for line in results.read_text().splitlines()]
    assert kinds == ["time_limit", "time_limit"]
    played: list[int] = []
    again = run_ladder("sample", ["random", "greedy"], per_pairing=2, players=2, seed=1,
                       workers=1, results=results, on_row=lambda row: played.append(1))
    assert len(played) == 2 and again.failed == 0


def test_command_appends_to_a_results_file_and_takes_limits(app, sample_game, tmp_path):
    results = tmp_path / "games.jsonl"
    base = ["ladder", "sample", "--bots", "random,greedy,greedy:samples=1", "-n", "4",
            "--players", "2", "--workers", "1", "--results", str(results), "--out", "-",
            "--no-progress"]
    args = [*base, "--limit", "greedy=2"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    assert len(results.read_text().splitlines()) == 4 + 2 + 2
    second = CliRunner().invoke(app, args)
    assert second.exit_code == 0 and len(results.read_text().splitlines()) == 8
    bad = CliRunner().invoke(app, [*base, "--limit", "greedy"])
    assert bad.exit_code == 2 and "BOT=GAMES" in bad.output


def test_a_line_cut_short_by_a_killed_run_is_played_again(sample_game, tmp_path):
    results = tmp_path / "ladder.jsonl"
    run_ladder("sample", ["random", "greedy"], per_pairing=3, players=2, seed=1, workers=1,
               results=results)
    lines = results.read_text().splitlines()
    results.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])
    played: list[int] = []
    run_ladder("sample", ["random", "greedy"], per_pairing=3, players=2, seed=1, workers=1,
               results=results, on_row=lambda row: played.append(row["index"]))
    assert played == [2]
    assert len(results.read_text().splitlines()) == 3
    run_ladder("sample", ["random", "greedy"], per_pairing=3, players=2, seed=1, workers=1,
               results=results, on_row=lambda row: played.append(row["index"]))
    assert played == [2]


def test_summary_lists_each_games_bots_best_first_with_games_per_pairing(sample_game):
    from settlers.sim.report import ladders_summary_markdown

    two = run_ladder("sample", ["random", "greedy"], per_pairing=6, players=2, seed=1,
                     workers=1).to_json()
    four = run_ladder("sample", ["random", "greedy", "greedy:samples=1"], per_pairing=4,
                      players=3, seed=1, workers=1, limits={"greedy": 2}).to_json()
    text = ladders_summary_markdown([two, four])
    lines = text.splitlines()
    assert lines[0].startswith("| Game | Players | Games per pairing | 1. | 2. | 3. |")
    assert lines[2].startswith("| Sealed bids | 2 | 6 | `greedy` ") and lines[2].endswith("|  |")
    assert lines[3].startswith("| Sealed bids | 3 | 2–4 | ")
    assert "`random`" in lines[3]


def test_a_pairing_never_played_shows_as_zero_and_is_named(sample_game):
    from settlers.sim.report import ladder_markdown, ladders_summary_markdown

    result = run_ladder("sample", ["random", "greedy", "greedy:samples=1"], per_pairing=4,
                        players=3, seed=1, workers=1, limits={"greedy:samples=1": 0})
    data = result.to_json()
    assert ladders_summary_markdown([data]).splitlines()[2].startswith("| Sealed bids | 3 | 0–4 | ")
    info = {"cpu": "test", "cores": 1, "python": "3", "system": "test"}
    text = ladder_markdown(result, info)
    assert ("Pairings not played yet (no games in the results): `random` – `greedy:samples=1`, "
            "`greedy` – `greedy:samples=1`.") in text
    assert "Пары, которые ещё не играли" in ladder_markdown(result, info, lang="ru")


def test_play_only_plays_the_pairings_of_the_named_bots(sample_game, tmp_path):
    results = tmp_path / "ladder.jsonl"
    run_ladder("sample", ["random", "greedy"], per_pairing=4, players=2, seed=1, workers=1,
               results=results)
    played: list[str] = []
    result = run_ladder("sample", ["random", "greedy", "greedy:samples=1"], per_pairing=6,
                        players=2, seed=1, workers=1, results=results,
                        play_only={"greedy:samples=1"},
                        on_row=lambda row: played.append(",".join(row["ladder"]["lineup"])))
    assert "random,greedy" not in played and len(played) == 12
    assert result.heads[("random", "greedy")].games == 4  # as the file has them
    assert result.heads[("random", "greedy:samples=1")].games == 6


def test_a_pairing_taken_from_an_unfinished_file_counts_its_line_ups_equally(
        sample_game, tmp_path):
    results = tmp_path / "ladder.jsonl"
    run_ladder("sample", ["random", "greedy"], per_pairing=8, players=3, seed=1, workers=1,
               results=results)
    lines = results.read_text().splitlines()
    kept = [line for line in lines if json.loads(line)["ladder"]["lineup"][0] == "random"
            or json.loads(line)["index"] < 1]
    results.write_text("\n".join(kept) + "\n")  # 4 games of one line-up, 1 of the other
    taken = run_ladder("sample", ["random", "greedy"], per_pairing=8, players=3, seed=1,
                       workers=1, results=results, play_only=set())
    assert taken.heads[("random", "greedy")].games == 1
    assert taken.heads[("greedy", "random")].games == 1


def test_a_game_stopped_by_the_action_cap_is_replaced_by_the_next_index(sample_game, tmp_path):
    """Nobody won within max_steps: the game has no result, so the line-up plays its next
    index instead and the pairing still counts its number of games (resumable, the same
    games as a run without a results file)."""
    results = tmp_path / "ladder.jsonl"
    rows: list[dict] = []
    capped = run_ladder("sample", ["random", "greedy"], per_pairing=12, players=2, seed=1,
                        workers=1, max_steps=16, results=results, on_row=rows.append)
    stopped = [r["index"] for r in rows if r["error"] is not None]
    assert stopped and {r["error"]["kind"] for r in rows if r["error"]} == {"step_limit"}
    assert sorted(r["index"] for r in rows) == list(range(12 + len(stopped)))
    head = capped.heads[("random", "greedy")]
    assert head.games == 12 and head.failed == len(stopped) == capped.failed
    played: list[int] = []
    again = run_ladder("sample", ["random", "greedy"], per_pairing=12, players=2, seed=1,
                       workers=1, max_steps=16, results=results,
                       on_row=lambda row: played.append(row["index"]))
    assert played == [] and timeless(again.to_json()) == timeless(capped.to_json())
    fresh = run_ladder("sample", ["random", "greedy"], per_pairing=12, players=2, seed=1,
                       workers=1, max_steps=16)
    assert timeless(fresh.to_json()) == timeless(capped.to_json())
    from settlers.sim.report import pairing_counts
    assert set(pairing_counts(capped.to_json()).values()) == {12}


def test_replacing_capped_games_stops_at_twice_the_games_asked_for(sample_game):
    result = run_ladder("sample", ["random", "greedy"], per_pairing=5, players=2, seed=1,
                        workers=1, max_steps=8)  # no sample game ends within 8 actions
    head = result.heads[("random", "greedy")]
    assert head.games == 0 and head.failed == 10


def test_a_pairing_taken_from_the_file_keeps_the_replacement_games(sample_game, tmp_path):
    results = tmp_path / "ladder.jsonl"
    run_ladder("sample", ["random", "greedy"], per_pairing=12, players=3, seed=1, workers=1,
               results=results)
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    lone = rows[0]["ladder"]["lineup"]
    capped = next(r for r in rows if r["ladder"]["lineup"] == lone and r["index"] == 2)
    capped.update(error={"kind": "step_limit", "message": "cap"}, winners=None)
    results.write_text("".join(json.dumps(r) + "\n" for r in rows))
    played: list[int] = []
    replaced = run_ladder("sample", ["random", "greedy"], per_pairing=12, players=3, seed=1,
                          workers=1, results=results, on_row=lambda r: played.append(r["index"]))
    assert played == [6] and replaced.failed == 1  # the line-up's next index, once
    taken = run_ladder("sample", ["random", "greedy"], per_pairing=12, players=3, seed=1,
                       workers=1, results=results, play_only=set())
    assert timeless(taken.to_json()) == timeless(replaced.to_json())
    assert taken.heads[("random", "greedy")].games == taken.heads[("greedy", "random")].games == 6
