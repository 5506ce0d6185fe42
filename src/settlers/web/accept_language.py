"""The browser's ``Accept-Language``: which of the server's languages (ru, en) it prefers.

Read only when a request names no language itself (no ``?lang=``, no language cookie) and the
operator has not fixed the site's language (``SETTLERS_DEFAULT_LANG``): settlers.web.server.

``ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7`` → ru; ``de-DE,de;q=0.9,en;q=0.5`` → en; ``de``, ``*``,
``ru;q=0`` → None (the server's default). A range's quality (RFC 9110 §12.4.2: ``q=`` and up
to three decimals, 0 to 1) orders the choice, the earlier range winning a tie; ``q=0`` means
"not this one"; a range with a malformed quality is skipped, not guessed at. The header is
a visitor's text: only its first ``MAX_HEADER`` characters and ``MAX_RANGES`` ranges are read
(a range cut by that bound is dropped), and nothing in it raises.
"""

from __future__ import annotations

import re
from collections.abc import Collection

#: characters of the header read (a browser's list is a few dozen)
MAX_HEADER = 512
#: language ranges read
MAX_RANGES = 32

_QUALITY = re.compile(r"q=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)")


def _quality(params: list[str]) -> float | None:
    """The range's quality: 1 when it gives none, None when the one it gives is malformed."""
    for param in params:
        name, _, _value = param.partition("=")
        if name.strip().lower() == "q":
            found = _QUALITY.fullmatch(param.replace(" ", "").lower())
            return float(found.group(1)) if found else None
    return 1.0


def preferred_language(header: str | None, languages: Collection[str]) -> str | None:
    """The language of ``languages`` the header prefers most, or None when it names none of
    them (or names them only with ``q=0``)."""
    if not header or not isinstance(header, str):
        return None
    text = header[:MAX_HEADER + 1]
    ranges = text.split(",")
    if len(text) > MAX_HEADER:   # the range the bound cut: unknown, so not read
        ranges = ranges[:-1]
    best: tuple[float, str] | None = None
    for entry in ranges[:MAX_RANGES]:
        tag, *params = entry.split(";")
        code = tag.strip().lower().replace("_", "-").split("-")[0]
        if code not in languages:
            continue
        quality = _quality(params)
        if quality is None or quality <= 0:
            continue
        if best is None or quality > best[0]:
            best = (quality, code)
    return best[1] if best else None
