"""A person's idle table says when it will be stopped, and its seats' chat keeps it (the
eighteenth pass: docs/audits/2026-12-07-eighteenth-web-idle.md). Before, a table with a
person's seat was stopped after 7 days untouched without a word to its players; a page
staying open kept it for ever (a spectator's too), and a seat's chat line did not count."""

from __future__ import annotations

import datetime as dt
import re

from sqlalchemy import select, update
from web_helpers import make_settings, new_game, receive, recv_until, running, until

from settlers.testing.language import russian_category
from settlers.web.payloads import idle_when
from settlers.web.server import SEAT_COOKIE
from settlers.web.storage.store import Claim
from settlers.web.storage.tables import games

HOUR = 3600.0
DAY = 86400.0


def _settings(tmp_path, db_url, **more):
    values = {"db_url": db_url, "idle_bot_table_seconds": 6 * HOUR,
              "idle_table_seconds": 7 * DAY, "chat_spectators_post": True,
              "idle_sweep_seconds": 3600.0}   # (swept by the tests themselves)
    values.update(more)
    return make_settings(tmp_path, **values)


def _age(client, gid: str, seconds: float) -> None:
    """Nobody touched the game for ``seconds`` (no move, no page, no line), as the store
    and this process's memory know it."""
    hub = client.app.state.hub
    at = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=seconds)
    with hub.store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == gid).values(updated_at=at, seen_at=at))
    room = hub.rooms.get(gid)
    if room is not None:
        room.active_at = at


def _seen_at(client, gid: str) -> dt.datetime | None:
    with client.app.state.hub.store.engine.connect() as conn:
        at = conn.execute(select(games.c.seen_at).where(games.c.id == gid)).scalar_one()
    return at if at is None or at.tzinfo else at.replace(tzinfo=dt.UTC)


def _status(client, gid: str) -> str:
    return client.app.state.hub.store.load_game(gid).status


def _idle(ws) -> dict:
    return recv_until(ws, lambda m: m.get("type") == "idle")


def _chat(ws, text: str) -> None:
    ws.send_json({"type": "chat", "text": text})
    recv_until(ws, lambda m: m.get("type") == "chat" and any(
        x["text"] == text for x in m["lines"]))


def test_a_seat_s_chat_line_keeps_a_person_s_table_and_a_spectator_s_does_not(tmp_path,
                                                                               db_url):
    """Every page closed before the sweep: a table whose seat wrote in the chat after 8 days
    untouched stays live; one where only a spectator wrote is stopped. Pages staying open
    — a seat's, a spectator's (anyone could keep any table live) — do not keep a person's
    table, and are told it stopped; a seat's page opening does keep it."""
    with running(_settings(tmp_path, db_url)) as client:
        hub = client.app.state.hub
        talked, tokens = new_game(client)
        watched, _ = new_game(client)
        watched_open, open_tokens = new_game(client)
        came, came_tokens = new_game(client)
        with client.websocket_connect(f"/ws/games/{talked}?token={tokens[0]}") as ws:
            receive(ws)
            # (the page's own opening touched the table: that touch stored, then 8 days pass)
            assert until(lambda: _seen_at(client, talked) is not None)
            _age(client, talked, 8 * DAY)
            _chat(ws, "still here")
        assert _seen_at(client, talked) > dt.datetime.now(dt.UTC) - dt.timedelta(minutes=5)
        with client.websocket_connect(f"/ws/games/{watched}") as ws:
            receive(ws)
            _age(client, watched, 8 * DAY)
            _chat(ws, "a spectator passing by")
        _age(client, came, 8 * DAY)
        with client.websocket_connect(f"/ws/games/{came}?token={came_tokens[1]}") as ws:
            receive(ws)
            assert until(lambda: _seen_at(client, came) > dt.datetime.now(dt.UTC)
                         - dt.timedelta(minutes=5))
        with client.websocket_connect(f"/ws/games/{watched_open}?lang=en") as ws, \
                client.websocket_connect(f"/ws/games/{watched_open}?token={open_tokens[0]}"
                                         ) as seat:
            assert receive(seat)["actions"]
            assert until(lambda: _seen_at(client, watched_open) is not None)
            _age(client, watched_open, 8 * DAY)   # (the seat's page left open for 8 days)
            receive(ws)
            assert client.portal.call(hub.sweep_idle) == 2
            # the open pages are told: stopped, nothing more to do
            for page in (ws, seat):
                got = recv_until(page, lambda m: m.get("type") == "state")
                assert got["status"] == "stopped" and not got["actions"]
        assert {g: _status(client, g) for g in (talked, watched, watched_open, came)} == {
            talked: "open", watched: "stopped", watched_open: "stopped", came: "open"}


