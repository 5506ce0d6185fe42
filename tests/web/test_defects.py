"""Regression tests for the defects of issue 22 (found by probing the server as an attacker
and under load). Defect 1 (the seed) is in test_fairness.py, defect 4 (server files) in
test_content.py, defect 9 (the load benchmark) in test_web_load.py."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from web_helpers import is_state, make_settings, new_game, recv_until, running, wait_over

from settlers.web.config import Settings
from settlers.web.connection import Connection


# ------------------------------------------------------------ 2: spectators lock seats out
def test_spectators_from_one_address_cannot_lock_the_players_out(tmp_path):
    settings = make_settings(tmp_path, max_spectators_per_address=4, ip_rate_burst=200)
    with running(settings) as client:
        gid, tokens = new_game(client)
        refused = 0
        opened = []
        for _ in range(12):  # one address, no token, as fast as it can
            ws = client.websocket_connect(f"/ws/games/{gid}")
            sock = ws.__enter__()
            opened.append(ws)
            first = sock.receive_json()
            if first.get("code") == "too_many_spectators":
                refused += 1
        assert refused == 8
        for seat in (0, 1):
            with client.websocket_connect(f"/ws/games/{gid}?token={tokens[seat]}") as ws:
                assert recv_until(ws, is_state)["seat"] == seat
        for ws in opened:
            ws.__exit__(None, None, None)


# ------------------------------------------------------------ 3: reads wait for writes
def test_a_seat_gets_its_first_state_while_the_disk_is_busy(tmp_path, monkeypatch):
    """Every write stalls (a disk busy with other games' commits): a player opening their
    link still gets the first state at once, and the game list still answers — the claim is
    stored in the background with the actions, and reads have their own threads."""
    from settlers.web.storage.store import Store

    gate = threading.Event()
    for name in ("append_many", "claim_seat", "set_status"):
        real = getattr(Store, name)

        def stalled(self, *args, _real=real, **kwargs):
            gate.wait(20)
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(Store, name, stalled)
    try:
        with running(make_settings(tmp_path)) as client:
            gid, tokens = new_game(client)
            started = time.monotonic()
            with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
                assert recv_until(ws, is_state)["seat"] == 0
                first_state = time.monotonic() - started
                started = time.monotonic()
                assert client.get("/api/games").status_code == 200
                listed = time.monotonic() - started
            gate.set()
        # far under the writes' 20 s stall (a loaded machine may take a few seconds for either)
        assert first_state < 10 and listed < 10, (first_state, listed)
    finally:
        gate.set()


def test_a_claim_is_stored_with_the_actions(client):
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        recv_until(ws, is_state)
    deadline = time.monotonic() + 30
    while not client.app.state.hub.store.load_game(gid).seats[0].claimed:
        assert time.monotonic() < deadline
        time.sleep(0.01)


# ------------------------------------------------------------ 5: body read before the check
def test_a_declared_oversized_body_is_refused_before_it_is_read(client):
    r = client.post("/api/games", content=b"{}",
                    headers={"content-length": str(64 * 2**20), "content-type": "application/json"})
    assert r.status_code == 413


def test_a_chunked_oversized_body_is_cut_at_the_limit(client):
    sent = []

    def chunks():
        for _ in range(64):
            sent.append(1)
            yield b" " * 65_536

    r = client.post("/api/games", content=chunks())
    assert r.status_code == 413 and r.json()["code"] == "too_large"


# ------------------------------------------------------------ 6: rooms pinned in memory
def test_read_games_do_not_stay_in_memory(tmp_path):
    with running(make_settings(tmp_path, max_idle_rooms=2)) as client:
        ids = [new_game(client, seats=("random", "random"), seed=i)[0] for i in range(5)]
        for gid in ids:
            wait_over(client, gid)
        for gid in ids:
            assert client.get(f"/api/games/{gid}").status_code == 200
            assert client.get(f"/api/games/{gid}/replay/3").status_code == 200
        assert len(client.app.state.hub.rooms) <= 2


def test_reads_are_rate_limited_per_address(tmp_path):
    with running(make_settings(tmp_path, read_rate_per_second=0.1, read_rate_burst=5)) as client:
        gid, _ = new_game(client, seats=("random", "random"), seed=1)
        codes = [client.get(f"/api/games/{gid}").status_code for _ in range(8)]
        assert codes[:5] == [200] * 5 and codes[-1] == 429
        assert client.get(f"/api/games/{gid}").json()["code"] == "rate_limited"


# ------------------------------------------------------------ 7: a lone surrogate
@pytest.mark.parametrize("raw", [
    '{"type": "\\ud800"}',
    '{"type": "pick", "card": "\\ud800"}',
    '{"type": "act", "version": 0, "action": {"type": "\\udfff"}}',
    '{"type": "act", "version": 0, "action": {"type": "bid", "card": "\\ud800"}}',
])
def test_a_lone_surrogate_gets_an_answer_and_the_socket_lives(client, raw):
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        recv_until(ws, is_state)
        ws.send_text(raw)
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] in ("unknown_type", "malformed_action")
        ws.send_json({"type": "ping"})
        assert recv_until(ws, lambda m: m["type"] == "pong")


def test_a_socket_whose_writer_fails_is_closed():
    class Broken:
        closed_with = None

        async def send_text(self, text):
            raise RuntimeError("the peer is gone")

        async def close(self, code=1000):
            self.closed_with = code

    async def scenario():
        ws = Broken()
        conn = Connection(ws, 0, "en", Settings(db_url="sqlite://"))
        conn.send({"type": "pong"})
        await asyncio.wait_for(conn.writer(), 2)
        return conn, ws

    conn, ws = asyncio.run(scenario())
    assert conn.closed and ws.closed_with == 1011


# ------------------------------------------------------------ 8: 500s on bad input
def test_deep_json_nesting_is_a_clear_4xx(tmp_path):
    deep = ("[" * 50_000 + "]" * 50_000).encode()
    with running(make_settings(tmp_path, max_message_bytes=200_000)) as client:
        r = client.post("/api/games", content=deep, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["code"] == "bad_json"
        gid, tokens = new_game(client)
        r = client.post(f"/api/games/{gid}/actions", content=deep,
                        headers={"x-seat-token": tokens[0]})
        assert r.status_code == 400 and r.json()["code"] == "bad_json"


def test_deep_json_on_a_socket_is_an_error_not_a_drop(client):
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        recv_until(ws, is_state)
        ws.send_text("[" * 8000 + "]" * 8000)
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "bad_json"
        ws.send_json({"type": "ping"})
        assert recv_until(ws, lambda m: m["type"] == "pong")


@pytest.mark.parametrize("name", ["\ud800", "a\x00b", "\x1b[31mred", 5, "x" * 41])
def test_a_bad_seat_name_is_the_same_clear_4xx_on_every_database(tmp_path, db_url, name):
    with running(make_settings(tmp_path, db_url=db_url)) as client:
        body = json.dumps({"game": "sample", "seats": [{"kind": "human", "name": name},
                                                       {"kind": "human"}]})
        r = client.post("/api/games?lang=en", content=body.encode(),
                        headers={"content-type": "application/json"})
        assert r.status_code == 422, r.text
        assert r.json()["code"] == "bad_name" and r.json()["field"] == "seats[0].name"
        assert client.get("/api/games").json()["games"] == []
