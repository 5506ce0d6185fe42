"""Several server processes on one PostgreSQL database: every committed move reaches every
process through PostgreSQL LISTEN/NOTIFY (no broker of our own).

The store sends ``pg_notify('settlers_moves', '<game>:<version>:<seat>:<action JSON>')``
inside the transaction that stores an action (delivered only if it commits; a move too large
for a notice sends ``'<game>:<version>'``); each process listens on a connection of its own, in
a thread, and hands the payloads to its event loop, where ``Hub.on_notice`` applies the move
(or, after a gap, reads the missing ones from the store) and broadcasts to its pages."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from settlers.web.storage.store import NOTIFY_CHANNEL

log = logging.getLogger("settlers.web")


def conninfo(url: str) -> str:
    """A psycopg connection string from a SQLAlchemy URL (``postgresql+psycopg://...``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    def __init__(self, url: str, on_notice: Callable[[str], None]):
        self.url = url
        self.on_notice = on_notice
        self.stopped = threading.Event()
        self.ready = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.thread = threading.Thread(target=self._run, args=(loop,), daemon=True,
                                       name="settlers-listen")
        self.thread.start()
        self.ready.wait(10)

    def stop(self) -> None:
        self.stopped.set()
        if self.thread is not None:
            self.thread.join(5)

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        import psycopg

        while not self.stopped.is_set():
            try:
                with psycopg.connect(conninfo(self.url), autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.ready.set()
                    while not self.stopped.is_set():
                        for note in conn.notifies(timeout=0.5):
                            loop.call_soon_threadsafe(self.on_notice, note.payload)
            except Exception:
                if self.stopped.is_set():
                    return
                log.exception("lost the LISTEN connection; reconnecting")
                self.ready.set()
                self.stopped.wait(1.0)