def test_a_table_s_pages_are_told_when_it_stops(tmp_path, db_url):
    """``idle`` messages: the seconds left and how close the page says so — on opening, on
    a reconnect (the same deadline: a spectator touches nothing), after a seat's chat line
    (to every page); none for a table of bots only, nor once the bound is off."""
    with running(_settings(tmp_path, db_url)) as client:
        hub = client.app.state.hub
        gid, tokens = new_game(client)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            first = _idle(ws)
        # the seat's page opening touched it: a week left, said from a day before
        assert 7 * DAY - 60 < first["stops_in"] <= 7 * DAY
        assert first["notice_within"] == DAY
        assert until(lambda: _seen_at(client, gid) is not None)   # (that touch stored)
        _age(client, gid, 6.5 * DAY)
        for _ in range(2):   # a spectator's page, then its reconnect: half a day left
            with client.websocket_connect(f"/ws/games/{gid}") as ws:
                left = _idle(ws)["stops_in"]
                assert 0.5 * DAY - 60 < left <= 0.5 * DAY
        del hub.rooms[gid]   # (read afresh from the store: the same)
        with client.websocket_connect(f"/ws/games/{gid}") as watcher:
            assert 0.5 * DAY - 60 < _idle(watcher)["stops_in"] <= 0.5 * DAY
            with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as seat:
                # the seat's page opening: the spectator's page is told the new deadline
                assert _idle(seat)["stops_in"] > 7 * DAY - 60
                assert _idle(watcher)["stops_in"] > 7 * DAY - 60
                _age(client, gid, 6.5 * DAY)
                _chat(seat, "hello")
                assert _idle(watcher)["stops_in"] > 7 * DAY - 60
        bots, _ = new_game(client, game="catan", seats=("random",) * 3, seed=3)
        with client.websocket_connect(f"/ws/games/{bots}") as ws:
            assert _idle(ws)["stops_in"] is None
    with running(_settings(tmp_path, db_url, idle_table_seconds=0)) as client, \
            client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        assert _idle(ws)["stops_in"] is None


def test_a_reconnect_in_another_process_is_told_the_stored_deadline(tmp_path, pg_url):
    """Two processes on one PostgreSQL database: a seat's page opening in one moves the
    deadline a spectator's page of the other is told when it reconnects there."""
    with running(_settings(tmp_path, pg_url)) as a, running(_settings(tmp_path, pg_url)) as b:
        gid, tokens = new_game(a)
        with a.websocket_connect(f"/ws/games/{gid}") as ws:
            receive(ws)
        _age(a, gid, 6.5 * DAY)
        with a.websocket_connect(f"/ws/games/{gid}") as ws:
            assert _idle(ws)["stops_in"] <= 0.5 * DAY
        with b.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            receive(ws)
            assert until(lambda: _seen_at(b, gid) > dt.datetime.now(dt.UTC)
                         - dt.timedelta(minutes=5))
        with a.websocket_connect(f"/ws/games/{gid}") as ws:
            assert _idle(ws)["stops_in"] > 7 * DAY - 60


def test_my_games_say_when_they_stop(tmp_path, db_url):
    """The lobby's "my games" (the browser's seat links through /api/mine, and the seats
    it opened, by cookie) says when each table stops unless someone moves, in Russian with
    the numeral's form; nothing once the bound is off."""
    with running(_settings(tmp_path, db_url)) as client:
        gid, tokens = new_game(client)
        _age(client, gid, 5 * DAY + HOUR)   # 1 day 23 h left: 46 hours
        got = {}
        for lang in ("ru", "en"):
            r = client.post(f"/api/mine?lang={lang}",
                            json={"seats": [{"id": gid, "token": tokens[0]}]})
            got[lang] = r.json()["games"][0]
        assert 2 * DAY - HOUR - 60 < got["en"]["stops_in"] <= 2 * DAY - HOUR
        assert got["ru"]["stops_note"] == (
            "остановится через 46 часов, если никто не сделает ход и не напишет в чат")
        assert got["en"]["stops_note"] == "stops in 46 hours unless someone moves or writes " \
                                          "in the chat"
        client.cookies.set(f"{SEAT_COOKIE}{gid}", tokens[0])
        _age(client, gid, 2 * DAY - HOUR)   # 5 days 1 h left
        for lang, words in (("ru", "остановится через 5 дней, если никто не сделает ход"),
                            ("en", "stops in 5 days unless someone moves")):
            mine = re.search(r'data-status="mine">(.*?)</ul>',
                             client.get(f"/?lang={lang}").text, re.S)
            assert mine and words in mine.group(1), lang
        client.cookies.clear()
    with running(_settings(tmp_path, db_url, idle_table_seconds=0)) as client:
        r = client.post("/api/mine?lang=en", json={"seats": [{"id": gid, "token": tokens[0]}]})
        game = r.json()["games"][0]
        assert game["stops_in"] is None and game["stops_note"] is None


def test_the_words_for_when_agree_with_their_numbers():
    for n in range(1, 48):
        ru = idle_when(n * HOUR + 59, "ru")
        form = {"one": "час", "few": "часа", "many": "часов"}[russian_category(n)]
        assert ru == f"через {n} {form}", ru
        en = idle_when(n * HOUR + 59, "en")
        assert en == (f"in {n} hour" if n == 1 else f"in {n} hours"), en
    for n in range(2, 32):
        ru = idle_when(n * DAY + 1, "ru")
        form = {"one": "день", "few": "дня", "many": "дней"}[russian_category(n)]
        assert ru == f"через {n} {form}", ru
        assert idle_when(n * DAY + 1, "en") == f"in {n} days"
    assert idle_when(2 * DAY - 1, "ru") == "через 47 часов"
    assert idle_when(3599, "ru") == "в течение часа"
    assert idle_when(0, "en") == "within the hour"


def test_a_claim_stored_after_the_stop_leaves_the_table_stopped(tmp_path, db_url):
    """A seat's first page queues its claim (with the status it makes: "running"); the
    sweep may stop the table before the claim is written. The claim then takes the seat but
    does not make the stopped game live again (it did: the status was written blindly —
    seen once in the test above)."""
    with running(_settings(tmp_path, db_url)) as client:
        hub = client.app.state.hub
        gid, _ = new_game(client)
        _age(client, gid, 8 * DAY)
        assert client.portal.call(hub.sweep_idle) == 1
        assert hub.store.append_many([Claim(gid, 0, "running")]) == [None]
        rec = hub.store.load_game(gid)
        assert rec.status == "stopped" and rec.seats[0].claimed
