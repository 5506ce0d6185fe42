"""uvicorn's access log without the secrets addresses carry: a seat's link (``?token=``), the
creator's and the manage page (``?creator=``), and the same inside an encoded ``next=`` of the
language switch. Whoever reads the log (an operator, a log shipper) would otherwise hold every
seat of every game. The path is kept, the secret's value replaced by ``…``.

uvicorn writes a WebSocket's handshake — ``"WebSocket /ws/games/…?token=…" [accepted]``, its
path with the query — to its error log (``uvicorn.error``, at INFO), not the access log: that
log is filtered the same way."""

from __future__ import annotations

import logging
import re

# a query parameter holding a secret, plain or percent-encoded (``token%3D…`` inside ``next=``)
SECRET_PARAM = re.compile(r"((?:[?&]|%3[Ff]|%26)(?:token|creator)(?:=|%3[Dd]))[^&%\s]*")
ACCESS_LOGGER = "uvicorn.access"
ERROR_LOGGER = "uvicorn.error"   # (its WebSocket lines: the path with the query)


def redact(path: str) -> str:
    """``path`` with the value of every secret query parameter replaced by ``…``."""
    return SECRET_PARAM.sub(r"\1…", path)


class RedactSecrets(logging.Filter):
    """Rewrites a record of uvicorn's: every text among its arguments (the access log's
    client, method, path, http version, status; a WebSocket line's client and path), and its
    message when it has none."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and args:
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in args)
        elif not args and isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def install() -> None:
    """Once per process (each uvicorn worker builds its app and so calls it)."""
    for name in (ACCESS_LOGGER, ERROR_LOGGER):
        log = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in log.filters):
            log.addFilter(RedactSecrets())
