"""The garbage collector of a server process.

A server allocates many short-lived containers per action (views, messages) that reference
counting frees at once, and keeps many long-lived ones (game states, event logs, text
caches). With CPython's default thresholds (700, 10, 10) the young generation is collected
every few hundred allocations and the whole heap every few seconds under load: measured at
25 busy tables, 0.9 s of a 15 s run (≈ 16 % of the server's CPU), a full collection stopping
every game for ≈ 80 ms. The cyclic garbage a server makes is rare (exceptions, a closed
socket's task), so the collector runs far less often: everything alive after start-up is
frozen (never scanned again) and the young generation is collected every ``young``
allocations of containers still alive."""

from __future__ import annotations

import gc

# every 20 young collections an older one, every 20 of those the whole (unfrozen) heap
OLDER = 20


def tune(young: int) -> None:
    """Freeze what start-up made and collect less often; ``young`` ≤ 0 leaves the collector
    as Python set it (tests, embedding applications)."""
    if young <= 0:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, OLDER, OLDER)
