"""`settlers simulate` with the search bot's decisions traced (instrumentation only).

Each searched decision (one that ran sequential halving) appends one JSON line to
$SEARCH_TRACE: the seat, the candidate moves (`arms`), the playouts it ran, the thread CPU
time the decision took, and `clock_stopped`: the bot's `_expired` answered True, i.e. the
`cpu_ms` clock ran out (the playouts stopped, or a playout was cut where the clock ran out).
A decision with fewer playouts than `iterations`, or with `clock_stopped`, was bound by the
clock; the others by the iterations. The games are `settlers simulate`'s with the same
arguments (with one worker they run in this process; a forked pool inherits the patch);
nothing the bot decides reads the trace.

    SEARCH_TRACE=FILE PYTHONPATH=src python simulate_traced.py [--lang en] GAME --seats ... (as simulate)
"""
import json
import os
import sys
import time

from settlers.bots import search as S

TRACE = os.environ["SEARCH_TRACE"]
_act, _expired, _halve = S.SearchBot.act, S.SearchBot._expired, S.SearchBot._halve


def _expired_traced(self, clock, deadline):
    out = _expired(self, clock, deadline)
    if out:
        self._trace_hit = True
    return out


def _halve_traced(self, arms, *a, **k):
    self._trace_arms = len(arms)
    return _halve(self, arms, *a, **k)


def act(self, state, seat):
    self._trace_hit = False
    self._trace_arms = 0
    t0 = time.thread_time()
    out = _act(self, state, seat)
    spent = time.thread_time() - t0
    if self._trace_arms:
        with open(TRACE, "a") as f:
            f.write(json.dumps({"pid": os.getpid(), "seat": seat, "arms": self._trace_arms,
                                "playouts": self.last_playouts, "cpu_ms": round(1000 * spent, 1),
                                "clock_stopped": self._trace_hit,
                                "budget": self.iterations}) + "\n")
    return out


S.SearchBot.act, S.SearchBot._expired, S.SearchBot._halve = act, _expired_traced, _halve_traced

if __name__ == "__main__":
    from settlers.cli import main
    main(["simulate", *sys.argv[1:]])
