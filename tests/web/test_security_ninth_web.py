"""The ninth pass's adversarial review of the web server (docs/audits/2026-12-06-ninth-web-security.md):
headers every answer carries, writes a page of another site makes a visitor's browser send,
faults inside the engine told to nobody, games per address, the lobby's reads, and Archipelago's
messages over the wire."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import (
    check_every_message_is_that_seats_view,
    make_settings,
    new_game,
    play_watching_every_message,
    running,
    state,
)

import settlers
from settlers.core.i18n import using_player_names

SECRET = "deck-order-7-3-9-secret"


def _game_count(client) -> int:
    return len(client.get("/api/games").json()["games"])


# ----------------------------------------------------------------- headers


def test_every_answer_but_a_static_file_forbids_framing_referrers_and_caching(client):
    """A seat's page, the creator's page and the manage page carry secret tokens in their
    address: none is sent on as a Referer, cached, or framed by another site; scripts come
    from the server only."""
    body = client.post("/api/games", json={"game": "sample", "players": 2}).json()
    gid, token = body["id"], body["tokens"]["0"]
    urls = ["/", f"/games/{gid}?token={token}", body["manage"],
            f"/games/{gid}/created?creator={body['creator_token']}", f"/api/games/{gid}",
            "/api/games", "/no/such/page", "/api/no-such"]
    for url in urls:
        r = client.get(url)
        h = r.headers
        assert h.get("referrer-policy") == "no-referrer", url
        assert h.get("x-content-type-options") == "nosniff", url
        assert h.get("x-frame-options") == "DENY", url
        csp = h.get("content-security-policy", "")
        assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp, url
        assert "object-src 'none'" in csp and "base-uri 'none'" in csp, url
        assert h.get("cache-control") == "no-store", url
    static = client.get("/static/js/util.js")
    assert static.status_code == 200
    assert static.headers.get("x-content-type-options") == "nosniff"
    assert static.headers.get("cache-control") != "no-store"  # static files may be cached


def test_the_pages_run_no_inline_script_the_policy_would_refuse(client):
    """``script-src 'self'`` holds the pages as they are: every script is a file of the
    server's; the boot data is JSON the browser does not run."""
    body = client.post("/api/games", json={"game": "catan", "players": 3}).json()
    pages = ["/", f"/games/{body['id']}?token={body['tokens']['0']}", body["manage"],
             f"/games/{body['id']}/replay"]
    for url in pages:
        html = client.get(url).text
        for chunk in html.split("<script")[1:]:
            head = chunk.split(">", 1)[0]
            assert 'src="/static/' in head or 'type="application/json"' in head, (url, head)
        assert " on" + "click=" not in html and "javascript:" not in html


# ----------------------------------------------------------------- another site's page

