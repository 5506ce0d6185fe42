"""Several server processes on one PostgreSQL database: each game's bots are driven by one
process only — the one holding the game's advisory lock.

A session-level ``pg_try_advisory_lock`` on a connection of this process's own: the first
process to ask gets the game; when that process dies its connection closes and the lock is
released, and another process's periodic sweep takes the game over. Correctness never rests
on the lock (a move stored twice is refused by the version check); it only keeps every
process from computing every game's bot moves.

The lock follows the pages: a process with pages open on a game it does not own asks for it
(``NOTIFY '<game>:want'``); an owner with no page on that game hands it over (unlocks and
answers ``'<game>:free'``), and the asking process takes it. With a proxy that sends every
socket of a game to one process (docs/deploy.md), a game then lives in that one process:
its moves are applied, stored and broadcast there, and the others only see its notices go by."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from settlers.web.fanout import conninfo
from settlers.web.storage.store import NOTIFY_CHANNEL

log = logging.getLogger("settlers.web")


# the game's lock key, computed by PostgreSQL from the game id (a signed 64-bit hash)
KEY = "hashtextextended(%s, 0)"
SWEEP = (
    "WITH live AS MATERIALIZED (SELECT id FROM games WHERE status IN ('open', 'running')"
    " AND NOT (id = ANY(%s))) SELECT id FROM live WHERE pg_try_advisory_lock("
    "hashtextextended(id, 0))"
)


class Ownership:
    def __init__(self, url: str, sign: Callable[[str], str] = lambda payload: payload):
        self.url = url
        self.sign = sign  # the store's: every process's notices are signed (web/notices.py)
        self.owned: set[str] = set()
        self.conn = None
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settlers-owner")

    def _connect(self):
        import psycopg

        if self.conn is None or self.conn.closed:
            self.conn = psycopg.connect(conninfo(self.url), autocommit=True)
            self.owned.clear()  # a new session holds no lock
        return self.conn

    def _try(self, game_id: str) -> bool:
        try:
            row = self._connect().execute(f"SELECT pg_try_advisory_lock({KEY})",
                                          (game_id,)).fetchone()
        except Exception:
            log.exception("cannot ask for the advisory lock of game %s", game_id)
            self.conn = None
            return False
        return bool(row and row[0])

    def _release(self, game_id: str) -> None:
        try:
            self._connect().execute(f"SELECT pg_advisory_unlock({KEY})", (game_id,))
        except Exception:
            self.conn = None

    async def own(self, game_id: str) -> bool:
        """Whether this process drives the game's bots (asks for the lock if it has not)."""
        if game_id in self.owned:
            return True
        got = await asyncio.get_running_loop().run_in_executor(self.thread, self._try, game_id)
        if got:
            self.owned.add(game_id)
        return got

    def _sweep(self, owned: list[str]) -> list[str]:
        try:
            return [r[0] for r in self._connect().execute(SWEEP, (owned,)).fetchall()]
        except Exception:
            log.exception("cannot sweep for games without an owner")
            self.conn = None
            return []

    async def sweep(self) -> list[str]:
        """Take every live game that no process owns (its owner died, or it was never asked
        for); returns the games newly owned."""
        got = await asyncio.get_running_loop().run_in_executor(
            self.thread, self._sweep, sorted(self.owned))
        self.owned.update(got)
        return got

    def _ask(self, game_id: str) -> None:
        try:
            self._connect().execute("SELECT pg_notify(%s, %s)",
                                    (NOTIFY_CHANNEL, self.sign(f"{game_id}:want")))
        except Exception:
            log.exception("cannot ask for game %s", game_id)
            self.conn = None

    async def ask(self, game_id: str) -> None:
        """Tell the owner that this process has pages on the game (``'<game>:want'``)."""
        await asyncio.get_running_loop().run_in_executor(self.thread, self._ask, game_id)

    def _hand_over(self, game_id: str) -> None:
        try:
            self._connect().execute(f"SELECT pg_advisory_unlock({KEY}), pg_notify(%s, %s)",
                                    (game_id, NOTIFY_CHANNEL, self.sign(f"{game_id}:free")))
        except Exception:
            log.exception("cannot hand game %s over", game_id)
            self.conn = None  # the session goes, and its locks with it

    async def hand_over(self, game_id: str) -> None:
        """Give the game up (another process has its pages) and say so (``'<game>:free'``).
        It stops counting as owned at once: the bot loop stops at its next turn."""
        if game_id in self.owned:
            self.owned.discard(game_id)
            await asyncio.get_running_loop().run_in_executor(self.thread, self._hand_over,
                                                             game_id)

    async def release(self, game_id: str) -> None:
        """A finished game: its lock goes back (nothing is left to drive)."""
        if game_id in self.owned:
            self.owned.discard(game_id)
            await asyncio.get_running_loop().run_in_executor(self.thread, self._release,
                                                             game_id)

    def close(self) -> None:
        def _close():
            if self.conn is not None:
                self.conn.close()

        self.thread.submit(_close).result(5)
        self.thread.shutdown(wait=True)
