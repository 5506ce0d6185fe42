"""HTTP connections on which the server has written nothing for a while are closed.

uvicorn gives a connection no time limit until its first request is complete (its
keep-alive timer starts after a response): one that sends nothing, or half its headers, or
a second request's first bytes, stays open for ever — measured still open after 15 s and
counting — and one address could hold every file descriptor of the process (a slowloris).
An ASGI application cannot see such a connection (it is called once the headers are in).

``Watched`` wraps the server's protocol, through uvicorn's documented ``http`` setting (a
protocol class) and asyncio's public Protocol and Transport interfaces only: a connection
the server has written nothing to for ``seconds`` — since it opened, or since its last
write — is closed (aborted: nothing of it is worth sending). Every answer starts with a
write within milliseconds, and the keep-alive timer closes idle connections between
requests after 5 s, so only a client that holds a request half-sent (or a request body sent
slower than that) meets it. A connection upgraded to a WebSocket is no longer watched (a
page may be quiet for long; its pings keep it). Counted in ``closed`` (``/healthz``)."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

log = logging.getLogger("settlers.web")

# connections closed for saying nothing the server could answer (this process)
closed = [0]


class _Transport:
    """The real transport, with its writes noted and an upgrade seen."""

    def __init__(self, real: Any, watched: Watched) -> None:
        self._real = real
        self._watched = watched

    def write(self, data: Any) -> None:
        self._watched.wrote()
        self._real.write(data)

    def writelines(self, data: Any) -> None:
        self._watched.wrote()
        self._real.writelines(data)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._watched.upgraded()   # (a WebSocket from now on: no longer watched)
        self._real.set_protocol(protocol)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


class Watched(asyncio.Protocol):
    """A server protocol (``inner``), closed when it wrote nothing for ``seconds``."""

    def __init__(self, *args: Any, inner: type, seconds: float, **kwargs: Any) -> None:
        self.inner = inner(*args, **kwargs)
        self.seconds = seconds
        self.timer: asyncio.TimerHandle | None = None
        self.transport: Any = None
        self.watching = True

    def connection_made(self, transport: Any) -> None:   # (uvloop's is no asyncio.Transport)
        self.transport = transport
        self._arm()
        self.inner.connection_made(_Transport(transport, self))

    def _arm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(self.seconds, self._expire)

    def wrote(self) -> None:
        if self.watching:
            self._arm()

    def upgraded(self) -> None:
        self.watching = False
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _expire(self) -> None:
        self.timer = None
        if self.watching and self.transport is not None and not self.transport.is_closing():
            closed[0] += 1
            log.info("closing a connection the server wrote nothing to for %s s", self.seconds)
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.upgraded()
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


def watched_http(seconds: float, http: str = "auto") -> Any:
    """uvicorn's ``http`` setting: its ``http`` protocol (``auto``: httptools if installed,
    else h11), watched (None when ``seconds`` is 0: uvicorn's own)."""
    if seconds <= 0:
        return http
    from uvicorn.config import HTTP_PROTOCOLS
    from uvicorn.importer import import_from_string

    return functools.partial(Watched, inner=import_from_string(HTTP_PROTOCOLS[http]),
                             seconds=seconds)
