"""A table open in the browser while its game reaches the server's most moves a game may have
(``max_game_actions``): the page's status says, in the page's language, that the game was
stopped there, unfinished and without a winner, and leads to its replay; nothing is offered.
(Before, the page went on showing whose move it was; every move was refused.)"""

from __future__ import annotations

import pytest
from table_helpers import BROWSER_TESTS, create, module_server

pytestmark = BROWSER_TESTS

CAP = 12


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # bots with a pause: the page is open before the game reaches the bound
    yield from module_server(tmp_path_factory, "stopped", bot_delay=0.3, bot_workers=1,
                             max_game_actions=CAP)


def test_an_open_page_is_told_in_words_that_its_game_was_stopped(server, browser):
    made = create(server, "iceland", ["random"] * 3, seed=7)
    gid = made["id"]
    for lang, words in (("ru", "Партия остановлена"), ("en", "The game was stopped")):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang)
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        try:
            page.goto(f"{server}/games/{gid}?lang={lang}")
            page.wait_for_function("t => document.querySelector('#status')?.textContent"
                                   ".includes(t)", arg=words)
            status = page.locator("#status")
            assert str(CAP) in status.inner_text()
            assert "over" in (status.get_attribute("class") or "")
            assert page.locator("#status a.replay-link").get_attribute("href") == \
                f"/games/{gid}/replay"
            assert page.locator("#actions button").count() == 0
            # its scores where it stopped and the chart along it, as a finished game's
            # (nobody won: no row marked)
            page.wait_for_selector("#final table.final-scores tbody tr")
            assert page.locator("#final table.final-scores tbody tr").count() == 3
            assert page.locator("#final tr.winner").count() == 0
            assert page.locator("#final svg.score-chart polyline.series").count() == 3
            assert errors == []
        finally:
            ctx.close()
