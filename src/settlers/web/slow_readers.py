"""HTTP answers a client does not take: bounded per address, and dropped after a while.

An answer is written to the connection's buffer, and the server waits while the client does
not read it: the whole state of a long Catan game (≈ 1.3 MB), a game's record, a replay
step stay in memory for as long as the client keeps its connection open and its window shut
— for ever, since the connection is alive (the kernel probes a zero window without end).
Reads are limited per address (20/s), not the answers in flight: one address asking for a
large answer on new connections and reading none held ≈ 1.3 MB more each time (measured: 40
such requests, +65 MB; after a minute at the read rate, gigabytes).

Now (``AnswerGuard``, around the whole application):

- at most ``max_per_address`` answers of one client address are in flight (being made or
  sent); a request past that is refused at once (``too_many_connections``, 429, in words:
  a small answer);
- an answer one of whose writes waits ``send_seconds`` for the client to take it is given
  up: its connection is aborted (what it had buffered is freed) and the address's place is
  free again. A client reading at a few kilobytes a second still gets a whole state.

WebSockets have their own bounds (connection.py, sockets.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.types import Message, Receive, Scope, Send

from settlers.web.errors import ActError
from settlers.web.limits import address_key

log = logging.getLogger("settlers.web")

App = Callable[[Scope, Receive, Send], Awaitable[None]]


class AnswerGuard:
    """Counts each address's HTTP answers in flight and bounds how long one write waits."""

    def __init__(self, max_per_address: int, send_seconds: float,
                 refuse: Callable[[Request, ActError], object]) -> None:
        self.max_per_address = max_per_address
        self.send_seconds = send_seconds
        self.refuse = refuse   # (request, refusal) -> the Response saying it
        self.in_flight: dict[str, int] = {}
        self.dropped = 0   # answers given up on (reported by /healthz)

    async def __call__(self, scope: Scope, receive: Receive, send: Send, app: App) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        client = scope.get("client")
        key = address_key(client[0] if client else None)
        if self.in_flight.get(key, 0) >= self.max_per_address:
            refusal = ActError("too_many_connections", text_key="too_many_answers_here",
                               limit=self.max_per_address)
            response = self.refuse(Request(scope), refusal)
            await response(scope, receive, send)   # type: ignore[operator]
            return
        self.in_flight[key] = self.in_flight.get(key, 0) + 1
        try:
            await app(scope, receive, self._timed(send))
        finally:
            left = self.in_flight.pop(key, 1) - 1
            if left > 0:
                self.in_flight[key] = left

    def _timed(self, send: Send) -> Send:
        gone = [False]

        async def timed_send(message: Message) -> None:
            if gone[0]:
                return   # (given up on: the rest of the answer goes nowhere)
            try:
                async with asyncio.timeout(self.send_seconds):
                    await send(message)
            except TimeoutError:
                gone[0] = True
                self.dropped += 1
                log.info("dropping an HTTP answer its client took nothing of for %s s",
                         self.send_seconds)
                _abort(send)
        return timed_send


def _abort(send: Send) -> None:
    """Abort the connection ``send`` writes to (uvicorn's: its request cycle holds the
    transport), so that what waits in its buffer is freed at once — a close would wait for
    the client to read it — and mark the cycle disconnected, as uvicorn does when a client
    goes: nothing more is written to it (no "500" after the answer it did not take)."""
    cycle = getattr(send, "__self__", None)
    transport = getattr(cycle, "transport", None)
    if transport is None:
        return
    transport.abort()
    if hasattr(cycle, "disconnected"):
        cycle.disconnected = True
