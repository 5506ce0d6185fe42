"""The sixteenth server pass (docs/audits/2026-12-07-sixteenth-web-server.md): a stopped game's
scores and chart, the connection refusal in the request's language, tables of bots only that
pause while nobody watches, seats per address shared by every process."""

from __future__ import annotations

import contextlib
import re
import time

from sqlalchemy import update
from web_helpers import make_settings, new_game, receive, running, state, until

from settlers.web.storage.tables import games

CAP = 14   # the stopped games' bound (the server's default is 30 000)


def _listed(html: str, status: str) -> str:
    """The lobby's list of games of ``status`` (its <ul>), or ''."""
    got = re.search(rf'<ul class="game-list" data-status="{status}">(.*?)</ul>', html, re.S)
    return got.group(1) if got else ""


def _item(html: str, gid: str) -> str:
    got = re.search(rf'<li data-game-id="{gid}">(.*?)</li>', html, re.S)
    return got.group(1) if got else ""


# ------------------------------------------------------------------ 1. a stopped game's scores

def _stopped_bot_table(client, seed: int = 7) -> str:
    """Catan with three random bots: stopped at CAP (past the opening placements)."""
    gid, _ = new_game(client, game="catan", seats=("random",) * 3, seed=seed)
    assert until(lambda: state(client, gid)["status"] == "stopped", 60)
    return gid


def _check_scores_shown(client, gid: str, scores: list[float]) -> None:
    """The stopped game's scores where a finished game's are: the store's list, the API's,
    the lobby's line, the timeline (the chart's data) — and nobody won."""
    listed = {g["id"]: g for g in client.get("/api/games?status=stopped").json()["games"]}
    assert listed[gid]["scores"] == scores
    line = " : ".join(f"{x:g}" for x in scores)
    for lang in ("en", "ru"):
        assert line in _item(_listed(client.get(f"/?lang={lang}").text, "stopped"), gid)
    tl = client.get(f"/api/games/{gid}/timeline?lang=en")
    assert tl.status_code == 200, tl.text
    tl = tl.json()
    assert tl["final"] == scores and tl["winners"] == []
    assert tl["steps"][-1] == CAP and tl["scores"][-1] == scores


def test_a_stopped_game_s_scores_are_kept_and_shown_as_a_finished_game_s(tmp_path, db_url):
    settings = make_settings(tmp_path, db_url=db_url, max_game_actions=CAP)
    with running(settings) as client:
        hub = client.app.state.hub
        gid = _stopped_bot_table(client)
        scores = [float(x) for x in hub.rooms[gid].state.scores()]
        assert any(scores)   # (settlements placed: points scored)
        # stored with the move that stopped it (old code: None, the lobby showed nothing)
        assert hub.store.load_game(gid).scores == scores
        _check_scores_shown(client, gid, scores)
        # a game stopped before its scores were kept: given them when it is next loaded
        old = _stopped_bot_table(client, 8)
        old_scores = [float(x) for x in hub.rooms[old].state.scores()]
        with hub.store.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == old).values(scores=None))
    with running(settings) as client:   # a restart: kept
        hub = client.app.state.hub
        _check_scores_shown(client, gid, scores)
        assert state(client, old)["status"] == "stopped"   # (loaded)
        assert until(lambda: hub.store.load_game(old).scores == old_scores)
        _check_scores_shown(client, old, old_scores)


# ------------------------------------------------------------------ 3. bots pause unwatched

def _paused_settings(tmp_path, db_url=None, **more):
    values = {"pause_unwatched_bots": True, "max_game_actions": 3000}
    if db_url:
        values["db_url"] = db_url
    values.update(more)
    return make_settings(tmp_path, **values)


def _bots_only(client) -> str:
    gid, _ = new_game(client, game="iceland", seats=("random",) * 3, seed=7,
                      options={"turn_limit": 0})
    return gid


def _still(client, gid: str, seconds: float = 0.4) -> int:
    """The game's version once it has stayed the same for ``seconds``."""
    before = state(client, gid)["version"]
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        time.sleep(seconds)
        now = state(client, gid)["version"]
        if now == before:
            return now
        before = now
    raise AssertionError(f"game {gid} never stood still: {before}")


def _watch_until_moves(client, gid: str, past: int, owned: list | None = None) -> int:
    """Open a spectator's page on the game until it is sent a version past ``past``. With
    ``owned``: whether the page's process owns the table while the page is still open (within
    5 s: the lock may be between the processes' sweeps a moment) is appended to it — after the
    page closes, the process's owner sweep may let it go at once."""
    with client.websocket_connect(f"/ws/games/{gid}?lang=en") as ws:
        for _ in range(400):
            msg = receive(ws)
            if msg.get("type") == "state" and msg["version"] > past:
                if owned is not None:
                    owned.append(until(lambda: gid in client.app.state.hub.owner.owned, 5))
                return msg["version"]
    raise AssertionError("the bots did not play while a page watched")


