"""One open WebSocket: its seat, language, flood limiter and bounded outgoing queue."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque

import orjson

from settlers.web.config import Settings

log = logging.getLogger("settlers.web")


class Connection:
    """One open WebSocket: its seat, language, flood limiter and outgoing queue.

    The queue is bounded, in messages and in characters: a client too slow to take its
    messages is disconnected (its page reconnects and gets the whole current state) rather
    than growing the server's memory; so is one that takes nothing for ``ws_send_seconds``
    (it stopped reading: the keep-alive pings wait behind what is unsent, so they never find
    it out)."""

    MAX_QUEUED = 256

    def __init__(self, ws, seat: int | None, lang: str, settings: Settings,
                 address: str = "?"):
        self.ws = ws
        self.address = address
        self.seat = seat
        self.lang = lang
        self.flood = Bucket(settings.rate_per_second, settings.rate_burst)
        self.strikes = 0
        self.whole = Bucket(settings.whole_states_per_second, settings.whole_states_burst)
        self.outbox: deque[str] = deque()
        self.queued = 0   # characters in ``outbox``
        self.max_queued = settings.ws_max_queued_chars
        self.send_seconds = settings.ws_send_seconds
        self.last_state: dict | None = None  # view["state"] of the last state message queued
        self.seen: object | None = None  # the published state that message showed
        self.wake = asyncio.Event()
        self.gone = asyncio.Event()  # the writer has given up: the socket is being closed
        self.closed = False
        self.failed = False  # a send from ``send`` itself failed: the writer closes with 1011
        self.idle = False  # the writer waits for work with nothing queued or unfinished
        self.unfinished: tuple | None = None  # a direct send that had to wait (_send_now)

    def allow(self) -> bool:
        """Whether a message from the client is within its flood limit."""
        return self.flood.allow()

    def send_state(self, payload: dict, text: str | None = None) -> None:
        """Queue a whole state message; later broadcasts are deltas against it."""
        self.last_state = payload["view"]["state"]
        self.send(text if text is not None else payload)

    def send(self, msg: dict | str) -> None:
        if self.closed:
            return
        text = msg if isinstance(msg, str) else dumps(msg)
        if self.idle and not self.outbox:
            self._send_now(text)
            return
        if len(self.outbox) >= self.MAX_QUEUED or (
                self.outbox and self.queued + len(text) > self.max_queued):
            self.closed = True
            self.outbox.clear()   # (never sent: the page reconnects for the whole state)
            self.queued = 0
        else:
            self.outbox.append(text)
            self.queued += len(text)
        self.wake.set()

    def _send_now(self, text: str) -> None:
        """Send ``text`` at once, from the caller, while the writer waits for work: no queue,
        no wake-up of the writer's task (one message per page per move: the wake-ups cost
        about as much as the frame). A send that has to wait (the peer reads slowly) is
        finished by the writer, before anything queued after it."""
        coro = self.ws.send_text(text)
        try:
            waiting_on = coro.send(None)
        except StopIteration:
            return
        except Exception as exc:  # the page went away: the writer closes the socket
            log.info("closing a socket whose send failed: %r", exc)
            self.failed = self.closed = True
            self.wake.set()
            return
        self.idle = False
        self.unfinished = (coro, waiting_on)
        self.wake.set()

    def close_soon(self, code: int) -> None:
        """Close the socket once what is queued has been sent (a revoked seat link)."""
        async def _close() -> None:
            for _ in range(50):
                if not self.outbox and self.unfinished is None:
                    break
                await asyncio.sleep(0.01)
            self.closed = True
            self.wake.set()
            with contextlib.suppress(Exception):
                await self.ws.close(code=code)
        task = asyncio.get_running_loop().create_task(_close())
        _CLOSING.add(task)
        task.add_done_callback(_CLOSING.discard)

    async def writer(self) -> None:
        """Send the queue in order. If sending fails (or the client is too slow) the socket
        is closed, so the page notices and reconnects instead of waiting forever. While it
        waits for work with nothing queued, ``send`` sends by itself (``_send_now``)."""
        code = 1013
        try:
            while not self.closed:
                self.idle = not self.outbox and self.unfinished is None
                await self.wake.wait()
                self.idle = False
                self.wake.clear()
                if self.unfinished is not None:
                    coro, waiting_on = self.unfinished
                    async with asyncio.timeout(self.send_seconds):
                        await _finish(coro, waiting_on)
                    self.unfinished = None
                while self.outbox and not self.closed:
                    text = self.outbox.popleft()
                    self.queued -= len(text)
                    async with asyncio.timeout(self.send_seconds):
                        await self.ws.send_text(text)
        except TimeoutError:   # it takes nothing: (the close aborts it if it takes no close)
            log.info("closing a socket that took nothing for %s s", self.send_seconds)
        except Exception as exc:  # mostly a page that went away; never a traceback per socket
            log.info("closing a socket whose writer failed: %r", exc)
            code = 1011
        self.outbox.clear()
        self.queued = 0
        if self.failed:
            code = 1011
        self.idle = False
        self.closed = True
        self.gone.set()
        # (a peer that takes nothing takes no close either: websockets gives up on it after
        # its close timeouts and aborts the connection, which frees what it had buffered)
        with contextlib.suppress(Exception):  # already gone
            await self.ws.close(code=code)


async def _finish(coro, waiting_on) -> None:
    """Run a send coroutine that ``_send_now`` started and that stopped to wait, to its end."""
    try:
        while True:
            if asyncio.isfuture(waiting_on):
                # wait for it without awaiting it: the coroutine that yielded it awaits it
                await asyncio.wait([waiting_on])
            else:  # a bare yield (asyncio.sleep(0))
                await asyncio.sleep(0)
            waiting_on = coro.send(None)
    except StopIteration:
        return
    finally:
        coro.close()


_CLOSING: set[asyncio.Task] = set()


class Bucket:
    """``rate`` per second, ``burst`` at once (a token bucket)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def dumps(msg: dict) -> str:
    """``msg`` as compact JSON text that UTF-8 can always carry (a lone surrogate anywhere in
    it is written as a JSON escape instead of breaking the send). orjson does the common case
    several times faster than the standard library; what it refuses (a lone surrogate) goes
    the slow, escaping way."""
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode("utf-8")
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(msg, ensure_ascii=True, separators=(",", ":"))
