"""The table chat over HTTP: a game's stored lines, readable by whoever can see its table
(every game's table is open to spectators, and the chat is shown to them too)."""

from __future__ import annotations

from fastapi import FastAPI, Request

from settlers.web.chat import chat_message
from settlers.web.errors import ActError
from settlers.web.limits import client_key
from settlers.web.server import Server, error_response, request_lang

MAX_PAGE = 500


def add_chat_api(app: FastAPI, srv: Server) -> None:
    hub = srv.hub

    @app.get("/api/games/{gid}/chat")
    async def api_chat(request: Request, gid: str, before: int | None = None,
                       limit: int = MAX_PAGE):
        """The last ``limit`` lines (at most 500) older than line id ``before``, oldest
        first; ``more`` says whether older lines remain (ask again with ``before`` = the
        first id)."""
        lang = request_lang(request)
        try:
            if not srv.reads.allow(client_key(request)):
                raise ActError("rate_limited")
            srv.admit_load(client_key(request), gid)
            room = await hub.get(gid)
            if room is None:
                raise ActError("no_such_game")
            limit = max(1, min(limit, MAX_PAGE))
            lines = await hub.chat.lines(room, before, limit + 1)
        except ActError as exc:
            return error_response(exc, lang)
        more = len(lines) > limit
        msg = chat_message(lines[-limit:], room.names(lang), lang, history=True)
        msg["more"] = more
        return msg
