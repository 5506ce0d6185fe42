"""Durable games: migrations, restart from the stored log, and a kill -9 that loses nothing."""

from __future__ import annotations

import signal
import subprocess
import time

import httpx
import pytest
from sqlalchemy import create_engine
from web_helpers import act, make_settings, new_game, running, state

import settlers
from settlers.testing.web_server import free_port, start_server
from settlers.web.storage import GameRecord, SeatRecord, StaleVersion, Store


def test_migrations_are_idempotent_and_match_the_schema(tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from settlers.web.storage.tables import metadata

    url = f"sqlite:///{tmp_path / 'm.db'}"
    store = Store(url)
    store.migrate()
    store.migrate()
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
        mode = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
    assert diff == []
    assert mode == "wal"
    store.close()


def test_an_action_index_is_stored_once(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    store.migrate()
    store.create_game(GameRecord(id="g", game="sample", players=2, seed=1, options={},
                                 seats=[SeatRecord(0, "human", "A"), SeatRecord(1, "bot", "B",
                                                                                bot="random")]))
    store.append_action("g", 0, 0, {"type": "bid", "card": 3}, "running")
    with pytest.raises(StaleVersion):
        store.append_action("g", 0, 1, {"type": "bid", "card": 4}, "running")
    with pytest.raises(StaleVersion):
        store.append_action("g", 2, 1, {"type": "bid", "card": 4}, "running")
    assert store.load_log("g") == [(0, {"type": "bid", "card": 3})]
    assert store.load_game("g").version == 1
    store.close()


def test_postgresql_store(db_url):  # pragma: no cover - needs a server
    # a fresh database of its own (the db_url fixture), not the shared one of
    # SETTLERS_TEST_PG_URL: there the id "pg<unix second>" met another run's in the same
    # second (two runs against one server), and every run left its game behind
    if not db_url.startswith("postgresql"):
        pytest.skip("the PostgreSQL store (SQLite's: test_an_action_index_is_stored_once)")
    store = Store(db_url)
    store.migrate()
    gid = "pg"
    store.create_game(GameRecord(id=gid, game="sample", players=2, seed=1, options={},
                                 seats=[SeatRecord(0, "human", "A"), SeatRecord(1, "human", "B")]))
    store.append_action(gid, 0, 0, {"type": "bid", "card": 3}, "running")
    with pytest.raises(StaleVersion):
        store.append_action(gid, 0, 0, {"type": "bid", "card": 3}, "running")
    assert store.load_log(gid) == [(0, {"type": "bid", "card": 3})]
    store.close()


def test_restart_rebuilds_every_game_from_its_log(tmp_path, db_url):
    settings = make_settings(tmp_path, db_url=db_url)
    with running(settings) as client:
        gid, tokens = new_game(client, seats=("human", "human"))
        for _ in range(3):
            for seat in (0, 1):
                msg = state(client, gid, tokens[seat])
                if msg["actions"]:
                    assert act(client, gid, tokens[seat], msg["version"],
                               msg["actions"][-1]["action"]).status_code == 200
        before = client.app.state.hub.rooms[gid].state
        digest, version = before.digest(), before.version
    assert version >= 4
    with running(settings) as client:
        after = client.app.state.hub.rooms[gid].state  # loaded at start-up (unfinished)
        assert after.version == version and after.digest() == digest
        msg = state(client, gid, tokens[0])
        assert msg["version"] == version


def test_a_broken_log_does_not_take_the_server_down(tmp_path):
    settings = make_settings(tmp_path)
    with running(settings) as client:
        gid, _ = new_game(client, seats=("human", "human"))
        good, _ = new_game(client, seats=("human", "human"))
    engine = create_engine(settings.db_url)
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO actions (game_id, idx, seat, action, created_at) "
            "VALUES (?, 0, 0, '{\"type\": \"bid\", \"card\": 999}', '2026-01-01')", (gid,))
        conn.exec_driver_sql("UPDATE games SET version = 1 WHERE id = ?", (gid,))
    engine.dispose()
    with running(settings) as client:
        r = client.get(f"/api/games/{gid}")
        assert r.status_code == 410  # gone: stored, but it no longer replays
        assert "больше не воспроизводятся" in r.json()["message"]  # (ru: the default)
        assert client.get(f"/api/games/{good}").status_code == 200
        statuses = {g["id"]: g["status"] for g in client.get("/api/games").json()["games"]}
        assert statuses[gid] == "broken"
        assert client.get("/api/games/nosuchgame").status_code == 404


@pytest.mark.parametrize(("stored", "words"), [
    ("1999-01-01", ["made under the rules of 1999-01-01", "rules of 1", "начата по правилам от "
                                                                          "1999-01-01"]),
    (None, ["before the rules had versions", "ещё не было версий"]),
])
def test_a_game_that_no_longer_replays_under_new_rules_says_so(tmp_path, stored, words):
    """A server upgraded to rules under which a stored game's moves replay differently: its
    page and its API say the game was made under other rules (both labels), not «no such
    game»; the label is stored when a game is made."""
    settings = make_settings(tmp_path)
    with running(settings) as client:
        gid, _ = new_game(client, seats=("human", "human"))
    engine = create_engine(settings.db_url)
    with engine.begin() as conn:
        assert conn.exec_driver_sql("SELECT rules FROM games WHERE id = ?",
                                    (gid,)).scalar() == "1"  # the sample game's label
        conn.exec_driver_sql(
            "INSERT INTO actions (game_id, idx, seat, action, created_at) "
            "VALUES (?, 0, 0, '{\"type\": \"bid\", \"card\": 999}', '2026-01-01')", (gid,))
        conn.exec_driver_sql("UPDATE games SET version = 1, rules = ? WHERE id = ?",
                             (stored, gid))
    engine.dispose()
    with running(settings) as client:
        r = client.get(f"/api/games/{gid}")
        assert r.status_code == 410
        assert words[-1] in r.json()["message"]
        page_ru = client.get(f"/games/{gid}").text
        client.cookies.set("settlers_lang", "en")
        page_en = client.get(f"/games/{gid}").text
        assert words[0] in page_en and words[-1] in page_ru
        if stored:
            assert words[1] in page_en


# ----------------------------------------------------------------------- kill -9
def _start(db_url: str, port: int) -> subprocess.Popen:
    return start_server(port, db_url, ["--bot-delay", "0.02", "--bot-workers", "1"])


def test_kill_9_and_restart_lose_nothing(tmp_path, db_url):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _start(db_url, port)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            # a long all-bot game that is surely mid-way when the server dies
            bots = http.post("/api/games", json={"game": "catan", "seed": 5, "seats": [
                {"kind": "bot", "bot": "random"}] * 4}).json()["id"]
            # and a game with a human whose every acknowledged move must survive
            made = http.post("/api/games", json={"game": "sample", "options": {
                "prizes": 10, "hand": 6}, "seats": [{"kind": "human"}, {"kind": "bot",
                                                                       "bot": "random"}]}).json()
            gid, token = made["id"], made["tokens"]["0"]
            acked = []
            while len(acked) < 4:
                for _ in range(100):  # the bot answers in the worker pool
                    msg = http.get(f"/api/games/{gid}", headers={"x-seat-token": token}).json()
                    if msg["actions"] or msg["over"]:
                        break
                    time.sleep(0.02)
                if msg["over"]:
                    break
                choice = msg["actions"][0]["action"]
                r = http.post(f"/api/games/{gid}/actions", headers={"x-seat-token": token},
                              json={"version": msg["version"], "action": choice})
                if r.status_code == 409:  # the bot's simultaneous bid came first: look again
                    continue
                assert r.status_code == 200, r.text
                acked.append((r.json()["version"] - 1, choice))  # where it was stored
            time.sleep(0.3)
            seen = http.get(f"/api/games/{bots}").json()["version"]
            assert seen > 0
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc = _start(db_url, port)
        with httpx.Client(base_url=base, timeout=10) as http:
            after = http.get(f"/api/games/{bots}").json()
            assert after["version"] >= seen and after["status"] != "broken"
            human = http.get(f"/api/games/{gid}", headers={"x-seat-token": token}).json()
            assert human["version"] >= acked[-1][0] + 1
            # the bots carry on after the restart
            deadline = time.monotonic() + 10
            while http.get(f"/api/games/{bots}").json()["version"] <= after["version"]:
                assert time.monotonic() < deadline, "bots did not resume"
                time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    store = Store(db_url)
    log = store.load_log(gid)
    for version, action in acked:
        assert log[version] == (0, action)
    rec = store.load_game(bots)
    replayed = settlers.load("catan").replay(4, 5, rec.options, store.load_log(bots))
    assert replayed.version == rec.version
    store.close()
