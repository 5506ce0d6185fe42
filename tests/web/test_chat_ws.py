"""The table chat over the game's WebSocket: a message reaches both players and the spectator,
bad and flooding messages are refused by name, the history comes on every (re)connect, lines
survive a restart on SQLite and PostgreSQL (and reach another process's pages), and the game's
action log never sees them."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import time

import httpx
import pytest
from web_helpers import act, is_state, make_settings, new_game, recv_until, running, state

LINE_KEYS = {"id", "seat", "name", "spectator", "at", "text"}


def is_chat(msg):
    return msg["type"] == "chat"


def is_error(msg):
    return msg["type"] == "error"


def open_table(client, gid, tokens, lang="en"):
    """Both players' pages and a spectator's, each past its first state and chat history."""
    stack = contextlib.ExitStack()
    urls = {0: f"/ws/games/{gid}?token={tokens[0]}&lang={lang}",
            1: f"/ws/games/{gid}?token={tokens[1]}&lang={lang}",
            None: f"/ws/games/{gid}?lang={lang}"}
    socks, histories = {}, {}
    for seat, url in urls.items():
        socks[seat] = stack.enter_context(client.websocket_connect(url))
        recv_until(socks[seat], is_state)
        histories[seat] = recv_until(socks[seat], is_chat)
    return stack, socks, histories


def chat_api(client, gid, lang="en", **params):
    r = client.get(f"/api/games/{gid}/chat", params={"lang": lang, **params})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_message_reaches_both_players_and_the_spectator(client):
    gid, tokens = new_game(client)
    stack, socks, histories = open_table(client, gid, tokens)
    with stack:
        for seat, hist in histories.items():
            assert hist["history"] is True and hist["lines"] == []
            assert hist["can_post"] is (seat is not None) and hist["max_length"] == 300
        socks[0].send_json({"type": "chat", "text": "  <script>alert('x')</script>  "})
        got = {seat: recv_until(sock, is_chat) for seat, sock in socks.items()}
    lines = [g["lines"] for g in got.values()]
    assert lines[0] == lines[1] == lines[2] and len(lines[0]) == 1
    (line,) = lines[0]
    assert set(line) == LINE_KEYS  # who, when, what: nothing of the game's state
    assert line["seat"] == 0 and line["name"] == "Player 1" and not line["spectator"]
    assert line["text"] == "<script>alert('x')</script>"  # kept as written: escaped on display
    assert line["at"].endswith("Z")
    assert got[None]["history"] is False


def test_chat_lines_never_enter_the_action_log(client):
    gid, tokens = new_game(client)
    hub = client.app.state.hub
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        first = recv_until(ws, is_state)
        ws.send_json({"type": "act", "version": 0, "action": first["actions"][0]["action"]})
        recv_until(ws, lambda m: is_state(m) and m["version"] == 1)
        digest = hub.rooms[gid].state.digest()
        for i in range(3):
            ws.send_json({"type": "chat", "text": f"line {i}"})
            recv_until(ws, is_chat)
    room = hub.rooms[gid]
    assert room.state.version == 1 and room.state.digest() == digest
    assert len(hub.store.load_log(gid)) == 1 and hub.store.load_game(gid).version == 1
    assert [x["text"] for x in chat_api(client, gid)["lines"]] == ["line 0", "line 1", "line 2"]
    assert state(client, gid)["version"] == 1


@pytest.mark.parametrize("text, code, needle", [
    ("", "chat_empty", None),
    ("    ", "chat_empty", None),
    ("x" * 301, "chat_too_long", "301"),
    ("two\nlines", "chat_control", "U+000A"),
    ("bell\x07", "chat_control", "U+0007"),
    ("\u202eevil", "chat_control", "U+202E"),
    (["not", "text"], "chat_not_text", "text"),
    (None, "chat_not_text", "text"),
])
def test_bad_messages_are_refused_by_name_and_reach_nobody(client, text, code, needle):
    gid, tokens = new_game(client)
    stack, socks, _ = open_table(client, gid, tokens, lang="ru")
    with stack:
        socks[0].send_json({"type": "chat", "text": text})
        err = recv_until(socks[0], is_error)
        assert err["code"] == code
        assert err["message"] and not err["message"].startswith("error.")
        if needle:
            assert needle in err["message"]
        # the others get the next good line as the first chat message after their history
        socks[1].send_json({"type": "chat", "text": "ok"})
        for sock in socks.values():
            assert [x["text"] for x in recv_until(sock, is_chat)["lines"]] == ["ok"]
    assert [x["text"] for x in chat_api(client, gid)["lines"]] == ["ok"]


def test_the_refusal_is_in_the_page_language(client):
    gid, tokens = new_game(client)
    texts = {}
    for lang in ("en", "ru"):
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang={lang}") as ws:
            recv_until(ws, is_chat)
            ws.send_json({"type": "chat", "text": "x" * 500})
            texts[lang] = recv_until(ws, is_error)["message"]
    assert "500" in texts["en"] and "500" in texts["ru"] and texts["en"] != texts["ru"]


def frozen_chat_clock(monkeypatch) -> None:
    """The chat's limiters read a clock that stands still: no token comes back while a test
    runs, however slow the machine (the wait told is then exactly 1 / rate)."""
    from settlers.web import chat_desk
    from settlers.web.chat import ChatLimiter

    monkeypatch.setattr(chat_desk, "ChatLimiter",
                        lambda rate, burst: ChatLimiter(rate, burst, clock=lambda: 0.0))


def test_a_flood_is_refused_per_seat_with_the_wait(tmp_path, monkeypatch):
    frozen_chat_clock(monkeypatch)
    settings = make_settings(tmp_path, chat_burst=5, chat_rate_per_second=0.5)
    with running(settings) as client:
        gid, tokens = new_game(client)
        stack, socks, _ = open_table(client, gid, tokens)
        with stack, client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as again:
            recv_until(again, is_chat)
            for i in range(5):  # the burst, from two pages of the same seat
                (socks[0] if i % 2 else again).send_json({"type": "chat", "text": f"m{i}"})
                recv_until(socks[0], is_chat)
            socks[0].send_json({"type": "chat", "text": "one too many"})
            err = recv_until(socks[0], is_error)
            assert err["code"] == "chat_rate_limited" and err["seconds"] == 2
            assert "2" in err["message"]
            again.send_json({"type": "chat", "text": "still too many"})
            assert recv_until(again, is_error)["code"] == "chat_rate_limited"
            socks[1].send_json({"type": "chat", "text": "the other seat may talk"})
            mine = recv_until(socks[1], lambda m: is_chat(m) and m["lines"][0]["seat"] == 1)
            assert mine["lines"][0]["text"] == "the other seat may talk"
        stored = chat_api(client, gid)["lines"]
        assert [x["text"] for x in stored] == [f"m{i}" for i in range(5)] + [
            "the other seat may talk"]


def test_spectators_read_but_do_not_post_by_default(client):
    gid, tokens = new_game(client)
    stack, socks, _ = open_table(client, gid, tokens)
    with stack:
        socks[None].send_json({"type": "chat", "text": "hello from the rail"})
        err = recv_until(socks[None], is_error)
        assert err["code"] == "chat_read_only" and err["message"]
    assert chat_api(client, gid)["lines"] == []


def test_spectators_post_as_spectators_when_the_operator_allows(tmp_path, monkeypatch):
    frozen_chat_clock(monkeypatch)
    with running(make_settings(tmp_path, chat_spectators_post=True)) as client:
        gid, tokens = new_game(client)
        stack, socks, histories = open_table(client, gid, tokens)
        with stack:
            assert histories[None]["can_post"] is True
            socks[None].send_json({"type": "chat", "text": "nice move"})
            got = [recv_until(s, is_chat)["lines"][0] for s in socks.values()]
        assert all(x["seat"] is None and x["spectator"] and x["name"] == "Spectator"
                   for x in got)
        # spectators are limited per address: a new page does not get a new burst
        settings = client.app.state.settings
        with client.websocket_connect(f"/ws/games/{gid}") as w:
            recv_until(w, is_chat)
            for _ in range(settings.chat_burst):
                w.send_json({"type": "chat", "text": "again"})
            codes = [recv_until(w, lambda m: is_chat(m) or is_error(m)).get("code")
                     for _ in range(settings.chat_burst)]
        assert "chat_rate_limited" in codes


def test_history_comes_on_reconnect_newest_last_and_bounded(tmp_path):
    with running(make_settings(tmp_path, chat_history=3, chat_burst=50)) as client:
        gid, tokens = new_game(client)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            recv_until(ws, is_chat)
            for i in range(5):
                ws.send_json({"type": "chat", "text": f"line {i}"})
                recv_until(ws, is_chat)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}&lang=ru") as ws:
            assert recv_until(ws, is_state)["version"] == 0  # the state first, then the chat
            hist = recv_until(ws, is_chat)
            assert hist["history"] is True
            assert [x["text"] for x in hist["lines"]] == ["line 2", "line 3", "line 4"]
            assert hist["lines"][0]["name"] == "Игрок 1"
            ws.send_json({"type": "lang", "lang": "en"})  # a new language: names again
            recv_until(ws, is_state)
            assert recv_until(ws, is_chat)["lines"][0]["name"] == "Player 1"
        # the API pages back through everything stored
        page = chat_api(client, gid, limit=2)
        assert [x["text"] for x in page["lines"]] == ["line 3", "line 4"] and page["more"]
        older = chat_api(client, gid, limit=2, before=page["lines"][0]["id"])
        assert [x["text"] for x in older["lines"]] == ["line 1", "line 2"] and older["more"]


def test_chat_survives_a_restart(tmp_path, db_url):
    settings = make_settings(tmp_path, db_url=db_url)
    with running(settings) as client:
        gid, tokens = new_game(client)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as ws:
            recv_until(ws, is_chat)
            for text in ("before the restart", "ещё одно 👍"):
                ws.send_json({"type": "chat", "text": text})
                recv_until(ws, is_chat)
    with running(settings) as client:  # a new server process on the same database
        hub = client.app.state.hub
        assert not any(room.id == gid for room in hub.chat.tables)  # read from the store
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            recv_until(ws, is_state)
            hist = recv_until(ws, is_chat)
        assert [(x["seat"], x["text"]) for x in hist["lines"]] == [
            (1, "before the restart"), (1, "ещё одно 👍")]
        assert hub.store.load_log(gid) == []


def test_a_finished_games_chat_is_readable_through_the_api(client):
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        recv_until(ws, is_chat)
        ws.send_json({"type": "chat", "text": "good luck"})
        recv_until(ws, is_chat)
    for _ in range(200):  # play it out with each seat's first legal move
        msg = state(client, gid)
        if msg["over"]:
            break
        for seat in msg["view"]["to_act"]:
            mine = state(client, gid, tokens[seat])
            if mine["actions"]:
                act(client, gid, tokens[seat], mine["version"], mine["actions"][0]["action"])
    assert state(client, gid)["over"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as ws:
        recv_until(ws, is_chat)
        ws.send_json({"type": "chat", "text": "gg"})  # players may still talk after the end
        recv_until(ws, is_chat)
    got = chat_api(client, gid, lang="ru")  # anyone who could watch the table reads it
    assert [(x["name"], x["text"]) for x in got["lines"]] == [("Игрок 1", "good luck"),
                                                              ("Игрок 2", "gg")]
    assert got["more"] is False
    assert client.get("/api/games/nosuchgame/chat").json()["code"] == "no_such_game"
    # the record used to verify the game holds actions only
    record = client.get(f"/api/games/{gid}/record").json()
    assert "good luck" not in json.dumps(record) and "gg" not in json.dumps(record["actions"])


# ---------------------------------------------------------------- several processes
def test_a_line_posted_on_one_process_reaches_pages_on_the_other(two_servers):
    from websockets.sync.client import connect

    a, b = two_servers
    made = httpx.post(f"{a}/api/games", json={"game": "sample", "seats": [
        {"kind": "human"}, {"kind": "human"}]}, timeout=30).json()
    gid, tokens = made["id"], made["tokens"]

    def until_chat(ws):
        for _ in range(20):
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "chat":
                return msg
        raise AssertionError("no chat message")

    with connect(a.replace("http", "ws") + f"/ws/games/{gid}?token={tokens['0']}") as p0, \
            connect(b.replace("http", "ws") + f"/ws/games/{gid}?token={tokens['1']}") as p1, \
            connect(b.replace("http", "ws") + f"/ws/games/{gid}") as watcher:
        for ws in (p0, p1, watcher):
            assert until_chat(ws)["history"] is True
        p0.send(json.dumps({"type": "chat", "text": "across processes"}))
        sent = time.perf_counter()
        for ws in (p0, p1, watcher):
            assert [x["text"] for x in until_chat(ws)["lines"]] == ["across processes"]
        assert time.perf_counter() - sent < 5
        p1.send(json.dumps({"type": "chat", "text": "heard you"}))
        assert [x["text"] for x in until_chat(p0)["lines"]] == ["heard you"]
        assert [x["text"] for x in until_chat(p1)["lines"]] == ["heard you"]
        p0.send(json.dumps({"type": "chat", "text": "third"}))
        # each line reached each page once (its own post and the store's notice are one)
        assert [x["text"] for x in until_chat(p1)["lines"]] == ["third"]
        assert [x["text"] for x in until_chat(p0)["lines"]] == ["third"]


def _old_game(conn) -> None:
    """The rows of a two-seat game in the columns of revision 0003."""
    now = "2026-11-24 12:00:00"
    conn.exec_driver_sql(
        "INSERT INTO games (id, game, players, seed, options, status, version, created_at, "
        "updated_at) VALUES ('old', 'sample', 2, 1, '{}', 'open', 0, ?, ?)", (now, now))
    for seat, name in ((0, "A"), (1, "B")):
        conn.exec_driver_sql(
            "INSERT INTO seats (game_id, seat, kind, name, claimed, open) "
            "VALUES ('old', ?, 'human', ?, 0, 0)", (seat, name))


def test_a_database_from_before_the_chat_is_upgraded_in_place(tmp_path):
    from alembic import command
    from alembic.config import Config

    from settlers.web.storage import Store
    from settlers.web.storage.store import MIGRATIONS

    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        _old_game(conn)   # a game as the store of revision 0003 wrote it
    store.append_action("old", 0, 0, {"type": "bid", "card": 3}, "running")
    store.migrate()  # what the server does at start-up
    assert store.load_game("old").rules is None   # (0005: made before games had a label)
    at = dt.datetime(2026, 11, 24, 18, 0, tzinfo=dt.UTC)
    first = store.add_chat("old", 1, "hello", at)
    second = store.add_chat("old", None, "from the rail", at)
    assert second > first
    got = store.load_chat("old", 10)
    assert [(r.seat, r.text, r.created_at) for r in got] == [(1, "hello", at),
                                                             (None, "from the rail", at)]
    assert store.load_chat("old", 10, before=second) == got[:1]
    assert store.chat_message("old", first) == got[0] and store.chat_message("other", first) is None
    assert store.load_log("old") == [(0, {"type": "bid", "card": 3})]  # the log is untouched
    store.close()
