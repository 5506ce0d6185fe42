"""Live tables nobody touches end, and an address's live tables are bounded (the seventeenth
pass: docs/audits/2026-12-07-seventeenth-web-idle.md). A table nobody plays — a paused table
of bots only, a table whose person never moves — stayed live for ever, counted toward
``max_games`` and was loaded at every start: at the hourly allowance, 84 address-hours of
unopened tables filled ``max_games``."""

from __future__ import annotations

import datetime as dt
import re
import time
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import update
from web_helpers import make_settings, new_game, receive, running, state, until

from settlers.web.storage import GameRecord, SeatRecord, Store
from settlers.web.storage.tables import games

HOUR = 3600.0
DAY = 86400.0


def _settings(tmp_path, db_url, **more):
    values = {"db_url": db_url, "pause_unwatched_bots": True,
              "idle_bot_table_seconds": 6 * HOUR, "idle_table_seconds": 7 * DAY,
              "idle_sweep_seconds": 3600.0}   # (swept by the tests themselves)
    values.update(more)
    return make_settings(tmp_path, **values)


def _age(store, gid: str, seconds: float, seen: float | None = None) -> None:
    """The game was last moved ``seconds`` ago, and a page last seen open on it ``seen``
    seconds ago (as long ago as the move when not given)."""
    now = dt.datetime.now(dt.UTC)
    values = {"updated_at": now - dt.timedelta(seconds=seconds),
              "seen_at": now - dt.timedelta(seconds=seconds if seen is None else seen)}
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == gid).values(**values))


def _watched_bots(client, past: int = 4) -> str:
    """Catan with three random bots, watched until it is past ``past`` moves, then left
    (paused: nobody watches)."""
    gid, _ = new_game(client, game="catan", seats=("random",) * 3, seed=11)
    with client.websocket_connect(f"/ws/games/{gid}?lang=en") as ws:
        for _ in range(400):
            msg = receive(ws)
            if msg.get("type") == "state" and msg["version"] > past:
                break

    def settled() -> bool:   # (a bot's move already under way when the page left may land)
        version = state(client, gid)["version"]
        time.sleep(0.5)
        return state(client, gid)["version"] == version
    assert until(settled, 30)
    return gid


def _listed(client, status: str) -> dict:
    return {g["id"]: g for g in client.get(f"/api/games?status={status}").json()["games"]}


def test_an_untouched_table_is_stopped_with_its_scores_and_a_touched_one_is_not(tmp_path,
                                                                                 db_url):
    with running(_settings(tmp_path, db_url)) as client:
        hub = client.app.state.hub
        store = hub.store
        paused = _watched_bots(client)               # bots only, nobody opens it: 7 h
        scores = [float(x) for x in hub.rooms[paused].state.scores()]
        assert any(scores)   # (settlements placed)
        watched, _ = new_game(client, game="catan", seats=("random",) * 3, seed=12)
        fresh, _ = new_game(client, game="catan", seats=("random",) * 3, seed=13)
        seen, _ = new_game(client, game="catan", seats=("random",) * 3, seed=14)
        waiting, tokens = new_game(client)           # a person's table, unplayed 2 days
        gone, gone_tokens = new_game(client)         # ... and 8 days, not in memory here
        _age(store, paused, 7 * HOUR)
        _age(store, watched, 7 * HOUR)
        _age(store, fresh, 5 * HOUR)                 # under the bound
        _age(store, seen, 7 * HOUR, seen=HOUR)       # a page was open an hour ago
        _age(store, waiting, 2 * DAY)
        _age(store, gone, 8 * DAY)
        del hub.rooms[gone]
        with client.websocket_connect(f"/ws/games/{watched}?lang=en") as ws:
            receive(ws)
            stopped = client.portal.call(hub.sweep_idle)
        assert stopped == 2
        assert client.portal.call(hub.sweep_idle) == 0   # (nothing more, nothing twice)
        status = {g: store.load_game(g).status for g in (paused, watched, fresh, seen,
                                                         waiting, gone)}
        assert status == {paused: "stopped", watched: "running", fresh: "running",
                          seen: "running", waiting: "open", gone: "stopped"}
        # stopped with its scores where it stood, shown as a stopped game's
        assert store.load_game(paused).scores == scores
        assert until(lambda: store.load_game(gone).scores == [0.0, 0.0])   # (replayed)
        listed = _listed(client, "stopped")
        assert listed[paused]["scores"] == scores and gone in listed
        assert paused not in _listed(client, "running")
        assert listed[paused]["stops_untouched_after"] is None
        assert _listed(client, "open")[waiting]["stops_untouched_after"] == 7 * DAY
        lobby = client.get("/?lang=en").text
        stopped_list = re.search(r'data-status="stopped">(.*?)</ul>', lobby, re.S)
        assert stopped_list and paused in stopped_list.group(1)
        # viewable and replayable; no more moves, said why
        assert state(client, paused)["status"] == "stopped"
        assert client.get(f"/api/games/{paused}/timeline?lang=en").json()["final"] == scores
        view = state(client, gone, gone_tokens[0])
        assert view["status"] == "stopped" and not view["actions"]
        move = state(client, waiting, tokens[0])["actions"][0]["action"]
        _age(store, waiting, 8 * DAY)
        assert client.portal.call(hub.sweep_idle) == 1
        for lang, words in (("en", "nobody had moved"), ("ru", "долго никто не ходил")):
            r = client.post(f"/api/games/{waiting}/actions?lang={lang}",
                            headers={"x-seat-token": tokens[0]},
                            json={"version": 0, "action": move})
            assert r.status_code == 409 and words in r.json()["message"], r.text
        assert hub.idle_stopped == 3


