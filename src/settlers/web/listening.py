"""Whether ``settlers serve`` can listen where it is asked, tried before the server starts.

uvicorn finds a port in use only when it binds, and says so in the system's English
("[Errno 98] … address already in use"). :func:`listening_fault` binds a socket the way
uvicorn does (the address family by the host's form, ``SO_REUSEADDR``) and closes it at once;
a refusal is a ``web.serve.*`` catalog key with its parameters, said in the user's language.
"""

from __future__ import annotations

import errno
import socket
from typing import Any

#: how many ports after a busy one are tried for a free one to suggest
SUGGESTION_RANGE = 20


def _bind_error(host: str, port: int) -> OSError | None:
    """The system's refusal to bind ``host:port`` (None: it could be bound, and was let go)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
    except OSError as exc:   # socket.gaierror included: a name that does not resolve
        return exc
    return None


def free_port_after(host: str, port: int) -> int | None:
    """A port after ``port`` that ``host`` can listen on now, if one is near."""
    for candidate in range(port + 1, min(port + 1 + SUGGESTION_RANGE, 65536)):
        if _bind_error(host, candidate) is None:
            return candidate
    return None


def listening_fault(host: str, ports: list[int]) -> tuple[str, dict[str, Any]] | None:
    """Why the server cannot listen on ``host`` at one of ``ports``, as a web catalog key
    (without ``web.``) and its parameters; None if it can."""
    for port in ports:
        exc = _bind_error(host, port)
        if exc is None:
            continue
        if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
            return "serve.bad_host", {"host": host}
        if exc.errno == errno.EADDRINUSE:
            free = free_port_after(host, port) if len(ports) == 1 else None
            if free is None:
                return "serve.port_in_use", {"host": host, "port": port}
            return "serve.port_in_use_try", {"host": host, "port": port, "free": free}
        if exc.errno == errno.EACCES:
            return "serve.port_denied", {"port": port}
        code = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
        return "serve.cannot_listen", {"host": host, "port": port, "code": code}
    return None
