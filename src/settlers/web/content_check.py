"""An uploaded content set is checked in a process of its own, bounded in time and memory.

An upload is anyone's data, and checking it runs a game's loader and sets up a game at every
player count the game allows (``content_sets.validate``). Data shaped to make that slow or
large must not hold a server thread for long nor grow the server's memory: the check runs in
a child process (``forkserver``: forked from a clean process, not from the threaded server),
which is killed after ``upload_check_seconds`` and may take ``upload_check_memory_mb`` more
memory than it started with. At most ``MAX_AT_ONCE`` checks run at a time; an upload that
finds no turn within ``WAIT_FOR_TURN`` seconds is refused (``upload_busy``): a waiting upload
holds one of the few threads ``asyncio.to_thread`` shares with game creation and replays,
so uploads cannot queue there for long.

The ``forkserver`` process starts and loads every game (≈ 3 s) the first time a check needs
it; the server starts it at start-up instead, in the background (:func:`start_checker`,
called from the app's lifespan without waiting), so the first upload waits no more than
the next."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import threading
from typing import Any

from settlers.core import content_sets
from settlers.web.errors import ActError

log = logging.getLogger("settlers.web")

#: checks that may run at once (each is a process)
MAX_AT_ONCE = 2
#: how long an upload waits for a check to finish before it is refused, seconds
WAIT_FOR_TURN = 1.0
_SLOTS = threading.BoundedSemaphore(MAX_AT_ONCE)


def _address_space() -> int:
    """This process's virtual memory now, in bytes (0 where the system does not say)."""
    try:
        with open("/proc/self/statm") as f:
            import os

            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _child(conn, game: str, option: str, path: str, shown_as: str | None,
           memory_bytes: int) -> None:
    """The check itself, in the child: its answer goes back on ``conn``."""
    answer: tuple[Any, ...]
    try:
        if memory_bytes > 0:
            import resource

            now = _address_space()
            if now:
                resource.setrlimit(resource.RLIMIT_AS, (now + memory_bytes, now + memory_bytes))
        content_sets.validate(game, option, path, shown_as)
        answer = ("ok",)
    except content_sets.ContentSetError as exc:
        answer = ("refused", exc.key, exc.params)
    except MemoryError:
        answer = ("costly",)
    except BaseException as exc:  # a loader's fault: the server's log, not the uploader's
        answer = ("fault", f"{type(exc).__name__}")
    try:
        conn.send(answer)
    except Exception:   # (params that do not pickle: said as a fault)
        conn.send(("fault", "unpicklable refusal"))
    conn.close()


#: the signals that stop the server, which it leaves to the server (and the server to uvicorn)
SERVER_STOPS = (signal.SIGINT, signal.SIGTERM)
#: set once the process checks fork from is up and holds the games (start_checker)
ready = threading.Event()
_starting = threading.Lock()


def _context():
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["settlers.web.content_check_warm"])  # (before it starts)
    return ctx


def _nothing() -> None:
    """What the first child does: nothing (its fork shows the forkserver is ready)."""


def start_checker(timeout: float = 120.0) -> bool:
    """Start the process checks are forked from, let it load every game, and fork one child
    that does nothing (so the next fork, an upload's, waits for nothing). Idempotent; blocks
    while it works (≈ 3 s the first time): run it on a thread of its own. Whether it is
    ready."""
    with _starting:
        if ready.is_set():
            return True
        try:
            proc = _context().Process(target=_nothing, name="settlers-upload-check-start",
                                      daemon=True)
            proc.start()
            proc.join(timeout)
        except Exception:   # the first upload starts it then (and says what is wrong)
            log.warning("cannot start the process upload checks run in", exc_info=True)
            return False
        if proc.exitcode == 0:
            ready.set()
        return ready.is_set()


def spawn_forkserver_deaf_to_ctrl_c() -> None:
    """Start the forkserver process now, with SIGINT and SIGTERM ignored: it keeps that (an
    ignored signal stays ignored through ``exec``), and its checks with it. Ctrl+C in the
    server's terminal reaches its whole process group (a service manager's SIGTERM, its
    whole control group): a forkserver still loading every game (≈ 3 s; it ignores SIGINT
    itself only after) died of it with a traceback, and the server's thread waiting for it
    logged another. The server ends its checks itself (SIGKILL), and the forkserver ends
    when the server does (its pipe from the server closes).

    Only the main thread may change a signal's handler; elsewhere this does nothing (the
    first check starts the forkserver then). The server's own handlers are back within
    milliseconds (the signals blocked in this thread meanwhile: one sent then waits)."""
    from multiprocessing import forkserver

    if threading.current_thread() is not threading.main_thread():
        return
    _context()   # (its preload, set before the process starts)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, SERVER_STOPS)
    handlers = {sig: signal.signal(sig, signal.SIG_IGN) for sig in SERVER_STOPS}
    try:
        with contextlib.suppress(Exception):   # the first check says what is wrong
            forkserver.ensure_running()
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def start_checker_soon() -> threading.Thread:
    """:func:`start_checker` on a thread of its own (a daemon: a server that stops meanwhile
    does not wait for it), the forkserver spawned first, deaf to Ctrl+C
    (:func:`spawn_forkserver_deaf_to_ctrl_c`)."""
    spawn_forkserver_deaf_to_ctrl_c()
    thread = threading.Thread(target=start_checker, name="settlers-upload-check-start",
                              daemon=True)
    thread.start()
    return thread


def bounded_check(seconds: float, memory_mb: int, target=_child) -> content_sets.Check:
    """A ``content_sets.install`` check that runs ``validate`` in a child process
    (``target``: what the child runs, ``_child``; a test gives a stand-in)."""

    def check(game: str, option: str, path: str, shown_as: str | None = None) -> None:
        if not _SLOTS.acquire(timeout=min(seconds, WAIT_FOR_TURN)):
            raise ActError("upload_busy")
        try:
            answer = _run(target, game, option, path, shown_as, seconds, memory_mb)
        finally:
            _SLOTS.release()
        kind = answer[0]
        if kind == "ok":
            return
        if kind == "refused":
            raise content_sets.ContentSetError(answer[1], **answer[2])
        if kind == "fault":
            log.error("checking an uploaded %s/%s set failed inside the server: %s",
                      game, option, answer[1])
            raise ActError("bad_upload", text_key="upload_fault")
        raise ActError("bad_upload", text_key="upload_too_costly", seconds=round(seconds),
                       memory=memory_mb)

    return check


def _run(target, game: str, option: str, path: str, shown_as: str | None, seconds: float,
         memory_mb: int) -> tuple[Any, ...]:
    ctx = _context()
    ours, theirs = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=target, name="settlers-upload-check", daemon=True,
                       args=(theirs, game, option, path, shown_as, memory_mb * 1024 * 1024))
    proc.start()
    theirs.close()
    try:
        if not ours.poll(seconds):
            return ("slow",)
        try:
            return tuple(ours.recv())
        except (EOFError, OSError):   # it died (the memory bound, or killed)
            return ("costly",)
    finally:
        ours.close()
        if proc.is_alive():
            proc.kill()
        proc.join(5)
