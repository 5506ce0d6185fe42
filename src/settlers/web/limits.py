"""Limits on what one client may send over HTTP: a flood limit per address, a size limit."""

from __future__ import annotations

import ipaddress
import time
from typing import TYPE_CHECKING

from settlers.web.errors import ActError

if TYPE_CHECKING:   # (address_key is read by the HTTP layer, which a base install imports)
    from fastapi import Request


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


#: the IPv6 prefix one client is taken to hold (an ISP hands a home or a server a /64, and
#: any host in it may take as many of its addresses as it likes)
IPV6_CLIENT_PREFIX = 64


def address_key(host: str | None) -> str:
    """What the per-address limits count a client by: its IPv4 address (an IPv4 address
    written in IPv6, ``::ffff:a.b.c.d``, too), or its IPv6 /64 — per IPv6 address, one client
    with a /64 of its own could take a fresh address for every request and pass every
    per-address limit (games and uploads per hour, pages, spectators). Anything that is no
    address (a test client's name) is counted as it is."""
    if not host:
        return "?"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_CLIENT_PREFIX), strict=False))
    return str(ip)


def client_key(request) -> str:
    return address_key(request.client.host if request.client else None)


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
