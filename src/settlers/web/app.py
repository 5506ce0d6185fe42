"""The web application: lobby and game pages, a JSON API, and one WebSocket per open page."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path
from urllib.parse import parse_qs, quote

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

import settlers
from settlers.core import games as registered_games
from settlers.core import translate
from settlers.web.bots import bot_names
from settlers.web.config import Settings
from settlers.web.i18n import LANG_COOKIE, LANGS, game_catalog, normalize_lang, t, web_catalog
from settlers.web.payloads import game_name, seat_payload
from settlers.web.rooms import ActError, Connection, Hub, seat_name
from settlers.web.storage import Store

HERE = Path(__file__).resolve().parent
SEAT_COOKIE = "settlers_seat_"
STATIC = HERE / "static"
STATUS_CODES = {
    "unknown_game": 404,
    "no_such_game": 404,
    "bad_token": 403,
    "spectator": 403,
    "stale_version": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "illegal_action": 422,
    "too_large": 413,
    "rate_limited": 429,
    "too_many_games": 503,
    "not_finished": 409,
}


def _lang(request) -> str:
    return normalize_lang(
        request.query_params.get("lang") or request.cookies.get(LANG_COOKIE)
    )


def _error(exc: ActError, lang: str) -> JSONResponse:
    return JSONResponse(exc.payload(lang), status_code=STATUS_CODES.get(exc.code, 400))


class HttpLimiter:
    """Token bucket per client address for the write endpoints."""

    def __init__(self, settings: Settings):
        self.rate = settings.ip_rate_per_second
        self.burst = settings.ip_rate_burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        tokens, stamp = self.buckets.get(key, (float(self.burst), now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if len(self.buckets) > 10_000:
            self.buckets.clear()
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        return True


def coerce_option(opt, raw):
    """A form value for an Option, typed like its default."""
    default = getattr(opt, "default", None)
    kind = getattr(opt, "type", None) or (type(default) if default is not None else str)
    if isinstance(raw, kind) and not (kind is int and isinstance(raw, bool)):
        return raw
    text = str(raw).strip()
    if kind is bool:
        return text.lower() in ("1", "true", "yes", "on", "да")
    if kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            return text  # the game's own validation names the problem
    return text


def game_catalog_entries(lang: str) -> list[dict]:
    """Every registered game as the lobby shows it: names, player counts, options, bots."""
    entries = []
    for game in registered_games():
        info = game.info(lang)
        for opt in info["options"]:
            opt["label"] = translate(opt["help"], lang) if opt.get("help") else opt["name"]
            if opt["label"].startswith(f"{game.id}.option."):
                opt["label"] = opt["name"]
        info["bots"] = bot_names(game.id)
        entries.append(info)
    return entries


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    store = Store(settings.db_url)
    hub = Hub(store, settings)
    limiter = HttpLimiter(settings)
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await asyncio.to_thread(store.migrate)
        await hub.startup()
        try:
            yield
        finally:
            await hub.shutdown()
            store.close()

    app = FastAPI(title="settlers", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.state.settings = settings
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    def page(request: Request, name: str, status: int = 200, **ctx) -> HTMLResponse:
        lang = _lang(request)
        ctx.update(
            lang=lang,
            langs=LANGS,
            t=lambda key, **p: t(key, lang, **p),
            # where the language links return to (a POST result cannot be fetched again)
            path=(request.url.path + (f"?{request.url.query}" if request.url.query else ""))
            if request.method == "GET" else "/",
        )
        resp = templates.TemplateResponse(request, name, ctx, status_code=status)
        if request.query_params.get("lang"):
            resp.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
        return resp

    def client_key(request) -> str:
        return request.client.host if request.client else "?"

    # ------------------------------------------------------------------ pages
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request):
        lang = _lang(request)
        recs = await hub.run_db(store.list_games, None, 150)
        groups = {k: [r for r in recs if r.status == k] for k in ("open", "running", "finished")}
        return page(
            request,
            "lobby.html",
            groups=groups,
            mine=await _my_games(request),
            seat_name=lambda s: seat_name(s, lang),
            games=game_catalog_entries(lang),
            bots=bot_names(),
            bot_label=lambda b: t(f"botname.{b}", lang),
            names={g: game_name(settlers.load(g), lang) for g in settlers.game_ids()},
        )

    async def _my_games(request: Request) -> list[dict]:
        """The seats this browser has opened (cookies set by the game page), still valid."""
        mine = []
        for name, token in list(request.cookies.items())[:200]:
            if not name.startswith(SEAT_COOKIE):
                continue
            gid = name[len(SEAT_COOKIE):]
            room = await hub.get(gid)
            seat = room.seat_for_token(token) if room else None
            if seat is not None and not room.state.over:
                mine.append({"id": gid, "game": room.rec.game, "seat": seat_name(
                    room.rec.seats[seat], _lang(request)), "url": f"/games/{gid}?token={token}"})
        return mine

    @app.get("/lang/{code}")
    async def set_lang(code: str, next: str = "/"):
        lang = normalize_lang(code)
        if not next.startswith("/") or next.startswith("//"):
            next = "/"
        resp = RedirectResponse(next, status_code=303)
        resp.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
        return resp

    async def guarded_body(request: Request) -> bytes:
        """The body of a request that passes the flood limit and the size limit."""
        if not limiter.allow(client_key(request)):
            raise ActError("rate_limited")
        body = await request.body()
        if len(body) > settings.max_message_bytes:
            raise ActError("too_large", limit=settings.max_message_bytes)
        return body

    @app.post("/games", response_class=HTMLResponse)
    async def create_from_form(request: Request):
        lang = _lang(request)
        try:
            body = await guarded_body(request)
        except ActError as exc:
            return page(request, "error.html", STATUS_CODES.get(exc.code, 400),
                        message=exc.message(lang))
        form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        try:
            spec = _spec_from_form(form)
            rec, tokens = await hub.create(lang=lang, **spec)
        except ActError as exc:
            return page(request, "error.html", STATUS_CODES.get(exc.code, 400),
                        message=exc.message(lang))
        base = str(request.base_url).rstrip("/")
        links = [
            {"seat": s.seat, "name": seat_name(s, lang),
             "url": f"{base}/games/{rec.id}?token={tokens[s.seat]}"}
            for s in rec.seats
            if s.seat in tokens
        ]
        return page(
            request,
            "created.html",
            rec=rec,
            links=links,
            game_label=game_name(settlers.load(rec.game), lang),
            spectate=f"{base}/games/{rec.id}",
        )

    def _spec_from_form(form: dict) -> dict:
        game_id = form.get("game", "")
        try:
            game = settlers.load(game_id)
        except Exception as exc:
            raise ActError("unknown_game", game=game_id[:40]) from exc
        try:
            players = int(form.get("players", ""))
        except ValueError as exc:
            raise ActError("bad_players", lo=game.min_players, hi=game.max_players,
                           game=game.id) from exc
        options = {}
        for opt in getattr(game, "options", ()):
            raw = form.get(f"opt_{game.id}_{opt.name}")
            if raw not in (None, ""):
                options[opt.name] = coerce_option(opt, raw)
        seats = []
        for i in range(max(0, min(players, 16))):
            kind = form.get(f"seat{i}_kind", "human")
            name = form.get(f"seat{i}_name", "")
            if kind.startswith("bot:"):
                seats.append({"kind": "bot", "bot": kind[4:], "name": name})
            else:
                seats.append({"kind": kind, "name": name})
        seed = form.get("seed")
        return {
            "game_id": game.id,
            "players": players,
            "options": options,
            "seat_specs": seats,
            "seed": int(seed) if seed and seed.isdigit() else None,
        }

    @app.get("/games/{gid}", response_class=HTMLResponse)
    async def game_page(request: Request, gid: str, token: str | None = None):
        lang = _lang(request)
        room = await hub.get(gid)
        if room is None:
            return page(request, "error.html", 404, message=t("error.no_such_game", lang))
        seat = room.seat_for_token(token) if token else None
        if token and seat is None:
            return page(request, "error.html", 403, message=t("error.bad_token", lang))
        resp = page(
            request,
            "game.html",
            room=room,
            seat=seat,
            seat_label=seat_name(room.rec.seats[seat], lang) if seat is not None else "",
            mode="live",
            boot=_boot(room, lang, token, "live"),
            game_label=game_name(room.state.game, lang),
        )
        if seat is not None:  # the lobby lists "my games" from these
            resp.set_cookie(f"{SEAT_COOKIE}{gid}", token, max_age=60 * 86400, httponly=True,
                            samesite="lax")
        return resp

    @app.get("/games/{gid}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, gid: str):
        lang = _lang(request)
        room = await hub.get(gid)
        if room is None:
            return page(request, "error.html", 404, message=t("error.no_such_game", lang))
        if not room.state.over:
            return page(request, "error.html", 409, message=t("error.not_finished", lang))
        return page(
            request,
            "game.html",
            room=room,
            seat=None,
            seat_label="",
            mode="replay",
            boot=_boot(room, lang, None, "replay"),
            game_label=game_name(room.state.game, lang),
        )

    def _boot(room, lang, token, mode) -> str:
        renderer = STATIC / "js" / "games" / f"{room.rec.game}.js"
        return json.dumps(
            {
                "id": room.id,
                "game": room.rec.game,
                "token": token,
                "lang": lang,
                "mode": mode,
                "renderer": f"/static/js/games/{room.rec.game}.js" if renderer.exists() else None,
                "catalog": web_catalog(lang),
                "game_catalog": game_catalog(room.state.game, lang),
                "max_version": room.state.version,
            },
            ensure_ascii=False,
        ).replace("</", "<\\/")

    # ------------------------------------------------------------------ API
    @app.get("/api/meta")
    async def api_meta(request: Request):
        lang = _lang(request)
        return {"games": game_catalog_entries(lang), "bots": bot_names(), "langs": list(LANGS)}

    @app.get("/api/games")
    async def api_list(request: Request, status: str | None = None, limit: int = 50):
        lang = _lang(request)
        statuses = tuple(s for s in (status or "").split(",") if s) or None
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
                    "seats": [{"seat": s.seat, "name": seat_name(s, lang), "kind": s.kind,
                               "bot": s.bot} for s in r.seats],
                }
                for r in recs
            ]
        }

    @app.post("/api/games")
    async def api_create(request: Request):
        lang = _lang(request)
        try:
            body = await guarded_body(request)
        except ActError as exc:
            return _error(exc, lang)
        try:
            spec = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            return _error(ActError("bad_json"), lang)
        if not isinstance(spec, dict):
            return _error(ActError("bad_message"), lang)
        seat_specs = spec.get("seats")
        players = spec.get("players", len(seat_specs) if isinstance(seat_specs, list) else None)
        if seat_specs is None and isinstance(players, int):
            seat_specs = [{"kind": "human"}] * players
        if not isinstance(seat_specs, list) or not all(isinstance(s, dict) for s in seat_specs):
            return _error(ActError("bad_seats", players=players), lang)
        options = spec.get("options") or {}
        if not isinstance(options, dict):
            return _error(ActError("bad_message"), lang)
        seed = spec.get("seed")
        if seed is not None and not isinstance(seed, int):
            return _error(ActError("bad_message"), lang)
        try:
            rec, tokens = await hub.create(
                str(spec.get("game", ""))[:64], players, options, seat_specs, seed, lang
            )
        except ActError as exc:
            return _error(exc, lang)
        return {
            "id": rec.id,
            "game": rec.game,
            "seed": rec.seed,
            "tokens": {str(k): v for k, v in tokens.items()},
            "links": {str(k): f"/games/{rec.id}?token={quote(v)}" for k, v in tokens.items()},
            "spectate": f"/games/{rec.id}",
        }

    async def _room_and_seat(gid: str, request: Request):
        room = await hub.get(gid)
        if room is None:
            raise ActError("no_such_game")
        token = request.headers.get("x-seat-token") or request.query_params.get("token")
        seat = room.seat_for_token(token) if token else None
        if token and seat is None:
            raise ActError("bad_token")
        return room, seat

    @app.get("/api/games/{gid}")
    async def api_state(request: Request, gid: str):
        lang = _lang(request)
        try:
            room, seat = await _room_and_seat(gid, request)
        except ActError as exc:
            return _error(exc, lang)
        return seat_payload(room, room.state, seat, lang)

    @app.post("/api/games/{gid}/actions")
    async def api_act(request: Request, gid: str):
        lang = _lang(request)
        try:
            body = await guarded_body(request)
        except ActError as exc:
            return _error(exc, lang)
        try:
            room, seat = await _room_and_seat(gid, request)
            if seat is None:
                raise ActError("spectator")
            try:
                msg = json.loads(body)
            except (ValueError, UnicodeDecodeError) as exc:
                raise ActError("bad_json") from exc
            if not isinstance(msg, dict):
                raise ActError("bad_message")
            version = msg.get("version")
            if not isinstance(version, int) or isinstance(version, bool):
                raise ActError("version_required")
            await hub.claim(room, seat)
            await hub.submit(room, seat, version, msg.get("action"), lang)
        except ActError as exc:
            return _error(exc, lang)
        return seat_payload(room, room.state, seat, lang)

    @app.get("/api/games/{gid}/replay/{step}")
    async def api_replay(request: Request, gid: str, step: int):
        lang = _lang(request)
        room = await hub.get(gid)
        if room is None:
            return _error(ActError("no_such_game"), lang)
        if not room.state.over:
            return _error(ActError("not_finished"), lang)
        step = max(0, min(step, room.state.version))
        state = await asyncio.to_thread(_replay_to, room, step, settings.replay_cache_every)
        msg = seat_payload(room, state, None, lang)
        msg["type"] = "replay"
        msg["step"] = step
        msg["steps"] = room.state.version
        return msg

    @app.get("/healthz")
    async def healthz():
        return {"ok": True, "rooms": len(hub.rooms)}

    # ------------------------------------------------------------------ WebSocket
    @app.websocket("/ws/games/{gid}")
    async def ws_game(ws: WebSocket, gid: str):
        await ws.accept()
        lang = normalize_lang(ws.query_params.get("lang") or ws.cookies.get(LANG_COOKIE))
        if not limiter.allow(ws.client.host if ws.client else "?"):  # connection floods
            await ws.send_json(ActError("rate_limited").payload(lang))
            await ws.close(code=4429)
            return
        token = ws.query_params.get("token")
        room = await hub.get(gid)
        if room is None:
            await ws.send_json(ActError("no_such_game").payload(lang))
            await ws.close(code=4404)
            return
        seat = room.seat_for_token(token) if token else None
        if token and seat is None:
            await ws.send_json(ActError("bad_token").payload(lang))
            await ws.close(code=4403)
            return
        if len(room.conns) >= settings.max_connections_per_game:
            await ws.send_json(
                ActError("too_many_connections", limit=settings.max_connections_per_game)
                .payload(lang)
            )
            await ws.close(code=4429)
            return
        if seat is not None:
            await hub.claim(room, seat)
        conn = Connection(ws, seat, lang, settings)
        # no await between joining the room and queueing the full state: every later
        # broadcast is queued after it
        room.conns.add(conn)
        conn.send_state(seat_payload(room, room.state, seat, conn.lang))
        writer = asyncio.create_task(conn.writer())
        try:
            _presence(room)
            await _ws_loop(ws, room, conn)
        finally:
            conn.closed = True
            conn.wake.set()
            room.conns.discard(conn)
            writer.cancel()
            _presence(room)
            hub.forget(room)

    def _presence(room) -> None:
        for c in list(room.conns):
            c.send({"type": "presence", "seats": room.seats_public(c.lang)})

    async def _ws_loop(ws: WebSocket, room, conn: Connection) -> None:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                return
            text = raw.get("text")
            if text is None:
                text = (raw.get("bytes") or b"").decode("utf-8", "replace")
            if not conn.allow():
                conn.strikes += 1
                conn.send(ActError("rate_limited").payload(conn.lang))
                if conn.strikes >= settings.flood_strikes:
                    await asyncio.sleep(0)  # let the writer flush the refusal
                    with contextlib.suppress(Exception):
                        await ws.send_json(ActError("flood").payload(conn.lang))
                        await ws.close(code=1008)
                    return
                continue
            if len(text.encode("utf-8")) > settings.max_message_bytes:
                conn.send(ActError("too_large", limit=settings.max_message_bytes)
                          .payload(conn.lang))
                continue
            try:
                msg = json.loads(text)
            except ValueError:
                conn.send(ActError("bad_json").payload(conn.lang))
                continue
            if not isinstance(msg, dict):
                conn.send(ActError("bad_message").payload(conn.lang))
                continue
            kind = msg.get("type")
            if kind == "ping":
                conn.send({"type": "pong"})
            elif kind == "sync":
                conn.send_state(seat_payload(room, room.state, conn.seat, conn.lang))
            elif kind == "lang":
                conn.lang = normalize_lang(str(msg.get("lang")), conn.lang)
                conn.send_state(seat_payload(room, room.state, conn.seat, conn.lang))
            elif kind == "act":
                try:
                    if conn.seat is None:
                        raise ActError("spectator")
                    version = msg.get("version")
                    if not isinstance(version, int) or isinstance(version, bool):
                        raise ActError("version_required")
                    await hub.submit(room, conn.seat, version, msg.get("action"), conn.lang)
                except ActError as exc:
                    conn.send(exc.payload(conn.lang))
                    if exc.code == "stale_version":
                        conn.send_state(seat_payload(room, room.state, conn.seat, conn.lang))
            else:
                conn.send(ActError("unknown_type", type=str(kind)[:40]).payload(conn.lang))

    return app


def _replay_to(room, step: int, every: int):
    """The state after ``step`` actions of a finished game, rebuilt from its log.

    Snapshots every ``every`` steps are kept on the room so stepping back and forth is cheap."""
    final = room.state
    cache = getattr(room, "replay_cache", None)
    if cache is None:
        first = final.game.new_state(players=final.players, seed=final.seed, options=final.options)
        cache = room.replay_cache = {0: first}
    k = max(c for c in cache if c <= step)
    state = cache[k].clone()
    for i in range(k, step):
        seat, action = final.log[i]
        state.apply(seat, action, check=False)
        if (i + 1) % every == 0 and (i + 1) not in cache:
            cache[i + 1] = state.clone()
    return state
