"""Tournaments: identical results whatever the backend or worker count, failures recorded
with seed and log without stopping the run, rows that replay."""

from __future__ import annotations

import gc

import pytest

import settlers.bots as bots
from settlers.bots import BotKind
from settlers.core import load_state
from settlers.core.collector import LongRun
from settlers.sim import Job, parse_seats, play_game, read_rows, run_tournament
from settlers.sim.play import play_chunk
from settlers.sim.recorded import extract_save, state_from_row
from settlers.sim.results import ResultsError, write_rows

SAMPLE_MODULES = ("settlers.testing.sample",)


def job(seats="mcts:iterations=8,greedy,random", games=10, **kw):
    return Job("sample", parse_seats(seats), games=games, seed=kw.pop("seed", 5),
               rotate=kw.pop("rotate", True), game_modules=SAMPLE_MODULES, **kw)


def outcome(rows):
    """Everything but the wall-clock time."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_results_do_not_depend_on_the_number_of_workers():
    one, summary_one = run_tournament(job(), workers=1)
    two, summary_two = run_tournament(job(), workers=2)
    assert [r["index"] for r in one] == list(range(10))
    assert outcome(one) == outcome(two)
    assert summary_one.to_json()["bots"] == summary_two.to_json()["bots"]
    assert all(r["error"] is None for r in one)


def test_rows_are_save_records_that_replay(tmp_path):
    rows, _ = run_tournament(job(keep_logs=True, games=3), workers=1)
    for row in rows:
        state = state_from_row(row)
        assert state.over
        assert state.scores() == row["scores"] and state.winners() == row["winners"]
        assert state.digest() == row["digest"]
    path = tmp_path / "results.jsonl"
    write_rows(path, rows)
    saved = extract_save(path, 2, tmp_path / "game2.json")
    assert load_state(saved).digest() == rows[2]["digest"]


def test_rows_without_logs_replay_by_their_bots():
    logged, _ = run_tournament(job(keep_logs=True, games=3), workers=1)
    bare, _ = run_tournament(job(keep_logs=False, games=3), workers=1)
    assert all(r["log"] is None for r in bare)
    for with_log, without in zip(logged, bare):
        assert state_from_row(without).digest() == with_log["digest"]


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_results_files_round_trip(tmp_path, suffix):
    path = tmp_path / f"out{suffix}"
    rows, _ = run_tournament(job(games=4, keep_logs=True), workers=2, out=str(path))
    assert read_rows(path) == rows


def test_unknown_results_format_is_refused(tmp_path):
    with pytest.raises(ResultsError) as info:
        write_rows(tmp_path / "out.csv", [])
    assert ".jsonl or .parquet" in info.value.message("en")


class CrashingBot:
    """Plays randomly, then — in games where its seed is even — raises on its third decision."""

    def __init__(self, seed=0):
        self.inner = bots.make("random", seed=seed)
        self.doomed = seed % 2 == 0
        self.calls = 0

    def act(self, state, seat):
        self.calls += 1
        if self.doomed and self.calls == 3:
            raise RuntimeError("the bot broke")
        return self.inner.act(state, seat)


class CheatingBot:
    """In games where its seed is even, bids a card it does not hold."""

    def __init__(self, seed=0):
        self.inner = bots.make("random", seed=seed)
        self.doomed = seed % 2 == 0

    def act(self, state, seat):
        action = self.inner.act(state, seat)
        if self.doomed and action.kind == "bid":
            return type(action)(card=999)
        return action


@pytest.fixture
def broken_bots(monkeypatch):
    kinds = dict(bots._KINDS)
    kinds["crashing"] = BotKind(CrashingBot, {})
    kinds["cheating"] = BotKind(CheatingBot, {})
    monkeypatch.setattr(bots, "_KINDS", kinds)


@pytest.mark.parametrize(("bot", "kind", "words"), [
    ("crashing", "exception", "the bot broke"),
    ("cheating", "illegal_action", "999"),
])
def test_a_failing_game_is_recorded_and_the_run_goes_on(broken_bots, bot, kind, words):
    the_job = job(seats=f"random,{bot}", games=12)
    rows, summary = run_tournament(the_job, workers=2)
    assert len(rows) == 12 and 0 < summary.failed < 12
    assert summary.finished == 12 - summary.failed
    expected_failures = {i for i in range(12)
                         if the_job.bot_seed(i, the_job.lineup(i).index(
                             next(s for s in the_job.seats if s.bot == bot))) % 2 == 0}
    assert {r["index"] for r in rows if r["error"]} == expected_failures
    for row in rows:
        error = row["error"]
        if error is None:
            assert row["winners"] and row["log"] is None
            continue
        assert error["kind"] == kind and words in (error["message"] + str(error["action"]))
        assert error["seat"] in (0, 1) and "Traceback" in error["traceback"]
        assert row["seed"] == job().game_seed(row["index"])
        state = state_from_row(row)  # the log replays up to the failure
        assert state.version == row["actions"] == len(row["log"])


def test_step_limit_is_a_recorded_failure():
    row = play_game(job(seats="random,random", max_steps=3), 0)
    assert row["error"]["kind"] == "step_limit" and row["actions"] == 3


@pytest.mark.ray
def test_ray_backend_gives_the_same_results():
    pytest.importorskip("ray")
    local, _ = run_tournament(job(games=6), workers=1)
    remote, _ = run_tournament(job(games=6), backend="ray", workers=2)
    assert outcome(remote) == outcome(local)


def test_jsonl_is_streamed_then_sorted(tmp_path):
    from settlers.sim.results import ResultsWriter

    path = tmp_path / "stream.jsonl"
    writer = ResultsWriter(path)
    for index in (2, 0, 1):
        writer.write({"index": index, "note": "é" * index})
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3  # on disk before the end
    writer.close()
    writer.close()
    assert [r["index"] for r in read_rows(path)] == [0, 1, 2]
    assert read_rows(path)[2]["note"] == "éé"


def test_summary_without_keeping_rows_is_the_same():
    kept, summary = run_tournament(job(games=6), workers=2)
    none, streamed = run_tournament(job(games=6), workers=2, keep_rows=False)
    assert none == [] and len(kept) == 6
    assert streamed.to_json()["bots"] == summary.to_json()["bots"]


def test_a_worker_tells_its_collector_of_every_game_and_plays_the_same_games():
    the_job = job(games=5)
    run = LongRun()
    try:
        with_collector = play_chunk(the_job, range(5), run)
    finally:
        gc.unfreeze()
    assert run.games == 5
    assert outcome(with_collector) == outcome(play_chunk(the_job, range(5)))


def test_a_run_in_the_callers_process_leaves_its_collector_alone():
    gc.unfreeze()
    rows, _ = run_tournament(job(games=3), workers=1)
    assert len(rows) == 3
    assert gc.get_freeze_count() == 0
