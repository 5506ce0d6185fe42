"""Several server processes on one PostgreSQL database (issue 16, "Past one process"): a move
made through one process reaches the pages connected to another through LISTEN/NOTIFY, and a
seat cannot act twice through two processes."""

from __future__ import annotations

import contextlib
import json
import statistics
import threading
import time

import httpx
import pytest

from settlers.testing.web_server import free_port, start_server


class _Arrivals(threading.Thread):
    """When each state version first reached a page's socket, read in a thread of its own (a
    wait on one socket must not delay the time taken on another)."""

    def __init__(self, ws) -> None:
        super().__init__(daemon=True)
        self.ws, self.at = ws, {}

    def run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            while True:
                msg = json.loads(self.ws.recv())
                if msg["type"] == "state":
                    self.at.setdefault(msg["version"], time.perf_counter())

    def seen(self, version: int, seconds: float = 10.0) -> float:
        """When a state of ``version`` or later first came."""
        deadline = time.monotonic() + seconds
        while not (times := [t for v, t in list(self.at.items()) if v >= version]):
            assert time.monotonic() < deadline, f"version {version} never came"
            time.sleep(0.001)
        return min(times)


def test_a_move_on_one_process_reaches_a_spectator_on_the_other(two_servers):
    """Issue 16: a move made through A reaches a page on B within 100 ms of reaching a page
    on A itself — what the second process adds (the notice through PostgreSQL, B reading the
    move and sending it). The time A takes to store and send the move counts for both pages:
    it grows with the machine's load (on a loaded 2-core CI machine the whole way from the
    request took a median of 103 ms), not with the way between processes."""
    from websockets.sync.client import connect

    a, b = two_servers
    made = httpx.post(f"{a}/api/games", json={"game": "sample", "seats": [
        {"kind": "human"}, {"kind": "human"}]}, timeout=30).json()
    gid, tokens = made["id"], made["tokens"]
    with connect(b.replace("http", "ws") + f"/ws/games/{gid}") as there, \
            connect(a.replace("http", "ws") + f"/ws/games/{gid}") as here, \
            httpx.Client(base_url=a, timeout=10) as http:
        assert json.loads(there.recv())["version"] == 0
        assert json.loads(here.recv())["version"] == 0
        on_b, on_a = _Arrivals(there), _Arrivals(here)
        on_b.start()
        on_a.start()
        whole, added = [], []
        for _ in range(6):
            st = http.get(f"/api/games/{gid}").json()
            if st["over"]:
                break
            for seat in st["view"]["to_act"]:
                mine = http.get(f"/api/games/{gid}",
                                headers={"x-seat-token": tokens[str(seat)]}).json()
                sent = time.perf_counter()
                r = http.post(f"/api/games/{gid}/actions",
                              headers={"x-seat-token": tokens[str(seat)]},
                              json={"version": mine["version"],
                                    "action": mine["actions"][0]["action"]})
                assert r.status_code == 200, r.text
                want = r.json()["version"]
                seen_b, seen_a = on_b.seen(want), on_a.seen(want)
                whole.append(seen_b - sent)
                added.append(seen_b - seen_a)
        assert len(added) >= 4
        median = statistics.median(added)
        print(f"move on A seen by a spectator on B: median {statistics.median(whole) * 1000:.1f}"
              f" ms from the request, {median * 1000:.1f} ms after a spectator on A")
        assert median < 0.1, (added, whole)  # issue 16: within 100 ms
        # The whole way from the request, A's own work included, is not what issue 16 bounds
        # here (its round-trip targets are benchmarks/web_load.py's), but a move that took
        # seconds to reach anyone would be a defect this test must not pass: a loose bound,
        # five times the loaded CI machine's median.
        assert statistics.median(whole) < 0.5, whole


def test_a_seat_cannot_act_twice_through_two_processes(two_servers):
    a, b = two_servers
    made = httpx.post(f"{a}/api/games", json={"game": "sample", "seats": [
        {"kind": "human"}, {"kind": "human"}]}, timeout=30).json()
    gid, token = made["id"], made["tokens"]["0"]
    first = httpx.get(f"{b}/api/games/{gid}", headers={"x-seat-token": token}, timeout=30).json()
    action = first["actions"][0]["action"]
    answers: list[httpx.Response] = []
    barrier = threading.Barrier(2)

    def send(base):
        barrier.wait()
        answers.append(httpx.post(f"{base}/api/games/{gid}/actions", timeout=10,
                                  headers={"x-seat-token": token},
                                  json={"version": 0, "action": action}))

    threads = [threading.Thread(target=send, args=(base,)) for base in (a, b)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    codes = sorted(r.status_code for r in answers)
    assert codes == [200, 409], [r.text for r in answers]
    for base in (a, b):  # both processes agree: one action of seat 0, version 1
        deadline = time.monotonic() + 20
        while (st := httpx.get(f"{base}/api/games/{gid}", timeout=30).json())["version"] != 1:
            assert time.monotonic() < deadline, st["version"]
            time.sleep(0.02)


def _health(base: str) -> dict:
    return httpx.get(f"{base}/healthz", timeout=10).json()


def _versions(base: str, gids: list[str]) -> dict[str, int]:
    return {g: httpx.get(f"{base}/api/games/{g}", timeout=10).json()["version"] for g in gids}


def test_each_game_s_bots_run_in_one_process_and_another_takes_over(db_url):
    """One owner per game (a PostgreSQL advisory lock): the bot moves are computed once, not
    once per process; when the owner is killed, the other process takes its games over."""
    if not db_url.startswith("postgresql"):
        pytest.skip("several processes share a PostgreSQL database")
    ports = [free_port(), free_port()]
    args = ["--bot-delay", "0.01"]
    procs = [start_server(p, db_url, args, env={"SETTLERS_OWNER_SWEEP_SECONDS": "0.3"})
             for p in ports]
    a, b = (f"http://127.0.0.1:{p}" for p in ports)
    try:
        gids = []
        for i in range(6):  # created through both processes
            r = httpx.post(f"{(a, b)[i % 2]}/api/games", timeout=10, json={
                "game": "catan", "seats": [{"kind": "bot", "bot": "random"}] * 4})
            assert r.status_code == 200, r.text
            gids.append(r.json()["id"])
        time.sleep(3)
        health = [_health(a), _health(b)]  # first: moves go on while we ask
        stored = sum(_versions(a, gids).values())
        decided = sum(h["bot_decisions"] for h in health)
        owned = sum(h["owned_games"] for h in health)
        assert stored > 20
        assert owned == len(gids)  # every game has exactly one owner
        # each stored move was computed once (two processes each driving every game would
        # compute about twice as many)
        assert decided <= stored * 1.1, (decided, stored)
        procs[0].kill()  # the first process dies with its locks
        procs[0].wait(10)
        before = _versions(b, gids)
        time.sleep(3)
        after = _versions(b, gids)
        moving = [g for g in gids if after[g] > before[g]]
        assert len(moving) == len(gids), (before, after)  # every game plays on
        assert _health(b)["owned_games"] == len(gids)
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(10)
