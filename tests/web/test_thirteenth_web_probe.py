"""Thirteenth pass: what probing the server as a hostile client found (a live uvicorn).

HTTP answers a client does not read were held in memory for as long as its connection
stayed open — for ever, since a live connection with a shut window is never timed out —
and one address could have any number of them in flight (reads are limited in rate, not in
what waits): the whole state of a long Catan game is ≈ 1.3 MB. Now at most
``max_answers_per_address`` are in flight per address, and an answer whose write waits
``http_send_seconds`` is given up, its connection aborted (settlers.web.slow_readers)."""

from __future__ import annotations

import random
import socket
import time

import httpx
from table_helpers import LiveServer
from web_helpers import make_settings

import settlers
from settlers.web.fairness import commitment
from settlers.web.storage import Append, GameRecord, SeatRecord, Store


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
        rec = GameRecord(id="10ad5afe0001", game="catan", players=4, seed=7,
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


def test_answers_nobody_reads_are_bounded_per_address_and_given_up(tmp_path):
    settings = make_settings(tmp_path, max_answers_per_address=3, http_send_seconds=10.0)
    gid = _long_finished_game(settings.db_url)
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
