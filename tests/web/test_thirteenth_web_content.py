"""Thirteenth pass: the uploaded sets kept on disk and in the database stay within bounds.

- A stored game's set put back from the database (settlers.web.stored_content.put_back) makes
  room as an upload does, under the same lock, and is refused while every kept set is needed:
  an option never holds more than ``max_uploads`` (it used to be put back past the bound).
- The database's copies (table ``content_sets``) have a total bound,
  ``max_kept_content_bytes``: rows no stored game names are removed, and past the bound new
  uploads (and games that would add a set) are refused in words; stored games still replay."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from web_helpers import CARDS as GOOD
from web_helpers import kept_card_uploads as _kept
from web_helpers import make_settings, new_game, running, state, until
from web_helpers import upload_cards as _upload

pytestmark = pytest.mark.usefixtures("content_dir")  # (uploads land in a fresh folder)


def _age(content_dir: Path, name: str, seconds: float = 10_000) -> None:
    then = time.time() - seconds
    os.utime(content_dir / "imperial" / "cards" / name, (then, then))


def test_a_set_put_back_never_holds_the_option_over_its_bound(tmp_path, db_url, content_dir):
    settings = make_settings(tmp_path, db_url=db_url, max_uploads=1, upload_keep_seconds=600)
    with running(settings) as client:
        hub = client.app.state.hub
        a = _upload(client, 1)
        gid, _tokens = new_game(client, game="imperial", seats=("human", "human"),
                                options={"cards": a})
        before = state(client, gid)
        del hub.rooms[gid]
        # the set left the disk (a new machine, an operator's hand); another upload, fresh,
        # now holds the option's only place
        shutil.rmtree(content_dir / "imperial" / "cards" / a)
        b = _upload(client, 2)
        assert _kept() == {b}
        # opening the game needs A back, and B may not go yet (uploaded just now): refused
        # for now, in words, and the option still holds one set (the old code: A put back
        # past the bound, two sets)
        r = client.get(f"/api/games/{gid}?lang=en")
        assert _kept() == {b}, _kept()
        assert r.status_code == 503, r.text
        assert r.json()["code"] == "too_many_uploads"
        assert "put back" in r.json()["message"]
        ru = client.get(f"/api/games/{gid}?lang=ru").json()["message"]
        assert "вернуть на сервер" in ru
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as ws:
            assert ws.receive_json()["code"] == "too_many_uploads"
        assert hub.store.load_game(gid).status != "broken"
        # a refused load leaves nothing behind (on PostgreSQL the owner sweep tries the live
        # game every 2 s, and is refused the same way)
        assert until(lambda: gid not in hub.loading)
        # once B may go (its keep time passed), the game opens as it was, A in B's place
        _age(content_dir, b)
        assert state(client, gid) == before
        assert _kept() == {a}


# ----------------------------------------------------------------- the database's total bound

def _rows(store) -> list[str]:
    with store.engine.connect() as conn:
        return sorted(r[0] for r in conn.exec_driver_sql("SELECT name FROM content_sets"))


def _count_games(store) -> int:
    with store.engine.connect() as conn:
        return conn.exec_driver_sql("SELECT count(*) FROM games").scalar_one()


def test_the_sets_kept_in_the_database_have_a_total_bound(tmp_path, db_url):
    one = len(GOOD) + 1
    settings = make_settings(tmp_path, db_url=db_url, max_kept_content_bytes=one * 3 // 2)
    with running(settings) as client:
        hub = client.app.state.hub
        store = hub.store
        a, b = _upload(client, 1), _upload(client, 2)   # (nothing kept in the database yet)
        gid, _ = new_game(client, game="imperial", seats=("human", "human"),
                          options={"cards": a})
        assert _rows(store) == [a]
        # a game with B would pass the bound: refused in words, nothing stored
        games = _count_games(store)
        r = client.post("/api/games?lang=en", json={
            "game": "imperial", "options": {"cards": b},
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 507, r.text
        assert r.json()["code"] == "content_store_full"
        assert "full" in r.json()["message"] and _count_games(store) == games
        # so is a new upload (the old code: kept, and the game stored, without bound)
        r = client.post("/api/content/imperial/cards?lang=ru", content=GOOD + b"\n" * 3)
        assert r.status_code == 507 and "заполнено" in r.json()["message"], r.text
        # a set kept already is played with still, and the stored game replays
        new_game(client, game="imperial", seats=("human", "human"), options={"cards": a})
        before = state(client, gid)
        del hub.rooms[gid]
        assert state(client, gid) == before and _rows(store) == [a]
        # once no stored game names A (an operator deleted its games), its row goes and
        # there is room again
        with store.engine.begin() as conn:
            conn.exec_driver_sql("DELETE FROM games")
        hub.rooms.clear()
        new_game(client, game="imperial", seats=("human", "human"), options={"cards": b})
        assert _rows(store) == [b]


def test_games_written_at_once_never_pass_the_bound_together(tmp_path, db_url):
    from concurrent.futures import ThreadPoolExecutor

    from settlers.web.storage import GameRecord, KeptSetsFull, SeatRecord, Store
    from settlers.web.stored_content import StoredSet, pack

    store = Store(db_url)
    store.migrate()
    try:
        def write(i: int) -> bool:
            files = {"cards.json": GOOD + b"\n" * i}
            rec = GameRecord(id=f"g{i}", game="imperial", players=2, seed=1,
                             options={"cards": f"upload-{i:016x}"},
                             seats=[SeatRecord(0, "human", ""), SeatRecord(1, "human", "")])
            try:
                store.create_game(rec, [StoredSet("imperial", "cards", f"upload-{i:016x}",
                                                  pack(files), 1000)], content_limit=2500)
            except KeptSetsFull:
                return False
            return True

        with ThreadPoolExecutor(6) as pool:
            made = list(pool.map(write, range(6)))
        assert made.count(True) == 2, made
        assert store.kept_content_bytes() == 2000 and len(_rows(store)) == 2
        assert _count_games(store) == 2
        # nothing unnamed to remove; a game deleted by hand frees its set's row
        assert store.prune_content() == 0
        with store.engine.begin() as conn:
            conn.exec_driver_sql(f"DELETE FROM games WHERE id = 'g{made.index(True)}'")
        assert store.prune_content() == 1 and len(_rows(store)) == 1
    finally:
        store.close()


def test_sets_no_stored_game_names_are_removed_at_start(tmp_path, db_url):
    settings = make_settings(tmp_path, db_url=db_url)
    with running(settings) as client:
        a = _upload(client, 1)
        new_game(client, game="imperial", seats=("human", "human"), options={"cards": a})
        store = client.app.state.hub.store
        with store.engine.begin() as conn:
            conn.exec_driver_sql("DELETE FROM games")
        assert _rows(store) == [a]
    with running(settings) as client:
        assert _rows(client.app.state.hub.store) == []
