"""The nineteenth pass over the web server (docs/audits/2026-12-08-nineteenth-web.md): only
this server's exact origin changes anything, /healthz tells its counts to the operator only,
and a bot's move comes at the same time whatever it thought."""

from __future__ import annotations

import asyncio
import itertools
import statistics
import time

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request
from web_helpers import HEALTH, make_settings, new_game, running

from settlers.web import create_app

# ----------------------------------------------------------------- the exact origin

OTHER_ORIGINS = [
    {"Sec-Fetch-Site": "same-site"},                       # a sibling subdomain's page
    {"Sec-Fetch-Site": "same-site", "Origin": "http://games.testserver"},
    {"Origin": "https://testserver"},                      # another scheme
    {"Origin": "http://testserver:8080"},                  # another port
    {"Origin": "http://testserver/path"},                  # no browser's Origin
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://evil.testserver"},
    {"Sec-Fetch-Site": "cross-site-ish"},                  # a value no browser sends
    {"Sec-Fetch-Site": "same-site", "Origin": "null"},
]
IDS = ["same-site", "same-site-origin", "scheme", "port", "path", "lying-site",
       "odd-site", "same-site-null"]


def _count(client) -> int:
    return len(client.get("/api/games").json()["games"])


@pytest.mark.parametrize("headers", OTHER_ORIGINS, ids=IDS)
def test_a_page_of_another_origin_of_the_same_site_changes_nothing(tmp_path, headers):
    """A page on another host of the same site (``evil.example.com`` beside
    ``games.example.com``: on a shared hosting domain, somebody else's), another scheme or
    port: no game made, no seat taken, no table socket. Old code: let through
    (``same-site`` passed, and the Origin's host alone was compared)."""
    with running(make_settings(tmp_path)) as client:
        before = _count(client)
        r = client.post("/api/games?lang=en", json={"game": "sample", "players": 2},
                        headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "cross_site", r.text
        r = client.post("/games", data={"game": "sample", "players": "2"}, headers=headers,
                        follow_redirects=False)
        assert r.status_code == 403
        assert _count(client) == before
        body = client.post("/api/games", json={"game": "sample", "seats": [
            {"kind": "human"}, {"kind": "human", "open": True}]}).json()
        r = client.post(f"/api/games/{body['id']}/seats/1/take", headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "cross_site"
        with client.websocket_connect(f"/ws/games/{body['id']}?lang=en",
                                      headers=headers) as ws:
            first = ws.receive_json()
        assert first["type"] == "error" and first["code"] == "cross_site", first
        assert not client.app.state.hub.rooms[body["id"]].conns


def test_this_server_s_own_pages_scripts_and_named_origins_still_write(tmp_path):
    """Its own origin (the host in any case, the default port said or not), a request the
    user made (``none``), a script without Origin; an origin the operator named
    (``allowed_origins``: the address browsers use when a proxy's Host drops its port); the
    scheme as the request reached the server (https here)."""
    settings = make_settings(tmp_path, allowed_origins="https://play.example:8443, "
                                                      "http://other.example")
    fine = [{}, {"Origin": "http://testserver"}, {"Origin": "http://TestServer:80"},
            {"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"},
            {"Sec-Fetch-Site": "none"}, {"Origin": "https://play.example:8443"},
            # this server's own form: its no-referrer policy makes Chromium say Origin null
            {"Sec-Fetch-Site": "same-origin", "Origin": "null"},
            {"Origin": "http://other.example", "Sec-Fetch-Site": "same-origin"}]
    with running(settings) as client:
        for headers in fine:
            body = client.post("/api/games", headers=headers, json={"game": "sample", "seats": [
                {"kind": "human"}, {"kind": "human", "open": True}]})
            assert body.status_code == 200, (headers, body.text)
            gid = body.json()["id"]
            r = client.post(f"/api/games/{gid}/seats/1/take", headers=headers)
            assert r.status_code == 200, (headers, r.text)
            with client.websocket_connect(f"/ws/games/{gid}", headers=headers) as ws:
                assert ws.receive_json()["type"] == "state", headers
        # not named: another port of a named host
        r = client.post("/api/games", headers={"Origin": "https://play.example"},
                        json={"game": "sample", "players": 2})
        assert r.status_code == 403
    with TestClient(create_app(make_settings(tmp_path)), base_url="https://testserver") as tls:
        assert tls.post("/api/games", headers={"Origin": "https://testserver"},
                        json={"game": "sample", "players": 2}).status_code == 200
        assert tls.post("/api/games", headers={"Origin": "http://testserver"},
                        json={"game": "sample", "players": 2}).status_code == 403


def test_an_allowed_origin_that_is_none_is_refused_when_read():
    from settlers.web.guard import allowed_origins

    assert allowed_origins(" https://a.example,http://b.example:81/ ") == frozenset(
        {("https", "a.example", 443), ("http", "b.example", 81)})
    for bad in ("a.example", "ftp://a.example", "https://a.example/x", "https://u@a.example",
                "https://a.example:99999"):
        with pytest.raises(ValueError):
            allowed_origins(bad)


# ----------------------------------------------------------------- /healthz

COUNTS = ("rooms", "bot_decisions", "loop_lag_ms", "pid", "notices")


def test_healthz_tells_a_visitor_only_that_the_server_answers(tmp_path):
    """Public: ``{"ok": true}``, nothing of what the process holds or did (rooms, bot
    decisions, its pid). The operator's token gets the counts; a wrong one, a token sent
    another way, nothing more than a visitor. Old code: every count to anyone."""
    with running(make_settings(tmp_path)) as client:
        new_game(client, "sample", seats=("random", "random"), seed=3)
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic x"},
                        {"Authorization": HEALTH["Authorization"] + "x"},
                        {"X-Forwarded-For": "127.0.0.1"}):
            r = client.get("/healthz", headers=headers)
            assert r.status_code == 200 and r.json() == {"ok": True}, (headers, r.text)
        r = client.get(f"/healthz?token={HEALTH['Authorization'].split()[1]}")
        assert r.json() == {"ok": True}
        full = client.get("/healthz", headers=HEALTH).json()
        assert full["ok"] is True and all(key in full for key in COUNTS), full
        assert full["rooms"] >= 1 and "bot_fallbacks" in full


def _request(host: str, headers: dict[str, str] | None = None) -> Request:
    raw = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    return Request({"type": "http", "method": "GET", "path": "/healthz", "headers": raw,
                    "client": (host, 5000), "query_string": b""})


def test_without_a_token_only_a_client_on_this_machine_that_came_by_no_proxy_is_told():
    from settlers.web.guard import operator_asks

    assert operator_asks(_request("127.0.0.1"), "")
    assert operator_asks(_request("::1"), "")
    for host, headers in (("203.0.113.5", {}), ("testclient", {}), ("", {}),
                          ("127.0.0.1", {"X-Forwarded-For": "203.0.113.5"}),
                          ("127.0.0.1", {"Forwarded": "for=203.0.113.5"}),
                          ("127.0.0.1", {"X-Real-IP": "203.0.113.5"})):
        assert not operator_asks(_request(host, headers), ""), (host, headers)
    # with a token, the token alone: not the loopback
    assert not operator_asks(_request("127.0.0.1"), "s3cret")
    assert operator_asks(_request("203.0.113.5", {"Authorization": "Bearer s3cret"}), "s3cret")


# ----------------------------------------------------------------- bot moves' times


def _timed_bots(client, think):
    """Bots that decide their first legal action in ``think(state)`` seconds; the event
    loop's times at which their moves were sent and stored."""
    hub = client.app.state.hub
    landed: list[float] = []
    asked = [0, 0]   # thoughts in the pool now, the most at once

    async def choose(room_key, state, seat, preset, log_json=None):
        asked[0] += 1
        asked[1] = max(asked)
        try:
            await asyncio.sleep(think(state))
        finally:
            asked[0] -= 1
        return state.legal_actions(seat)[0].to_json()

    real_submit = hub.submit

    async def submit(room, seat, version, action, lang):
        # when the move was sent, from when the previous one was stored (the bots' clock
        # starts there): the store's commit under a loaded machine is not counted
        begun, answered = asyncio.get_running_loop().time(), room.state
        await real_submit(room, seat, version, action, lang)
        landed.append((begun, asyncio.get_running_loop().time(), answered))

    hub.bots.choose = choose
    hub.submit = submit
    client.asked = asked
    return landed


def _gaps(landed, moves, think, seconds=60.0):
    """(thought, gap) of each of ``moves`` moves: how long its bot thought, and from when
    the move before was stored to when it was sent (one bot a state: one move)."""
    deadline = time.monotonic() + seconds
    while len(landed) < moves + 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(landed) >= moves + 1, landed
    return [(think(b[2]), b[0] - a[1]) for a, b in itertools.pairwise(landed[:moves + 1])
            if b[2] is not a[2]]


def test_a_bot_that_thinks_past_its_hold_is_not_told_apart_by_when_its_move_comes(tmp_path):
    """A thought longer than the pause (a hand with many choices, a worker busy with other
    tables) told which multiple of the pause its move came at. Now every move comes at the
    same time after the state; a thought not back in time is given up and the seat plays its
    fallback (the heuristic's move); a table whose thought is still in the pool asks
    nothing more of it meanwhile (an overloaded pool is not sent a thought every pause). Old
    code: gaps of 0.3 s and 1.2 s."""
    def think(state):
        return 0.9 if state.version % 2 else 0.0

    with running(make_settings(tmp_path, bot_delay=0.3, bot_fallback=True)) as client:
        landed = _timed_bots(client, think)
        gid, _ = new_game(client, "catan", seats=("greedy",) * 3, seed=5)
        gaps = _gaps(landed, 16, think)
        fallbacks = getattr(client.app.state.hub, "bot_fallbacks", 0)
        versions = client.get(f"/api/games/{gid}").json()
    # (medians: one stall of a loaded machine's scheduler is no bot's thought)
    long = statistics.median(g for t, g in gaps if t > 0)
    short = statistics.median(g for t, g in gaps if t == 0)
    assert abs(long - short) < 0.1, (long, short, gaps)   # (the base: 0.9)
    assert long < 0.45 and short < 0.45, gaps
    assert min(g for _, g in gaps) >= 0.29, gaps
    assert fallbacks >= 3, fallbacks
    assert client.asked[1] == 1, client.asked
    assert versions["status"] == "running"


def test_a_fallback_that_is_itself_late_plays_a_random_legal_move_on_time(tmp_path):
    """The fallback's own time must not show either (an Archipelago heuristic takes ≈ 0.1
    s on an opening): not back at the moment, a legal move drawn by the seat's seed."""
    import settlers.web.hub as hub_module

    def think(state):
        return 5.0

    def slow_fallback(state, seat):
        time.sleep(0.8)
        return state.legal_actions(seat)[0]

    real = getattr(hub_module, "fallback_action", None)   # (the base has none)
    hub_module.fallback_action = slow_fallback
    try:
        with running(make_settings(tmp_path, bot_delay=0.3, bot_fallback=True)) as client:
            landed = _timed_bots(client, think)
            new_game(client, "catan", seats=("greedy",) * 3, seed=5)
            gaps = _gaps(landed, 4, think)
    finally:
        if real is None:
            del hub_module.fallback_action
        else:
            hub_module.fallback_action = real
    assert statistics.median(g for _, g in gaps) < 0.45, gaps


def test_a_seat_s_kept_bot_is_never_used_by_two_threads_at_once():
    """A thought given up on may still run in its thread when the seat's next one starts
    (the thread pool): the seat's kept bot is used by one at a time."""
    import threading

    import settlers
    from settlers.web import bots as web_bots

    state = settlers.load("sample").new_state(players=2, seed=1)
    seat = state.to_act[0]
    inside, most = [0], [0]
    lock = threading.Lock()

    class Slow:
        def act(self, st, s):
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            time.sleep(0.05)
            with lock:
                inside[0] -= 1
            return st.legal_actions(s)[0]

    key = ("t-two", state.seed, seat, "greedy")
    with web_bots._bots_lock:
        web_bots._bots[key] = Slow()
    try:
        threads = [threading.Thread(target=web_bots.decide, args=(state, seat, "greedy",
                                                                   "t-two")) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        web_bots.forget_bots("t-two")
    assert most[0] == 1


def test_the_bots_keep_their_strength_by_default_and_secrecy_is_the_operators_choice(monkeypatch):
    """A late thought is waited for unless the operator turns the fallback on (at 2 cores and
    load 12–18 most strong moves were fallbacks: the lobby's levels would not be theirs)."""
    from settlers.web.config import Settings

    monkeypatch.delenv("SETTLERS_BOT_FALLBACK", raising=False)
    assert Settings.from_env().bot_fallback is False
    monkeypatch.setenv("SETTLERS_BOT_FALLBACK", "on")
    assert Settings.from_env().bot_fallback is True
