"""Group commit: actions from many games waiting at the same moment share one transaction.

Each accepted action must be on disk before anyone sees it; with SQLite in WAL mode and
``synchronous=FULL`` that is one fsync per transaction. One writer thread drains everything
queued since its last commit into a single transaction, so the cost of a sync is shared by all
the games that are moving at once, while a lone action still commits at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading

from settlers.web.storage.store import Append, Claim, Store

MAX_BATCH = 256

# one waiter: the item, the asyncio future its coroutine awaits (None: nobody awaits this
# item alone, see ``append_run``), and that future's loop
Waiter = tuple[Append | Claim, asyncio.Future | None, asyncio.AbstractEventLoop]


class BatchWriter:
    def __init__(self, store: Store):
        self.store = store
        # each queue item: the waiters one event loop gathered during one of its iterations
        self.queue: queue.SimpleQueue[list[Waiter] | None] = queue.SimpleQueue()
        self._gathering: dict[asyncio.AbstractEventLoop, list[Waiter]] = {}
        self.thread = threading.Thread(target=self._run, name="settlers-db-writer", daemon=True)
        self.thread.start()

    async def append(self, item: Append | Claim) -> None:
        """Store ``item``; returns once it is committed (raises StaleVersion if refused).

        The items a loop appends during one iteration reach the writer thread together (one
        hand-over per iteration, not one per action: each hand-over wakes the thread, and
        every wake-up is a trip of the GIL between the threads)."""
        loop, fut, gathering = self._gather()
        gathering.append((item, fut, loop))
        await fut

    async def append_run(self, items: list[Append]) -> None:
        """Store consecutive actions of ONE game (each at the version the previous one made)
        in one transaction; returns once they are committed. Only the last is awaited: it is
        stored only if every earlier one was (each checks the version the one before made),
        so its outcome is the run's (StaleVersion: none of them was stored)."""
        loop, fut, gathering = self._gather()
        gathering.extend((item, None, loop) for item in items[:-1])
        gathering.append((items[-1], fut, loop))
        await fut

    def _gather(self) -> tuple[asyncio.AbstractEventLoop, asyncio.Future, list[Waiter]]:
        """This loop's list of items for the writer (handed over at the end of the loop's
        iteration) and a new future to await the commit with."""
        loop = asyncio.get_running_loop()
        gathering = self._gathering.get(loop)
        if gathering is None:
            gathering = self._gathering[loop] = []
            loop.call_soon(self._hand_over, loop)
        return loop, loop.create_future(), gathering

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        waiters = self._gathering.pop(loop, None)
        if waiters:
            self.queue.put(waiters)

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self.queue.get()
            if first is None:
                return
            batch = list(first)
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    nxt = self.queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.extend(nxt)
            try:
                results: list = list(self.store.append_many([item for item, _, _ in batch]))
            except Exception as exc:
                results = [exc] * len(batch)
            # one wake-up of each event loop per commit, not one per action
            by_loop: dict[asyncio.AbstractEventLoop, list] = {}
            for (_, fut, loop), outcome in zip(batch, results, strict=True):
                if fut is not None:
                    by_loop.setdefault(loop, []).append((fut, outcome))
            for loop, done in by_loop.items():
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
                    loop.call_soon_threadsafe(_settle, done)
            if stop:
                return


def _settle(done: list[tuple[asyncio.Future, Exception | None]]) -> None:
    """On the waiters' loop: each future gets its commit's outcome (None: stored)."""
    for fut, problem in done:
        if fut.done():  # its coroutine was cancelled meanwhile
            continue
        if problem is None:
            fut.set_result(None)
        else:
            fut.set_exception(problem)
