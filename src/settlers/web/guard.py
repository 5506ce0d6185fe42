"""What every answer carries against a hostile page elsewhere, and the check that a request
changing something comes from the server's own pages.

- Headers (``SecurityHeaders``, an ASGI middleware): a seat's link, the creator's link and
  the creator's page carry secret tokens in the address, so no page sends its address on
  (``Referrer-Policy: no-referrer``) and nothing but the server's own pages is cached
  (``Cache-Control: no-store``, the static files excepted); no page may be framed by another
  site (a click on a framed table would be a move); scripts come from the server only (the
  pages have no inline script: the boot data is JSON, not run), so a name or a chat line that
  got into the page as markup could still run nothing.
- ``cross_site``: a form or a script of another origin can make a visitor's browser send a
  POST here (a game created, a free seat taken in their name) or open a table's socket;
  browsers say where such a request comes from (``Sec-Fetch-Site``, ``Origin``), and a
  request changing something is refused unless that is this server's own origin — exactly:
  the same scheme, host and port as the request reached the server (the scheme as a trusted
  proxy's ``X-Forwarded-Proto`` says, the host and port as its ``Host`` says), or an origin
  the operator named (``Settings.allowed_origins``). A page on a sibling subdomain
  (``Sec-Fetch-Site: same-site``: on a shared hosting domain, somebody else's) is another
  origin. A request that says nothing (a script, curl, an old browser) is let through: it is
  no visitor's browser acting for someone else.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import ipaddress
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from settlers.web.headers import HEADERS, NO_STORE


class SecurityHeaders:
    """Adds ``HEADERS`` to every HTTP answer (a header the route set itself is kept), and
    ``Cache-Control: no-store`` to every answer but a static file's."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        static = scope.get("path", "").startswith("/static/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers") or [])
                have = {name.lower() for name, _ in headers}
                extra = HEADERS if static else (*HEADERS, NO_STORE)
                headers.extend(h for h in extra if h[0] not in have)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


# what a browser says of a request its user made here (a link, the address bar) or a page of
# this origin made: the only ``Sec-Fetch-Site`` values a request changing something may carry
OWN_FETCH_SITES = frozenset({"same-origin", "none"})
DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_key(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin: lower case, the scheme's default port filled in, a
    trailing dot of the host dropped; None for anything that is not http(s) with a host and
    a valid port (userinfo, a path, a query: no browser's ``Origin`` has them)."""
    scheme = scheme.strip().lower()
    if scheme in ("ws", "wss"):   # (a socket's own scope says ws/wss: its page is http/https)
        scheme = "https" if scheme == "wss" else "http"
    if scheme not in DEFAULT_PORTS or not netloc or any(c in netloc for c in "@/?#\\ \t"):
        return None
    try:
        parts = urlsplit(f"//{netloc}")
        host = (parts.hostname or "").rstrip(".")
        port = parts.port
    except ValueError:
        return None
    if not host:
        return None
    return scheme, host, DEFAULT_PORTS[scheme] if port is None else port


def parse_origin(value: str) -> tuple[str, str, int] | None:
    """``origin_key`` of an ``Origin`` header (``https://host[:port]``), or None."""
    scheme, sep, rest = value.strip().partition("://")
    if not sep:
        return None
    return origin_key(scheme, rest)


def allowed_origins(spec: str) -> frozenset[tuple[str, str, int]]:
    """The origins of ``Settings.allowed_origins`` (comma- or space-separated); one that is
    not an origin is refused at start (ValueError), not silently left out."""
    out = set()
    for item in spec.replace(",", " ").split():
        key = parse_origin(item.rstrip("/"))
        if key is None:
            raise ValueError(f"not an origin (scheme://host[:port]): {item!r}")
        out.add(key)
    return frozenset(out)


def own_origin(request: HTTPConnection) -> tuple[str, str, int] | None:
    """This server's origin as ``request`` reached it: its scheme (a trusted proxy's
    ``X-Forwarded-Proto``, as uvicorn set it) and its ``Host``."""
    return origin_key(str(request.scope.get("scheme") or "http"),
                      request.headers.get("host") or "")


def cross_site(request: HTTPConnection) -> bool:
    """Whether a visitor's browser says this request (one that changes something: a POST, a
    socket) comes from a page of another origin than this server's own."""
    fetch_site: str | None = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site.strip().lower() not in OWN_FETCH_SITES:
        return True
    origin = request.headers.get("origin")
    if origin is None:
        return False
    if origin.strip().lower() == "null" and fetch_site is not None:
        # a form of this server's own page: its ``Referrer-Policy: no-referrer`` makes the
        # browser send ``Origin: null``, and ``Sec-Fetch-Site`` (no page can set it, and a
        # redirect from elsewhere makes it cross-site) already said this origin
        return False
    theirs = parse_origin(origin)   # ("null" without Sec-Fetch-Site: a sandboxed frame,
    if theirs is None:              # a local file, an older browser's: nobody's page here)
        return True
    if theirs == own_origin(request):
        return False
    settings = getattr(request.app.state, "settings", None)
    return theirs not in _allowed(str(getattr(settings, "allowed_origins", "") or ""))


@functools.lru_cache(maxsize=8)
def _allowed(spec: str) -> frozenset[tuple[str, str, int]]:
    try:
        return allowed_origins(spec)
    except ValueError:
        return frozenset()


# headers a proxy adds: a request carrying one came by a proxy (or says it did), so the
# address it came from is not where it was sent from
PROXY_HEADERS = ("forwarded", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host",
                 "x-real-ip")


def operator_asks(request: HTTPConnection, token: str) -> bool:
    """Whether ``request`` is the operator's: with ``token`` set, it carries it
    (``Authorization: Bearer <token>``, compared in constant time); without, it came from
    this machine's loopback with no proxy header (a reverse proxy on the machine passes
    ``X-Forwarded-For``: then the peer is the visitor, or the request says it is
    forwarded)."""
    if token:
        scheme, _, given = (request.headers.get("authorization") or "").partition(" ")
        if scheme.lower() != "bearer" or not given:
            return False
        return hmac.compare_digest(hashlib.sha256(given.strip().encode()).digest(),
                                   hashlib.sha256(token.encode()).digest())
    if any(name in request.headers for name in PROXY_HEADERS):
        return False
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
