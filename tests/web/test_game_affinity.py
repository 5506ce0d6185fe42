"""Several server processes with a proxy that routes by game (issue 22: "with --workers N on
PostgreSQL the capacity grows with N"): a game lives in the process its pages are in — its
bots follow its pages there, the other processes hand it over and stop handling its moves —
and `settlers serve --workers N --port-per-worker` runs N supervised processes on N ports."""

from __future__ import annotations

import json
import os
import signal
import time

import httpx
import pytest

from settlers.testing.web_server import free_port, start_server


def _health(base: str) -> dict:
    return httpx.get(f"{base}/healthz", timeout=10).json()


def _play(ws, moves: int, seconds: float = 20.0) -> dict:
    """Act as the seat behind ``ws`` (its first legal action) ``moves`` times; the last
    state seen."""
    deadline, acted, last = time.monotonic() + seconds, 0, {}
    while acted < moves and time.monotonic() < deadline:
        msg = json.loads(ws.recv(timeout=10))
        if msg["type"] != "state":
            continue
        last = msg
        if msg["over"]:
            break
        if msg["actions"]:
            ws.send(json.dumps({"type": "act", "version": msg["version"],
                                "action": msg["actions"][0]["action"]}))
            acted += 1
    assert acted == moves or last.get("over"), (acted, last.get("version"))
    return last


def _wait(predicate, seconds: float = 5.0):
    deadline = time.monotonic() + seconds
    while not (got := predicate()):
        assert time.monotonic() < deadline, got
        time.sleep(0.05)
    return got


def test_a_game_s_bots_follow_its_pages_to_their_process(two_servers):
    from websockets.sync.client import connect

    a, b = two_servers
    made = httpx.post(f"{a}/api/games", timeout=10, json={"game": "catan", "seats": [
        {"kind": "human"}, *[{"kind": "bot", "bot": "random"}] * 3]}).json()
    gid, token = made["id"], made["tokens"]["0"]
    with connect(b.replace("http", "ws") + f"/ws/games/{gid}?token={token}") as seat:
        last = _play(seat, 30)
        # the owner, with no page on the game, handed it over to the process with its page
        hb = _wait(lambda: (h := _health(b))["owned_games"] == 1 and h)
        ha = _health(a)
        assert ha["owned_games"] == 0 and ha["rooms"] == 0, ha
        stored = httpx.get(f"{b}/api/games/{gid}", timeout=10).json()["version"]
        assert stored >= last["version"] > 60
        # the bots' moves were computed in B (a few at most in A, before it handed over)
        assert ha["bot_decisions"] <= 8, ha
        assert hb["bot_decisions"] >= 0.8 * (stored - 30), (hb, stored)
        # A's event loop no longer takes the game's notices: it only saw them go by
        assert ha["notices"]["seen"] >= 30  # a notice per person's move, one per bot run
        assert ha["notices"]["handled"] <= 10, ha["notices"]

        # a page on A as well: both processes have pages now, and the owner (B) keeps the
        # game; the spectator on A sees every move made through B within the test's wait
        with connect(a.replace("http", "ws") + f"/ws/games/{gid}") as watcher:
            first = json.loads(watcher.recv(timeout=10))
            assert first["type"] == "state"
            last = _play(seat, 10)
            while True:
                msg = json.loads(watcher.recv(timeout=5))
                if msg["type"] == "state" and msg["version"] >= last["version"]:
                    break
            assert _health(b)["owned_games"] == 1 and _health(a)["owned_games"] == 0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # a zombie is not alive
        return f.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_port_per_worker_runs_one_supervised_process_per_port(db_url):
    if not db_url.startswith("postgresql"):
        pytest.skip("several processes share a PostgreSQL database")
    port = free_port()
    while True:  # two consecutive free ports
        try:
            import socket

            with socket.socket() as sock:
                sock.bind(("127.0.0.1", port + 1))
            break
        except OSError:
            port = free_port()
    proc = start_server(port, db_url, ["--workers", "2", "--port-per-worker"])
    bases = [f"http://127.0.0.1:{p}" for p in (port, port + 1)]
    try:
        pids = [_wait(lambda base=base: _health(base)["pid"], 30) for base in bases]
        assert len(set(pids)) == 2 and proc.pid not in pids
        # one database, two processes: a game created through one is served by the other
        made = httpx.post(f"{bases[0]}/api/games", timeout=10, json={
            "game": "sample", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        assert httpx.get(f"{bases[1]}/api/games/{made['id']}", timeout=10).status_code == 200
        # a process that dies is started again on its port
        os.kill(pids[1], signal.SIGKILL)

        def restarted():
            try:
                return _health(bases[1])["pid"] != pids[1]
            except httpx.HTTPError:
                return False

        _wait(restarted, 30)
        children = [_health(base)["pid"] for base in bases]
        # the supervisor killed with -9 takes its processes with it
        proc.kill()
        proc.wait(10)
        _wait(lambda: not any(_alive(p) for p in children), 10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
