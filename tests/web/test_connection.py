"""One open socket's sending (connection.py): while its writer waits for work, a message is
sent at once by the caller; a send that has to wait (a slow reader) is finished by the writer
before anything sent after it, so the order always holds; a failing send closes the socket."""

from __future__ import annotations

import asyncio

from settlers.web.config import Settings
from settlers.web.connection import Connection


class Peer:
    """A socket whose sends wait while ``slow`` is clear (the peer does not read)."""

    def __init__(self, fail: bool = False):
        self.sent: list[str] = []
        self.slow = asyncio.Event()
        self.slow.set()
        self.fail = fail
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        if self.fail:
            raise RuntimeError("the peer is gone")
        await self.slow.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def _conn(ws) -> Connection:
    return Connection(ws, 0, "en", Settings(db_url="sqlite://"))


async def _idle(conn: Connection) -> None:
    for _ in range(100):
        if conn.idle:
            return
        await asyncio.sleep(0)
    raise AssertionError("the writer never went idle")


def test_an_idle_writer_lets_the_caller_send_at_once_in_order():
    async def scenario():
        ws = Peer()
        conn = _conn(ws)
        conn.send({"n": 0})  # before the writer runs: queued
        writer = asyncio.create_task(conn.writer())
        await _idle(conn)
        assert ws.sent == ['{"n":0}']
        conn.send({"n": 1})  # sent by the caller, nothing queued, the writer not woken
        assert ws.sent == ['{"n":0}', '{"n":1}'] and not conn.outbox
        conn.closed = True
        conn.wake.set()
        await asyncio.wait_for(writer, 2)

    asyncio.run(scenario())


def test_a_send_that_must_wait_is_finished_before_later_messages():
    async def scenario():
        ws = Peer()
        conn = _conn(ws)
        writer = asyncio.create_task(conn.writer())
        await _idle(conn)
        ws.slow.clear()  # the peer stops reading
        conn.send("a")  # starts at once, then waits
        conn.send("b")  # queued behind it
        conn.send("c")
        await asyncio.sleep(0.01)
        assert ws.sent == []
        ws.slow.set()
        await _idle(conn)
        assert ws.sent == ["a", "b", "c"]
        conn.send("d")
        assert ws.sent[-1] == "d"
        conn.closed = True
        conn.wake.set()
        await asyncio.wait_for(writer, 2)

    asyncio.run(scenario())


def test_a_failing_send_from_the_caller_closes_the_socket():
    async def scenario():
        ws = Peer()
        conn = _conn(ws)
        writer = asyncio.create_task(conn.writer())
        await _idle(conn)
        ws.fail = True
        conn.send({"type": "pong"})
        await asyncio.wait_for(writer, 2)
        return conn, ws

    conn, ws = asyncio.run(scenario())
    assert conn.closed and ws.closed_with == 1011
