"""Every input class of the server, as issue 16 lists them: a hostile client gets a clear
refusal, the state is untouched, and the server's memory does not grow with what it is sent.

The memory checks run against a real ``settlers serve`` process (its resident size is read
from /proc); the rest use the in-process app."""

from __future__ import annotations

import contextlib
import json
import os
import threading

import httpx
import pytest
from web_helpers import act, is_state, make_settings, new_game, recv_until, running, state

from settlers.testing.web_server import free_port, start_server

MB = 2**20


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.fixture(scope="module")
def real_server(tmp_path_factory):
    if not os.path.exists("/proc/self/status"):
        pytest.skip("needs /proc to read the server's memory")
    port = free_port()
    db = tmp_path_factory.mktemp("sec") / "web.db"
    proc = start_server(port, f"sqlite:///{db}", ["--bot-delay", "0"])
    try:
        yield proc, f"http://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait(10)


def _chunks(total: int, size: int = MB):
    sent = 0
    while sent < total:
        yield b" " * min(size, total - sent)
        sent += size


@pytest.mark.parametrize("size", [1 * MB, 50 * MB], ids=["1MB", "50MB"])
def test_oversized_bodies_are_refused_without_memory_growth(real_server, size):
    proc, base = real_server
    with httpx.Client(base_url=base, timeout=30) as http:
        http.get("/api/games")
        before = rss_mb(proc.pid)
        for path in ("/api/games", "/games"):
            with contextlib.suppress(httpx.TransportError):  # the server may hang up early
                r = http.post(path, content=_chunks(size))  # chunked: no Content-Length
                assert r.status_code == 413
            with contextlib.suppress(httpx.TransportError):
                r = http.post(path, content=b" " * size)  # with its Content-Length
                assert r.status_code == 413
        assert http.get("/healthz").status_code == 200
    assert rss_mb(proc.pid) - before < 15


@pytest.mark.parametrize("size", [1 * MB, 50 * MB], ids=["1MB", "50MB"])
def test_oversized_socket_messages_close_the_socket_without_memory_growth(real_server, size):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    proc, base = real_server
    made = httpx.post(f"{base}/api/games", json={"game": "sample", "seats": [
        {"kind": "human"}, {"kind": "human"}]}, timeout=30).json()
    url = base.replace("http", "ws") + f"/ws/games/{made['id']}?token={made['tokens']['0']}"
    before = rss_mb(proc.pid)
    with connect(url, max_size=None) as ws:
        json.loads(ws.recv())
        with pytest.raises(ConnectionClosed) as closed:
            ws.send("[" + " " * size + "]")
            for _ in range(10):
                ws.recv(timeout=10)
        assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
    assert rss_mb(proc.pid) - before < 15
    assert httpx.get(f"{base}/healthz", timeout=30).status_code == 200