def test_a_table_of_bots_only_pauses_while_no_page_is_open_on_it(tmp_path):
    with running(_paused_settings(tmp_path, allow_chosen_seed=True)) as client:
        hub = client.app.state.hub
        gid = _bots_only(client)
        # (seed 1: seat 0 places first, the person's seat 2 third)
        mixed, _ = new_game(client, game="iceland", seats=("random", "random", "human"),
                            seed=1, options={"turn_limit": 0})
        time.sleep(0.3)
        assert state(client, gid)["version"] == 0   # old code: hundreds of moves
        # a table with a human seat plays on without a page (its bots' moves before the
        # person's turn)
        assert until(lambda: state(client, mixed)["version"] >= 2, 15)
        room = hub.rooms[gid]
        assert room.bot_task is None or room.bot_task.done()
        # a page opens: the bots play; it closes: they stop
        seen = _watch_until_moves(client, gid, 0)
        stopped = _still(client, gid)
        assert stopped >= seen
        time.sleep(0.3)
        assert state(client, gid)["version"] == stopped
        # the lobby and the API say so, in both languages; not of the table with a person
        for lang, words in (("en", "paused while nobody watches"),
                            ("ru", "на паузе, пока никто не смотрит")):
            html = client.get(f"/?lang={lang}").text
            assert words in _item(html, gid)
            assert words not in _item(html, mixed)
        listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert listed[gid]["pauses_unwatched"] is True
        assert listed[mixed]["pauses_unwatched"] is False
        for lang, words in (("en", "Only bots sit at this table"),
                            ("ru", "За этим столом одни боты")):
            shown = re.compile(r'<p id="bots-pause"[^>]*>' + words)
            assert shown.search(client.get(f"/games/{gid}?lang={lang}").text)
            assert not shown.search(client.get(f"/games/{mixed}?lang={lang}").text)
        # another page: on again
        _watch_until_moves(client, gid, stopped)


def test_paused_tables_follow_their_pages_across_processes(tmp_path, pg_url):
    """Two processes of the server on one PostgreSQL database: the one driving the table's
    bots pauses them while no page of its own is open; a page on the other process takes
    the table there and the bots play; closed, they pause again; a page on the first takes
    it back."""
    a_settings = _paused_settings(tmp_path / "a", pg_url, owner_sweep_seconds=0.3)
    b_settings = _paused_settings(tmp_path / "b", pg_url, owner_sweep_seconds=0.3)
    with running(a_settings) as a, running(b_settings) as b:
        gid = _bots_only(a)
        time.sleep(1.0)   # (sweeps: one of the two owns it by now)
        assert state(a, gid)["version"] == 0 and state(b, gid)["version"] == 0
        owned: list[bool] = []
        seen = _watch_until_moves(b, gid, 0, owned)
        assert owned == [True]   # (taken by the process of its page, while the page is open)
        stopped = _still(a, gid)
        assert stopped >= seen
        time.sleep(0.8)   # (a sweep or two)
        assert state(a, gid)["version"] == stopped
        _watch_until_moves(a, gid, stopped, owned)
        assert owned == [True, True]
        assert _still(b, gid) > stopped


# ------------------------------------------------------------------ 2. the refusal's language

