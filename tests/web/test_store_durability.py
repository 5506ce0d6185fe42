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