CROSS = [
    {"Origin": "https://evil.example"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Origin": "http://testserver.evil.example"},
]


@pytest.mark.parametrize("headers", CROSS, ids=["origin", "null", "fetch-site", "suffix"])
def test_a_page_of_another_site_cannot_create_a_game(client, headers):
    before = _game_count(client)
    r = client.post("/games", data={"game": "sample", "players": "2"}, headers=headers,
                    follow_redirects=False)
    assert r.status_code == 403 and "text/html" in r.headers["content-type"]
    assert "another site" in r.text or "другого сайта" in r.text
    r = client.post("/api/games?lang=en", content=b'{"game": "sample", "players": 2}',
                    headers={**headers, "Content-Type": "text/plain"})
    assert r.status_code == 403 and r.json()["code"] == "cross_site"
    assert "another site" in r.json()["message"]
    assert _game_count(client) == before


@pytest.mark.parametrize("headers", CROSS, ids=["origin", "null", "fetch-site", "suffix"])
def test_a_page_of_another_site_cannot_take_a_free_seat_or_act(client, headers):
    body = client.post("/api/games", json={"game": "sample", "seats": [
        {"kind": "human"}, {"kind": "human", "open": True}]}).json()
    gid, token = body["id"], body["tokens"]["0"]
    r = client.post(f"/games/{gid}/seats/1/take", headers=headers, follow_redirects=False)
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/seats/1/take", headers=headers)
    assert r.status_code == 403 and r.json()["code"] == "cross_site"
    assert body["free_seats"] == [1]
    assert [s["free"] for s in client.get("/api/games").json()["games"][0]["seats"]] == \
        [False, True]
    version = state(client, gid, token)["version"]
    move = state(client, gid, token)["actions"]
    if move:  # an action sent with the token in the address from another site's form
        r = client.post(f"/api/games/{gid}/actions?token={token}", headers=headers,
                        json={"version": version, "action": move[0]["action"]})
        assert r.status_code == 403
    assert state(client, gid, token)["version"] == version


def test_the_servers_own_pages_and_scripts_still_write(client):
    """Its own page (its exact origin, the host in any case, the scheme's port said or not)
    and a client that names no origin (a script, curl) create, take and act as before. (A
    same-site page and another port are other origins since the nineteenth pass:
    test_nineteenth_web.py.)"""
    for headers in ({"Origin": "http://testserver"}, {"Sec-Fetch-Site": "same-origin"},
                    {}, {"Origin": "http://TestServer:80"},
                    {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}):
        r = client.post("/games", data={"game": "sample", "players": "2"}, headers=headers,
                        follow_redirects=False)
        assert r.status_code == 303, (headers, r.text[:200])
        body = client.post("/api/games", headers=headers, json={"game": "sample", "seats": [
            {"kind": "human"}, {"kind": "human", "open": True}]}).json()
        r = client.post(f"/api/games/{body['id']}/seats/1/take", headers=headers)
        assert r.status_code == 200, r.text


# ----------------------------------------------------------------- faults inside the engine


def _sample_state_class():
    game = settlers.load("sample")
    return type(game.new_state(players=2, seed=1))


def test_a_fault_inside_the_engine_is_told_to_nobody_but_the_log(client, monkeypatch, caplog):
    """An exception of the engine's that is no refusal of its own (a bug: a KeyError naming a
    hidden card, an assertion's values) may hold anything of the state: the client gets "the
    server could not", the traceback goes to the server's log, and the game is untouched."""
    gid, tokens = new_game(client, "sample")
    before = state(client, gid, tokens[0])
    mover = next(s for s in (0, 1) if state(client, gid, tokens[s])["actions"])
    action = state(client, gid, tokens[mover])["actions"][0]["action"]

    def broken_apply(self, seat, action, check=True):
        raise KeyError(SECRET)

    monkeypatch.setattr(_sample_state_class(), "apply", broken_apply)
    caplog.set_level(logging.ERROR, logger="settlers.web")
    r = client.post(f"/api/games/{gid}/actions?lang=en", headers={"x-seat-token": tokens[mover]},
                    json={"version": before["version"], "action": action})
    assert r.status_code == 422
    assert SECRET not in r.text and "server log" in r.json()["message"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[mover]}&lang=ru") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "act", "version": before["version"], "action": action})
        while (m := ws.receive_json())["type"] != "error":
            pass
        assert SECRET not in str(m) and "журнале сервера" in m["message"]
    assert SECRET in caplog.text  # the operator has it
    monkeypatch.undo()
    assert state(client, gid, tokens[0])["version"] == before["version"]


def test_a_fault_while_reading_an_action_or_the_options_is_told_to_nobody(client, monkeypatch):
    game = settlers.load("sample")
    gid, tokens = new_game(client, "sample")
    mover = next(s for s in (0, 1) if state(client, gid, tokens[s])["actions"])
    msg = state(client, gid, tokens[mover])

    def broken(*args, **kwargs):
        raise AssertionError(f"hand of seat 1 = {SECRET}")

    monkeypatch.setattr(type(game), "action_from_json", broken)
    r = client.post(f"/api/games/{gid}/actions?lang=en", headers={"x-seat-token": tokens[mover]},
                    json={"version": msg["version"], "action": msg["actions"][0]["action"]})
    assert r.status_code == 400 and SECRET not in r.text  # malformed_action
    assert r.json()["code"] == "malformed_action"
    monkeypatch.setattr(type(game), "new_state", broken)
    r = client.post("/api/games?lang=en", json={"game": "sample", "players": 2})
    assert r.status_code == 400
    assert SECRET not in r.text and r.json()["code"] == "bad_options"


# ----------------------------------------------------------------- games per address


def test_one_address_cannot_fill_the_server_with_games(tmp_path):
    """``max_games`` live games are all the server takes; one address could fill them at its
    write rate (10 a second) within minutes and lock everybody out of creating a game."""
    settings = make_settings(tmp_path, games_per_address_per_hour=3)
    with running(settings) as client:
        for _ in range(2):
            assert client.post("/api/games", json={"game": "sample", "players": 2}).status_code \
                == 200
        assert client.post("/games", data={"game": "sample", "players": "2"},
                           follow_redirects=False).status_code == 303
        r = client.post("/api/games?lang=en", json={"game": "sample", "players": 2})
        assert r.status_code == 429 and r.json()["code"] == "too_many_games_here"
        assert r.json()["limit"] == 3 and "3" in r.json()["message"]
        r = client.post("/games?lang=ru", data={"game": "sample", "players": "2"},
                        follow_redirects=False)
        assert r.status_code == 429 and "за последний час" in r.text
        assert _game_count(client) == 3
        other = TestClient(client.app, client=("10.0.0.7", 50000))
        assert other.post("/api/games", json={"game": "sample", "players": 2}).status_code == 200


def test_the_lobby_is_read_at_the_read_rate(tmp_path):
    """The lobby lists 150 games from the store for every visit: limited per address as the
    API's list of games is."""
    settings = make_settings(tmp_path, read_rate_burst=3, read_rate_per_second=0.001)
    with running(settings) as client:
        codes = [client.get("/?lang=en").status_code for _ in range(5)]
        assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]


