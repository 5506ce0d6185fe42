"""What every route shares: settings, store, rooms, limiters, templates, and page helpers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates

from settlers.web.config import Settings
from settlers.web.connection import dumps
from settlers.web.errors import ActError
from settlers.web.guard import cross_site
from settlers.web.hub import Hub
from settlers.web.i18n import LANG_COOKIE, LANGS, normalize_lang, t
from settlers.web.lang_choice import choose_lang
from settlers.web.limits import AddressLimiter, client_key
from settlers.web.room import Room
from settlers.web.storage import Store

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
SEAT_COOKIE = "settlers_seat_"


def server_lang(connection) -> str:
    """The server's own language (``settings.default_lang``: ``SETTLERS_DEFAULT_LANG``, else
    ``settlers --lang en serve``, ``SETTLERS_LANG``, the environment's language; ru unless
    told)."""
    settings = getattr(connection.app.state, "settings", None)
    return normalize_lang(getattr(settings, "default_lang", None))


def request_lang(request) -> str:
    """The language a request is answered in, first to last: ``?lang=``; the language cookie;
    the server's language when the operator fixed it (``SETTLERS_DEFAULT_LANG``, so
    ``settings.accept_language`` is off); the browser's ``Accept-Language`` (ru or en, by
    quality); the server's language (``server_lang``). A WebSocket connection is read the
    same way."""
    settings = getattr(request.app.state, "settings", None)
    # (a connection refused below the application is answered the same way: lang_choice)
    return choose_lang(request.query_params.get("lang"), request.cookies.get(LANG_COOKIE),
                       request.headers.get("accept-language"),
                       bool(getattr(settings, "accept_language", False)),
                       getattr(settings, "default_lang", None))


def json_text(text: str) -> Response:
    """An answer of JSON ``text`` as it is. (A route's dict is walked by FastAPI's
    ``jsonable_encoder`` in the event loop: ≈ 1.3 s for the whole state of a long Catan game,
    against ≈ 30 ms for orjson.)"""
    return Response(content=text, media_type="application/json")


def json_answer(payload: dict) -> Response:
    """``payload`` as a JSON answer, written by orjson (``json_text``)."""
    return json_text(dumps(payload))


def error_response(exc: ActError, lang: str) -> JSONResponse:
    return JSONResponse(exc.payload(lang), status_code=exc.status)


@dataclass
class Server:
    settings: Settings
    store: Store
    hub: Hub
    writes: AddressLimiter  # game creations, HTTP actions, WebSocket connections
    reads: AddressLimiter  # state and replay reads over HTTP
    templates: Jinja2Templates
    loads: AddressLimiter  # games rebuilt from the store per address (``game_loads_*``)
    # (games made, sets uploaded and open seats taken per address and hour are counted in
    # the store, for every process of the server: storage/allowances.py)

    @classmethod
    def build(cls, settings: Settings) -> Server:
        store = Store(settings.db_url, settings.sqlite_synchronous, settings.notice_secret,
                      settings.notice_moves)
        return cls(
            settings=settings,
            store=store,
            hub=Hub(store, settings),
            writes=AddressLimiter(settings.ip_rate_per_second, settings.ip_rate_burst),
            reads=AddressLimiter(settings.read_rate_per_second, settings.read_rate_burst),
            templates=Jinja2Templates(directory=str(HERE / "templates")),
            loads=AddressLimiter(settings.game_loads_per_second, settings.game_loads_burst),
        )

    def page(self, request: Request, name: str, status: int = 200, **ctx) -> HTMLResponse:
        lang = request_lang(request)
        ctx.update(
            lang=lang,
            langs=LANGS,
            t=lambda key, **p: t(key, lang, **p),
            # where the language links return to (a POST result cannot be fetched again)
            path=(request.url.path + (f"?{request.url.query}" if request.url.query else ""))
            if request.method == "GET" else "/",
        )
        resp = self.templates.TemplateResponse(request, name, ctx, status_code=status)
        if request.query_params.get("lang"):
            resp.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
        return resp

    def error_page(self, request: Request, exc: ActError) -> HTMLResponse:
        return self.page(request, "error.html", exc.status, message=exc.message(request_lang(request)))

    def admit(self, request: Request, *, writing: bool = False) -> None:
        """Refuse (ActError ``rate_limited``) a client past its read (or write) rate, and a
        write a visitor's browser sends from a page of another site (``cross_site``)."""
        if writing and cross_site(request):
            raise ActError("cross_site")
        if not (self.writes if writing else self.reads).allow(client_key(request)):
            raise ActError("rate_limited")

    async def admit_creation(self, request: Request) -> None:
        """``admit`` a new game: a write, and one of the address's games this hour
        (ActError ``too_many_games_here``)."""
        await self._admit_hourly(request, "games", "too_many_games_here",
                                 self.settings.games_per_address_per_hour)

    async def admit_upload(self, request: Request) -> None:
        """``admit`` a content upload: a write, and one of the address's uploads this hour
        (ActError ``too_many_uploads_here``)."""
        await self._admit_hourly(request, "uploads", "too_many_uploads_here",
                                 self.settings.uploads_per_address_per_hour)

    async def admit_take(self, request: Request) -> None:
        """``admit`` taking an open seat: a write, and one of the address's seats this hour
        (ActError ``too_many_seats_here``)."""
        await self._admit_hourly(request, "seats", "too_many_seats_here",
                                 self.settings.seats_per_address_per_hour)

    async def _admit_hourly(self, request: Request, kind: str, code: str,
                            per_hour: int) -> None:
        """A write, and one of the address's ``kind`` this hour — counted in the store, for
        every process of the server alike (storage/allowances.py)."""
        self.admit(request, writing=True)
        if not await self.hub.run_db(self.store.take_allowance, kind, client_key(request),
                                     per_hour):
            raise ActError(code, limit=per_hour)

    def admit_load(self, key: str, gid: str) -> None:
        """Refuse (ActError ``rate_limited``, ``too_many_loads_here``) a client at
        ``key`` that asks for a game not in memory past its rate of them: such a game is
        rebuilt from its whole log, which costs the server tens of milliseconds of CPU where
        a game in memory costs microseconds."""
        if gid in self.hub.rooms or gid in self.hub.loading:  # (being loaded: paid for)
            return
        if not self.loads.allow(key):
            raise ActError("rate_limited", text_key="too_many_loads_here")

    async def room(self, gid: str, request: Request | None = None) -> Room:
        """The room of game ``gid``, loaded if need be (ActError ``no_such_game``); a game
        not in memory is one of ``request``'s client's loads (``admit_load``)."""
        if request is not None:
            self.admit_load(client_key(request), gid)
        room = await self.hub.get(gid)
        if room is None:
            raise await self.hub.missing(gid)
        return room

    async def creator_room(self, request: Request, gid: str, creator: str) -> Room:
        """The room of game ``gid`` for a page of its creator's (the creator's token in the
        address): refused past the read rate, for no such game, or for another token
        (ActError ``not_creator``)."""
        self.admit(request)
        room = await self.room(gid, request)
        if not room.is_creator(creator):
            raise ActError("not_creator")
        return room
