"""Signed notices between server processes (PostgreSQL LISTEN/NOTIFY).

Any session of the database may ``NOTIFY settlers_moves`` — no privilege is needed for it — so
a notice is not to be believed for where it came from. Every notice a process sends is signed
with an HMAC (SHA-256, 128 bits shown) under a key all processes of the server share, and a
listener applies only notices whose signature holds: a forged notice, even of a legal move,
changes nothing (the process reads the game from the store instead, which is what it would
do after any notice it cannot use).

The key is the operator's ``notice_secret`` (``SETTLERS_NOTICE_SECRET``) when set; otherwise
one drawn by the first process to start and kept in the database (table ``server_secrets``),
where every later process — of this machine or another — reads the same one.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: between a notice and its signature (neither a game id nor the start of JSON ends with it)
SEP = "|"
#: the signature's length (hex of the first 16 bytes of the HMAC)
MAC_CHARS = 32
#: what the signature covers besides the notice: a key used for nothing else
DOMAIN = b"settlers-notice-v1\x00"


def new_secret() -> str:
    """A secret for the notices of a server that was given none (256 bits)."""
    return secrets.token_hex(32)


class NoticeKey:
    """Signs the notices of this process and opens those of the others."""

    def __init__(self, secret: str) -> None:
        if not secret:
            raise ValueError("a notice key needs a secret")
        self._key = hashlib.sha256(DOMAIN + secret.encode("utf-8")).digest()

    def _mac(self, payload: str) -> str:
        return hmac.new(self._key, DOMAIN + payload.encode("utf-8", "surrogatepass"),
                        hashlib.sha256).hexdigest()[:MAC_CHARS]

    def sign(self, payload: str) -> str:
        """``payload`` as it is sent: ``"<payload>|<signature>"``."""
        return f"{payload}{SEP}{self._mac(payload)}"

    def open(self, notice: str) -> str | None:
        """The payload of a notice this server signed; None for any other (unsigned, signed
        with another key, altered)."""
        if len(notice) <= MAC_CHARS or notice[-MAC_CHARS - 1] != SEP:
            return None
        payload, mac = notice[:-MAC_CHARS - 1], notice[-MAC_CHARS:]
        return payload if hmac.compare_digest(mac, self._mac(payload)) else None
