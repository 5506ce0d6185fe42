"""The load benchmark tells the truth (issue 22, defect 9): tables that never start or stall
are reported and fail the run, errors are counted by kind, and the scripted player recovers
from an error that no state follows (it used to wait for good after ``rate_limited``)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import pytest

from settlers.testing.scripts import load_script

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


@pytest.fixture(scope="module")
def web_load():
    return load_script(BENCH, "web_load")


def report(**changes) -> dict:
    base = {"tables": 3, "tables_never_started": [], "tables_stalled": [], "tables_started": 3,
            "tables_progressing": 3, "rtt_ms_p99": 40.0, "actions_per_second": 100.0}
    return {**base, **changes}


def test_tables_that_never_start_or_stall_fail_the_run(web_load):
    assert web_load.problems(report()) == []
    assert "never got a first state" in web_load.problems(
        report(tables_never_started=["a"], tables_started=2))[0]
    assert "stalled" in web_load.problems(report(tables_stalled=["b"]))[0]
    assert web_load.problems(report(tables_progressing=0)) == ["no table progressed"]
    # a refusal the client recovers from is counted; a client cut off fails the run
    assert web_load.problems(report(errors={"rate_limited": 3})) == []
    assert "cut off" in web_load.problems(report(errors={"flood": 1}))[0]
    assert "cut off" in web_load.problems(
        report(errors={"connection:ConnectionClosedError": 1}))[0]


def test_capacity_is_the_best_run_under_the_p99_target(web_load):
    runs = [report(actions_per_second=300.0, rtt_ms_p99=60.0, tables=25),
            report(actions_per_second=500.0, rtt_ms_p99=150.0, tables=50),
            report(actions_per_second=200.0, rtt_ms_p99=20.0, tables_stalled=["x"])]
    assert web_load.capacity(runs).startswith("capacity: 300.0 stored actions/s")
    assert "no run" in web_load.capacity(runs[1:])


def test_the_player_recovers_from_a_refusal_with_no_state_after_it(web_load):
    args = argparse.Namespace(
        game="sample", players=2, spectators=1, seconds=5.0, stall=4.0, bot="random",
        bot_workers=1, bot_delay=0.01, bot_pool="thread", db=None, seed=1, busy=0, warmup=0,
        server_env=["SETTLERS_RATE_PER_SECOND=3", "SETTLERS_RATE_BURST=2",
                    "SETTLERS_FLOOD_STRIKES=100000"], max_rate=100.0, think=0.0)
    result = asyncio.run(web_load.run(args, 2))
    assert result["errors"].get("rate_limited", 0) > 0
    assert result["tables_started"] == 2 and result["tables_progressing"] == 2
    assert web_load.problems(result) == []
    assert result["human_actions"] > result["errors"]["rate_limited"] // 4


def test_a_paced_player_stays_under_the_connection_limit(web_load):
    """At a few tables the scripted human used to outrun the per-connection limit (20
    messages/s) and be refused; paced under the limit it never is, and still plays on."""
    args = argparse.Namespace(
        game="sample", players=2, spectators=0, seconds=4.0, stall=3.5, bot="random",
        bot_workers=1, bot_delay=0.0, bot_pool="thread", db=None, seed=1, busy=0, warmup=0,
        server_env=["SETTLERS_RATE_PER_SECOND=4", "SETTLERS_RATE_BURST=2",
                    "SETTLERS_FLOOD_STRIKES=3"], max_rate=3.0, think=0.0)
    result = asyncio.run(web_load.run(args, 2))
    assert result["errors"] == {}
    assert web_load.problems(result) == []
    # 2 humans × 3 messages/s × 4 s, give or take the first and last
    assert 8 <= result["human_actions"] <= 2 * 3 * 4 + 2


def test_the_cpu_budget_is_skipped_with_a_note_where_cgroups_are_not_writable(
        web_load, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(web_load, "CGROUP_CPU", tmp_path / "no-cgroup-here")
    budget = web_load.CpuBudget(0.35)
    assert "not writable" in budget.problem
    budget.confine([[12345]])  # nothing happens, nothing fails
    assert not budget.applied and budget.groups == []
    assert "no CPU quota applied" in capsys.readouterr().err
    assert web_load.CpuBudget(None).problem is None  # not asked for: no note


def test_the_cpu_budget_puts_each_server_process_in_a_group_with_its_quota(web_load):
    import os
    import subprocess
    import sys

    root = web_load.CGROUP_CPU
    if not os.access(root, os.W_OK) or not (root / "cgroup.procs").exists():
        pytest.skip(f"{root} is not writable here")
    procs = [subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
             for _ in range(2)]
    budget = web_load.CpuBudget(0.25)
    try:
        budget.confine([[p.pid] for p in procs])
        assert budget.applied and len(budget.groups) == 2
        for proc, group in zip(procs, budget.groups):
            period = web_load.CpuBudget.PERIOD_US
            assert (group / "cpu.cfs_period_us").read_text().strip() == str(period)
            assert (group / "cpu.cfs_quota_us").read_text().strip() == str(period // 4)
            assert (group / "cgroup.procs").read_text().split() == [str(proc.pid)]
        assert budget.throttled_seconds() == 0.0
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()
        groups = list(budget.groups)
        budget.remove()
    assert not any(g.exists() for g in groups)


def test_a_game_s_sockets_go_to_one_port(web_load):
    ports = [8000, 8001, 8002]
    gids = [f"{i:012x}" for i in range(300)]
    assert all(web_load.route(g, ports) == web_load.route(g, ports) for g in gids)
    spread = {p: sum(web_load.route(g, ports) == p for g in gids) for p in ports}
    assert min(spread.values()) > 60, spread  # every process gets its share of the games
