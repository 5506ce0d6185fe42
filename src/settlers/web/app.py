"""The web application: lobby and game pages, a JSON API, and one WebSocket per open page."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from settlers.core import collector
from settlers.web import access_log
from settlers.web.api import add_api
from settlers.web.chat_api import add_chat_api
from settlers.web.config import Settings
from settlers.web.content_check import start_checker_soon
from settlers.web.errors import ActError
from settlers.web.guard import SecurityHeaders
from settlers.web.headers import HEADERS, NO_STORE
from settlers.web.pages import add_pages
from settlers.web.seats import add_seats
from settlers.web.server import STATIC, Server, error_response, request_lang
from settlers.web.slow_readers import AnswerGuard, quiet_given_up
from settlers.web.sockets import add_sockets
from settlers.web.warmup import warm_up


def create_app(settings: Settings | None = None) -> FastAPI:
    # games, content, catalogs loaded now, not on the first visitor's request, and before
    # the bot worker processes are forked (Server.build), so they have them too
    warm_up()
    access_log.install()   # seat and creator tokens kept out of the access log
    srv = Server.build(settings or Settings.from_env())

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await asyncio.to_thread(srv.store.migrate)
        await srv.hub.startup()
        collector.tune(srv.settings.gc_young)
        if srv.settings.upload_checker_at_start and srv.settings.max_uploads > 0:
            # the process upload checks fork from (≈ 3 s to start): started now, on a thread
            # of its own, so the first upload waits no longer than the next; nothing waits
            start_checker_soon()
        try:
            yield
        finally:
            await srv.hub.shutdown()
            srv.store.close()

    app = SettlersApp(title="settlers", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.answers = AnswerGuard(srv.settings.max_answers_per_address,
                              srv.settings.http_send_seconds, _refusal)
    quiet_given_up(logging.getLogger("uvicorn.error"))
    app.state.hub = srv.hub
    app.state.settings = srv.settings
    @app.exception_handler(RequestValidationError)
    async def bad_parameter(request: Request, exc: RequestValidationError):
        """A path or query parameter of the wrong type (``/replay/abc``, ``?limit=x``): the
        project's refusal in the client's language, never the framework's English list."""
        first = (exc.errors() or [{}])[0]
        field = str((first.get("loc") or ("?",))[-1])[:40]
        integer = str(first.get("type", "")).startswith("int_")
        refusal = ActError("bad_field", text_key="bad_integer" if integer else None,
                           field=field)
        if request.url.path.startswith("/api/"):
            return error_response(refusal, request_lang(request))
        return srv.error_page(request, refusal)

    @app.exception_handler(HTTPException)
    async def no_such_address(request: Request, exc: HTTPException):
        """An address the server has not, or a method it does not take there: said in the
        client's language (a page for a browser), never the framework's English "detail"."""
        codes = {404: "no_such_address", 405: "method_not_allowed"}
        if exc.status_code not in codes or request.url.path.startswith("/static/"):
            return await http_exception_handler(request, exc)
        refusal = ActError(codes[exc.status_code], path=request.url.path[:80],
                           method=request.method)
        if request.url.path.startswith("/api/") or request.method not in ("GET", "HEAD"):
            response = error_response(refusal, request_lang(request))
        else:
            response = srv.error_page(request, refusal)
        response.headers.update(exc.headers or {})  # a 405's Allow
        return response

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    add_pages(app, srv)
    add_api(app, srv)
    add_seats(app, srv)
    add_sockets(app, srv)
    add_chat_api(app, srv)
    return app


class SettlersApp(FastAPI):
    """The application, behind ``AnswerGuard`` (slow_readers.py), outside every middleware:
    it counts every answer, the refusals of the middlewares' too. ``SecurityHeaders``
    (guard.py: CSP, no referrer, no framing, no-store) wraps the whole of Starlette's stack,
    its outermost layer included: the "Internal Server Error" of a request that failed
    carries them too (a middleware added to the app comes inside that layer)."""

    answers: AnswerGuard | None = None

    async def __call__(self, scope, receive, send) -> None:
        app = SecurityHeaders(super().__call__)
        if self.answers is None:
            await app(scope, receive, send)
        else:
            scope["app"] = self   # (as Starlette sets it: a refusal reads the settings)
            await self.answers(scope, receive, send, app)


def _refusal(request: Request, refusal: ActError):
    response = error_response(refusal, request_lang(request))
    for name, value in (*HEADERS, NO_STORE):   # (as SecurityHeaders adds them)
        response.headers[name.decode()] = value.decode()
    return response