def test_two_processes_sweeping_at_once_stop_a_table_once(tmp_path, db_url):
    """The stop is one conditional UPDATE: of many sweepers at once (threads, each with a
    connection of its own), one stops each table; a table moved since it was read is not
    stopped."""
    stores = [Store(db_url) for _ in range(4)]
    try:
        stores[0].migrate()
        ids = [f"g{i}" for i in range(6)]
        for gid in ids:
            stores[0].create_game(GameRecord(gid, "sample", 2, 1, {}, status="running",
                                             seats=[SeatRecord(0, "bot", "a", bot="random"),
                                                    SeatRecord(1, "bot", "b", bot="random")]))
            _age(stores[0], gid, 2 * HOUR)
        now = dt.datetime.now(dt.UTC)
        cut = now - dt.timedelta(hours=1)
        read = stores[1].untouched_games(cut, None, 100)
        assert sorted(g for g, _, _ in read) == ids
        stores[0].append_action("g0", 0, 0, {"type": "x"}, "running")   # moved since read
        stores[3].touch(["g1"])                                          # a page opened
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda i: (ids[i % 6], stores[i % 4].stop_untouched(
                ids[i % 6], 0, cut, None, [1.0, 2.0])), range(48)))
        won = sorted(g for g, ok in got if ok)
        assert won == ids[2:]   # each once; the moved and the seen ones not
        assert stores[2].load_game("g0").status == "running"
        assert stores[2].load_game("g3").status == "stopped"
        assert stores[2].load_game("g3").scores == [1.0, 2.0]
        assert stores[0].untouched_games(cut, None, 100) == []
        # a move decided before the stop is refused after it (never made live again)
        try:
            stores[1].append_action("g3", 0, 0, {"type": "x"}, "running")
        except Exception as exc:   # StaleVersion
            assert type(exc).__name__ == "StaleVersion"
        else:
            raise AssertionError("a move was stored on a stopped game")
        assert stores[2].load_game("g3").status == "stopped"
    finally:
        for store in stores:
            store.close()


def test_a_table_another_process_stops_is_stopped_where_it_is_loaded(tmp_path, pg_url):
    """Two processes on one PostgreSQL database: the table is in the memory of the one that
    made it; the other's sweep stops it (with scores, by replay) and the first hears of it:
    its room ends too, and its own sweep finds nothing to stop."""
    a_settings = _settings(tmp_path / "a", pg_url, owner_sweep_seconds=0.3)
    b_settings = _settings(tmp_path / "b", pg_url, owner_sweep_seconds=0.3)
    with running(a_settings) as a, running(b_settings) as b:
        gid = _watched_bots(a)
        scores = [float(x) for x in a.app.state.hub.rooms[gid].state.scores()]
        b.app.state.hub.rooms.pop(gid, None)
        _age(a.app.state.hub.store, gid, 7 * HOUR)
        assert b.portal.call(b.app.state.hub.sweep_idle) == 1
        room = a.app.state.hub.rooms[gid]
        assert until(lambda: room.ended)
        assert room.rec.scores == scores
        assert a.portal.call(a.app.state.hub.sweep_idle) == 0
        assert until(lambda: a.app.state.hub.store.load_game(gid).scores == scores)


