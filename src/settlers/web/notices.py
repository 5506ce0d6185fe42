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

Anyone may also ``LISTEN`` and send a signed notice again. So each notice carries, under the
signature, who sent it (a number drawn per process), its number among that sender's notices
and when it was signed, by the database's clock (each process measures how far its own
clock is from the database's: ``NoticeKey.offset``, so the processes' clocks need not
agree). A listener believes each (sender, number) once (:class:`Freshness`), and only within
``WINDOW_SECONDS`` of its own reading of that clock: a copy sent again, now or later, is not
new.
"""

from __future__ import annotations

import hashlib
import heapq
import hmac
import itertools
import secrets
import time
from collections.abc import Callable
from typing import NamedTuple

#: between a notice and its stamp, and the stamp and its signature (neither a game id nor
#: the start of JSON ends with it)
SEP = "|"
#: the signature's length (hex of the first 16 bytes of the HMAC)
MAC_CHARS = 32
#: what the signature covers besides the notice: a key used for nothing else (v2: stamped)
DOMAIN = b"settlers-notice-v2\x00"
#: how far a notice's stamp may be from the listener's reading of the database's clock
#: (seconds): older ones are not believed (a notice takes milliseconds to arrive)
WINDOW_SECONDS = 60.0
#: notices a listener remembers at most (each for ``WINDOW_SECONDS`` at most); past it the
#: oldest are forgotten and nothing stamped before them is believed any more
MAX_SEEN = 100_000


class Opened(NamedTuple):
    """A notice whose signature holds: what it says, who sent it, its number and stamp."""

    payload: str
    sender: str
    number: int
    stamp: float  # seconds, by the database's clock


def new_secret() -> str:
    """A secret for the notices of a server that was given none (256 bits)."""
    return secrets.token_hex(32)


class NoticeKey:
    """Signs the notices of this process and opens those of the others."""

    def __init__(self, secret: str, clock: Callable[[], float] = time.time) -> None:
        if not secret:
            raise ValueError("a notice key needs a secret")
        self._key = hashlib.sha256(DOMAIN + secret.encode("utf-8")).digest()
        self.sender = secrets.token_hex(8)  # this process (a new one at every start)
        self._numbers = itertools.count(1)  # (next() is atomic: signed on several threads)
        self.clock = clock  # this machine's
        self.offset = 0.0  # the database's clock minus this machine's, seconds (Store)

    def now(self) -> float:
        """The database's clock as this process reads it."""
        return self.clock() + self.offset

    def _mac(self, payload: str) -> str:
        return hmac.new(self._key, DOMAIN + payload.encode("utf-8", "surrogatepass"),
                        hashlib.sha256).hexdigest()[:MAC_CHARS]

    def sign(self, payload: str) -> str:
        """``payload`` as it is sent: ``"<payload>|<sender>.<number>.<ms>|<signature>"``
        (number and milliseconds in hex), each notice with a number of its own."""
        stamp = f"{self.sender}.{next(self._numbers):x}.{int(self.now() * 1000):x}"
        body = f"{payload}{SEP}{stamp}"
        return f"{body}{SEP}{self._mac(body)}"

    def opened(self, notice: str) -> Opened | None:
        """A notice this server signed, opened; None for any other (unsigned, signed with
        another key, altered)."""
        if len(notice) <= MAC_CHARS or notice[-MAC_CHARS - 1] != SEP:
            return None
        body, mac = notice[:-MAC_CHARS - 1], notice[-MAC_CHARS:]
        if not hmac.compare_digest(mac, self._mac(body)):
            return None
        payload, _, stamp = body.rpartition(SEP)
        try:
            sender, number, ms = stamp.split(".")
            return Opened(payload, sender, int(number, 16), int(ms, 16) / 1000)
        except ValueError:
            return None

    def open(self, notice: str) -> str | None:
        """The payload of a notice this server signed (whenever); None for any other."""
        got = self.opened(notice)
        return None if got is None else got.payload


class Freshness:
    """Which signed notices are new to a listener: each (sender, number) once, and only
    within ``window`` seconds of now (the database's clock). Remembers at most ``max_seen``
    notices: when more come, the oldest are forgotten and nothing stamped at or before them
    is believed (so a forgotten notice cannot come back as new)."""

    NEW, AGAIN, STALE = "new", "again", "stale"

    def __init__(self, window: float = WINDOW_SECONDS, max_seen: int = MAX_SEEN) -> None:
        self.window = window
        self.max_seen = max_seen
        self._seen: set[tuple[str, int]] = set()
        self._by_stamp: list[tuple[float, str, int]] = []  # a heap, oldest stamp first
        self._floor = float("-inf")  # the newest stamp forgotten for want of room

    def check(self, notice: Opened, now: float) -> str:
        """``NEW`` (and remembered), ``AGAIN`` (a copy of one seen) or ``STALE`` (stamped
        too long ago or too far ahead, or before what had to be forgotten)."""
        oldest = now - self.window
        heap = self._by_stamp
        while heap and heap[0][0] <= oldest:   # past the window: its copies are stale
            _, sender, number = heapq.heappop(heap)
            self._seen.discard((sender, number))
        if notice.stamp <= max(oldest, self._floor) or notice.stamp > now + self.window:
            return self.STALE
        key = (notice.sender, notice.number)
        if key in self._seen:
            return self.AGAIN
        self._seen.add(key)
        heapq.heappush(heap, (notice.stamp, notice.sender, notice.number))
        while len(heap) > self.max_seen:
            stamp, sender, number = heapq.heappop(heap)
            self._seen.discard((sender, number))
            self._floor = max(self._floor, stamp)
        return self.NEW
