"""Twelfth pass: a page that stops reading is closed, and what is queued for it is bounded.

A client that asks for whole states (``{"type": "sync"}``, 16 bytes each) and never reads
them held every one in the server's memory (up to 256 queued) and its place among the
game's spectators for good: the server's send waited forever, and so did the keep-alive
ping behind it (websockets sends a ping, then waits for it to be written before it times
the answer). Now a socket is closed once what is queued for it passes
``ws_max_queued_chars``, or one message has waited ``ws_send_seconds`` to be sent."""

from __future__ import annotations

import base64
import json
import os
import socket
import time

import httpx
from table_helpers import LiveServer
from web_helpers import make_settings


def _stalled_socket(port: int, gid: str, syncs: int) -> socket.socket:
    """A WebSocket to game ``gid`` that asks for ``syncs`` whole states and reads nothing
    (a receive buffer of a few kilobytes, never emptied)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws/games/{gid}?lang=en HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    payload = json.dumps({"type": "sync"}).encode()
    mask = os.urandom(4)
    frame = bytes([0x81, 0x80 | len(payload)]) + mask + bytes(
        b ^ mask[i % 4] for i, b in enumerate(payload))
    for _ in range(syncs):
        s.sendall(frame)
    return s


def _spectator_admitted(base: str, gid: str) -> bool:
    from websockets.sync.client import connect

    with connect(base.replace("http", "ws") + f"/ws/games/{gid}?lang=en",
                 open_timeout=10, max_size=None) as ws:
        first = json.loads(ws.recv(timeout=10))
    if first.get("type") == "error":
        assert first["code"] == "too_many_spectators", first
        return False
    return True


def _finished_catan(base: str) -> str:
    spec = [{"kind": "bot", "bot": "random"}] * 4
    r = httpx.post(f"{base}/api/games?lang=en", timeout=30,
                   json={"game": "catan", "seats": spec, "options": {}, "seed": 7})
    gid = r.json()["id"]
    deadline = time.monotonic() + 120
    while not httpx.get(f"{base}/api/games/{gid}?lang=en", timeout=30).json()["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    return gid


def _wait_admitted(base: str, gid: str, seconds: float) -> float | None:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if _spectator_admitted(base, gid):
            return time.monotonic() - start
        time.sleep(0.5)
    return None


def test_a_page_that_asks_for_states_and_reads_none_is_closed(tmp_path):
    """200 whole states (over a million characters each) asked for, none read: the queue passes its bound, the socket is
    closed and its place among the spectators is free again (the old code: held for good)."""
    settings = make_settings(tmp_path, max_spectators_per_address=1,
                             ws_max_queued_chars=3_000_000, ws_send_seconds=600.0)
    with LiveServer(settings) as base:
        port = int(base.rsplit(":", 1)[1])
        gid = _finished_catan(base)
        stalled = _stalled_socket(port, gid, syncs=200)
        try:
            took = _wait_admitted(base, gid, 25)
            assert took is not None, "the stalled page still holds its place"
        finally:
            stalled.close()


def test_a_page_that_stops_reading_is_closed_after_the_send_time(tmp_path):
    """Eight whole states asked for, none read (within the queue's bound): the send that
    waits is given up after ``ws_send_seconds`` and the socket closed (the old code: held for
    good, the keep-alive ping waiting behind the unsent states)."""
    settings = make_settings(tmp_path, max_spectators_per_address=1, ws_send_seconds=2.0,
                             ws_max_queued_chars=10**9)
    with LiveServer(settings) as base:
        port = int(base.rsplit(":", 1)[1])
        gid = _finished_catan(base)
        stalled = _stalled_socket(port, gid, syncs=8)
        try:
            time.sleep(1.0)
            assert not _spectator_admitted(base, gid)   # it is still there for now
            took = _wait_admitted(base, gid, 40)
            assert took is not None, "the stalled page still holds its place"
        finally:
            stalled.close()


def test_whole_states_asked_for_over_a_socket_are_limited(tmp_path):
    """``sync`` and ``lang`` each send the whole game (≈ 1.3 million characters at the end of
    this one) for 16 bytes: at most ``whole_states_burst`` at once, then
    ``whole_states_per_second``; the others are refused in words (the old code: every one)."""
    from web_helpers import new_game, running, wait_over

    settings = make_settings(tmp_path, whole_states_per_second=0.5, whole_states_burst=3)
    with running(settings) as client:
        gid = new_game(client, game="catan", seats=("random",) * 4, seed=7)[0]
        wait_over(client, gid, 120)
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as ws:
            assert json.loads(ws.receive_text())["type"] == "state"
            start = time.monotonic()
            for n in range(12):
                ws.send_text(json.dumps({"type": "sync" if n % 2 else "lang", "lang": "en"}))
            ws.send_text(json.dumps({"type": "ping"}))
            states, refused = 0, []
            while True:
                msg = json.loads(ws.receive_text())
                if msg["type"] == "pong":
                    break
                states += msg["type"] == "state"
                if msg["type"] == "error":
                    refused.append(msg)
            took = time.monotonic() - start
        assert states <= 3 + int(took * 0.5) + 1, (states, took)
        assert len(refused) >= 12 - states
        assert {m["code"] for m in refused} == {"rate_limited"}
        assert all(m["message"] for m in refused)
