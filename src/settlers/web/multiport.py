"""`settlers serve --workers N --port-per-worker`: N server processes on N consecutive ports,
for a reverse proxy that sends every request and socket of a game to one process (a hash of
the game id in the URL: docs/deploy.md). A game then lives in one process — its moves are
applied, stored and broadcast there once, and its bots follow its pages there
(``Ownership``) — instead of in every process a socket of it happened to land on.

The parent only supervises: it starts one child per port (forked, so every registered game
is there), starts a child again when it dies, and stops them all on SIGTERM or SIGINT. A
child dies with its parent (``PR_SET_PDEATHSIG``), so a parent killed with -9 leaves no
server behind."""

from __future__ import annotations

import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable

log = logging.getLogger("settlers.web")

PR_SET_PDEATHSIG = 1
RESTART_PAUSE = 0.5  # seconds before a dead child is started again


def die_with_parent() -> None:
    """Linux: this process gets SIGKILL when its parent dies (elsewhere: nothing)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _child(serve: Callable[[int], None], port: int, parent: int) -> None:
    die_with_parent()
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)
    serve(port)


def run_on_ports(serve: Callable[[int], None], ports: list[int]) -> None:
    """Run ``serve(port)`` in one child process per port until SIGTERM/SIGINT."""
    ctx = multiprocessing.get_context("fork")
    parent = os.getpid()
    children: dict[int, multiprocessing.process.BaseProcess] = {}
    stopping = False

    def start(port: int) -> None:
        proc = ctx.Process(target=_child, args=(serve, port, parent), daemon=False,
                           name=f"settlers-serve-{port}")
        proc.start()
        children[port] = proc

    def stop(signum, frame) -> None:
        nonlocal stopping
        stopping = True

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        for port in ports:
            start(port)
        while not stopping:
            time.sleep(0.2)
            for port, proc in list(children.items()):
                if not proc.is_alive() and not stopping:
                    log.warning("the server process on port %s exited (%s); starting it again",
                                port, proc.exitcode)
                    time.sleep(RESTART_PAUSE)
                    start(port)
    finally:
        for proc in children.values():
            if proc.is_alive() and proc.pid is not None:
                with contextlib.suppress(OSError):
                    os.kill(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        for proc in children.values():
            proc.join(max(0.0, deadline - time.monotonic()))
            if proc.is_alive():
                proc.kill()
                proc.join(5)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
