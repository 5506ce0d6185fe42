"""What every answer carries against a hostile page elsewhere, and the check that a request
changing something comes from the server's own pages.

- Headers (``SecurityHeaders``, an ASGI middleware): a seat's link, the creator's link and
  the creator's page carry secret tokens in the address, so no page sends its address on
  (``Referrer-Policy: no-referrer``) and nothing but the server's own pages is cached
  (``Cache-Control: no-store``, the static files excepted); no page may be framed by another
  site (a click on a framed table would be a move); scripts come from the server only (the
  pages have no inline script: the boot data is JSON, not run), so a name or a chat line that
  got into the page as markup could still run nothing.
- ``cross_site``: a form or a script of another site can make a visitor's browser send a
  POST here (a game created, a free seat taken in their name); browsers say where such a
  request comes from (``Sec-Fetch-Site``, ``Origin``), and a request changing something is
  refused when that is another site. A request that says nothing (a script, curl, an old
  browser) is let through: it is no visitor's browser acting for someone else.
"""

from __future__ import annotations

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


def _host_name(value: str) -> str:
    """The host name of a ``Host`` header or an origin's address, lower case, without its
    port (a proxy may pass ``Host`` without the port the browser used)."""
    try:
        parts = urlsplit(value if "//" in value else f"//{value}")
        return (parts.hostname or "").rstrip(".")
    except ValueError:
        return ""


def cross_site(request: HTTPConnection) -> bool:
    """Whether a visitor's browser says this request comes from a page of another site."""
    fetch_site: str | None = request.headers.get("sec-fetch-site")
    if fetch_site is not None:
        return fetch_site.strip().lower() == "cross-site"
    origin = request.headers.get("origin")
    if origin is None:
        return False
    if origin.strip().lower() == "null":  # a sandboxed frame, a local file: nobody's page here
        return True
    host = request.headers.get("host") or ""
    mine, theirs = _host_name(host), _host_name(origin.strip())
    return not mine or mine != theirs