def _serve_bounded(tmp_path, default_lang: str, accept_language: bool = True):
    """uvicorn in a thread, the application under ``settlers serve``'s protocol wrapper: 2
    HTTP connections an address, no trusted proxy."""
    import threading

    import uvicorn

    from settlers.testing.web_server import free_port
    from settlers.web import create_app
    from settlers.web.quiet_connections import watched_http

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(
        create_app(make_settings(tmp_path, db_url=f"sqlite:///{tmp_path}/{default_lang}.db",
                                 default_lang=default_lang, upload_checker_at_start=False)),
        host="127.0.0.1", port=port, log_level="warning",
        http=watched_http(30.0, per_address=2, trusted="10.0.0.1", lang=default_lang,
                          accept_language=accept_language)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    assert until(lambda: server.started, 60)
    return port, server, thread


def _refused(port: int, head: str) -> dict:
    """The refusal a new connection sending ``head`` is answered (a 429 in words)."""
    import json
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        if head:
            s.sendall(head.encode())
        got = b""
        with contextlib.suppress(OSError):
            while chunk := s.recv(65_536):
                got += chunk
    assert got.startswith(b"HTTP/1.1 429"), got[:200]
    return json.loads(got.partition(b"\r\n\r\n")[2])


def test_a_connection_refused_for_its_address_is_told_in_the_language_it_asks_for(tmp_path):
    import socket

    words = {"ru": "адреса", "en": "address"}

    def ask(path="/healthz", *headers):
        return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "".join(
            f"{h}\r\n" for h in headers) + "Connection: close\r\n\r\n")

    default, other = "ru", "en"
    port, server, thread = _serve_bounded(tmp_path, default)
    held = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
    try:
        time.sleep(0.3)
        asked = {
            "nothing asked": (ask(), default),
            "Accept-Language": (ask("/healthz", f"Accept-Language: {other};q=0.9, de;q=0.5"),
                                other),
            "?lang=": (ask(f"/?lang={other}", f"Accept-Language: {default}"), other),
            "cookie": (ask("/", f"Cookie: a=b; settlers_lang={other}",
                           f"Accept-Language: {default}"), other),
            "a language the server has not": (ask("/?lang=de", "Accept-Language: de"),
                                              default),
            "no head at all (after a wait)": ("", default),
        }
        for why, (head, lang) in asked.items():
            refusal = _refused(port, head)
            assert refusal["code"] == "too_many_connections", why
            assert words[lang] in refusal["message"], (why, refusal["message"])
    finally:
        for s in held:
            s.close()
        server.should_exit = True
        thread.join(10)
    # the operator fixed the site's language (SETTLERS_DEFAULT_LANG): Accept-Language is not
    # read, ?lang= and the cookie are (as by the application: lang_choice.choose_lang)
    from settlers.web.lang_choice import head_lang

    assert head_lang(ask("/", "Accept-Language: en").encode(), False, "ru") == "ru"
    assert head_lang(ask("/?lang=en").encode(), False, "ru") == "en"
    assert head_lang(ask("/", "Cookie: settlers_lang=en").encode(), False, "ru") == "en"
    assert head_lang(b"\x00garbage", True, "en") == "en"


# ------------------------------------------------------------------ 4. bounds of every process

def test_an_address_s_seats_and_games_an_hour_are_counted_for_every_process(tmp_path):
    """Two processes of the server on one database (two apps here): an address's open
    seats taken and games made this hour (and sets uploaded: the same code) are counted
    together — with ``--workers N`` it had N times its bound. (The store's part on
    PostgreSQL: the next test.)"""
    bound = {"seats_per_address_per_hour": 3, "games_per_address_per_hour": 5}
    with running(make_settings(tmp_path, **bound)) as a, \
            running(make_settings(tmp_path, **bound)) as b:
        made = []
        for client in (a, b, a, b, a):   # 5 games of the 5 an hour, through both
            r = client.post("/api/games", json={"game": "sample", "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]})
            assert r.status_code == 200, r.text
            made.append(r.json()["id"])
        for client in (a, b):   # the old server: each process had 5 of its own
            r = client.post("/api/games?lang=en", json={"game": "sample", "seats": [
                {"kind": "human"}, {"kind": "human"}]})
            assert r.status_code == 429 and r.json()["code"] == "too_many_games_here"
        taken = [(a, b, a, b)[i].post(f"/api/games/{gid}/seats/1/take?lang=ru")
                 for i, gid in enumerate(made[:4])]
        assert [r.status_code for r in taken] == [200, 200, 200, 429]
        assert taken[-1].json()["code"] == "too_many_seats_here"
        assert b.post(f"/api/games/{made[4]}/seats/1/take").status_code == 429
        # the seats refused are still open
        lobby = {g["id"]: g for g in a.get("/api/games").json()["games"]}
        assert [lobby[g]["seats"][1]["free"] for g in made] == [False] * 3 + [True] * 2


def test_two_processes_taking_an_address_s_last_allowance_at_once_get_one(tmp_path, db_url):
    """The store takes a token in one statement under the row's lock: of many takers at
    once (threads, each with a connection of its own), exactly the bucket's worth get one."""
    from concurrent.futures import ThreadPoolExecutor

    from settlers.web.storage import Store

    stores = [Store(db_url) for _ in range(4)]
    try:
        stores[0].migrate()
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda i: stores[i % 4].take_allowance("seats", "10.0.0.7", 5),
                                range(40)))
        assert sum(got) == 5
        assert stores[1].take_allowance("seats", "10.0.0.8", 5)   # another address: its own
        # an hour later the bucket is full again (one every 720 s meanwhile)
        assert stores[2].allowances.take("seats", "10.0.0.7", 5, now=time.time() + 3600)
    finally:
        for store in stores:
            store.close()