# ----------------------------------------------------------------- Archipelago on the wire


@pytest.mark.parametrize("players", [2, 3])
def test_archipelago_messages_are_exactly_each_seats_view(client, players):
    """test_hidden_info's check for the game it did not cover: every message each seat and a
    spectator get over the socket is exactly that seat's view of the state at that version
    (no other seat's florins, cubes, objective or bid; the web names seats «Player N»)."""
    gid, seen = play_watching_every_message(client, "archipelago", players, 7, {}, 60)
    with using_player_names([f"Player {i + 1}" for i in range(players)]):
        checked = check_every_message_is_that_seats_view(client, "archipelago", gid, players,
                                                         7, {}, seen)
    assert checked >= (players + 1) * 20


# ----------------------------------------------------------------- uploaded content in a page

HOSTILE_ID = "x<!--<script>"


def hostile_imperial_cards() -> bytes:
    """The built-in Imperial Settlers cards with one card's id holding markup: the content
    check takes any text as an id."""
    path = Path(settlers.__file__).parent / "games" / "imperial" / "data" / "cards.json"
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    old = data["cards"][0]["id"]
    return json.dumps(data).replace(json.dumps(old), json.dumps(HOSTILE_ID)).encode()


def boot_text(html: str) -> str:
    """The boot element's text as an HTML parser reads it: up to the first "</script"."""
    start = html.index('id="boot">') + len('id="boot">')
    return html[start:html.index("</script", start)]


def test_an_uploaded_cards_id_cannot_run_the_boot_data_past_its_element(client, tmp_path,
                                                                          monkeypatch):
    """The page's boot data (JSON in a <script> element) carries an uploaded card set's ids:
    "<!--<script>" in one made the parser read on past the element's end, over the script that
    runs the table, so nobody's page of that game worked. No markup character is put there as
    itself now; the data reads back the same."""
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "content"))
    r = client.post("/api/content/imperial/cards?filename=cards.json",
                    content=hostile_imperial_cards())
    assert r.status_code == 200, r.text
    body = client.post("/api/games", json={"game": "imperial", "players": 2,
                                           "options": {"cards": r.json()["name"]}}).json()
    html = client.get(f"/games/{body['id']}?token={body['tokens']['0']}").text
    boot = boot_text(html)
    assert "<" not in boot and ">" not in boot
    assert HOSTILE_ID in json.loads(boot)["board_help"]["effects"]
    assert html.count('<script type="module" src="/static/js/game.js">') == 1


# ----------------------------------------------------------------- another process's notice


