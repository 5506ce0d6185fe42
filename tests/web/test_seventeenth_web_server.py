"""The seventeenth server pass (docs/audits/2026-12-07-seventeenth-web-server.md): every game
stored stopped without scores is given them at start, without being opened; the hostile
input review of the sixteenth pass's additions (the per-address allowances' table, the
refused connection's wait for its head, its language)."""

from __future__ import annotations

import re
import threading
import time

from sqlalchemy import func, select, update
from web_helpers import HEALTH, make_settings, new_game, running, state, until

from settlers.web.storage import GameRecord, Store
from settlers.web.storage.tables import games

CAP = 14   # the stopped games' bound (the server's default is 30 000)


def _item(html: str, gid: str) -> str:
    got = re.search(rf'<li data-game-id="{gid}">(.*?)</li>', html, re.S)
    return got.group(1) if got else ""


# ------------------------------------------------------------------ 1. stopped games' scores

def test_games_stopped_without_scores_are_given_them_at_start_unopened(tmp_path, db_url):
    """A game stored stopped before its scores were kept (the sixteenth pass's code kept
    them; the fifteenth's did not): after a restart the lobby and the API show its scores
    though nobody opened it."""
    settings = make_settings(tmp_path, db_url=db_url, max_game_actions=CAP)
    with running(settings) as client:
        hub = client.app.state.hub
        gid, _ = new_game(client, game="catan", seats=("random",) * 3, seed=7)
        assert until(lambda: state(client, gid)["status"] == "stopped", 60)
        scores = [float(x) for x in hub.rooms[gid].state.scores()]
        assert any(scores)
        with hub.store.engine.begin() as conn:   # stored as the fifteenth pass's code did
            conn.execute(update(games).where(games.c.id == gid).values(scores=None))
    with running(settings) as client:
        hub = client.app.state.hub

        def listed() -> list | None:
            return {g["id"]: g["scores"] for g in
                    client.get("/api/games?status=stopped").json()["games"]}.get(gid)

        assert until(lambda: listed() == scores, 20)   # old code: None until opened
        assert gid not in hub.rooms   # (never loaded: nobody opened it)
        assert hub.store.load_game(gid).scores == scores
        line = " : ".join(f"{x:g}" for x in scores)
        for lang in ("en", "ru"):
            assert line in _item(client.get(f"/?lang={lang}").text, gid)
        assert until(lambda: hub.backfill_task.done(), 10)
        assert client.get("/healthz", headers=HEALTH).json()["stopped_games_scored"] == 1
        # given once: nothing is left for the next start
        assert client.portal.call(hub.score_stopped_games) == 0


def test_a_stopped_game_that_no_longer_replays_is_marked_broken_not_retried(tmp_path):
    settings = make_settings(tmp_path, max_game_actions=CAP)
    with running(settings) as client:
        hub = client.app.state.hub
        gid, _ = new_game(client, game="catan", seats=("random",) * 3, seed=7)
        assert until(lambda: state(client, gid)["status"] == "stopped", 60)
        with hub.store.engine.begin() as conn:   # a log the rules no longer replay
            conn.execute(update(games).where(games.c.id == gid)
                         .values(scores=None, seed=hub.store.load_game(gid).seed + 1))
    with running(settings) as client:
        hub = client.app.state.hub
        # old code: stopped, without scores, until opened
        assert until(lambda: hub.store.load_game(gid).status == "broken", 20)
        assert hub.store.load_game(gid).scores is None
        assert gid not in hub.rooms
        assert client.get(f"/api/games/{gid}").status_code == 410


