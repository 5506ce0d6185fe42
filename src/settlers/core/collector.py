"""The garbage collector in processes that play many games: simulation workers and benchmarks
(``LongRun``) and web server processes (``tune``).

Reference counting frees almost everything a game makes; the cyclic collector is for the rare
cycles. What it costs is its full passes, which walk every live container — and a process that
plays game after game keeps more and more of them alive: the engines' memo tables and interned
actions grow with the positions met (Archipelago after 2,650 random games: ≈ 210,000 tracked
objects, a full pass ≈ 120–150 ms, ≈ 10 % of the run's CPU time, landing in whichever game
crosses CPython's threshold). Objects that have lived through whole games are kept for good,
so they are frozen (``gc.freeze``: never scanned again) instead of re-scanned."""

from __future__ import annotations

import gc

#: a long run freezes after its 1st, 2nd, 4th … game, then every this many games
FREEZE_EVERY = 256

# a server process: every 20 young collections an older one, every 20 of those the whole
# (unfrozen) heap
OLDER = 20


class LongRun:
    """Call ``game_over()`` between the games of a long run (nothing of a game is running):
    after the 1st, 2nd, 4th, … and then every ``FREEZE_EVERY``-th game, the cyclic garbage is
    collected and everything still alive is frozen. Nothing alive then is garbage (a
    collection comes first): a frozen object that dies later is freed by reference counting
    as before; only a cycle made of frozen objects would outlive its last reference (its
    memory kept until the process ends). Between games what lives is the engines' tables and
    interned actions, which are kept for the process anyway. Meant for processes that are
    ours (pool workers, benchmarks), not for a caller's own process."""

    __slots__ = ("games", "next_freeze")

    def __init__(self) -> None:
        self.games = 0
        self.next_freeze = 1

    def game_over(self) -> bool:
        """Count a finished game; True when this one froze the heap."""
        self.games += 1
        if self.games < self.next_freeze:
            return False
        self.next_freeze = self.games + min(self.games, FREEZE_EVERY)
        gc.collect()
        gc.freeze()
        return True


def tune(young: int) -> None:
    """A server process's collector: freeze what start-up made and collect less often —
    ``young`` live allocations of containers between young collections. A server allocates
    many short-lived containers per action (views, messages) that reference counting frees at
    once and keeps many long-lived ones (game states, event logs, text caches); with CPython's
    default thresholds (700, 10, 10) the young generation is collected every few hundred
    allocations and the whole heap every few seconds under load: measured at 25 busy tables,
    0.9 s of a 15 s run (≈ 16 % of the server's CPU), a full collection stopping every game for
    ≈ 80 ms. The cyclic garbage a server makes is rare (exceptions, a closed socket's task).
    ``young`` ≤ 0 leaves the collector as Python set it (tests, embedding applications)."""
    if young <= 0:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, OLDER, OLDER)