@pytest.mark.parametrize("notice", [
    "{seat}:{{\"type\": \"no_such_move\"}}",   # no action of the game
    "7:{legal}",                               # a seat the game has not
    "{other}:{legal}",                         # a seat whose move it is not
    "run:[[{seat}, {legal}], [{seat}, {legal}]]",  # the second one is not legal
    "{seat}:[1, 2",                            # not JSON
    "x:{legal}",                               # no seat
])
def test_a_notice_whose_moves_are_not_legal_changes_nothing(tmp_path, notice):
    """On PostgreSQL a stored move's NOTIFY carries it, and the other processes apply it
    without reading the store; anyone connected to the database may NOTIFY. A move that is
    not legal there (or not a move at all) is not applied: the store is read instead, and the
    game stays where the store has it (here: nothing new)."""
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        gid, tokens = new_game(client, game="sample", seats=("human", "human"), seed=1)
        hub = client.app.state.hub
        room = hub.rooms[gid]
        seat = room.state.to_act[0]
        legal = json.dumps(room.state.legal_actions(seat)[0].to_json())
        text = notice.format(seat=seat, other=1 - seat, legal=legal)
        before = room.state
        runs = 2 if text.startswith("run:") else 1
        client.portal.call(hub.catch_up, room, runs, text)
        assert room.state is before and room.state.version == 0
        assert state(client, gid, tokens[seat])["version"] == 0
        # the same move as a notice of a legal move is applied as before
        client.portal.call(hub.catch_up, room, 1, f"{seat}:{legal}")
        assert room.state.version == 1


# ----------------------------------------------------------------- sockets per address


def test_one_address_cannot_hold_pages_of_every_game(tmp_path):
    """Game ids are public and an address may watch each game 4 times: without a bound
    across games one address could open a page on every game the server has."""
    with running(make_settings(tmp_path, max_sockets_per_address=3)) as client:
        games = [new_game(client, "sample")[0] for _ in range(3)]
        first = client.websocket_connect(f"/ws/games/{games[0]}?lang=en")
        with first as a, client.websocket_connect(f"/ws/games/{games[1]}?lang=en") as b, \
                client.websocket_connect(f"/ws/games/{games[2]}?lang=en") as c:
            for ws in (a, b, c):
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/games/{games[2]}?lang=en") as d:
                m = d.receive_json()
                assert m["code"] == "too_many_connections" and m["limit"] == 3
                assert "this address" in m["message"]
        # the pages closed: the address opens pages again
        with client.websocket_connect(f"/ws/games/{games[1]}?lang=en") as e:
            assert e.receive_json()["type"] == "state"


# ----------------------------------------------------------------- the seat's cookie


def test_the_seat_cookie_of_a_page_over_https_is_never_sent_over_plain_http(client):
    """The game page keeps the seat's token in a cookie (the lobby's "my games"): over HTTPS
    (uvicorn takes the scheme from the proxy's X-Forwarded-Proto) it is marked Secure."""
    gid, tokens = new_game(client, "sample")
    secure = TestClient(client.app, base_url="https://testserver")
    cookie = secure.get(f"/games/{gid}?token={tokens[0]}").headers["set-cookie"]
    assert tokens[0] in cookie and "Secure" in cookie and "HttpOnly" in cookie
    plain = client.get(f"/games/{gid}?token={tokens[1]}").headers["set-cookie"]
    assert "HttpOnly" in plain and "Secure" not in plain  # a LAN server over HTTP keeps it


def test_one_address_cannot_use_up_the_uploads_of_an_option(tmp_path, monkeypatch):
    """``max_uploads`` content sets are kept per option (100); one address could upload them
    all (its write rate allows 10 a second) and shut every other uploader out. An address may
    upload ``uploads_per_address_per_hour`` files (a refused file counts: it cost the server
    a validation), then gets 429 ``too_many_uploads_here``; another address still may."""
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "content"))
    settings = make_settings(tmp_path, uploads_per_address_per_hour=2)
    with running(settings) as client:
        for k in range(2):
            r = client.post("/api/content/founders/tiles?filename=t.jsonl",
                            content=f"not a tile {k}".encode())
            assert r.status_code == 422, r.text
        r = client.post("/api/content/founders/tiles?filename=t.jsonl&lang=en",
                        content=b"not a tile 3")
        assert r.status_code == 429 and r.json()["code"] == "too_many_uploads_here", r.text
        assert r.json()["limit"] == 2 and "2" in r.json()["message"]
        other = TestClient(client.app, client=("10.0.0.8", 50000))
        r = other.post("/api/content/founders/tiles?filename=t.jsonl", content=b"not a tile 4")
        assert r.status_code == 422, r.text
