"""Group commit: actions from many games waiting at the same moment share one transaction.

Each accepted action must be on disk before anyone sees it; with SQLite in WAL mode and
``synchronous=FULL`` that is one fsync per transaction. One writer thread drains everything
queued since its last commit into a single transaction, so the cost of a sync is shared by all
the games that are moving at once, while a lone action still commits at once.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from concurrent.futures import Future

from settlers.web.storage.store import Append, Claim, Store

MAX_BATCH = 256


class BatchWriter:
    def __init__(self, store: Store):
        self.store = store
        self.queue: queue.SimpleQueue[tuple[Append | Claim, Future] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="settlers-db-writer", daemon=True)
        self.thread.start()

    async def append(self, item: Append | Claim) -> None:
        """Store ``item``; returns once it is committed (raises StaleVersion if refused)."""
        fut: Future = Future()
        self.queue.put((item, fut))
        await asyncio.wrap_future(fut)

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self.queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    nxt = self.queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            try:
                results = self.store.append_many([item for item, _ in batch])
            except Exception as exc:
                for _, fut in batch:
                    fut.set_exception(exc)
            else:
                for (_, fut), problem in zip(batch, results):
                    if problem is None:
                        fut.set_result(None)
                    else:
                        fut.set_exception(problem)
            if stop:
                return