def test_two_processes_giving_one_stopped_game_its_scores_replay_it_once(tmp_path, pg_url):
    """Two processes at start, on one PostgreSQL database, reach the same stopped game:
    one replays it and saves its scores, the other passes it by."""
    stores = [Store(pg_url) for _ in range(2)]
    try:
        stores[0].migrate()
        stores[0].create_game(GameRecord(id="5e0f00000001", game="catan", players=3, seed=1,
                                         options={}, status="stopped"))
        calls: list[int] = []
        started = threading.Barrier(2)

        def compute(rec, stored):
            calls.append(rec.players)
            time.sleep(0.4)   # (a replay: the other process asks meanwhile)
            return [1.0, 2.0, 3.0]

        results: list[str] = []

        def run(store):
            started.wait()
            results.append(store.score_stopped("5e0f00000001", compute))

        threads = [threading.Thread(target=run, args=(s,)) for s in stores]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(results) == ["busy", "saved"] and calls == [3]
        assert stores[1].load_game("5e0f00000001").scores == [1.0, 2.0, 3.0]
        # once given, never again (nor by the SQL that lists what is left)
        assert stores[1].score_stopped("5e0f00000001", compute) == "done"
        assert stores[1].unscored_stopped("", 10) == [] and calls == [3]
        with stores[0].engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(games)).scalar_one() == 1
    finally:
        for s in stores:
            s.close()


# ------------------------------------------------------------------ 2. hostile input

def test_the_allowances_table_keeps_at_most_its_bound_of_rows(tmp_path, db_url, monkeypatch):
    """One client with many addresses (a /48 holds 65 536 /64) made a row with every
    request, kept an hour: millions. Past ``MAX_ROWS`` the least recently used go."""
    from settlers.web.storage import allowances

    monkeypatch.setattr(allowances, "MAX_ROWS", 20, raising=False)
    monkeypatch.setattr(allowances, "PRUNE_EVERY", 8)
    store = Store(db_url, "NORMAL")
    try:
        store.migrate()
        now = 1_000_000.0
        for i in range(80):   # 80 addresses, a take each, a second apart
            assert store.allowances.take("games", f"2001:db8:{i:x}::/64", 2, now + i)
        with store.engine.connect() as conn:
            table = allowances.address_allowances
            rows = conn.execute(select(func.count()).select_from(table)).scalar_one()
            kept = set(conn.execute(select(table.c.address)).scalars())
        assert rows <= 20 + 8   # old code: 80 (an hour would pass before any went)
        assert "2001:db8:4f::/64" in kept   # the newest stays: its address has 1 left
        assert store.allowances.take("games", "2001:db8:4f::/64", 2, now + 80)
        assert not store.allowances.take("games", "2001:db8:4f::/64", 2, now + 80)
    finally:
        store.close()


def _request_lang_of(head: bytes, accept_language: bool, default: str) -> str:
    """The language the application answers the request of ``head`` in (parsed by h11,
    as uvicorn does; then Starlette's Request, as every route reads it)."""
    from types import SimpleNamespace

    import h11
    from starlette.requests import Request

    from settlers.web.server import request_lang

    conn = h11.Connection(h11.SERVER)
    conn.receive_data(head)
    event = conn.next_event()
    assert isinstance(event, h11.Request), head
    path, _, query = event.target.partition(b"?")
    settings = SimpleNamespace(accept_language=accept_language, default_lang=default)
    return request_lang(Request({
        "type": "http", "method": event.method.decode(), "path": path.decode(),
        "query_string": query, "headers": list(event.headers),
        "app": SimpleNamespace(state=SimpleNamespace(settings=settings))}))


def test_a_refused_connection_s_head_is_read_as_the_application_reads_its_request():
    """Odd heads: the refusal below the application (head_lang) chooses the language the
    application would (request_lang)."""
    from settlers.web.lang_choice import head_lang

    heads = {
        # a quoted cookie (Starlette unquotes it): en; old code: ru
        b'GET / HTTP/1.1\r\nHost: x\r\nCookie: settlers_lang="en"\r\n\r\n': "en",
        # a body that looks like headers is no header: ru; old code: en
        b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Length: 45\r\n\r\n"
        b"Cookie: settlers_lang=en\r\nAccept-Language: en": "ru",
        # lines ending in a bare LF (uvicorn's h11 protocol takes them): en; old code: ru
        b"GET / HTTP/1.1\nHost: x\nAccept-Language: en\n\n": "en",
        # a later Cookie header's empty value is the one read: ru; old code: en
        b"GET / HTTP/1.1\r\nHost: x\r\nCookie: settlers_lang=en\r\n"
        b"Cookie: settlers_lang=\r\n\r\n": "ru",
        # as before
        b"GET /?lang=de&lang=en HTTP/1.1\r\nHost: x\r\n\r\n": "en",
        b"GET /?lang=en&lang=de HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n": "en",
        b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: de\r\nAccept-Language: en\r\n\r\n":
            "ru",
        b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: en;q=2, ru;q=0.001\r\n\r\n": "ru",
        b"GET / HTTP/1.1\r\nHost: x\r\nCookie: settlers_lang=en; settlers_lang=xx\r\n\r\n":
            "ru",
    }
    for head, lang in heads.items():
        assert _request_lang_of(head, True, "ru") == lang, head
        assert head_lang(head, True, "ru") == lang, head


