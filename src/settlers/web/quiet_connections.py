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
page may be quiet for long; its pings keep it). Counted in ``closed`` (``/healthz``).

At the same layer, two things an application cannot do either:

- **Connections per address.** The time limit is per connection: one address could still
  open hundreds, each held half-sent for the idle time. At most ``per_address`` HTTP
  connections of one client address (``limits.address_key``: an IPv6 /64) are open in this
  process at once; one more is answered — 429 ``too_many_connections`` in words, in the
  language its request asks for (``?lang=``, the language cookie, ``Accept-Language``: read
  from the request's head as the application reads them, lang_choice.py; the server's
  language when no head came within ``REFUSAL_HEAD_SECONDS``), ``Connection: close`` — and
  closed. At most ``MAX_HELD_REFUSALS`` refused connections are held so in a process (a
  refused one is not counted among its address's open ones): past them a refusal is said at
  once, in the server's language, and its connection closed. A connection upgraded to a WebSocket leaves the count
  (pages have their own bound, ``max_sockets_per_address``). The peer address is the
  connection's own: a request's ``X-Forwarded-For`` is not read yet, and a half-sent request
  has none. So a peer that is a trusted proxy (uvicorn's ``FORWARDED_ALLOW_IPS``, by default
  127.0.0.1 and ::1, the same addresses whose ``X-Forwarded-For`` the server believes) is
  not counted: it carries every client's connections, and bounds them itself (nginx's
  ``limit_conn``; it also holds a half-sent request without passing it on).
