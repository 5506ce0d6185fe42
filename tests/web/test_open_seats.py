"""Seats after creation: free seats taken from the lobby (exactly one visitor gets a seat),
"my games" of a browser, and the creator re-issuing a lost seat link."""

from __future__ import annotations

import threading

import pytest
from starlette.websockets import WebSocketDisconnect
from web_helpers import make_settings, receive, running, state

from settlers.web.storage import Store


def open_table(client, lang="en"):
    """A sample game: seat 0 the creator's own, seat 1 left to anyone. Returns the answer."""
    r = client.post(f"/api/games?lang={lang}", json={"game": "sample", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_free_seat_is_listed_taken_once_and_then_gone(client):
    made = open_table(client)
    gid = made["id"]
    assert list(made["tokens"]) == ["0"] and made["free_seats"] == [1]  # no token for seat 1
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert [s["free"] for s in listed[gid]["seats"]] == [False, True]
    lobby = client.get("/?lang=en").text
    assert f"/games/{gid}/seats/1/take" in lobby and "Take seat 2" in lobby
    assert f"/games/{gid}/seats/0/take" not in lobby  # the creator's seat is not offered

    r = client.post(f"/api/games/{gid}/seats/1/take?lang=en")
    assert r.status_code == 200, r.text
    token = r.json()["token"]
    assert state(client, gid, token)["seat"] == 1
    again = client.post(f"/api/games/{gid}/seats/1/take?lang=en")
    assert again.status_code == 409 and "Seat 2 is not free" in again.json()["message"]
    assert client.post(f"/api/games/{gid}/seats/0/take").status_code == 409  # never open
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert [s["free"] for s in listed[gid]["seats"]] == [False, False]
    assert f"/games/{gid}/seats/1/take" not in client.get("/?lang=en").text


def test_the_lobby_form_offers_a_seat_to_anyone_and_its_button_takes_it(client):
    form = "game=sample&players=2&seat0_kind=human&seat1_kind=open"
    r = client.post("/games?lang=en", content=form.encode(),
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200 and "free seat: offered in the lobby" in r.text
    gid = client.get("/api/games").json()["games"][0]["id"]
    r = client.post(f"/games/{gid}/seats/1/take", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith(f"/games/{gid}?token=")
    assert client.get(r.headers["location"]).status_code == 200
    r = client.post(f"/games/{gid}/seats/1/take?lang=ru")
    assert r.status_code == 409 and "уже не свободно" in r.text


def test_two_visitors_racing_for_one_seat_exactly_one_gets_it(tmp_path, db_url):
    with running(make_settings(tmp_path, db_url=db_url, ip_rate_burst=1000)) as client:
        for _ in range(5):
            gid = open_table(client)["id"]
            results: list[int] = []
            barrier = threading.Barrier(4)

            def visit(gid=gid, results=results, barrier=barrier):
                barrier.wait()
                results.append(client.post(f"/api/games/{gid}/seats/1/take").status_code)

            threads = [threading.Thread(target=visit) for _ in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(results) == [200, 409, 409, 409]
    # the store alone decides too (two processes on one database race in the UPDATE)
    store = Store(db_url)
    rec = store.list_games(None, 1)[0]
    assert store.take_seat(rec.id, 1, "x" * 64) is False
    store.close()


def test_my_games_keeps_the_live_links_and_drops_dead_ones(client):
    made = open_table(client)
    gid, token = made["id"], made["tokens"]["0"]
    r = client.post("/api/mine?lang=en", json={"seats": [
        {"id": gid, "token": token}, {"id": gid, "token": "forged"},
        {"id": "nope", "token": token}, {"id": 3, "token": None}, "junk"]})
    assert r.status_code == 200
    (game,) = r.json()["games"]
    assert game["id"] == gid and game["seat"] == 0 and game["name"] == "Ann"
    assert game["link"] == f"/games/{gid}?token={token}"
    r = client.post("/api/mine?lang=en", json={"seats": "all"})
    assert r.status_code == 422 and "seats" in r.json()["message"]


def test_the_creator_reissues_a_seat_link_and_the_old_one_stops_at_once(client):
    made = open_table(client)
    gid, old = made["id"], made["tokens"]["0"]
    creator = made["creator_token"]
    assert creator not in str(client.get("/api/games").json())
    with client.websocket_connect(f"/ws/games/{gid}?token={old}&lang=en") as ws:
        assert receive(ws)["type"] == "state"
        r = client.post(f"/api/games/{gid}/seats/0/reissue?lang=en",
                        headers={"x-creator-token": "forged"})
        assert r.status_code == 403 and "creator" in r.json()["message"]
        r = client.post(f"/api/games/{gid}/seats/0/reissue?lang=en",
                        headers={"x-creator-token": creator})
        assert r.status_code == 200, r.text
        new = r.json()["token"]
        msg = receive(ws)
        while msg["type"] != "error":
            msg = receive(ws)
        assert msg["code"] == "token_revoked"
        with pytest.raises(WebSocketDisconnect):  # the socket is closed
            for _ in range(5):
                receive(ws)
    assert client.get(f"/api/games/{gid}", headers={"x-seat-token": old}).status_code == 403
    assert state(client, gid, new)["seat"] == 0
    mine = client.post("/api/mine", json={"seats": [{"id": gid, "token": old}]}).json()
    assert mine["games"] == []
    # a free seat can be given a link by the creator too (then it is not offered any more)
    r = client.post(f"/api/games/{gid}/seats/1/reissue", headers={"x-creator-token": creator})
    assert r.status_code == 200
    assert client.post(f"/api/games/{gid}/seats/1/take").status_code == 409


def test_the_creators_page_needs_the_creator_token(client):
    made = open_table(client)
    gid = made["id"]
    page = client.get(made["manage"] + "&lang=en")
    assert page.status_code == 200 and "New link" in page.text and "Ann" in page.text
    assert client.get(f"/games/{gid}/manage?creator=forged&lang=en").status_code == 403


def test_a_reissued_link_survives_a_restart(tmp_path):
    settings = make_settings(tmp_path)
    with running(settings) as client:
        made = open_table(client)
        gid = made["id"]
        new = client.post(f"/api/games/{gid}/seats/0/reissue",
                          headers={"x-creator-token": made["creator_token"]}).json()["token"]
        taken = client.post(f"/api/games/{gid}/seats/1/take").json()["token"]
    with running(settings) as client:
        assert client.get(f"/api/games/{gid}",
                          headers={"x-seat-token": made["tokens"]["0"]}).status_code == 403
        assert state(client, gid, new)["seat"] == 0 and state(client, gid, taken)["seat"] == 1
        assert client.post(f"/api/games/{gid}/seats/1/take").status_code == 409
