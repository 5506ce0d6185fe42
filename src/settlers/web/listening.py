"""The sockets ``settlers serve`` listens on, bound before the server starts.

uvicorn finds a port in use only when it binds, and says so in the system's English
("[Errno 98] … address already in use"). :func:`listen_on` binds and listens the way uvicorn
does (the address family by the host's form, ``SO_REUSEADDR``) and the server is handed the
sockets (``settlers.web.serve``): it binds nothing itself, so no other program can take a port
between the check and the start. A refusal is :class:`CannotListen`, a ``web.serve.*``
catalog key with its parameters, said in the user's language.
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


def _bound(host: str, port: int, listen: bool) -> socket.socket:
    """A socket bound to ``host:port`` (and listening, if ``listen``); OSError if the system
    refuses (socket.gaierror included: a name that does not resolve)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        if listen:   # (two sockets with SO_REUSEADDR may both be bound until one listens)
            sock.listen(BACKLOG)
    except BaseException:
        sock.close()
        raise
    return sock


def _bind_error(host: str, port: int) -> OSError | None:
    """The system's refusal to bind ``host:port`` (None: it could be bound, and was let go)."""
    try:
        _bound(host, port, listen=False).close()
    except OSError as exc:
        return exc
    return None


def free_port_after(host: str, port: int) -> int | None:
    """A port after ``port`` that ``host`` can listen on now, if one is near."""
    for candidate in range(port + 1, min(port + 1 + SUGGESTION_RANGE, 65536)):
        if _bind_error(host, candidate) is None:
            return candidate
    return None


def listen_on(host: str, ports: list[int]) -> list[socket.socket]:
    """A listening socket on ``host`` at each of ``ports``, to hand to the server;
    CannotListen (none is left open) if one cannot be had."""
    sockets: list[socket.socket] = []
    try:
        for port in ports:
            try:
                sockets.append(_bound(host, port, listen=True))
            except OSError as exc:
                raise CannotListen(*_refusal(host, port, exc, single=len(ports) == 1)) from None
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    _opened.update(sockets)
    return sockets


def let_go() -> None:
    """In a process forked from the server that serves no requests (a bot worker): close the
    listening sockets it inherited, which would keep the port taken while it lives."""
    for sock in list(_opened):
        sock.close()


def _refusal(host: str, port: int, exc: OSError, single: bool) -> tuple[str, dict[str, Any]]:
    """Why the system refused to listen on ``host:port``, as a web catalog key and its
    parameters."""
    if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
        return "serve.bad_host", {"host": host}
    if exc.errno == errno.EADDRINUSE:
        free = free_port_after(host, port) if single else None
        if free is None:
            return "serve.port_in_use", {"host": host, "port": port}
        return "serve.port_in_use_try", {"host": host, "port": port, "free": free}
    if exc.errno == errno.EACCES:
        return "serve.port_denied", {"port": port}
    code = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
    return "serve.cannot_listen", {"host": host, "port": port, "code": code}
