"""Fixtures for the web server tests."""

from __future__ import annotations

import os
import secrets
import time
import warnings
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.exc import DBAPIError
from table_helpers import CHROMIUM, launch_chromium
from web_helpers import make_settings, running

from settlers.testing.web_server import free_port, start_server
from settlers.web import Settings


@pytest.fixture
def content_dir(tmp_path, monkeypatch) -> Path:
    """Content sets (uploads among them) kept in a fresh folder of the test's own."""
    root = tmp_path / "content"
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(root))
    return root


@pytest.fixture
def settings(tmp_path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def client(settings):
    with running(settings) as c:
        yield c


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, empty database of each kind: SQLite always; PostgreSQL when
    SETTLERS_TEST_PG_URL names a server whose user may create databases (CI sets it)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.db'}"
        return
    admin_url = os.environ.get("SETTLERS_TEST_PG_URL")
    if not admin_url:
        pytest.skip("set SETTLERS_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL")
    # unique among runs sharing the server (another checkout's CI, a helper's run: the pid
    # and the millisecond alone may meet)
    name = f"settlers_t{os.getpid()}_{int(time.time() * 1000) % 10**9}_{secrets.token_hex(3)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield admin.url.set(database=name).render_as_string(hide_password=False)
    finally:
        _drop_database(admin, name)
        admin.dispose()


def _drop_database(admin, name: str, tries: int = 10) -> None:
    """Drop a test database. `WITH (FORCE)` ends our own lingering sessions, but it is refused
    while a session of another role (the server's autovacuum worker on a fresh database) is
    attached: that one ends by itself, so wait and try again; a database that still cannot be
    dropped is left behind with a warning — never a failure of the test that used it."""
    for attempt in range(tries):
        try:
            with admin.connect() as conn:
                conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except DBAPIError as error:
            last = error
            time.sleep(0.25 * (attempt + 1))
    warnings.warn(f"test database {name} left behind: {last.orig}", stacklevel=2)


@pytest.fixture
def pg_url(db_url):
    """``db_url`` when it is PostgreSQL (notices travel between processes only there)."""
    if not db_url.startswith("postgresql"):
        pytest.skip("notices travel between processes on PostgreSQL only")
    return db_url


@pytest.fixture(scope="module")
def browser():
    """The system Chromium, headless, driven by Playwright: one per test module."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = launch_chromium(p)
        yield b
        b.close()


@pytest.fixture
def two_servers(db_url):
    """Two server processes on one PostgreSQL database; their base URLs."""
    if not db_url.startswith("postgresql"):
        pytest.skip("several processes share a PostgreSQL database")
    procs, bases = [], []
    try:
        for _ in range(2):
            port = free_port()
            procs.append(start_server(port, db_url, ["--bot-delay", "0"]))
            bases.append(f"http://127.0.0.1:{port}")
        yield bases
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(10)
