"""Stand-ins for the upload check's child (settlers.web.content_check._child), importable by
name in the child process: hostile data's cost without having to find such data."""

from __future__ import annotations

import time


def sleeps(conn, *_args) -> None:
    """A check that never ends (a loader looping on crafted data)."""
    time.sleep(3600)


def grows(conn, game, option, path, shown_as, memory_bytes) -> None:
    """A check that takes memory without end, under the child's bound."""
    from settlers.web import content_check

    if memory_bytes > 0:
        import resource

        now = content_check._address_space()
        resource.setrlimit(resource.RLIMIT_AS, (now + memory_bytes, now + memory_bytes))
    hoard = []
    while True:
        hoard.append(bytearray(16 * 1024 * 1024))
