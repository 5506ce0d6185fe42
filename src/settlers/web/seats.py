"""Seats after a game is created: free seats taken from the lobby, "my games" of a browser,
and the creator re-issuing a lost seat link (the old token stops working at once)."""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse

import settlers
from settlers.web.errors import ActError
from settlers.web.hub import storable_id
from settlers.web.limits import read_body
from settlers.web.payloads import game_name, seat_name, stops_note, untouched_limit
from settlers.web.room import hash_token
from settlers.web.server import Server, error_response, request_lang
from settlers.web.validation import parse_json

MAX_MINE = 50  # seat links one "my games" request may ask about


def seat_link(gid: str, token: str) -> str:
    return f"/games/{gid}?token={quote(token)}"


def add_seats(app: FastAPI, srv: Server) -> None:
    hub, store, settings = srv.hub, srv.store, srv.settings

    async def _take(request: Request, gid: str, seat: int) -> str:
        await srv.admit_take(request)
        return await hub.take_seat(await srv.room(gid, request), seat)

    @app.post("/api/games/{gid}/seats/{seat}/take")
    async def api_take(request: Request, gid: str, seat: int):
        """A free seat's token, handed out once: a second visitor gets ``seat_taken``."""
        try:
            token = await _take(request, gid, seat)
        except ActError as exc:
            return error_response(exc, request_lang(request))
        return {"id": gid, "seat": seat, "token": token, "link": seat_link(gid, token)}

    @app.post("/games/{gid}/seats/{seat}/take")
    async def page_take(request: Request, gid: str, seat: int):
        try:
            token = await _take(request, gid, seat)
        except ActError as exc:
            return srv.error_page(request, exc)
        return RedirectResponse(seat_link(gid, token), status_code=303)

    @app.post("/api/games/{gid}/seats/{seat}/reissue")
    async def api_reissue(request: Request, gid: str, seat: int):
        """The creator (header ``X-Creator-Token``) gets a new link for ``seat``."""
        lang = request_lang(request)
        try:
            srv.admit(request, writing=True)
            room = await srv.room(gid, request)
            token = await hub.reissue(room, request.headers.get("x-creator-token"), seat)
        except ActError as exc:
            return error_response(exc, lang)
        return {"id": gid, "seat": seat, "token": token, "link": seat_link(gid, token)}

    @app.get("/games/{gid}/manage", response_class=HTMLResponse)
    async def manage_page(request: Request, gid: str, creator: str = ""):
        lang = request_lang(request)
        try:
            room = await srv.creator_room(request, gid, creator)
        except ActError as exc:
            return srv.error_page(request, exc)
        seats = [{"seat": s.seat, "name": seat_name(s, lang), "open": s.open}
                 for s in room.rec.seats if s.kind == "human"]
        return srv.page(request, "manage.html", gid=gid, seats=seats,
                        game_label=game_name(room.state.game, lang))

    @app.post("/api/mine")
    async def api_mine(request: Request):
        """Which of a browser's stored seat links still work: ``{"seats": [{"id", "token"}]}``
        in, the valid ones with their game's name and status out (dead ones are left out, so
        the browser drops them). Reads the store, never loads a game into memory."""
        lang = request_lang(request)
        try:
            srv.admit(request)
            body = parse_json(await read_body(request, settings.max_message_bytes))
            items = body.get("seats") if isinstance(body, dict) else None
            if not isinstance(items, list):
                raise ActError("bad_type", text_key="bad_type_array", field="seats",
                               expected="array")
        except ActError as exc:
            return error_response(exc, lang)
        out: list[dict[str, Any]] = []
        recs: dict[str, Any] = {}
        for item in items[:MAX_MINE]:
            if not isinstance(item, dict):
                continue
            gid, token = item.get("id"), item.get("token")
            if not isinstance(gid, str) or not isinstance(token, str) or not storable_id(gid):
                continue
            room = hub.rooms.get(gid)
            rec = room.rec if room is not None else await hub.run_db(store.load_game, gid)
            if rec is None:
                continue
            digest = hash_token(token)
            seat = next((s for s in rec.seats if s.token_hash == digest), None)
            if seat is None:
                continue
            out.append({"id": gid, "game": rec.game, "status": rec.status,
                        "game_name": game_name(settlers.load(rec.game), lang),
                        "seat": seat.seat, "name": seat_name(seat, lang),
                        "link": seat_link(gid, token)})
            recs[gid] = rec
        # when each live one with a person's seat stops unless someone moves or writes in
        # the chat (Hub.sweep_idle; the store's times: whichever process touched it)
        touched = await hub.run_db(store.touched_at, list(recs)) if recs else {}
        now = dt.datetime.now(dt.UTC)
        for g in out:
            rec = recs[g["id"]]
            limit = untouched_limit(rec, settings)
            at = touched.get(g["id"])
            human = any(s.kind == "human" for s in rec.seats)
            g["stops_in"] = (round(max(0.0, (at - now).total_seconds() + limit), 1)
                             if limit is not None and at is not None and human else None)
            g["stops_note"] = stops_note(rec, at, settings, lang, now)
        return {"games": out}
