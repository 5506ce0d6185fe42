"""A person's table nobody touched for days says, at the table, when it will be stopped (the
eighteenth pass: docs/audits/2026-12-07-eighteenth-web-idle.md): a calm notice in the
page's language once less than a day is left, gone as soon as a seat's page opens (the
server tells every open page the new deadline). Before, the table was stopped without a
word."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import create_engine, update
from table_helpers import BROWSER_TESTS, LiveServer, create
from web_helpers import make_settings

from settlers.web.storage.tables import games

pytestmark = BROWSER_TESTS

DAY = 86400.0


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("idle_notice")
    # one idle game in memory: the table made first leaves it when the next is made, and is
    # read from the store (where the test ages it) when its page opens
    settings = make_settings(folder, idle_table_seconds=7 * DAY, idle_sweep_seconds=3600.0,
                             max_idle_rooms=1)
    with LiveServer(settings) as base:
        yield base, settings.db_url


def test_a_table_nobody_touched_for_days_says_when_it_stops(server, browser):
    base, db_url = server
    made = create(base, "sample", ["human", "human"])
    gid, tokens = made["id"], made["tokens"]
    create(base, "sample", ["human", "human"])   # (the first leaves memory)
    left = 12.5 * 3600   # nobody moved or wrote for 6 days 11.5 hours: 12.5 hours left
    at = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=7 * DAY - left)
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == gid).values(updated_at=at, seen_at=at))
    engine.dispose()
    pages = []
    try:
        for lang, words in (
                ("ru", "Здесь давно никто не ходил и не писал в чат: через 12 часов партия "
                       "будет остановлена со счётом на тот момент. Любой ход или сообщение "
                       "игрока в чате отложит остановку."),
                ("en", "Nobody has moved or written in the chat here for a long time: the "
                       "game will be stopped in 12 hours, with the scores as they stand.")):
            ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang)
            page = ctx.new_page()
            page.set_default_timeout(30_000)
            errors: list[str] = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            pages.append((ctx, page, errors))
            page.goto(f"{base}/games/{gid}?lang={lang}")   # a spectator: it touches nothing
            page.wait_for_selector("#idle-notice:not([hidden])")
            assert words in page.locator("#idle-notice").inner_text()
        # a seat's page opens: a week left — its page says nothing, the others' notices go
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en")
        seat = ctx.new_page()
        seat.set_default_timeout(30_000)
        pages.append((ctx, seat, []))
        seat.goto(f"{base}/games/{gid}?token={tokens['0']}&lang=en")
        seat.wait_for_selector("#game[data-version]")
        for _ctx, page, _errors in pages[:2]:
            page.wait_for_selector("#idle-notice", state="hidden")
        assert seat.locator("#idle-notice").is_hidden()
        assert all(errors == [] for _c, _p, errors in pages)
    finally:
        for ctx, _page, _errors in pages:
            ctx.close()