def test_an_address_s_live_tables_are_bounded_for_every_process(tmp_path, db_url):
    """Two processes of the server on one database (two apps): an address may have 20 live
    tables, counted together; the 21st is refused (in the asker's language) until one
    ends."""
    bound = {"live_games_per_address": 20}
    with running(_settings(tmp_path, db_url, **bound)) as a, \
            running(_settings(tmp_path, db_url, **bound)) as b:
        made = []
        for i in range(20):
            r = (a, b)[i % 2].post("/api/games", json={"game": "sample", "seats": [
                {"kind": "human"}, {"kind": "human"}]})
            assert r.status_code == 200, r.text
            made.append(r.json()["id"])
        for client, lang, words in ((a, "en", "unfinished games"),
                                    (b, "ru", "незавершённых партий")):
            r = client.post(f"/api/games?lang={lang}", json={"game": "sample", "seats": [
                {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
            assert r.status_code == 429 and r.json()["code"] == "too_many_live_games_here"
            assert words in r.json()["message"] and "20" in r.json()["message"]
        page = b.post("/games?lang=ru", data={"game": "sample", "players": "2"})
        assert page.status_code == 429 and "незавершённых партий" in page.text
        assert a.app.state.hub.store.count_games(("open", "running")) == 20
        # one ends (nobody touched it for 8 days): one more may be made
        _age(a.app.state.hub.store, made[0], 8 * DAY)
        assert b.portal.call(b.app.state.hub.sweep_idle) == 1
        r = a.post("/api/games", json={"game": "sample", "seats": [
            {"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 200, r.text
        assert b.post("/api/games", json={"game": "sample", "seats": [
            {"kind": "human"}, {"kind": "human"}]}).status_code == 429


def test_creators_racing_for_an_address_s_last_live_tables_get_the_bound(tmp_path, db_url):
    """The insert and the count are one transaction (PostgreSQL: under the address's lock):
    of many creators at once, each with a connection of its own, the bound's worth get
    a table."""
    stores = [Store(db_url) for _ in range(4)]
    try:
        stores[0].migrate()

        def make(i: int) -> bool:
            rec = GameRecord(f"r{i}", "sample", 2, 1, {}, status="open",
                             seats=[SeatRecord(0, "human", "a"), SeatRecord(1, "human", "b")])
            try:
                stores[i % 4].create_game(rec, creator_key="k" * 32, live_limit=5)
            except Exception as exc:
                assert type(exc).__name__ == "TooManyLive", exc
                return False
            return True

        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(make, range(32)))
        assert sum(got) == 5
        assert stores[1].count_games(("open", "running")) == 5
        stores[2].create_game(GameRecord("other", "sample", 2, 1, {}, status="open"),
                              creator_key="j" * 32, live_limit=5)   # another address
    finally:
        for store in stores:
            store.close()


def test_the_lobby_says_when_a_paused_table_is_stopped(tmp_path, db_url):
    """The lobby promised «откройте стол, и боты продолжат» — and the table is stopped
    after hours nobody opened it: the lobby and the table's page say so (ru and en); with
    the bound off, as before."""
    with running(_settings(tmp_path, db_url)) as client:
        gid, _ = new_game(client, game="catan", seats=("random",) * 3, seed=5)
        for lang, words in (("ru", "Если стол никто не откроет 6 ч, партия будет остановлена"),
                            ("en", "If nobody opens it for 6 h, the game is stopped")):
            item = re.search(rf'<li data-game-id="{gid}">(.*?)</li>',
                             client.get(f"/?lang={lang}").text, re.S)
            assert item and words in item.group(1), lang
        page = client.get(f"/games/{gid}?lang=en").text   # (the table's own page too)
        assert "If nobody opens it for 6 h, the game is stopped" in page
    with running(_settings(tmp_path, db_url, idle_bot_table_seconds=0)) as client:
        item = re.search(rf'<li data-game-id="{gid}">(.*?)</li>',
                         client.get("/?lang=ru").text, re.S)
        assert item and "боты продолжат игру" in item.group(1)
        assert "остановлена" not in item.group(1)
