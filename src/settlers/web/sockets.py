"""One WebSocket per open game page: the first state, then deltas; actions come back on it.

Seats always get in: spectators have places of their own (``max_spectators_per_game``) and
at most ``max_spectators_per_address`` per address and game, so anonymous watchers cannot
lock the players out (game ids are public)."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import FastAPI, WebSocket

from settlers.web.connection import Connection
from settlers.web.errors import ActError
from settlers.web.guard import cross_site
from settlers.web.i18n import normalize_lang
from settlers.web.limits import address_key
from settlers.web.server import Server, request_lang
from settlers.web.validation import parse_json


def admission(room, seat: int | None, address: str, settings) -> ActError | None:
    """Why a new page of ``seat`` (None: a spectator) from ``address`` is refused, if it is."""
    if seat is not None:
        same = sum(1 for c in room.conns if c.seat == seat)
        if same >= settings.max_sockets_per_seat:
            return ActError("too_many_connections", limit=settings.max_sockets_per_seat)
        return None
    watchers = [c for c in room.conns if c.seat is None]
    if len(watchers) >= settings.max_spectators_per_game:
        return ActError("too_many_spectators", limit=settings.max_spectators_per_game)
    if sum(1 for c in watchers if c.address == address) >= settings.max_spectators_per_address:
        return ActError("too_many_spectators", limit=settings.max_spectators_per_address)
    return None


def _since(raw: str | None, lines_lang: str | None, lang: str) -> int:
    """The log lines a reconnecting page says it has (``?since=``): a small decimal number,
    and only when the page says those lines are in the language it connects in
    (``?since_lang=``, the exact code): a page whose lines are in another language (or that
    does not say) would otherwise show its old lines in one language and the new ones in
    another. Anything else is 0: the whole log is sent, in ``lang``."""
    if raw is None or not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        return 0
    if lines_lang != lang:
        return 0
    return int(raw)


def add_sockets(app: FastAPI, srv: Server) -> None:
    hub, settings = srv.hub, srv.settings
    open_by_address: dict[str, int] = {}  # address -> its open sockets, every game's

    async def refuse(ws: WebSocket, exc: ActError, lang: str, code: int) -> None:
        with contextlib.suppress(Exception):
            await ws.send_json(exc.payload(lang))
            await ws.close(code=code)

    @app.websocket("/ws/games/{gid}")
    async def ws_game(ws: WebSocket, gid: str):
        await ws.accept()
        lang = request_lang(ws)
        address = address_key(ws.client.host if ws.client else None)  # (an IPv6 /64)
        if cross_site(ws):
            # a page of another site opening a table's socket in a visitor's browser: it
            # would keep tables watched (their bots playing, never stopped as untouched) and
            # speak as a spectator from every visitor's address; only this server's pages
            # open its sockets (a script or curl says no Origin: let through, as a POST)
            return await refuse(ws, ActError("cross_site"), lang, 4403)
        if not srv.writes.allow(address):  # connection floods
            return await refuse(ws, ActError("rate_limited"), lang, 4429)
        token = ws.query_params.get("token")
        try:
            srv.admit_load(address, gid)   # (a game not in memory is rebuilt: its cost)
        except ActError as exc:
            return await refuse(ws, exc, lang, 4429)
        try:
            room = await hub.get(gid)
            if room is not None:
                await hub.up_to_date(room)   # (another process may have stored a move now)
                if hub.rooms.get(gid) is not room:   # left memory meanwhile (it was idle)
                    room = await hub.get(gid)
        except ActError as exc:   # (a stored game whose uploaded set has no room now)
            return await refuse(ws, exc, lang, 4503)
        if room is None:
            return await refuse(ws, await hub.missing(gid), lang, 4404)
        seat = room.seat_for_token(token) if token else None
        if token and seat is None:
            return await refuse(ws, ActError("bad_token"), lang, 4403)
        refusal = admission(room, seat, address, settings)
        if refusal is None and open_by_address.get(address, 0) >= settings.max_sockets_per_address:
            refusal = ActError("too_many_connections", text_key="too_many_pages_here",
                               limit=settings.max_sockets_per_address)
        if refusal is not None:
            return await refuse(ws, refusal, lang, 4429)
        open_by_address[address] = open_by_address.get(address, 0) + 1
        closing = None
        try:
            since = _since(ws.query_params.get("since"), ws.query_params.get("since_lang"), lang)
            closing = await _serve(ws, room, seat, lang, address, since)
        finally:
            left = open_by_address.pop(address, 1) - 1
            if left > 0:
                open_by_address[address] = left
        if closing is not None:   # its places are free; the socket is still being closed
            with contextlib.suppress(Exception):
                await closing

    async def _serve(ws: WebSocket, room, seat: int | None, lang: str, address: str,
                     since: int = 0) -> asyncio.Task | None:
        """One admitted page, from its first state until its socket closes (a page that
        reconnects with ``since`` log lines is sent the ones after them) or the server gives
        up on it (it takes nothing: Connection.writer) — then it leaves the room at once, and
        the writer's task, still closing the socket, is returned to be waited for."""
        conn = Connection(ws, seat, lang, settings, address)
        # no await between joining the room and queueing the full state: every later
        # broadcast is queued after it
        room.conns.add(conn)
        room.send_whole(conn, since)
        if seat is not None:
            hub.claim_soon(room, seat)  # stored in the background: the state is sent now
        hub.follow_pages(room)  # several processes: the game's bots move to its pages
        # a page opening keeps its table from being stopped as untouched (a person's table:
        # only its seats' pages); the page is told when the table would be stopped
        hub.seen(room, seat)
        conn.send(room.idle_message())
        writer = asyncio.create_task(conn.writer())
        try:
            await hub.chat.join(room, conn)  # the recent chat lines, after the state
            _presence(room)
            await _until_gone(ws, room, conn)
        finally:
            conn.closed = True
            conn.wake.set()
            room.conns.discard(conn)
            closing = writer if conn.gone.is_set() and not writer.done() else None
            if closing is None:
                writer.cancel()
            _presence(room)
            hub.left(room)
        return closing

    async def _until_gone(ws: WebSocket, room, conn: Connection) -> None:
        """Read the page's messages until its socket closes or the writer gives up on it (a
        page that reads nothing may send nothing either: its receive would wait for ever)."""
        reader = asyncio.create_task(_ws_loop(ws, room, conn))
        gone = asyncio.create_task(conn.gone.wait())
        try:
            await asyncio.wait({reader, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not reader.done():
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader
        if not reader.cancelled():
            reader.result()   # (its failure, as before)

    def _presence(room) -> None:
        for c in list(room.conns):
            c.send({"type": "presence", "seats": room.seats_public(c.lang)})

    async def _ws_loop(ws: WebSocket, room, conn: Connection) -> None:
        while not conn.closed:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                return
            text = raw.get("text")
            if text is None:  # a binary frame: parse_json names bytes that are not UTF-8
                text = raw.get("bytes") or b""
            if not conn.allow():
                conn.strikes += 1
                conn.send(ActError("rate_limited").payload(conn.lang))
                if conn.strikes >= settings.flood_strikes:
                    # the last word goes after everything queued (the writer sends in order),
                    # then the socket closes: never a queued refusal after the "flood"
                    conn.send(ActError("flood").payload(conn.lang))
                    for _ in range(100):
                        if not conn.outbox or conn.closed:
                            break
                        await asyncio.sleep(0.01)
                    await asyncio.sleep(0)
                    with contextlib.suppress(Exception):
                        await ws.close(code=1008)
                    return
                continue
            if len(text) > settings.max_message_bytes or (isinstance(text, str) and len(
                    text.encode("utf-8", "replace")) > settings.max_message_bytes):
                conn.send(ActError("too_large", limit=settings.max_message_bytes)
                          .payload(conn.lang))
                continue
            try:
                msg = parse_json(text)
                if not isinstance(msg, dict):
                    raise ActError("bad_message")
            except ActError as exc:
                conn.send(exc.payload(conn.lang))
                continue
            # (shielded: a page given up on while its action is being stored leaves the
            # action to finish)
            await asyncio.shield(_handle(room, conn, msg))

    async def _handle(room, conn: Connection, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind in ("sync", "lang") and not conn.whole.allow():
            # a whole state (and the chat) again: far dearer than the message asking for it
            conn.send(ActError("rate_limited").payload(conn.lang))
        elif kind == "sync":
            room.send_whole(conn)
            conn.send(room.idle_message())
        elif kind == "lang":
            conn.lang = normalize_lang(str(msg.get("lang")), conn.lang)
            room.send_whole(conn)
            conn.send(room.idle_message())
            await hub.chat.join(room, conn)
        elif kind == "chat":
            try:
                await hub.chat.post(room, conn, msg)
            except ActError as exc:
                conn.send(exc.payload(conn.lang))
        elif kind == "act":
            try:
                if conn.seat is None:
                    raise ActError("spectator")
                version = msg.get("version")
                if type(version) is not int:
                    raise ActError("version_required")
                await hub.submit(room, conn.seat, version, msg.get("action"), conn.lang)
            except ActError as exc:
                conn.send(exc.payload(conn.lang))
                if exc.code == "stale_version":
                    room.refresh(conn)
        else:
            conn.send(ActError("unknown_type", type=str(kind)[:40]).payload(conn.lang))
