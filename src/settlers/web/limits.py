"""Limits on what one client may send over HTTP: a flood limit per address, a size limit."""

from __future__ import annotations

import time

from fastapi import Request

from settlers.web.errors import ActError


class AddressLimiter:
    """Token bucket per client address."""

    MAX_ADDRESSES = 10_000

    def __init__(self, rate: float, burst: int):
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        tokens, stamp = self.buckets.get(key, (float(self.burst), now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if len(self.buckets) > self.MAX_ADDRESSES:
            self.buckets.clear()
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        return True


def client_key(request) -> str:
    return request.client.host if request.client else "?"


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused (ActError too_large) as soon as it is known to pass
    ``limit`` bytes: at once by its Content-Length, else while it streams in. Memory use is
    bounded by the limit whatever the client sends."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit() or len(declared) > 18:
            raise ActError("bad_field", field="Content-Length")
        if int(declared) > limit:
            raise ActError("too_large", limit=limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ActError("too_large", limit=limit)
        chunks.append(chunk)
    return b"".join(chunks)
