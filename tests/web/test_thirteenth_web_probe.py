"""Thirteenth pass: what probing the server as a hostile client found.

HTTP answers a client does not read were held in memory for as long as its connection
stayed open — for ever, since a live connection with a shut window is never timed out —
and one address could have any number of them in flight (reads are limited in rate, not in
what waits): the whole state of a long Catan game is ≈ 1.3 MB. Now at most
``max_answers_per_address`` are in flight per address, and an answer whose write waits
``http_send_seconds`` is given up, its connection aborted (settlers.web.slow_readers).

A finished game's record check and timeline were a pass along the whole log on every
request (≈ 0.7 s and 0.2 s for a long Catan game), limited only by the read rate, on the
threads game loads and creations use; now once per game in memory (replay.finished_once).
Its replay pages kept a snapshot every 25 steps without bound (271, ≈ 14 MB, for a long
Catan game, in each of up to ``max_idle_rooms`` games); now at most ``MAX_SNAPSHOTS``."""

from __future__ import annotations

import random
import shutil
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from table_helpers import LiveServer
from web_helpers import make_settings, running

import settlers
from settlers.web import api
from settlers.web.fairness import commitment
from settlers.web.replay import MAX_SNAPSHOTS
from settlers.web.storage import Append, GameRecord, SeatRecord, Store

GID = "10ad5afe0001"


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    """A SQLite file holding :func:`_long_finished_game` (made once for the module)."""
    path = tmp_path_factory.mktemp("long") / "web.db"
    _long_finished_game(f"sqlite:///{path}")
    return path


def _settings_with_long_game(tmp_path, long_game, **overrides):
    settings = make_settings(tmp_path, **overrides)
    shutil.copy(long_game, tmp_path / "web.db")
    return settings


def _long_finished_game(db_url: str) -> str:
    """A finished 4-seat Catan game of random moves, stored as the server stores one (its
    whole state ≈ 1.3 MB)."""
    game = settlers.load("catan")
    state = game.new_state(players=4, seed=7, options={})
    rng, moves = random.Random(7), []
    while not state.over:
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        moves.append((seat, action.to_json()))
        state.apply(seat, action)
    store = Store(db_url)
    store.migrate()
    try:
        rec = GameRecord(id=GID, game="catan", players=4, seed=7,
                         options=dict(state.options), seed_salt="s",
                         seed_commitment=commitment(7, "s"), status="running",
                         rules=game.rules_version,
                         seats=[SeatRecord(i, "bot", "", bot="random") for i in range(4)])
        store.create_game(rec)
        last = len(moves) - 1
        store.append_many([Append(rec.id, i, seat, action, "finished" if i == last else
                                  "running") for i, (seat, action) in enumerate(moves)])
    finally:
        store.close()
    return rec.id


def _unread(port: int, path: str) -> socket.socket:
    """A connection that asks for ``path`` five times at once (pipelined: the first answer
    may fit in the kernel's buffers) and reads nothing (a receive buffer of 2 KB)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    s.connect(("127.0.0.1", port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode() * 5)
    return s


def _closed_by_server(s: socket.socket, seconds: float) -> bool:
    """Whether the server ends the connection within ``seconds`` (read what it sent)."""
    s.settimeout(0.5)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if not s.recv(65536):
                return True
        except TimeoutError:
            continue
        except OSError:   # (reset: aborted)
            return True
    return False


def test_answers_nobody_reads_are_bounded_per_address_and_given_up(tmp_path, long_game):
    settings = _settings_with_long_game(tmp_path, long_game, max_answers_per_address=3,
                                        http_send_seconds=10.0)
    gid = GID
    server = LiveServer(settings)
    with server as base:
        path = f"/api/games/{gid}?lang=en"
        assert len(httpx.get(base + path, timeout=120).content) > 1_000_000
        answers = server.server.config.app.answers
        held = [_unread(server.port, path) for _ in range(3)]
        deadline = time.monotonic() + 60
        while sum(answers.in_flight.values()) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        # a fourth answer in flight from this address is refused at once, in words (the
        # old code: sent too, and held like the others)
        r = httpx.get(base + path, timeout=30)
        assert r.status_code == 429, r.status_code
        assert r.json()["code"] == "too_many_connections"
        assert "still being answered" in r.json()["message"]
        assert r.headers["cache-control"] == "no-store"
        # the held answers are given up once a write waited the send time: their
        # connections end (the old code: held as long as the client kept them open)
        deadline = time.monotonic() + 120
        while answers.dropped < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert all(_closed_by_server(s, 15) for s in held)
        for s in held:
            s.close()
        assert httpx.get(base + path, timeout=120).status_code == 200
        assert answers.dropped >= 3 and not answers.in_flight


def test_a_finished_games_record_check_and_timeline_are_computed_once(tmp_path, long_game,
                                                                      monkeypatch):
    passes = {"verify": 0, "timeline": 0}
    lock = threading.Lock()

    def counted(name, real):
        def run(room):
            with lock:
                passes[name] += 1
            return real(room)
        return run

    monkeypatch.setattr(api, "verify_record", counted("verify", api.verify_record))
    monkeypatch.setattr(api, "score_timeline", counted("timeline", api.score_timeline))
    with running(_settings_with_long_game(tmp_path, long_game)) as client:
        first = client.get(f"/api/games/{GID}/record?lang=en").json()
        assert first["verification"]["same_end"] is True
        timeline = client.get(f"/api/games/{GID}/timeline?lang=en").json()

        def ask(i):
            what = "record" if i % 2 else "timeline"
            return what, client.get(f"/api/games/{GID}/{what}?lang=en").json()

        with ThreadPoolExecutor(4) as pool:   # together, and one after another
            got = list(pool.map(ask, range(8)))
        for what, body in got:
            assert body == (first if what == "record" else timeline)
        # one pass each (the old code: one per request, 5 each)
        assert passes == {"verify": 1, "timeline": 1}, passes


def test_a_replays_snapshots_are_bounded(tmp_path, long_game):
    with running(_settings_with_long_game(tmp_path, long_game)) as client:
        room = None
        for step in (10**6, 3000, 17):
            r = client.get(f"/api/games/{GID}/replay/{step}?lang=en")
            assert r.status_code == 200, r.text
            room = client.app.state.hub.rooms[GID]
            assert r.json()["version"] == min(step, room.state.version)
        assert room is not None and room.state.version > 25 * MAX_SNAPSHOTS
        # (the old code: one every 25 steps, 271 for this game)
        assert len(room.replay_cache) <= MAX_SNAPSHOTS + 1, len(room.replay_cache)
