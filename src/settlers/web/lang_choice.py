"""Which language a request is answered in — from a parsed request (``server.request_lang``)
or from the raw head of one the application never sees (``head_lang``: a connection refused
below it, quiet_connections.py) — chosen the same way, first to last: ``?lang=``; the
language cookie; the browser's ``Accept-Language`` (ru or en, by quality) unless the
operator fixed the site's language; the server's language."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

from settlers.web.accept_language import preferred_language
from settlers.web.i18n import LANG_COOKIE, LANGS, normalize_lang

#: the end of a request's head (its empty line; a line may end in a bare LF)
HEAD_END = re.compile(rb"\r?\n\r?\n")
#: bytes of a request head read for its language (a browser's head is well under 8 KB;
#: uvicorn's own bound on a header line is larger, but nothing past this is waited for)
MAX_HEAD = 8192


def choose_lang(asked: str | None, cookie: str | None, accept: str | None,
                accept_language: bool, default: str | None) -> str:
    """The language of a request that asked ``asked`` (``?lang=``), carries the language
    ``cookie`` and the ``accept`` header (read only with ``accept_language``); otherwise
    ``default`` (the server's). A language the server does not have says nothing."""
    for chosen in (asked, cookie):
        code = normalize_lang(chosen, "")
        if code:
            return code
    if accept_language:
        browser = preferred_language(accept, LANGS)
        if browser:
            return browser
    return normalize_lang(default)


def _cookie(header: str, name: str) -> str | None:
    """``name``'s value in a ``Cookie`` header, read by Starlette's own parser (its last;
    a quoted value unquoted), as ``Request.cookies`` reads it."""
    from starlette.requests import cookie_parser

    return cookie_parser(header).get(name)


def head_lang(head: bytes, accept_language: bool, default: str | None) -> str:
    """The language of the request whose head (request line and headers, perhaps cut short)
    is ``head``: as ``choose_lang``. A head that cannot be read is answered in ``default``."""
    text = head[:MAX_HEAD].decode("latin-1")
    # the head ends at its first empty line: what follows is a body, never headers (lines
    # may end in a bare LF, as uvicorn's h11 protocol takes them)
    lines = re.split(r"\r?\n", text.lstrip("\r\n"))
    if "" in lines:
        lines = lines[:lines.index("")]
    first = lines[0].split(" ") if lines else []
    target = first[1] if len(first) >= 2 else ""
    try:
        query = urlsplit(target).query
    except ValueError:   # (a malformed target: "[" in an authority)
        query = ""
    asked = None
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key == "lang":
            asked = value   # (the last, as Starlette's query_params.get)
    cookie = accept = None
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if not sep:
            continue
        name = name.strip().lower()
        if name == "cookie":
            found = _cookie(value, LANG_COOKIE)
            if found is not None:   # (a later header's, even empty, as Starlette reads them)
                cookie = found
        elif name == "accept-language" and accept is None:
            accept = value.strip()
    return choose_lang(asked, cookie, accept, accept_language, default)
