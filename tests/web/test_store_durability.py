"""SQLite durability mode (issue 22, capacity): WAL with synchronous=NORMAL by default (a killed
process loses no commit: tests/web/test_faults.py), FULL on request, anything else refused."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from web_helpers import make_settings, running

from settlers.web.storage import Store


def _pragmas(store: Store) -> tuple[str, int]:
    with store.engine.connect() as conn:
        mode = conn.execute(text("PRAGMA journal_mode")).scalar()
        sync = conn.execute(text("PRAGMA synchronous")).scalar()
    return mode, sync


@pytest.mark.parametrize(("asked", "code"), [("NORMAL", 1), ("FULL", 2), ("full", 2)])
def test_the_asked_mode_is_applied_in_wal(tmp_path, asked, code):
    store = Store(f"sqlite:///{tmp_path / 'd.db'}", asked)
    try:
        assert _pragmas(store) == ("wal", code)
    finally:
        store.close()


def test_an_unknown_mode_is_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match="sqlite_synchronous"):
        Store(f"sqlite:///{tmp_path / 'd.db'}", "OFF")


def test_the_server_runs_sqlite_in_normal_mode_by_default(tmp_path):
    with running(make_settings(tmp_path)) as client:
        assert _pragmas(client.app.state.hub.store) == ("wal", 1)


def test_the_write_path_stores_rows_sqlalchemy_reads_back(db_url):
    """append_many hands the driver plain SQL: the rows (time stamps included) must read back
    through SQLAlchemy as before, a stale index must write nothing, on SQLite and PostgreSQL."""
    import datetime as dt

    from sqlalchemy import select

    from settlers.web.storage import Append, GameRecord, SeatRecord, StaleVersion
    from settlers.web.storage.tables import actions, games

    store = Store(db_url, "NORMAL")
    try:
        store.migrate()
        store.create_game(GameRecord(id="w1", game="catan", players=2, seed=1, options={},
                                     seats=[SeatRecord(0, "human", "a"),
                                            SeatRecord(1, "human", "b")]))
        first = store.append_many([Append("w1", 0, 0, {"type": "x", "b": [1, 2]}, "running"),
                                   Append("w1", 7, 1, {"type": "late"}, "running")])
        assert first[0] is None and isinstance(first[1], StaleVersion)
        assert store.append_many([Append("w1", 1, 1, {"type": "y"}, "finished", [3, 4])]) \
            == [None]
        assert store.load_log("w1") == [(0, {"b": [1, 2], "type": "x"}), (1, {"type": "y"})]
        with store.engine.connect() as conn:
            rows = conn.execute(select(actions.c.idx, actions.c.action, actions.c.created_at)
                                .where(actions.c.game_id == "w1")
                                .order_by(actions.c.idx)).all()
            game = conn.execute(select(games.c.version, games.c.status, games.c.scores,
                                       games.c.updated_at).where(games.c.id == "w1")).one()
        assert [(r.idx, r.action) for r in rows] == [(0, '{"b":[1,2],"type":"x"}'),
                                                    (1, '{"type":"y"}')]
        assert all(isinstance(r.created_at, dt.datetime) for r in rows)
        assert (game.version, game.status, game.scores) == (2, "finished", "[3, 4]")
        assert isinstance(game.updated_at, dt.datetime)
        assert game.updated_at.replace(tzinfo=None) == rows[1].created_at.replace(tzinfo=None)
    finally:
        store.close()
