"""The table chat's rules: what a message may contain, how fast a seat may post, the history a
page is sent, and the message format. No I/O here (``chat_desk.py`` stores and broadcasts).

A chat line carries only who wrote it (a seat, or "a spectator"), when, and the text: nothing
of the game's state, so it can never carry hidden information. Lines are kept apart from the
action log: a replay stays a pure function of (players, seed, options, actions)."""

from __future__ import annotations

import bisect
import datetime as dt
import math
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from settlers.web.errors import ActError
from settlers.web.i18n import t
from settlers.web.validation import MAX_MARKS, shows_nothing, unshowable


def clean_text(raw: Any, limit: int) -> str:
    """A chat message's text: a string, not empty and at most ``limit`` characters after
    trimming, without control characters (line breaks, NUL, escape sequences, bidirectional
    overrides, lone surrogates, invisible formatting characters: ``validation.unshowable``)
    or marks stacked past ``MAX_MARKS`` on one character. NFC-normalized, so the same words
    are stored the same way. Anything else is refused with an ActError naming what is
    wrong; a line that shows nothing is empty."""
    if not isinstance(raw, str):
        raise ActError("chat_not_text", field="text")
    text = unicodedata.normalize("NFC", raw.strip())
    if not text:
        raise ActError("chat_empty")
    if len(text) > limit:
        raise ActError("chat_too_long", limit=limit, length=len(text))
    bad = unshowable(text)
    if bad is not None:
        if unicodedata.category(bad) in ("Mn", "Me"):
            raise ActError("chat_marks", limit=MAX_MARKS, code_point=f"U+{ord(bad):04X}")
        raise ActError("chat_control", code_point=f"U+{ord(bad):04X}")
    if shows_nothing(text):
        raise ActError("chat_empty")
    return text


class ChatLimiter:
    """A token bucket per poster (a seat, or a spectator's address): ``burst`` messages at
    once, then ``rate`` per second. ``take`` answers 0 (allowed, one token spent) or the
    seconds until the next message is allowed."""

    MAX_KEYS = 1_000

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> float:
        now = self.clock()
        tokens, stamp = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - stamp) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate if self.rate > 0 else math.inf
        if len(self.buckets) >= self.MAX_KEYS and key not in self.buckets:
            self.buckets.clear()  # spectators' addresses come and go: never unbounded
        self.buckets[key] = (tokens - 1, now)
        return 0.0


@dataclass(frozen=True)
class ChatLine:
    id: int
    seat: int | None  # None: a spectator
    text: str
    at: dt.datetime


class ChatHistory:
    """The last ``size`` lines of one game's chat, in id order; each id at most once (a line
    may be heard twice: from its own post and, on PostgreSQL, from the store's notice)."""

    def __init__(self, lines: list[ChatLine], size: int):
        self.size = size
        self.lines: list[ChatLine] = sorted(lines, key=lambda x: x.id)[-size:]
        self.ids = {x.id for x in self.lines}

    def add(self, line: ChatLine) -> bool:
        """Keep ``line``; False if it was known already (or is older than all kept)."""
        if line.id in self.ids:
            return False
        if len(self.lines) >= self.size and line.id < self.lines[0].id:
            return False
        bisect.insort(self.lines, line, key=lambda x: x.id)
        self.ids.add(line.id)
        while len(self.lines) > self.size:
            self.ids.discard(self.lines.pop(0).id)
        return True


def line_payload(line: ChatLine, names: list[str], lang: str) -> dict:
    """One line as pages get it: who (the seat's shown name, or "Spectator"), when, what."""
    seat = line.seat if line.seat is not None and 0 <= line.seat < len(names) else None
    spectator = seat is None
    return {
        "id": line.id,
        "seat": seat,
        "name": t("chat.spectator", lang) if seat is None else names[seat],
        "spectator": spectator,
        "at": line.at.astimezone(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        "text": line.text,
    }


def chat_message(lines: list[ChatLine], names: list[str], lang: str, *,
                 history: bool = False, **extra) -> dict:
    """A ``chat`` message: new lines, or (``history``) the lines a page starts from, which
    replace what it shows."""
    return {"type": "chat", "history": history,
            "lines": [line_payload(x, names, lang) for x in lines], **extra}
