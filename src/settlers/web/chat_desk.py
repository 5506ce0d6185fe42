"""The table chat of every hosted game: a message is checked (chat.py), stored with the game,
then sent to every open page of it — players' and spectators' alike. A page joining (or
reconnecting) is sent the last ``chat_history`` lines first.

Who posts: each seat from its own page (its link); spectators read, and post marked as
spectators only when the operator allows it (``chat_spectators_post``). Several processes on
PostgreSQL: a line stored by one reaches the pages of every other (``<game>:chat:<id>``).
A seat's line keeps its live table from being stopped as untouched (Hub.sweep_idle); a
spectator's does not."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import math
import weakref
from dataclasses import dataclass

from settlers.web.chat import ChatHistory, ChatLimiter, ChatLine, chat_message, clean_text
from settlers.web.connection import Connection, dumps
from settlers.web.errors import ActError
from settlers.web.room import Room
from settlers.web.storage import ChatRow

log = logging.getLogger("settlers.web")


@dataclass
class TableChat:
    """One game's chat in memory: its recent lines and its posters' rate limits."""

    history: ChatHistory
    limiter: ChatLimiter


def _line(row: ChatRow) -> ChatLine:
    return ChatLine(row.id, row.seat, row.text, row.created_at)


class ChatDesk:
    def __init__(self, hub):
        self.hub = hub
        self.settings = hub.settings
        # kept as long as the room is: an evicted game's chat reloads from the store with it
        self.tables: weakref.WeakKeyDictionary[Room, TableChat] = weakref.WeakKeyDictionary()
        self.locks: weakref.WeakKeyDictionary[Room, asyncio.Lock] = weakref.WeakKeyDictionary()

    async def table(self, room: Room) -> TableChat:
        """``room``'s chat, read from the store the first time it is needed."""
        chat = self.tables.get(room)
        if chat is not None:
            return chat
        lock = self.locks.setdefault(room, asyncio.Lock())
        async with lock:
            chat = self.tables.get(room)
            if chat is None:
                size = self.settings.chat_history
                rows = await self.hub.run_db(self.hub.store.load_chat, room.id, size)
                chat = TableChat(ChatHistory([_line(r) for r in rows], size),
                                 ChatLimiter(self.settings.chat_rate_per_second,
                                             self.settings.chat_burst))
                self.tables[room] = chat
        return chat

    def can_post(self, conn: Connection) -> bool:
        return conn.seat is not None or self.settings.chat_spectators_post

    async def join(self, room: Room, conn: Connection) -> None:
        """Send a page the recent lines (they replace what it shows: a reconnect, a new
        language) and whether it may post."""
        chat = await self.table(room)
        conn.send(chat_message(chat.history.lines, room.names(conn.lang), conn.lang,
                               history=True, can_post=self.can_post(conn),
                               max_length=self.settings.chat_max_length))

    async def post(self, room: Room, conn: Connection, msg: dict) -> None:
        """Check, store and send one message of ``conn``'s seat (ActError if refused:
        nothing is stored or sent then)."""
        if not self.can_post(conn):
            raise ActError("chat_read_only")
        text = clean_text(msg.get("text"), self.settings.chat_max_length)
        chat = await self.table(room)
        seat = conn.seat
        # a seat is limited across all its pages; spectators by address
        wait = chat.limiter.take(f"seat:{seat}" if seat is not None else f"addr:{conn.address}")
        if wait > 0:
            raise ActError("chat_rate_limited", seconds=max(1, math.ceil(wait)))
        at = dt.datetime.now(dt.UTC)
        msg_id = await self.hub.run_db(self.hub.store.add_chat, room.id, seat, text, at)
        if seat is not None:   # a seat's line keeps its table live (stored with it), not a
            room.note_active(at)   # spectator's: anyone could keep any table live
        self.publish(room, chat, ChatLine(msg_id, seat, text, at))

    def publish(self, room: Room, chat: TableChat, line: ChatLine) -> None:
        """Send ``line`` to every open page of ``room`` (once: a line heard again is not)."""
        if not chat.history.add(line):
            return
        texts: dict[str, str] = {}
        for conn in list(room.conns):
            text = texts.get(conn.lang)
            if text is None:
                text = texts[conn.lang] = dumps(
                    chat_message([line], room.names(conn.lang), conn.lang))
            conn.send(text)

    def on_notice(self, room: Room, msg_id: int) -> None:
        """PostgreSQL: a process stored line ``msg_id`` of ``room`` (perhaps this one)."""
        chat = self.tables.get(room)
        if chat is None or msg_id in chat.history.ids:
            return  # not loaded here (it will be read fresh), or already shown
        self.hub.spawn(self._fetch(room, chat, msg_id))

    async def _fetch(self, room: Room, chat: TableChat, msg_id: int) -> None:
        row = await self.hub.run_db(self.hub.store.chat_message, room.id, msg_id)
        if row is not None:
            if row.seat is not None:   # (another process stored it: and the touch with it)
                room.note_active(row.created_at)
            self.publish(room, chat, _line(row))

    async def lines(self, room: Room, before: int | None, limit: int) -> list[ChatLine]:
        """Stored lines of ``room`` for the API, oldest first (``before``: older than it)."""
        rows = await self.hub.run_db(self.hub.store.load_chat, room.id, limit, before)
        return [_line(r) for r in rows]
