"""The JSON API: list and create games, read a state, act over HTTP, replay finished games."""

from __future__ import annotations

import asyncio
import os
from urllib.parse import quote

from fastapi import FastAPI, Request

from settlers.web.bots import bot_names
from settlers.web.content import install_upload
from settlers.web.errors import ActError
from settlers.web.fairness import valid_seed
from settlers.web.forms import game_catalog_entries
from settlers.web.guard import operator_asks
from settlers.web.i18n import LANGS
from settlers.web.limits import client_key, read_body
from settlers.web.payloads import pauses_unwatched, seat_name, seat_payload, untouched_limit
from settlers.web.quiet_connections import aborted as given_up_aborted
from settlers.web.quiet_connections import closed as quiet_closed
from settlers.web.quiet_connections import refused as connections_refused
from settlers.web.replay import (
    finished_once,
    game_record,
    replay_to,
    score_breakdown,
    score_timeline,
    verify_record,
)
from settlers.web.server import Server, error_response, json_answer, json_text, request_lang
from settlers.web.validation import parse_json


def add_api(app: FastAPI, srv: Server) -> None:
    hub, store, settings = srv.hub, srv.store, srv.settings

    @app.get("/api/meta")
    async def api_meta(request: Request):
        lang = request_lang(request)
        return {"games": await asyncio.to_thread(game_catalog_entries, lang),
                "bots": bot_names(), "langs": list(LANGS)}

    @app.get("/api/games")
    async def api_list(request: Request, status: str | None = None, limit: int = 50):
        lang = request_lang(request)
        if not srv.reads.allow(client_key(request)):
            return error_response(ActError("rate_limited"), lang)
        statuses = tuple(s for s in (status or "").split(",") if s)[:8] or None
        if statuses and any("\x00" in s for s in statuses):
            return {"games": []}  # no game has that status (nor may PostgreSQL be sent NUL)
        recs = await hub.run_db(store.list_games, statuses, max(1, min(limit, 500)))
        return {
            "games": [
                {
                    "id": r.id,
                    "game": r.game,
                    "players": r.players,
                    "status": r.status,
                    "version": r.version,
                    "scores": r.scores,
                    # a table of bots only: its bots play only while a page is open on it
                    "pauses_unwatched": pauses_unwatched(r, settings),
                    # a live table nobody moves in nor opens for this long is stopped
                    # (Hub.sweep_idle; null: never, or not live)
                    "stops_untouched_after": untouched_limit(r, settings),
                    "commitment": r.seed_commitment,
                    "seats": [{"seat": s.seat, "name": seat_name(s, lang), "kind": s.kind,
                               "bot": s.bot, "free": s.open} for s in r.seats],
                }
                for r in recs
            ]
        }

    @app.post("/api/games")
    async def api_create(request: Request):
        lang = request_lang(request)
        try:
            await srv.admit_creation(request)
            spec = parse_json(await read_body(request, settings.max_message_bytes))
            if not isinstance(spec, dict):
                raise ActError("bad_message")
            seat_specs = spec.get("seats")
            players = spec.get("players", len(seat_specs) if isinstance(seat_specs, list) else None)
            if seat_specs is None and type(players) is int and 0 < players <= 16:
                seat_specs = [{"kind": "human"}] * players
            if not isinstance(seat_specs, list) or not all(isinstance(s, dict) for s in seat_specs):
                raise ActError("bad_seats", players=players if type(players) is int else 0)
            options = spec.get("options") or {}
            if not isinstance(options, dict):
                raise ActError("bad_type", text_key="bad_type_object", field="options",
                               expected="object")
            seed = spec.get("seed")
            if seed is not None and not valid_seed(seed):
                raise ActError("bad_seed", field="seed")
            game_id = spec.get("game", "")
            if not isinstance(game_id, str):
                raise ActError("bad_type", text_key="bad_type_string", field="game",
                               expected="string")
            rec, tokens = await hub.create(game_id[:64], players, options, seat_specs, seed, lang,
                                           address=client_key(request))
        except ActError as exc:
            return error_response(exc, lang)
        return {
            "id": rec.id,
            "game": rec.game,
            # never the seed: it would give away every future roll and deck order
            "commitment": rec.seed_commitment,
            "tokens": {str(k): v for k, v in tokens.items()},
            "links": {str(k): f"/games/{rec.id}?token={quote(v)}" for k, v in tokens.items()},
            "spectate": f"/games/{rec.id}",
            # the creator's own token: re-issues a lost seat link (POST .../seats/N/reissue)
            "creator_token": rec.creator_token,
            "manage": f"/games/{rec.id}/manage?creator={quote(rec.creator_token or '')}",
            "free_seats": [s.seat for s in rec.seats if s.open],
        }

    async def _room_and_seat(gid: str, request: Request):
        room = await srv.room(gid, request)
        token = request.headers.get("x-seat-token") or request.query_params.get("token")
        seat = room.seat_for_token(token) if token else None
        if token and seat is None:
            raise ActError("bad_token")
        return room, seat

    @app.get("/api/games/{gid}")
    async def api_state(request: Request, gid: str):
        lang = request_lang(request)
        try:
            srv.admit(request)
            room, seat = await _room_and_seat(gid, request)
        except ActError as exc:
            return error_response(exc, lang)
        # the page's whole state, as text, built once per seat, language and version
        return json_text(room.whole(seat, lang).text)

    @app.post("/api/games/{gid}/actions")
    async def api_act(request: Request, gid: str):
        lang = request_lang(request)
        try:
            srv.admit(request, writing=True)
            body = await read_body(request, settings.max_message_bytes)
            room, seat = await _room_and_seat(gid, request)
            if seat is None:
                raise ActError("spectator")
            msg = parse_json(body)
            if not isinstance(msg, dict):
                raise ActError("bad_message")
            version = msg.get("version")
            if type(version) is not int:
                raise ActError("version_required")
            await hub.claim(room, seat)
            await hub.submit(room, seat, version, msg.get("action"), lang)
        except ActError as exc:
            return error_response(exc, lang)
        # the page's whole state, as text, built once per seat, language and version
        return json_text(room.whole(seat, lang).text)

    async def _readable(request: Request, gid: str):
        srv.admit(request)
        return await srv.room(gid, request)

    async def _finished(request: Request, gid: str):
        room = await _readable(request, gid)
        if not room.ended:   # (stopped at the most moves a game may have: ended too)
            raise ActError("not_finished")
        return room

    @app.get("/api/games/{gid}/timeline")
    async def api_timeline(request: Request, gid: str):
        """Scores along a finished game (the game-over chart); hidden points stay hidden
        until the end, so only finished games have one."""
        try:
            room = await _finished(request, gid)
        except ActError as exc:
            return error_response(exc, request_lang(request))
        timeline = dict(await finished_once(room, score_timeline))
        timeline["breakdown"] = score_breakdown(room.state, request_lang(request))
        return json_answer(timeline)

    @app.get("/api/games/{gid}/replay/{step}")
    async def api_replay(request: Request, gid: str, step: int):
        """A spectator's view after ``step`` actions, of a finished or a running game."""
        lang = request_lang(request)
        try:
            room = await _readable(request, gid)
        except ActError as exc:
            return error_response(exc, lang)
        step = max(0, min(step, room.state.version))
        state = await asyncio.to_thread(replay_to, room, step, settings.replay_cache_every)
        msg = seat_payload(room, state, None, lang)
        msg["type"] = "replay"
        msg["step"] = step
        msg["steps"] = room.state.version
        return json_answer(msg)

    @app.get("/api/games/{gid}/record")
    async def api_record(request: Request, gid: str):
        """A finished game's seed, salt, commitment, options and actions: anyone can check
        the commitment and replay the game with their own copy of the engine."""
        lang = request_lang(request)
        try:
            room = await _finished(request, gid)
        except ActError as exc:
            return error_response(exc, lang)
        record = game_record(room)
        record["verification"] = await finished_once(room, verify_record)
        return json_answer(record)

    @app.post("/api/content/{game_id}/{option}")
    async def api_upload_content(request: Request, game_id: str, option: str):
        """A user's own content file, uploaded (never a server path): size-limited, validated
        by starting a game with it, stored as a named set; the answer is that name, to be
        given as the option's value when creating a game."""
        lang = request_lang(request)
        try:
            await srv.admit_upload(request)
            body = await read_body(request, settings.max_upload_bytes)
            game_id, option = game_id[:40], option[:40]
            # the database keeps the sets games are made with, within a bound for them all
            await hub.run_db(hub.content_room, len(body))
            # what room a new upload may take (kept_uploads): never a set a game in memory
            # here or a live game anywhere uses
            keeping = hub.keeping(game_id)
            # the name of the file uploaded (the lobby sends it): only ever shown, cleaned
            name = await asyncio.to_thread(install_upload, game_id, option, body,
                                           settings.max_upload_bytes, keeping,
                                           lang, request.query_params.get("filename"),
                                           settings.upload_check_seconds,
                                           settings.upload_check_memory_mb)
        except ActError as exc:
            return error_response(exc, lang)
        return {"game": game_id, "option": option, "name": name}

    @app.get("/healthz")
    async def healthz(request: Request):
        """Public: that the server answers, nothing more. The counts below (what this
        process holds and did) are the operator's: told for its token
        (``Settings.health_token``) or to a client on this machine that came by no proxy
        (``operator_asks``)."""
        if not operator_asks(request, settings.health_token):
            return {"ok": True}
        # how late the event loop runs: the wait any request has before its turn
        return {"ok": True, "rooms": len(hub.rooms), "loop_lag_ms": round(hub.lag * 1000, 1),
                # what the games nobody watches weighed when last weighed (estimated)
                "idle_room_bytes": hub.idle_bytes,
                # connections closed holding a request half-sent (quiet_connections.py)
                "quiet_closed": quiet_closed[0],
                # connections refused for their address's open ones, and answers given up
                # whose connection was aborted at once (quiet_connections.py)
                "connections_refused": connections_refused[0],
                "given_up_aborted": given_up_aborted[0],
                "bot_decisions": hub.bot_decisions,
                "bot_fallbacks": hub.bot_fallbacks,   # thoughts not back in time (hub.py)
                # games stored stopped without scores given them at start (hub.py)
                "stopped_games_scored": hub.backfilled,
                "untouched_stopped": hub.idle_stopped,   # (by this process: Hub.sweep_idle)
                "owned_games": None if hub.owner is None else len(hub.owner.owned),
                # several processes: notices of every game received, and those that
                # concerned this process (reached its event loop), and those without the
                # server's signature (another session's NOTIFY, or a process with another
                # notice secret: docs/deploy.md), signed ones heard before (copies sent
                # again: passed by) and those stamped outside the window (the store read)
                "notices": None if hub.listener is None else {
                    "seen": hub.listener.seen, "handled": hub.listener.passed,
                    "unsigned": hub.listener.forged, "replayed": hub.listener.replayed,
                    "stale": hub.listener.stale},
                "pid": os.getpid()}
