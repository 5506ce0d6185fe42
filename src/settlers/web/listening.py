"""The sockets ``settlers serve`` listens on, bound before the server starts.

uvicorn finds a port in use only when it binds, and says so in the system's English
("[Errno 98] … address already in use"). :func:`listen_on` binds and listens the way uvicorn
does (``SO_REUSEADDR``) and the server is handed the sockets (``settlers.web.serve``): it
binds nothing itself, so no other program can take a port between the check and the start.
A name is listened on at every address it stands for: ``--host localhost`` at 127.0.0.1 and
at ::1 (where the machine has IPv6), since a browser may open http://localhost/ at either.
A refusal is :class:`CannotListen`, a ``web.serve.*`` catalog key with its parameters, said
in the user's language.
"""

from __future__ import annotations

import errno
import socket
import weakref
from typing import Any

#: how many ports after a busy one are tried for a free one to suggest
SUGGESTION_RANGE = 20
#: the listening queue's length (uvicorn's default ``backlog``)
BACKLOG = 2048


#: the sockets :func:`listen_on` opened (a forked helper lets go of them: :func:`let_go`)
_opened: weakref.WeakSet[socket.socket] = weakref.WeakSet()


class CannotListen(Exception):
    """The server cannot listen where it is asked: ``key`` (a web catalog key without
    ``web.``) and ``params`` say why."""

    def __init__(self, key: str, params: dict[str, Any]) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def _is_localhost(host: str) -> bool:
    """``localhost`` (or a name under it): the loopback, whatever the resolver says
    (RFC 6761 §6.3), and a browser opens it at ``::1`` as readily as at ``127.0.0.1``."""
    name = host.lower().rstrip(".")
    return name == "localhost" or name.endswith(".localhost")


def addresses(host: str, port: int) -> list[tuple[int, tuple[Any, ...]]]:
    """The address family and socket address of every address ``host`` stands for, each
    once, in the resolver's order: a literal address is itself; a name, every address it
    resolves to (IPv4 and IPv6); ``localhost``, both loopbacks besides. socket.gaierror if
    the name does not resolve."""
    found: list[tuple[int, tuple[Any, ...]]] = []
    for family, _kind, _proto, _canon, sockaddr in socket.getaddrinfo(
            host, port, socket.AF_UNSPEC, socket.SOCK_STREAM):
        if family in (socket.AF_INET, socket.AF_INET6) and (family, sockaddr) not in found:
            found.append((family, tuple(sockaddr)))
    if _is_localhost(host):
        for family, sockaddr in ((socket.AF_INET, ("127.0.0.1", port)),
                                 (socket.AF_INET6, ("::1", port, 0, 0))):
            if not any(f == family and a[0] == sockaddr[0] for f, a in found):
                found.append((family, sockaddr))
    return found


def _bound(family: int, sockaddr: tuple[Any, ...], listen: bool,
           v6only: bool) -> socket.socket:
    """A socket bound to ``sockaddr`` (and listening, if ``listen``); OSError if the system
    refuses. ``v6only``: an IPv6 socket takes IPv6 only (the IPv4 addresses of the same name
    have sockets of their own)."""
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if v6only and family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(sockaddr)
        if listen:   # (two sockets with SO_REUSEADDR may both be bound until one listens)
            sock.listen(BACKLOG)
    except BaseException:
        sock.close()
        raise
    return sock


class _Refused(OSError):
    """The system refused one of a name's addresses: ``address`` says which."""

    def __init__(self, exc: OSError, address: str) -> None:
        super().__init__(exc.errno, exc.strerror)
        self.address = address


#: a bind refused for these: this machine has no such address (no IPv6 at all, say), so a
#: name that stands for others too is listened on at those
ABSENT = (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT)


def _bound_all(host: str, port: int, listen: bool) -> list[socket.socket]:
    """A socket bound to ``port`` at every address of ``host`` this machine has (and
    listening, if ``listen``). socket.gaierror if the name does not resolve; _Refused (the
    address) if one cannot be bound, or none of them is this machine's."""
    found = addresses(host, port)
    sockets: list[socket.socket] = []
    absent: _Refused | None = None
    try:
        for family, sockaddr in found:
            if port == 0 and sockets:   # the port the system chose, at every address
                sockaddr = (sockaddr[0], sockets[0].getsockname()[1], *sockaddr[2:])
            try:
                sockets.append(_bound(family, sockaddr, listen, v6only=len(found) > 1))
            except OSError as exc:
                if exc.errno in ABSENT:
                    absent = _Refused(exc, sockaddr[0])
                    continue
                raise _Refused(exc, sockaddr[0]) from None
        if not sockets:
            raise absent or _Refused(OSError(errno.EADDRNOTAVAIL, "no address"), host)
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    return sockets


def _bind_error(host: str, port: int) -> OSError | None:
    """The system's refusal to bind ``host:port`` (None: it could be bound, and was let go)."""
    try:
        for sock in _bound_all(host, port, listen=False):
            sock.close()
    except OSError as exc:
        return exc
    return None


def free_port_after(host: str, port: int) -> int | None:
    """A port after ``port`` that ``host`` can listen on now (at every address), if one is
    near."""
    for candidate in range(port + 1, min(port + 1 + SUGGESTION_RANGE, 65536)):
        if _bind_error(host, candidate) is None:
            return candidate
    return None


def listen_on(host: str, ports: list[int]) -> dict[int, list[socket.socket]]:
    """Listening sockets on ``host`` at each of ``ports`` — one per address of ``host``
    (``localhost``: 127.0.0.1 and ::1, where the machine has IPv6) — to hand to the server;
    CannotListen (none is left open) if one cannot be had."""
    by_port: dict[int, list[socket.socket]] = {}
    try:
        for port in ports:
            try:
                by_port[port] = _bound_all(host, port, listen=True)
            except OSError as exc:
                raise CannotListen(*_refusal(host, port, exc, single=len(ports) == 1)) from None
    except BaseException:
        for sockets in by_port.values():
            for sock in sockets:
                sock.close()
        raise
    for sockets in by_port.values():
        _opened.update(sockets)
    return by_port


def let_go() -> None:
    """In a process forked from the server that serves no requests (a bot worker): close the
    listening sockets it inherited, which would keep the port taken while it lives."""
    for sock in list(_opened):
        sock.close()


def _refusal(host: str, port: int, exc: OSError, single: bool) -> tuple[str, dict[str, Any]]:
    """Why the system refused to listen on ``host:port``, as a web catalog key and its
    parameters."""
    if isinstance(exc, socket.gaierror) or exc.errno in ABSENT:
        return "serve.bad_host", {"host": host}
    address = getattr(exc, "address", host)
    # one of the addresses a name stands for («localhost (::1)»): which one
    shown = host if address == host else f"{host} ({address})"
    if exc.errno == errno.EADDRINUSE:
        free = free_port_after(host, port) if single else None
        if free is None:
            return "serve.port_in_use", {"host": shown, "port": port}
        return "serve.port_in_use_try", {"host": shown, "port": port, "free": free}
    if exc.errno == errno.EACCES:
        return "serve.port_denied", {"port": port}
    code = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
    return "serve.cannot_listen", {"host": shown, "port": port, "code": code}
