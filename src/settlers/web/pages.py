"""HTML pages: the lobby (and its form), a game's live page and its replay page."""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import json
from typing import Any
from urllib.parse import parse_qs, quote

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

import settlers
from settlers.core import GameState
from settlers.web.bots import bot_names
from settlers.web.errors import ActError
from settlers.web.forms import game_catalog_entries, spec_from_form
from settlers.web.i18n import LANG_COOKIE, figure, game_catalog, normalize_lang, t, web_catalog
from settlers.web.limits import client_key, read_body
from settlers.web.payloads import game_name, pauses_unwatched, seat_name, stops_note
from settlers.web.room import first_seat_token
from settlers.web.server import SEAT_COOKIE, STATIC, Server, request_lang


def _idle_hours(settings, lang: str) -> str:
    """``idle_bot_table_seconds`` in hours, as ``lang`` writes a figure («6», «0,5»)."""
    return str(figure(round(settings.idle_bot_table_seconds / 3600, 2), lang))


def created_link(gid: str, creator_token: str) -> str:
    """The address of a new game's page for its creator (its seat links)."""
    return f"/games/{gid}/created?creator={quote(creator_token)}"


def add_pages(app: FastAPI, srv: Server) -> None:
    hub, store, settings = srv.hub, srv.store, srv.settings

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request):
        lang = request_lang(request)
        try:
            srv.admit(request)  # a read of 150 games: limited per address as the API's list
        except ActError as exc:
            return srv.error_page(request, exc)
        recs = await hub.run_db(store.list_games, None, 150)
        groups = {k: [r for r in recs if r.status == k]
                  for k in ("open", "running", "finished", "stopped")}
        free = [r for r in recs if r.status in ("open", "running") and any(s.open for s in r.seats)]
        return srv.page(
            request,
            "lobby.html",
            groups=groups,
            free=free,
            mine=await _my_games(request),
            seat_name=lambda s: seat_name(s, lang),
            games=await asyncio.to_thread(game_catalog_entries, lang),
            bots=bot_names(),
            bot_label=lambda b: t(f"botname.{b}", lang),
            names={g: game_name(settlers.load(g), lang) for g in settlers.game_ids()},
            # a live table of bots only: its bots play only while someone watches (Hub.paused)
            pauses_unwatched=lambda r: pauses_unwatched(r, settings),
            # ... and what it says: stopped when nobody opens it (Hub.sweep_idle), if so
            paused_note=(t("lobby.paused_unwatched_stops", lang,
                           hours=_idle_hours(settings, lang))
                         if settings.idle_bot_table_seconds > 0
                         else t("lobby.paused_unwatched", lang)),
            # a finished game's scores as the table shows them: «10 : 7 : 5», not «10.0 : 7.0»
            score_line=lambda scores: " : ".join(f"{x:g}" if isinstance(x, int | float)
                                                 else str(x) for x in scores),
        )

    async def _my_games(request: Request) -> list[dict]:
        """The seats this browser has opened (cookies set by the game page), still valid."""
        mine: list[dict[str, Any]] = []
        lang = request_lang(request)
        for name, token in list(request.cookies.items())[:200]:
            if not name.startswith(SEAT_COOKIE):
                continue
            gid = name[len(SEAT_COOKIE):]
            room = hub.rooms.get(gid)  # only games in memory: a cookie loads nothing
            seat = room.seat_for_token(token) if room else None
            if seat is not None and not room.ended:
                mine.append({"id": gid, "game": room.rec.game, "seat": seat_name(
                    room.rec.seats[seat], lang), "rec": room.rec,
                    "url": f"/games/{gid}?token={token}"})
        if mine:   # when each stops unless someone moves (the store's times: every process's)
            touched = await hub.run_db(store.touched_at, [m["id"] for m in mine])
            now = dt.datetime.now(dt.UTC)
            for m in mine:
                m["stops"] = stops_note(m.pop("rec"), touched.get(m["id"]), settings, lang,
                                        now)
        return mine

    @app.get("/lang/{code}")
    async def set_lang(code: str, next: str = "/"):
        lang = normalize_lang(code)
        if not next.startswith("/") or next.startswith("//"):
            next = "/"
        resp = RedirectResponse(next, status_code=303)
        resp.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
        return resp

    @app.post("/games", response_class=HTMLResponse)
    async def create_from_form(request: Request) -> Response:
        """The lobby's form: the game is created and the browser is sent on (303, POST then
        GET) to the creator's page of it, which creates nothing when reloaded or gone back to."""
        lang = request_lang(request)
        try:
            await srv.admit_creation(request)
            body = await read_body(request, settings.max_message_bytes)
            form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
            rec, _tokens = await hub.create(lang=lang, address=client_key(request),
                                            **spec_from_form(form))
        except ActError as exc:
            return srv.error_page(request, exc)
        resp = RedirectResponse(created_link(rec.id, rec.creator_token or ""), status_code=303)
        if request.query_params.get("lang"):  # the page it leads to is in the form's language
            resp.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
        return resp

    @app.get("/games/{gid}/created", response_class=HTMLResponse)
    async def created_page(request: Request, gid: str, creator: str = "") -> Response:
        """The new game's seat links, for its creator (the creator's token in the address):
        each human seat's first link, worked out again from that token, while it still works
        (a seat taken from the lobby or given a new link on the creator's page has another)."""
        lang = request_lang(request)
        try:
            room = await srv.creator_room(request, gid, creator)
        except ActError as exc:
            return srv.error_page(request, exc)
        rec = room.rec
        base = str(request.base_url).rstrip("/")
        links, open_seats, changed = [], [], []
        for s in rec.seats:
            if s.kind != "human":
                continue
            entry = {"seat": s.seat, "name": seat_name(s, lang)}
            token = first_seat_token(creator, gid, s.seat)
            if s.open:
                open_seats.append(entry)
            elif room.seat_for_token(token) == s.seat:
                links.append({**entry, "url": f"{base}/games/{gid}?token={quote(token)}"})
            else:
                changed.append(entry)
        return srv.page(
            request,
            "created.html",
            rec=rec,
            links=links,
            open_seats=open_seats,
            changed=changed,
            game_label=game_name(settlers.load(rec.game), lang),
            spectate=f"{base}/games/{gid}",
            manage=f"{base}/games/{gid}/manage?creator={quote(creator)}",
        )

    @app.get("/games/{gid}", response_class=HTMLResponse)
    async def game_page(request: Request, gid: str, token: str | None = None):
        lang = request_lang(request)
        try:
            srv.admit(request)
            room = await srv.room(gid, request)
            seat = room.seat_for_token(token) if token else None
            if token and seat is None:
                raise ActError("bad_token")
        except ActError as exc:
            return srv.error_page(request, exc)
        resp = srv.page(
            request,
            "game.html",
            room=room,
            seat=seat,
            seat_label=seat_name(room.rec.seats[seat], lang) if seat is not None else "",
            mode="live",
            # a table of bots only: its bots pause while nobody watches (Hub.paused)
            pauses=settings.pause_unwatched_bots and room.bots_only and not room.ended,
            # ... and it is stopped when nobody opens it that long (Hub.sweep_idle; 0: never)
            idle_hours=(_idle_hours(settings, lang) if settings.idle_bot_table_seconds > 0
                        else None),
            boot=_boot(room, lang, token, "live"),
            game_label=game_name(room.state.game, lang),
        )
        if seat is not None:  # the lobby lists "my games" from these
            # the seat's token: never sent over plain HTTP when the page came over HTTPS
            resp.set_cookie(f"{SEAT_COOKIE}{gid}", token, max_age=60 * 86400, httponly=True,
                            samesite="lax", secure=request.url.scheme == "https")
        return resp

    @app.get("/games/{gid}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, gid: str):
        lang = request_lang(request)
        try:
            srv.admit(request)
            room = await srv.room(gid, request)
        except ActError as exc:
            return srv.error_page(request, exc)
        return srv.page(
            request,
            "game.html",
            room=room,
            seat=None,
            seat_label="",
            mode="replay",
            boot=_boot(room, lang, None, "replay"),
            game_label=game_name(room.state.game, lang),
        )


@functools.cache
def _renderer(game_id: str) -> str | None:
    """The page script that draws ``game_id``'s board, if the server has one (looked up once)."""
    path = STATIC / "js" / "games" / f"{game_id}.js"
    return f"/static/js/games/{game_id}.js" if path.exists() else None


@functools.cache
def _fate_help(lang: str) -> dict[str, str]:
    """Landnám: each fate card's label and effect in ``lang`` (shown as the card's tooltip)."""
    from settlers.core import translate
    from settlers.games.iceland.content import load_content

    content = load_content()
    out = {}
    for cid, card in content.fate_cards.items():
        terrain = (f"iceland.terrain.{content.terrains[card.terrain]}"
                   if card.terrain >= 0 else "")
        out[cid] = (f"{translate(f'iceland.label.{card.label}', lang)}: "
                    f"{translate(f'iceland.card_effect.{card.effect}', lang, terrain=terrain)}")
    return out


def _imperial_effects(state) -> dict[str, dict]:
    """Imperial Settlers: each card's effects (production, features, action, build bonus) by
    card id, from the game's own card set; the board draws them as the printed card does."""
    out: dict[str, dict] = {}
    for card in getattr(state, "cards", ()):
        fx: dict = {k: list(getattr(card, k)) for k in ("production", "features", "build_bonus")
                    if getattr(card, k)}
        if card.action:
            fx["action"] = card.action
        if card.unrazeable:
            fx["unrazeable"] = True
        out[card.id] = fx
    return out


def _catan_costs() -> dict[str, dict[str, int]]:
    """Catan: the building costs card (almanac «Карта цены строительства») from the game's
    components, each build's cards by resource."""
    from settlers.games.catan.content import COMPONENTS

    return {item: dict(cost) for item, cost in COMPONENTS["costs"].items()}


def _iceland_costs(state) -> dict[str, dict[str, int]]:
    """Landnám: the four builds' costs of this table's rules (its content may be a file of
    its own), each build's cards by resource."""
    from settlers.games.iceland.content import load_content

    content = getattr(state, "c", None) or load_content()
    return {build: {r: n for r, n in zip(content.resources, cost, strict=True) if n}
            for build, cost in content.costs.items()}


def _board_help(game_id: str, lang: str, state=None) -> dict:
    """Texts and data a board shows as help that its view does not carry."""
    if game_id == "catan":
        return {"costs": _catan_costs()}
    if game_id == "iceland":
        return {"fate": _fate_help(normalize_lang(lang)), "costs": _iceland_costs(state)}
    if game_id == "imperial":
        return {"effects": _imperial_effects(state)}
    return {}


def prepare_page(state: GameState, lang: str) -> None:
    """Read once what a page of ``state``'s game looks up the first time it is shown (its
    board's script, its help texts): at start-up (settlers.web.warmup), not for a visitor."""
    _renderer(state.game.id)
    _board_help(state.game.id, lang, state)


def _boot(room, lang, token, mode) -> str:
    return json.dumps(
        {
            "id": room.id,
            "game": room.rec.game,
            "token": token,
            "lang": lang,
            "mode": mode,
            "renderer": _renderer(room.rec.game),
            "catalog": web_catalog(lang),
            "game_catalog": game_catalog(room.state.game, lang),
            "board_help": _board_help(room.rec.game, lang, room.state),
            "max_version": room.state.version,
            "over": room.ended,   # (stopped too: its record is shown and downloadable)
        },
        ensure_ascii=False,
        # no markup character as itself: the text sits in a <script> element, where "</script"
        # would end it and "<!--" (an uploaded card's id can hold one) would make the parser
        # run on past its end, over the page's scripts
    ).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
