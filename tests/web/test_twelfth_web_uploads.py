"""Twelfth pass: a finished game replays after its uploaded set left the disk, and uploads
checked at the same moment never make an option hold more than ``max_uploads``.

The files of every uploaded set a stored game is made with are kept in the database with
the game (settlers.web.stored_content) and put back when the game is rebuilt; a set is put
in its place under the same lock as the room made for it (kept_uploads.place)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text
from web_helpers import CARDS as GOOD
from web_helpers import kept_card_uploads as _kept
from web_helpers import make_settings, new_game, running, state, wait_over
from web_helpers import upload_cards as _upload

from settlers.core import content_sets
from settlers.web import content
from settlers.web.content import install_upload
from settlers.web.kept_uploads import Keeping
from settlers.web.storage import Store
from settlers.web.stored_content import pack

pytestmark = pytest.mark.usefixtures("content_dir")  # (uploads land in a fresh folder)


def _finished_with(client, cards: str, seed: int) -> tuple[str, dict, list]:
    gid = new_game(client, game="imperial", seats=("random", "random"), seed=seed,
                   options={"cards": cards})[0]
    final = wait_over(client, gid, 240)
    steps = client.get(f"/api/games/{gid}/timeline?lang=en").json()
    return gid, final, steps


def test_a_finished_game_replays_after_its_upload_left_the_disk(tmp_path, db_url,
                                                                  content_dir):
    settings = make_settings(tmp_path, db_url=db_url, max_uploads=1, upload_keep_seconds=0)
    with running(settings) as client:
        hub = client.app.state.hub
        a = _upload(client, 1)
        gid, final, timeline = _finished_with(client, a, seed=3)
        record = client.get(f"/api/games/{gid}/record?lang=en").json()
        del hub.rooms[gid]   # out of memory (as with many games played since)
        b = _upload(client, 2)   # the only kept set: A (a finished game's only) makes room
        assert _kept() == {b}
        # the game replays from the database's copy of A: the same final state, timeline,
        # record and last step (the old code: 404/410 "cannot be rebuilt")
        again = client.get(f"/api/games/{gid}?lang=en")
        assert again.status_code == 200, again.text
        assert again.json() == final
        assert client.get(f"/api/games/{gid}/timeline?lang=en").json() == timeline
        assert client.get(f"/api/games/{gid}/record?lang=en").json() == record
        last = client.get(f"/api/games/{gid}/replay/{final['version']}?lang=en")
        assert last.status_code == 200 and last.json()["over"], last.text
        assert client.get(f"/games/{gid}/replay?lang=en").status_code == 200
        assert hub.store.load_game(gid).status == "finished"
        # put back once more after it went again, with the bound kept by the next upload
        del hub.rooms[gid]
        _upload(client, 3)
        assert a not in _kept() and len(_kept()) == 1
        assert state(client, gid) == final


def test_a_set_is_kept_once_in_the_database_however_many_games_use_it(tmp_path, db_url):
    settings = make_settings(tmp_path, db_url=db_url)
    with running(settings) as client:
        a = _upload(client, 1)
        for seed in (1, 2):
            new_game(client, game="imperial", seats=("random", "random"), seed=seed,
                     options={"cards": a})
        store: Store = client.app.state.hub.store
        with store.engine.connect() as conn:
            rows = conn.exec_driver_sql("SELECT game, content_option, name, size "
                                        "FROM content_sets").all()
        assert [tuple(r) for r in rows] == [("imperial", "cards", a, len(GOOD) + 1)]
        packed = store.kept_content("imperial", "cards", a)
        assert packed is not None and len(packed) < len(GOOD)   # compressed


def test_a_set_games_stored_before_name_is_kept_before_it_goes(tmp_path, content_dir):
    """A game stored before sets were kept with games: its set is saved when it makes room."""
    settings = make_settings(tmp_path, max_uploads=1, upload_keep_seconds=0)
    with running(settings) as client:
        hub = client.app.state.hub
        a = _upload(client, 1)
        gid, final, _ = _finished_with(client, a, seed=4)
        with hub.store.engine.begin() as conn:   # as an older server stored it
            conn.exec_driver_sql("DELETE FROM content_sets")
        del hub.rooms[gid]
        _upload(client, 2)
        assert a not in _kept()
        assert hub.store.kept_content("imperial", "cards", a) is not None
        assert state(client, gid) == final


def test_a_stored_set_that_is_not_the_data_it_names_is_not_put_back(tmp_path, content_dir):
    settings = make_settings(tmp_path, max_uploads=1, upload_keep_seconds=0)
    with running(settings) as client:
        hub = client.app.state.hub
        a = _upload(client, 1)
        gid, _final, _ = _finished_with(client, a, seed=5)
        del hub.rooms[gid]
        _upload(client, 2)
        with hub.store.engine.begin() as conn:
            conn.execute(text("UPDATE content_sets SET files = :f"),
                         {"f": pack({"data": GOOD + b"\n" * 7})})
        r = client.get(f"/api/games/{gid}?lang=en")
        assert r.status_code in (404, 410) and a not in _kept()


# ----------------------------------------------------------------- the bound under concurrency

def _slow_check(barrier: threading.Barrier):
    """A check that passes, once every upload in flight has been checked (so all of them make
    room at the same moment)."""
    def check(seconds, memory_mb):
        def run(game, option, path, shown_as):
            content_sets.validate(game, option, path, shown_as)
            barrier.wait(timeout=60)
        return run
    return check


def _slow_placing(monkeypatch) -> None:
    """A set reaches its place half a second after it is renamed (a slow disk): an upload
    that made room and has not yet put its set there is seen by the others."""
    rename = Path.rename

    def slow(self, target):
        if Path(target).name.startswith("upload-"):
            time.sleep(0.5)
        return rename(self, target)

    monkeypatch.setattr(Path, "rename", slow)


@pytest.mark.parametrize("at_once", [4])
def test_uploads_checked_at_the_same_moment_keep_the_bound(tmp_path, db_url, content_dir,
                                                           monkeypatch, at_once):
    store = Store(db_url)
    store.migrate()
    try:
        for n in range(3):   # three old ones, unused: room may be made
            name = install_upload("imperial", "cards", GOOD + b"\n" * n, 10**6, 3)
            then = time.time() - 1000 + n
            os.utime(content_dir / "imperial" / "cards" / name, (then, then))
        assert len(_kept()) == 3
        barrier = threading.Barrier(at_once)
        monkeypatch.setattr(content, "bounded_check", _slow_check(barrier))
        _slow_placing(monkeypatch)
        keeping = Keeping(3, 0.0, uses=store.upload_uses)
        most = [0]
        stop = threading.Event()

        def watch():
            while not stop.is_set():
                most[0] = max(most[0], len(_kept()))

        watcher = threading.Thread(target=watch)
        watcher.start()
        got: list[object] = [None] * at_once

        def upload(i):
            try:
                got[i] = install_upload("imperial", "cards", GOOD + b"\n" * (10 + i), 10**6,
                                        keeping)
            except Exception as exc:
                got[i] = exc

        threads = [threading.Thread(target=upload, args=(i,)) for i in range(at_once)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(120)
        stop.set()
        watcher.join()
        assert all(isinstance(g, str) for g in got), got
        kept = _kept()
        # the old code: 3 + at_once - 1 kept (each made room before any was in its place)
        assert len(kept) == 3 and most[0] <= 3, (kept, most)
        assert set(got) & kept   # the last ones placed are there
    finally:
        store.close()


def test_uploads_of_other_processes_keep_the_bound(tmp_path, content_dir):
    """Processes on one machine: the file lock holds the room made and the set's placing
    together (real processes, each checking with the real checks' process)."""
    for n in range(2):
        name = install_upload("imperial", "cards", GOOD + b"\n" * n, 10**6, 2)
        then = time.time() - 1000
        os.utime(content_dir / "imperial" / "cards" / name, (then, then))
    go = tmp_path / "go"
    code = f"""
import os, sys, time
from pathlib import Path
from settlers.web import content
from settlers.core import content_sets
good = Path({str(tmp_path / 'good')!r}).read_bytes()
i = int(sys.argv[1])
real = content.bounded_check
def slow(seconds, memory_mb):
    def run(game, option, path, shown_as):
        content_sets.validate(game, option, path, shown_as)
        while not Path({str(go)!r}).exists():
            time.sleep(0.01)
    return run
content.bounded_check = slow
rename = Path.rename
def slow_rename(self, target):
    if Path(target).name.startswith("upload-"):
        time.sleep(0.5)
    return rename(self, target)
Path.rename = slow_rename
print(content.install_upload("imperial", "cards", good + b"\\n" * (20 + i), 10**6, 2))
"""
    (tmp_path / "good").write_bytes(GOOD)
    env = {**os.environ, "PYTHONPATH": str(Path(content.__file__).parents[2])}
    procs = [subprocess.Popen([sys.executable, "-c", code, str(i)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(3)]
    time.sleep(3)   # every process has checked and waits
    go.write_text("go")
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    assert len(_kept()) == 2, _kept()   # the old code: 4


def test_the_same_data_uploaded_at_the_same_moment_is_one_set(tmp_path, content_dir,
                                                              monkeypatch):
    barrier = threading.Barrier(3)
    monkeypatch.setattr(content, "bounded_check", _slow_check(barrier))
    got: list[object] = [None] * 3

    def upload(i):
        try:
            got[i] = install_upload("imperial", "cards", GOOD, 10**6, 5)
        except Exception as exc:
            got[i] = exc

    threads = [threading.Thread(target=upload, args=(i,)) for i in range(3)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(120)
    # the old code: the later ones refused ("a set of that name exists")
    assert len(set(map(str, got))) == 1 and str(got[0]).startswith("upload-"), got
    assert len(_kept()) == 1