- **An answer given up** (slow_readers.py) has its connection aborted at once, dropping
  what the server still had buffered for it. uvicorn closes a connection whose application
  raised after answering — but a close waits for its buffer to be taken, and the client
  that took nothing for ``send_seconds`` keeps it (≈ 140 KB under uvicorn) until it goes or
  the idle time passes; and when the write given up was the answer's first, uvicorn answers
  500 instead (into the same full buffer) and goes on to the next request the client sent
  ahead (measured: a connection of 150 such requests stayed open, each given up in turn).
  The application tells the connection (``give_up``: found through a context variable set
  while the server reads from it, which the server's task for the request inherits), and it
  is aborted there and then. Counted in ``aborted``."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import ipaddress
import json
import logging
import os
from typing import Any

from settlers.web.errors import ActError
from settlers.web.headers import HEADERS, NO_STORE
from settlers.web.i18n import LANGS, normalize_lang
from settlers.web.lang_choice import HEAD_END, MAX_HEAD, head_lang
from settlers.web.limits import address_key

log = logging.getLogger("settlers.web")

# connections closed for saying nothing the server could answer (this process)
closed = [0]
# connections refused for their address having ``per_address`` open already
refused = [0]
# connections whose answer was given up, aborted at once
aborted = [0]
# refused connections held open now (waiting for their head, or for their client to read
# the refusal), in this process
held_refusals = [0]
# the HTTP connections open in this process per client address (not the trusted proxies')
open_by_address: dict[str, int] = {}
# the connection the server is reading from (its request's task inherits it)
_current: contextvars.ContextVar[Watched | None] = contextvars.ContextVar(
    "settlers_connection", default=None)
# how long a refused connection is kept to take what its client sends (so that closing it
# does not reset the connection before the client has read its refusal)
REFUSED_LINGER_SECONDS = 2.0
# how long a connection refused waits for its request's head, to be answered in the language
# it asks for (a client sends it at once; one that sends nothing is answered in the server's)
REFUSAL_HEAD_SECONDS = 1.0
# refused connections held at once in a process (each for up to REFUSAL_HEAD_SECONDS +
# REFUSED_LINGER_SECONDS, with up to MAX_HEAD bytes of its head): a refused connection is
# not counted among its address's open ones, so one address opening thousands a second
# would otherwise hold thousands of sockets (and 8 KB each) for 3 s. Past it, one more is
# answered at once in the server's language and closed without lingering
MAX_HELD_REFUSALS = 256
# uvicorn's trusted proxies when FORWARDED_ALLOW_IPS is not set
UVICORN_TRUSTED = "127.0.0.1,::1"


class TrustedPeers:
    """Peers whose connections carry other clients' requests: a comma-separated list of
    addresses and networks, ``*`` for any (as uvicorn reads ``FORWARDED_ALLOW_IPS``)."""

    def __init__(self, spec: str) -> None:
        items = [item.strip() for item in spec.split(",") if item.strip()]
        self.every = "*" in items
        self.networks: list[Any] = []
        self.names: set[str] = set()
        for item in items:
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self.names.add(item)   # (a unix socket's name, as uvicorn allows)

    def __contains__(self, host: object) -> bool:
        if self.every:
            return True
        if not isinstance(host, str):
            return False
        if host in self.names:
            return True
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(ip in net for net in self.networks)


@functools.lru_cache(maxsize=8)
def trusted_peers(spec: str) -> TrustedPeers:
    """``TrustedPeers`` of ``spec``, read once (a connection is made for each)."""
    return TrustedPeers(spec)


def server_trusted() -> str:
    """The proxies whose ``X-Forwarded-For`` uvicorn believes (``settlers serve`` leaves
    uvicorn's setting to its environment variable)."""
    return os.environ.get("FORWARDED_ALLOW_IPS", UVICORN_TRUSTED)


def refusal_bytes(limit: int, lang: str) -> bytes:
    """The whole HTTP answer refusing one connection too many."""
    refusal = ActError("too_many_connections", text_key="too_many_connections_here",
                       limit=limit)
    body = json.dumps(refusal.payload(lang), ensure_ascii=False).encode()
    head = (f"HTTP/1.1 {refusal.status} Too Many Requests\r\n"
            "content-type: application/json\r\n"
            f"content-length: {len(body)}\r\n"
            "retry-after: 10\r\nconnection: close\r\n")
    # (the headers every answer of the application carries: headers.py)
    extra = b"".join(name + b": " + value + b"\r\n" for name, value in (*HEADERS, NO_STORE))
    return head.encode("ascii") + extra + b"\r\n" + body


def give_up() -> None:
    """The answer being sent on the current connection is given up: the connection is
    aborted now, what the server buffered for it dropped (called by the application, within
    the request's task)."""
    watched = _current.get()
    if watched is not None and watched.transport is not None and not watched.ended:
        aborted[0] += 1
        watched.ended = True   # (the server's last words on it — a 500 — go nowhere)
        watched.transport.abort()


class _Transport:
    """The real transport, with its writes noted and an upgrade seen."""

    def __init__(self, real: Any, watched: Watched) -> None:
        self._real = real
        self._watched = watched

    def write(self, data: Any) -> None:
        if self._watched.ended:
            return
        self._watched.wrote()
        self._real.write(data)

    def writelines(self, data: Any) -> None:
        if self._watched.ended:
            return
        self._watched.wrote()
        self._real.writelines(data)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._watched.upgraded()   # (a WebSocket from now on: no longer watched)
        self._real.set_protocol(protocol)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


class Watched(asyncio.Protocol):
    """A server protocol (``inner``), closed when it wrote nothing for ``seconds``."""

    def __init__(self, *args: Any, inner: type, seconds: float, per_address: int = 0,
                 trusted: str | None = None, refusals: dict[str, bytes] | None = None,
                 accept_language: bool = False, lang: str = "en", **kwargs: Any) -> None:
        self.inner = inner(*args, **kwargs)
        self.seconds = seconds
        self.per_address = per_address
        self.trusted = trusted_peers(server_trusted() if trusted is None else trusted)
        self.refusals = refusals or {}   # the refusal's whole answer in each language
        self.accept_language = accept_language   # (Settings.accept_language)
        self.lang = lang   # the server's
        self.head = bytearray()   # what a refused connection sent, up to its head's end
        self.holding = False   # a refused connection counted in ``held_refusals``
        self.answered = False
        self.timer: asyncio.TimerHandle | None = None
        self.transport: Any = None
        self.watching = True
        self.counted: str | None = None   # the address counted in ``open_by_address``
        self.refused = False
        self.lost = False
        self.ended = False   # aborted for an answer given up: nothing more is written

    def connection_made(self, transport: Any) -> None:   # (uvloop's is no asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, (tuple, list)) and peer else None
        if self.per_address > 0 and host not in self.trusted:
            key = address_key(host)
            if open_by_address.get(key, 0) >= self.per_address:
                self._refuse()
                return
            open_by_address[key] = open_by_address.get(key, 0) + 1
            self.counted = key
        if self.seconds > 0:
            self._arm()
        token = _current.set(self)
        try:
            self.inner.connection_made(_Transport(transport, self))
        finally:
            _current.reset(token)

    def _refuse(self) -> None:
        """Say no to one connection too many — once its request's head is in (or
        ``REFUSAL_HEAD_SECONDS`` passed), in the language it asks for — and close it once
        its client has read that."""
        self.refused = True
        self.watching = False
        refused[0] += 1
        if refused[0] == 1 or refused[0] % 1000 == 0:
            log.warning("refused a connection: %s open from its address (%s refused so far)",
                        self.per_address, refused[0])
        if held_refusals[0] >= MAX_HELD_REFUSALS:   # (a flood: none of it is kept)
            self.answered = True
            self.transport.write(self.refusals.get(self.lang, b""))
            self.transport.close()
            return
        held_refusals[0] += 1
        self.holding = True
        asyncio.get_running_loop().call_later(REFUSAL_HEAD_SECONDS, self._answer)

    def _answer(self) -> None:
        """The refusal, in the language of the head read so far (none: the server's)."""
        if self.answered or self.lost:
            return
        self.answered = True
        lang = head_lang(bytes(self.head), self.accept_language, self.lang) \
            if self.head else self.lang
        self.head = bytearray()
        self.transport.write(self.refusals.get(lang) or self.refusals.get(self.lang, b""))
        if self.transport.can_write_eof():
            self.transport.write_eof()   # (what the client sends is still read, and dropped)
        else:
            self.transport.close()
        asyncio.get_running_loop().call_later(REFUSED_LINGER_SECONDS, self._end_refused)

    def _end_refused(self) -> None:
        if not self.lost:
            self.transport.abort()

    def _uncount(self) -> None:
        if self.counted is not None:
            left = open_by_address.pop(self.counted, 1) - 1
            if left > 0:
                open_by_address[self.counted] = left
            self.counted = None

    def _arm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(self.seconds, self._expire)

    def wrote(self) -> None:
        if self.watching and self.seconds > 0:
            self._arm()

    def upgraded(self) -> None:
        self.watching = False
        self._uncount()   # (a page: counted by the application's own bound)
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
        if self.refused:
            if not self.answered:   # (its head: the language to refuse it in)
                seen = len(self.head)
                self.head += data[:MAX_HEAD - seen]
                # (looked for from where the last bytes ended: a head sent a byte at a
                # time costs linear time, not quadratic)
                if HEAD_END.search(self.head, max(0, seen - 3)) is not None \
                        or len(self.head) >= MAX_HEAD:
                    self._answer()
            return
        token = _current.set(self)   # (the request's task, started now, inherits it)
        try:
            self.inner.data_received(data)
        finally:
            _current.reset(token)

    def eof_received(self) -> bool | None:
        if self.refused:
            self._answer()   # (if not yet: all its client will send is in)
            return None   # (the transport closes)
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if self.holding:
            self.holding = False
            held_refusals[0] -= 1
        if self.refused:
            return
        self.upgraded()
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if not self.refused:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if not self.refused:
            self.inner.resume_writing()


def watched_http(seconds: float, http: str = "auto", *, per_address: int = 0,
                 trusted: str | None = None, lang: str = "en",
                 accept_language: bool = False) -> Any:
    """uvicorn's ``http`` setting: its ``http`` protocol (``auto``: httptools if installed,
    else h11), watched: closed after ``seconds`` of the server writing nothing (0: never),
    at most ``per_address`` open per client address that is not a ``trusted`` proxy (0: no
    bound; ``trusted`` None: uvicorn's ``FORWARDED_ALLOW_IPS``), the refusal said in the
    language its request asks for (``accept_language``: as ``Settings.accept_language``),
    else in ``lang`` (the server's). uvicorn's own protocol when neither is asked for."""
    if seconds <= 0 and per_address <= 0:
        return http
    from uvicorn.config import HTTP_PROTOCOLS
    from uvicorn.importer import import_from_string

    return functools.partial(Watched, inner=import_from_string(HTTP_PROTOCOLS[http]),
                             seconds=seconds, per_address=per_address, trusted=trusted,
                             refusals={code: refusal_bytes(per_address, code)
                                       for code in LANGS},
                             accept_language=accept_language, lang=normalize_lang(lang))
