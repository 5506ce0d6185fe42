"""The ninth pass's security review in a real browser (docs/audits/2026-12-06-ninth-web-security.md):
the pages work under the Content-Security-Policy every answer now carries, and a game made
with an uploaded card set whose ids hold markup still opens."""

from __future__ import annotations

import httpx
import pytest
from table_helpers import BROWSER_TESTS, LiveServer
from test_security_ninth_web import HOSTILE_ID, hostile_imperial_cards
from web_helpers import make_settings

pytest.importorskip("playwright.sync_api")
pytestmark = BROWSER_TESTS


def open_page(browser):
    # under the server's policy (the other tests bypass it: table_helpers.launch_chromium)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en",
                              bypass_csp=False)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    # a script, a style or a socket the policy refused is said on the console
    page.on("console", lambda m: problems.append(m.text)
            if "Content Security Policy" in m.text else None)
    return ctx, page, problems


def test_an_imperial_table_with_hostile_card_ids_opens_under_the_policy(browser, tmp_path,
                                                                          monkeypatch):
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "content"))
    with LiveServer(make_settings(tmp_path)) as base:
        r = httpx.post(f"{base}/api/content/imperial/cards?filename=cards.json",
                       content=hostile_imperial_cards(), timeout=60)
        assert r.status_code == 200, r.text
        body = httpx.post(f"{base}/api/games", timeout=60, json={
            "game": "imperial", "players": 2, "options": {"cards": r.json()["name"]}}).json()
        ctx, page, problems = open_page(browser)
        try:
            page.goto(f"{base}{body['links']['0']}&lang=en")
            # the table's script ran: the players are listed and the socket brought a state
            page.wait_for_selector("#players table")
            page.wait_for_selector("#board > *")
            boot = page.evaluate("JSON.parse(document.getElementById('boot').textContent)")
            assert HOSTILE_ID in boot["board_help"]["effects"]
            page.goto(f"{base}/?lang=en")
            page.wait_for_selector("#new-game")
            assert problems == []
            assert "content-security-policy" in httpx.get(base, timeout=30).headers
        finally:
            ctx.close()


@pytest.mark.parametrize("game", ["catan", "iceland", "founders", "imperial", "archipelago"])
def test_every_games_table_runs_under_the_policy(browser, tmp_path, game):
    """The policy refuses eval, inline scripts and event attributes (web/guard.py): every
    game's table, its board drawn and its chat open, runs under it with nothing refused (the
    other browser tests bypass the policy to drive pages with string predicates)."""
    with LiveServer(make_settings(tmp_path)) as base:
        body = httpx.post(f"{base}/api/games", timeout=60, json={
            "game": game, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                    {"kind": "bot", "bot": "random"}]}).json()
        ctx, page, problems = open_page(browser)
        try:
            page.goto(f"{base}{body['links']['0']}&lang=ru")
            page.wait_for_selector("#players table")
            page.wait_for_selector("#board > *")
            page.wait_for_selector("#actions button, #hud button", state="attached")
            assert problems == [], problems
        finally:
            ctx.close()
