"""`settlers serve`: the web server (lobby, live games, bots) on one port.

The command is defined here, with the server; the settlers CLI only adds it (the web server
does not depend on the CLI)."""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

import typer

from settlers.core.user_files import UnwritableFile, check_writable
from settlers.web.i18n import normalize_lang, t
from settlers.web.listening import CannotListen, listen_on
from settlers.web.quiet_connections import watched_http
from settlers.web.warmup import warm_up

# a server process collects its young garbage every 20,000 live allocations (settlers.core.collector)
SERVER_GC_YOUNG = 20_000
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")   # uvicorn's
STARTUP_FAILURE = 3   # the exit code of a server that did not start (uvicorn's)


def _lang() -> str:
    """The user's language: ``--lang`` on the command line, else the environment's
    (``settlers.core.i18n.language_from_environment``)."""
    from settlers.core import get_language

    return normalize_lang(get_language())


def _h(key: str) -> str:
    return t(key, _lang())


def check_database_url(url: str) -> str:
    """Refuse, before the server starts, a --db that SQLAlchemy cannot connect with (a
    misspelt scheme, a driver that is not installed). Returns the URL as it may be shown:
    its password as ***, since what the server says on start may go to a log (a systemd
    journal) that others read."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        raise typer.BadParameter(t("serve.bad_db", _lang(), db=url)) from None
    try:
        parsed.get_dialect()
    except (NoSuchModuleError, ImportError):
        shown = parsed.render_as_string(hide_password=True)   # said on screen, maybe logged
        raise typer.BadParameter(t("serve.bad_db", _lang(), db=shown)) from None
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        # a database file in a place that cannot take it (a folder, a path under a file):
        # said in words now, not as the server's failed start in SQLite's English
        try:
            check_writable(Path(parsed.database).expanduser())
        except UnwritableFile as exc:
            raise typer.BadParameter(exc.message(_lang())) from None
    return str(parsed.render_as_string(hide_password=True))


def check_database_answers(url: str, shown: str, timeout: int = 5) -> None:
    """A database server (PostgreSQL) that does not answer, or refuses the user, is said in
    words before the server greets, not as the start-up's traceback after the greeting.
    SQLite needs no server (its file was checked by ``check_database_url``)."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.pool import NullPool

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return
    args = {"connect_timeout": timeout} if parsed.get_backend_name() == "postgresql" else {}
    engine = create_engine(parsed, connect_args=args, poolclass=NullPool)
    try:
        with engine.connect():
            pass
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        typer.echo(t("serve.db_unreachable", _lang(), db=shown,
                     reason=reason[0] if reason else type(exc).__name__), err=True)
        raise typer.Exit(1) from None
    finally:
        engine.dispose()


