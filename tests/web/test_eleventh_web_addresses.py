"""Eleventh pass (found by probing as a hostile client): the per-address limits counted an
IPv6 client by its full address. Any host with an IPv6 /64 (what a home line or a rented
server gets) may take as many of its 2^64 addresses as it likes, so it passed every
per-address limit — games and uploads per hour, open pages, spectators per game — by taking
a new address per request. An IPv6 client is now counted by its /64."""

from __future__ import annotations

from fastapi.testclient import TestClient
from web_helpers import make_settings, new_game

from settlers.web import create_app
from settlers.web.limits import address_key


def _from_header(app):
    """The app, with each request's client address taken from ``X-Test-Address`` (the test
    client has one address of its own)."""
    async def wrapped(scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            given = dict(scope["headers"]).get(b"x-test-address")
            if given:
                scope = {**scope, "client": (given.decode(), 40000)}
        await app(scope, receive, send)

    wrapped.state = app.state   # (web_helpers reach the hub through it)
    return wrapped


def _create(client, address: str):
    return client.post("/api/games?lang=en", headers={"x-test-address": address},
                       json={"game": "sample", "seats": [{"kind": "human"}] * 2})


def test_an_ipv6_client_is_counted_by_its_64():
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert address_key("2001:db8:0:1::1") == "2001:db8:0:1::/64"
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7" == address_key("192.0.2.7")
    assert address_key("testclient") == "testclient" and address_key(None) == "?"
    assert address_key("") == "?"


def test_new_addresses_of_one_64_share_its_hourly_games(tmp_path):
    app = create_app(make_settings(tmp_path, games_per_address_per_hour=2))
    with TestClient(_from_header(app)) as client:
        assert _create(client, "2001:db8::1").status_code == 200
        assert _create(client, "2001:db8::2").status_code == 200
        r = _create(client, "2001:db8::3:4")   # the old code: a new address, a new budget
        assert r.status_code == 429 and r.json()["code"] == "too_many_games_here", r.text
        assert "2001:db8" not in r.text   # (the refusal names the limit, not the address)
        # another /64, another client; IPv4 clients as before
        assert _create(client, "2001:db8:0:1::1").status_code == 200
        assert _create(client, "192.0.2.1").status_code == 200
        assert _create(client, "192.0.2.2").status_code == 200


def test_new_addresses_of_one_64_share_its_open_pages(tmp_path):
    app = create_app(make_settings(tmp_path, max_sockets_per_address=2))
    with TestClient(_from_header(app)) as client:
        gid, _ = new_game(client)
        pages = []
        try:
            for n in (1, 2):
                ws = client.websocket_connect(f"/ws/games/{gid}?lang=en",
                                              headers={"x-test-address": f"2001:db8::{n}"})
                ws.__enter__()
                pages.append(ws)
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/games/{gid}?lang=en",
                                          headers={"x-test-address": "2001:db8::99"}) as ws:
                refused = ws.receive_json()
            assert refused["type"] == "error" and refused["code"] == "too_many_connections"
        finally:
            for ws in pages:
                ws.__exit__(None, None, None)