# ---------------------------------------------------------------- malformed and wrong types
@pytest.mark.parametrize("body, code", [
    (b"{oops", "bad_json"),
    (b"\xff\xfe", "bad_json"),
    (b"[1, 2]", "bad_message"),
    (b'{"game": 5, "players": 2}', "bad_type"),
    (b'{"game": "sample", "players": "2"}', "bad_seats"),
    (b'{"game": "sample", "seats": {"0": "human"}}', "bad_seats"),
    (b'{"game": "sample", "seats": [{"kind": "human"}, {"kind": "alien"}]}', "bad_seat_kind"),
    (b'{"game": "sample", "seats": [{"kind": "human"}, {"kind": "human"}], "options": [1]}',
     "bad_type"),
    (b'{"game": "sample", "seats": [{"kind": "bot", "bot": ["x"]}, {"kind": "human"}]}',
     "unknown_bot"),
    (b'{"game": "sample", "seats": [{"kind": "human"}, {"kind": "human"}], '
     b'"options": {"hand": "many"}}', "bad_options"),
])
def test_malformed_or_mistyped_creation_is_a_clear_4xx(client, body, code):
    r = client.post("/api/games?lang=en", content=body,
                    headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["code"] == code and r.json()["message"]
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("msg, code", [
    ({"version": "0", "action": {"type": "pass"}}, "version_required"),
    ({"version": True, "action": {"type": "pass"}}, "version_required"),
    ({"version": 0, "action": [1]}, "malformed_action"),
    ({"version": 0, "action": {"type": "bid", "card": "ace"}}, "malformed_action"),
    ({"version": 0, "action": {"type": "teleport"}}, "malformed_action"),
    ({"version": 0, "action": {"type": "bid", "card": 999}}, "illegal_action"),
])
def test_mistyped_or_illegal_actions_change_nothing(client, msg, code):
    gid, tokens = new_game(client)
    r = client.post(f"/api/games/{gid}/actions?lang=en", headers={"x-seat-token": tokens[0]},
                    json=msg)
    assert 400 <= r.status_code < 500 and r.json()["code"] == code, r.text
    assert state(client, gid)["version"] == 0


# ---------------------------------------------------------------- replays, races, tokens
def test_a_replayed_old_action_is_refused(client):
    gid, tokens = new_game(client, seats=("human", "random"))
    first = state(client, gid, tokens[0])
    action = first["actions"][0]["action"]
    assert act(client, gid, tokens[0], 0, action).status_code == 200
    later = act(client, gid, tokens[0], 0, action)  # the same message again, later
    assert later.status_code == 409 and later.json()["code"] == "stale_version"
    assert [s for s, _ in client.app.state.hub.rooms[gid].state.log].count(0) == 1


def test_two_sockets_acting_for_one_seat_at_once_act_once(client):
    gid, tokens = new_game(client)
    url = f"/ws/games/{gid}?token={tokens[0]}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        first = recv_until(a, is_state)
        recv_until(b, is_state)
        action = first["actions"][0]["action"]
        barrier = threading.Barrier(2)

        def send(ws):
            barrier.wait()
            ws.send_json({"type": "act", "version": 0, "action": action})

        threads = [threading.Thread(target=send, args=(ws,)) for ws in (a, b)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        answers = []
        for ws in (a, b):
            answers.append(recv_until(ws, lambda m: m["type"] == "error" or (
                is_state(m) and m["version"] == 1)))
        room = client.app.state.hub.rooms[gid]
        assert [s for s, _ in room.state.log] == [0]
        errors = [m for m in answers if m["type"] == "error"]
        assert len(errors) <= 1 and all(e["code"] in ("stale_version", "not_your_turn")
                                        for e in errors)


def test_a_spectator_or_another_seats_token_cannot_act_for_a_seat(client):
    gid, tokens = new_game(client, game="catan", seats=("human",) * 3,
                           options={"board": "beginner"})
    first = state(client, gid, tokens[0])
    mover = first["view"]["to_act"][0]
    other = next(s for s in tokens if s != mover)
    action = state(client, gid, tokens[mover])["actions"][0]["action"]
    r = act(client, gid, tokens[other], first["version"], action)
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    r = client.post(f"/api/games/{gid}/actions", json={"version": 0, "action": action})
    assert r.status_code == 403 and r.json()["code"] == "spectator"
    r = act(client, gid, tokens[mover][:-2] + "xx", first["version"], action)
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        recv_until(ws, is_state)
        ws.send_json({"type": "act", "version": 0, "action": action})
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "spectator"
    assert state(client, gid)["version"] == 0


# ---------------------------------------------------------------- floods
def test_floods_get_a_clear_message_per_connection_and_per_address(tmp_path):
    settings = make_settings(tmp_path, rate_per_second=0.5, rate_burst=3, flood_strikes=3,
                             ip_rate_per_second=0.1, ip_rate_burst=4)
    with running(settings) as client:
        gid, _ = new_game(client)  # 1 of the address's 4
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as ws:  # 2
            recv_until(ws, is_state)
            for _ in range(8):
                ws.send_json({"type": "ping"})
            limited = recv_until(ws, lambda m: m.get("code") == "rate_limited")
            assert "slow down" in limited["message"]
        for _ in range(3):
            r = client.post("/api/games?lang=en", json={"game": "sample", "players": 2})
        assert r.status_code == 429 and "slow down" in r.json()["message"]


# ---------------------------------------------------------------- names shown as text
def test_html_in_names_is_shown_as_text(client):
    evil = '<script>alert(1)</script><img src=x>'
    r = client.post("/api/games?lang=en", json={"game": "sample", "seats": [
        {"kind": "human", "name": evil}, {"kind": "human", "name": "</script><b>x"}]})
    assert r.status_code == 200
    gid, token = r.json()["id"], r.json()["tokens"]["0"]
    for page in (client.get("/?lang=en"), client.get(f"/games/{gid}?token={token}&lang=en")):
        assert page.status_code == 200
        assert "<script>alert(1)" not in page.text and "<img src=x" not in page.text
        assert "</script><b>" not in page.text
    lobby = client.get("/?lang=en").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in lobby
    assert state(client, gid)["seats"][0]["name"] == evil  # data stays data; the page
    # draws names with text nodes only (static/js/util.js h())