def run_uvicorn(app: Any, sockets: list[socket.socket], **options: Any) -> None:
    """Serve ``app`` with uvicorn on ``sockets``, already bound and listening
    (settlers.web.listening.listen_on): uvicorn binds nothing itself, so no other program can
    take the port between the check and the start (uvicorn would say so in English). With
    ``workers`` > 1 uvicorn's supervisor starts them, each importing ``app`` (an import
    string), on the same sockets."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(app, **options)
    if config.workers > 1:
        for sock in sockets:
            sock.set_inheritable(True)
        Multiprocess(config, sockets=sockets).run()
        return
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):   # Ctrl-C: the server has stopped
        server.run(sockets=sockets)
    if not server.started:
        sys.exit(STARTUP_FAILURE)


def register(app: typer.Typer) -> None:
    """Add the `serve` command to the settlers CLI."""

    @app.command("serve", help=_h("serve.help"))
    def serve(
        host: str = typer.Option("127.0.0.1", help=_h("serve.host")),
        port: int = typer.Option(8000, min=1, max=65535, help=_h("serve.port")),
        db: str = typer.Option(None, help=_h("serve.db")),
        open_browser: bool = typer.Option(False, "--open", help=_h("serve.open")),
        bot_delay: float = typer.Option(None, min=0.0, help=_h("serve.bot_delay")),
        bot_workers: int = typer.Option(None, min=1, help=_h("serve.bot_workers")),
        bot_pool: str = typer.Option(None, help=_h("serve.bot_pool")),
        max_message_bytes: int = typer.Option(None, min=1,
                                              help=_h("serve.max_message_bytes")),
        log_level: str = typer.Option("warning", help=_h("serve.log_level")),
        workers: int = typer.Option(1, min=1, help=_h("serve.workers")),
        port_per_worker: bool = typer.Option(False, "--port-per-worker",
                                             help=_h("serve.port_per_worker")),
    ) -> None:
        from settlers.web import Settings, create_app
        from settlers.web.config import FALSE_WORDS, TRUE_WORDS, BadFlag
        from settlers.web.guard import allowed_origins

        if bot_pool not in (None, "thread", "process"):
            raise typer.BadParameter(_h("serve.bad_pool"))
        if log_level.lower() not in LOG_LEVELS:
            raise typer.BadParameter(t("serve.bad_log_level", _lang(), level=log_level,
                                       known=", ".join(LOG_LEVELS)))
        if bot_pool is None and not os.environ.get("SETTLERS_BOT_POOL"):
            bot_pool = "process"  # a server's bots think in worker processes, off the loop
        gc_young = None if os.environ.get("SETTLERS_GC_YOUNG") else SERVER_GC_YOUNG
        try:
            settings = Settings.from_env(
                db_url=db,
                bot_delay=bot_delay,
                bot_workers=bot_workers,
                bot_pool=bot_pool,
                max_message_bytes=max_message_bytes,
                gc_young=gc_young,
                # the pages' language when a visitor names none: the one this command
                # speaks (``--lang``, SETTLERS_LANG, the environment's), unless
                # SETTLERS_DEFAULT_LANG says
                default_lang=None if os.environ.get("SETTLERS_DEFAULT_LANG") else _lang(),
            )
        except BadFlag as exc:   # (a switch read as off by mistake: PAUSE_UNWATCHED_BOTS)
            raise typer.BadParameter(t("serve.bad_flag", _lang(), name=exc.variable,
                                       value=exc.value, yes=", ".join(TRUE_WORDS),
                                       no=", ".join(FALSE_WORDS))) from None
        try:   # (an origin misspelt would leave the operator's own pages refused)
            allowed_origins(settings.allowed_origins)
        except ValueError:
            raise typer.BadParameter(t("serve.bad_origin", _lang(),
                                       value=settings.allowed_origins)) from None
        shown_db = check_database_url(settings.db_url)
        check_database_answers(settings.db_url, shown_db)
        if workers > 1 and not settings.db_url.startswith("postgresql"):
            raise typer.BadParameter(_h("serve.workers_need_postgresql"))
        shown = '127.0.0.1' if host in ('0.0.0.0', '::') else host
        if ":" in shown:   # an IPv6 address, in brackets in a URL
            shown = f"[{shown}]"
        url = f"http://{shown}:{port}/"
        ports = list(range(port, port + workers)) if port_per_worker else [port]
        try:   # bound here and handed to uvicorn, which would say a refusal in English
            by_port = listen_on(host, ports)   # a socket per address of the host, per port
        except CannotListen as refused:
            typer.echo(t(refused.key, _lang(), **refused.params), err=True)
            raise typer.Exit(1) from None
        sockets = [sock for port_sockets in by_port.values() for sock in port_sockets]
        try:
            # what the first visitor would wait for is loaded before the server says it is
            # ready (a process forked for a port has it too)
            warm_up()
            if len(ports) > 1:
                typer.echo(t("serve.listening_ports", _lang(), count=len(ports),
                             db=shown_db,
                             urls=", ".join(f"http://{shown}:{p}/" for p in ports)))
            else:
                typer.echo(t("serve.listening", _lang(), url=url, db=shown_db))
            if open_browser:
                threading.Timer(1.2, webbrowser.open, args=(url,)).start()
            common = {
                "ws_max_size": max(settings.max_message_bytes * 2, 65_536),
                # broadcasts are small deltas; compressing each costs more CPU than it saves
                "ws_per_message_deflate": False,
                "log_level": log_level.lower(),
                # a connection holding a request half-sent is closed, an address's open ones
                # are bounded, an answer given up is aborted (quiet_connections.py)
                "http": watched_http(settings.http_idle_seconds,
                                     per_address=settings.http_connections_per_address,
                                     lang=settings.default_lang,
                                     accept_language=settings.accept_language),
            }
            if workers > 1:
                from settlers.web.storage import Store

                store = Store(settings.db_url)  # migrate once, before the workers race to it
                store.migrate()
                store.close()
            if len(ports) > 1:
                # a process per port, for a proxy that routes by game
                # (settlers.web.multiport); each forked child has the sockets bound here
                from settlers.web.multiport import run_on_ports

                def serve_one(one_port: int) -> None:
                    run_uvicorn(create_app(settings), by_port[one_port], **common)

                run_on_ports(serve_one, ports)
            elif workers > 1:
                # every worker builds its app from the environment; moves reach every
                # worker's pages through PostgreSQL LISTEN/NOTIFY (settlers.web.fanout)
                os.environ["SETTLERS_DB"] = settings.db_url
                for name in ("bot_delay", "bot_workers", "bot_pool", "max_message_bytes",
                             "gc_young", "default_lang", "accept_language"):
                    os.environ[f"SETTLERS_{name.upper()}"] = str(getattr(settings, name))
                run_uvicorn("settlers.web:create_app", sockets, factory=True, workers=workers,
                            **common)
            else:
                run_uvicorn(create_app(settings), sockets, **common)
            # each way above returns once Ctrl+C (SIGINT) has stopped the server (uvicorn
            # ends the process with a SIGTERM it stopped for, as a service manager expects)
            typer.echo(t("serve.stopped", _lang()))
        finally:
            for sock in sockets:
                sock.close()