def test_refused_connections_held_at_once_are_bounded_in_a_process(tmp_path, monkeypatch):
    """A refused connection is not one of its address's open ones: each waited up to a
    second for its head and two more to be read, so one address opening thousands a
    second held thousands of sockets. Past ``MAX_HELD_REFUSALS`` held, the refusal is said
    at once (in the server's language) and the connection closed."""
    import socket

    from test_sixteenth_web_server import _serve_bounded

    from settlers.web import quiet_connections

    monkeypatch.setattr(quiet_connections, "MAX_HELD_REFUSALS", 2, raising=False)
    port, server, thread = _serve_bounded(tmp_path, "ru")
    opened: list[socket.socket] = []
    try:
        opened += [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        time.sleep(0.2)
        # two refused connections that send nothing: held for their head
        opened += [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        time.sleep(0.2)
        if hasattr(quiet_connections, "held_refusals"):
            assert quiet_connections.held_refusals[0] == 2
        # a third: answered at once (old code: after the second, like the others)
        flood = socket.create_connection(("127.0.0.1", port), timeout=0.5)
        opened.append(flood)
        started = time.monotonic()
        got = flood.recv(65_536)
        assert got.startswith(b"HTTP/1.1 429"), got[:100]
        assert "адреса" in got.partition(b"\r\n\r\n")[2].decode()
        assert time.monotonic() - started < 0.5
        # the held ones are still answered, and counted out once they close
        held = opened[2]
        held.settimeout(3)
        assert held.recv(65_536).startswith(b"HTTP/1.1 429")
        for s in opened[2:]:
            s.close()
        assert until(lambda: quiet_connections.held_refusals[0] == 0, 5)
    finally:
        for s in opened:
            s.close()
        server.should_exit = True
        thread.join(10)


def test_a_yes_no_setting_s_unknown_word_is_refused_not_read_as_off(tmp_path, monkeypatch):
    """``SETTLERS_PAUSE_UNWATCHED_BOTS=enabled`` (or a typo) turned the pause off: any word
    but 1/true/yes/on was read as off. Now only 0/false/no/off are; anything else stops the
    server before it starts, said in the operator's language."""
    import pytest
    from typer.testing import CliRunner

    from settlers.cli import build_app
    from settlers.core import get_language, set_language
    from settlers.testing.web_server import free_port
    from settlers.web import Settings

    for word, on in (("on", True), (" Yes ", True), ("1", True), ("off", False),
                     ("No", False), ("0", False), ("false", False)):
        monkeypatch.setenv("SETTLERS_PAUSE_UNWATCHED_BOTS", word)
        assert Settings.from_env().pause_unwatched_bots is on, word
    for word in ("enabled", "ture", "y", ""):
        monkeypatch.setenv("SETTLERS_PAUSE_UNWATCHED_BOTS", word)
        with pytest.raises(ValueError, match="SETTLERS_PAUSE_UNWATCHED_BOTS"):
            Settings.from_env()   # old code: False, the pause off
    monkeypatch.setenv("SETTLERS_PAUSE_UNWATCHED_BOTS", "enabled")
    was = get_language()
    try:
        for lang, words in (("en", "is neither on nor off"), ("ru", "ни «да», ни «нет»")):
            set_language(lang)   # (the operator's: --lang, as settlers.cli.main sets it)
            result = CliRunner().invoke(build_app(), [
                "serve", "--db", f"sqlite:///{tmp_path / 'x.db'}",
                "--port", str(free_port())])
            assert result.exit_code == 2, result.output
            assert words in " ".join(result.output.split()), result.output
    finally:
        set_language(was)
