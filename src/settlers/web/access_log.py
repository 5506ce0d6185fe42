"""uvicorn's access log without the secrets addresses carry: a seat's link (``?token=``), the
creator's and the manage page (``?creator=``), and the same inside an encoded ``next=`` of the
language switch. Whoever reads the log (an operator, a log shipper) would otherwise hold every
seat of every game. The path is kept, the secret's value replaced by ``…``."""

from __future__ import annotations

import logging
import re

# a query parameter holding a secret, plain or percent-encoded (``token%3D…`` inside ``next=``)
SECRET_PARAM = re.compile(r"((?:[?&]|%3[Ff]|%26)(?:token|creator)(?:=|%3[Dd]))[^&%\s]*")
ACCESS_LOGGER = "uvicorn.access"


def redact(path: str) -> str:
    """``path`` with the value of every secret query parameter replaced by ``…``."""
    return SECRET_PARAM.sub(r"\1…", path)


class RedactSecrets(logging.Filter):
    """Rewrites uvicorn's access record (args: client, method, path, http version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], redact(args[2]), *args[3:])
        return True


def install() -> None:
    """Once per process (each uvicorn worker builds its app and so calls it)."""
    log = logging.getLogger(ACCESS_LOGGER)
    if not any(isinstance(f, RedactSecrets) for f in log.filters):
        log.addFilter(RedactSecrets())
