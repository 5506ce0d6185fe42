"""Several server processes on one PostgreSQL database: every committed move reaches every
process through PostgreSQL LISTEN/NOTIFY (no broker of our own).

The store sends ``pg_notify('settlers_moves', '<game>:<version>:<seat>:<action JSON>')``
inside the transaction that stores an action (delivered only if it commits; a move too large
for a notice sends ``'<game>:<version>'``); each process listens on a connection of its own, in
a thread, and hands the payloads to its event loop, where ``Hub.on_notice`` applies the move
(or, after a gap, reads the missing ones from the store) and broadcasts to its pages.
Every notice is signed (settlers.web.notices): one that is not is never believed, nor is a
signed one heard before (anyone may LISTEN, copy a notice and send it again) or stamped
outside the listener's window."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Collection

from sqlalchemy.engine import make_url

from settlers.web.notices import Freshness, Opened
from settlers.web.storage.store import NOTIFY_CHANNEL

log = logging.getLogger("settlers.web")


def conninfo(url: str) -> str:
    """A psycopg connection string from a SQLAlchemy URL (``postgresql+psycopg://...``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """Listens on a connection of its own, in a thread. Only the notices ``wanted`` says
    concern this process (a game it has in memory or owns, asked by game id on this thread)
    reach the event loop, and those that arrive while the loop has not yet taken the last
    ones go with them in one call: with every game living in one process (a proxy that
    routes by game, docs/deploy.md) the notices of other processes' games cost this
    process's loop nothing. Notices sent by this process's own store sessions (moves it
    stored and applied already) are passed by too."""

    def __init__(self, url: str, on_notices: Callable[[list[str]], None],
                 wanted: Callable[[str], bool] = lambda gid: True,
                 own_sessions: Collection[int] = (),
                 open_notice: Callable[[str], Opened | None] | None = None,
                 clock: Callable[[], float] = time.time,
                 fresh: Freshness | None = None):
        self.url = url
        # a notice opened if this server signed it, else None (web/notices.py): anyone
        # connected to the database may NOTIFY (None: every notice is taken as it is, new)
        self.open_notice = open_notice
        self.clock = clock  # the database's clock as this process reads it
        self.fresh = fresh or Freshness()  # each signed notice once, within its window
        self.forged = 0  # notices whose signature did not hold (for /healthz)
        self.replayed = 0  # signed notices heard before: copies, passed by
        self.stale = 0  # signed notices stamped outside the window: the store is read
        self._warned_at = float("-inf")
        self._stale_warned_at = float("-inf")
        self.on_notices = on_notices
        self.wanted = wanted
        # the PostgreSQL sessions of this process's store: what they announce is done here
        self.own_sessions = own_sessions
        self.stopped = threading.Event()
        self.ready = threading.Event()
        self.thread: threading.Thread | None = None
        self.pending: list[str] = []  # handed to the loop, not yet taken by it
        self.lock = threading.Lock()
        self.seen = 0  # notices received (every game's), for /healthz
        self.passed = 0  # notices handed to the event loop

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
                            self._pass(loop, note.payload, note.pid)
            except Exception:
                if self.stopped.is_set():
                    return
                log.exception("lost the LISTEN connection; reconnecting")
                self.ready.set()
                self.stopped.wait(1.0)

    def _pass(self, loop: asyncio.AbstractEventLoop, notice: str, pid: int = 0) -> None:
        self.seen += 1
        if pid in self.own_sessions:
            return
        payload = self._believed(notice)
        if payload == "":  # a copy of a notice acted on already
            return
        if payload is None:
            # not to be believed (unsigned, or stamped outside the window): its game, if
            # held here, is read from the store instead ("<game>:forged"), which is right
            # whatever happened — and with processes given different secrets, still correct
            gid = notice.partition(":")[0]
            if not self.wanted(gid):
                return
            payload = f"{gid}:forged"
        elif not self.wanted(payload.partition(":")[0]):
            return
        self.passed += 1
        with self.lock:
            self.pending.append(payload)
            first = len(self.pending) == 1
        if first:  # one wake-up of the loop for everything that arrives until it runs
            loop.call_soon_threadsafe(self._drain)

    def _believed(self, notice: str) -> str | None:
        """What a notice says if it is to be believed: signed by this server, new to this
        listener and stamped within its window. A copy of one heard before is ``""``
        (nothing to do: it was acted on when it came); None for any other."""
        if self.open_notice is None:
            return notice
        opened = self.open_notice(notice)
        now = time.monotonic()
        if opened is None:
            self.forged += 1
            if now - self._warned_at > 60:
                self._warned_at = now
                log.warning("a notice without this server's signature (%d so far): another "
                            "database session's NOTIFY, or processes with different "
                            "notice secrets", self.forged)
            return None
        verdict = self.fresh.check(opened, self.clock())
        if verdict == Freshness.NEW:
            return opened.payload
        if verdict == Freshness.AGAIN:
            self.replayed += 1
            return ""
        self.stale += 1
        if now - self._stale_warned_at > 60:
            self._stale_warned_at = now
            log.warning("a signed notice stamped %.0f s from now (%d so far): one sent "
                        "again by another database session, or delayed that long",
                        opened.stamp - self.clock(), self.stale)
        return None

    def _drain(self) -> None:
        with self.lock:
            batch, self.pending = self.pending, []
        self.on_notices(batch)
