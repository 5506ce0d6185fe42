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
- an answer's body is handed to the server in pieces of at most ``CHUNK_BYTES``: a server
  buffers what it is given and makes the next ``send`` wait while its buffer is full, so an
  answer nobody reads stays *in flight* (counted above) with at most a piece or two in the
  server's buffer — given whole, it left the application at once (uvicorn returns from
  ``send`` before the client has read anything) and waited in the server's buffer,
  counted nowhere: one address could hold any number of them, one a connection;
- an answer one of whose writes waits ``send_seconds`` for the client to take it is given
  up: ``AnswerGivenUp`` is raised out of the application, which is how an ASGI
  application tells any server that a response it started will not be completed — the
  server closes the connection (uvicorn, hypercorn, daphne alike); the address's place is
  free again. A client reading at a few kilobytes a second still gets a whole state.

Only the ASGI interface is used (scope, receive, send, an exception); nothing of one
server's internals. What a given-up connection still holds until its client goes is the
server's: at most a piece and its write buffer (uvicorn: 64 KiB each) — except under
``settlers serve``, whose connections (quiet_connections.py) abort a given-up one at once.

WebSockets have their own bounds (connection.py, sockets.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.types import Message, Receive, Scope, Send

from settlers.web.errors import ActError
from settlers.web.limits import address_key
from settlers.web.quiet_connections import give_up

log = logging.getLogger("settlers.web")

# the largest piece of an answer's body handed to the server at once
CHUNK_BYTES = 65_536

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
        gone = [False]
        try:
            await app(scope, receive, self._timed(send, gone))
        except Exception as exc:
            if gone[0] and not isinstance(exc, AnswerGivenUp):
                # (a framework may turn the OSError into its own "client went away")
                raise AnswerGivenUp from exc
            raise
        finally:
            left = self.in_flight.pop(key, 1) - 1
            if left > 0:
                self.in_flight[key] = left
        if gone[0]:   # the server must hear of it, whatever the application made of it
            raise AnswerGivenUp

    def _timed(self, send: Send, gone: list[bool]) -> Send:

        async def one(message: Message) -> None:
            try:
                async with asyncio.timeout(self.send_seconds):
                    await send(message)
            except TimeoutError:
                gone[0] = True
                self.dropped += 1
                give_up()   # (under ``settlers serve``: its connection is aborted, not closed)
                log.info("dropping an HTTP answer its client took nothing of for %s s",
                         self.send_seconds)
                raise AnswerGivenUp from None

        async def timed_send(message: Message) -> None:
            if gone[0]:
                raise AnswerGivenUp   # (given up on: nothing more goes to it)
            body = message.get("body", b"") if message["type"] == "http.response.body" \
                else b""
            if len(body) <= CHUNK_BYTES:
                await one(message)
                return
            more = message.get("more_body", False)
            view = memoryview(body)
            for start in range(0, len(body), CHUNK_BYTES):
                end = start + CHUNK_BYTES
                await one({"type": "http.response.body", "body": bytes(view[start:end]),
                           "more_body": more or end < len(body)})
        return timed_send


class AnswerGivenUp(OSError):
    """An answer whose client took none of it for ``send_seconds``: raised out of the
    application so that the server closes its connection (ASGI: an exception after a
    response started ends it)."""


class QuietGivenUp(logging.Filter):
    """Keeps a server's "Exception in ASGI application" for ``AnswerGivenUp`` out of its
    error log (the guard logged it, in one line)."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not isinstance(exc, AnswerGivenUp)


def quiet_given_up(logger: logging.Logger) -> None:
    """Install ``QuietGivenUp`` on ``logger`` (a server's error log: uvicorn's), once."""
    if not any(isinstance(f, QuietGivenUp) for f in logger.filters):
        logger.addFilter(QuietGivenUp())
