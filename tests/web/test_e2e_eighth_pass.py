"""In Chromium, what the eighth pass (a new user's first hour) found in the lobby and at a table.

The lobby's new-game form stays inside its card and the page inside the screen,
at 1280×800 and 390×844, in both languages, for every game. A fieldset and a grid track are as
wide as their widest select by default: the seats' list («Бот: Обученная политика (обучение с
подкреплением)») stood 100 px out of the card at 1280 px in Russian, and a phone's page was
579 px wide in Russian, 460 px in English (the eighth pass)."""

from __future__ import annotations

import pytest
from table_helpers import BROWSER_TESTS, module_server, open_table

import settlers

pytestmark = BROWSER_TESTS

OUTSIDE_THE_CARD = """() => {
  const card = document.querySelector('.new-game').getBoundingClientRect();
  return [...document.querySelectorAll('.new-game *')]
    .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().right > card.right + 0.5)
    .map((e) => e.tagName + '.' + e.className);
}"""


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    yield from module_server(tmp_path_factory, "lobby_layout")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_new_game_form_fits_its_card_and_the_screen(base, browser, lang, size):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=lang)
    page = ctx.new_page()
    page.goto(f"{base}/?lang={lang}")
    for game in settlers.game_ids():
        page.select_option("#game-select", game)
        assert page.evaluate(OUTSIDE_THE_CARD) == [], (game, lang, size)
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0], (game, lang)
    ctx.close()


@pytest.mark.parametrize(("lang", "said"), [("ru", "Победители: "), ("en", "Winners: ")])
def test_a_shared_win_is_said_in_the_plural(base, browser, lang, said):
    """Four seats level at a turn limit share the win: «Победители: Бот 1, Бот 2, …», not
    «Победитель: Бот 1, Бот 2, …»."""
    import httpx

    body = {"game": "catan", "seed": 3, "options": {"turn_limit": 1},
            "seats": [{"kind": "bot", "bot": "random"}] * 4}
    made = httpx.post(f"{base}/api/games?lang={lang}", json=body, timeout=30).json()
    ctx, page, errors = open_table(browser, base, made["id"], lang=lang, timeout=60_000,
                                   wait_for="#final:not([hidden])")
    winners = httpx.get(f"{base}/api/games/{made['id']}", timeout=30).json()["view"]["winners"]
    assert len(winners) > 1
    status = page.inner_text("#status")
    assert said in status, status
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_column_of_the_final_scores_can_be_reached(base, browser, lang):
    """Catan's final table has seven columns, wider than the side column at 1280 px: its last
    ones («Самая большая армия», «Карты победных очков») were cut off by the card with no way
    to see them. The table scrolls inside its card at every width."""
    import httpx

    body = {"game": "catan", "seed": 4, "options": {"turn_limit": 1},
            "seats": [{"kind": "bot", "bot": "random"}] * 4}
    made = httpx.post(f"{base}/api/games?lang={lang}", json=body, timeout=30).json()
    ctx, page, errors = open_table(browser, base, made["id"], lang=lang, timeout=60_000,
                                   wait_for="#final:not([hidden]) table")
    page.eval_on_selector("#final", "card => { card.scrollLeft = card.scrollWidth; }")
    card_right, last_right = page.evaluate("""() => [
        document.querySelector('#final').getBoundingClientRect().right,
        [...document.querySelectorAll('#final th')].pop().getBoundingClientRect().right]""")
    assert last_right <= card_right + 1, (last_right, card_right)
    assert not errors, errors
    ctx.close()


def test_founders_tile_names_stay_inside_their_tiles(base, browser):
    """A finished Founders game's grids, in Russian on a phone: every line of a tile's text
    lies inside the tile (a count of letters let «Школа ремёсел» run over the next tile in bold
    Cyrillic); the text stays at 11 px."""
    import httpx

    body = {"game": "founders", "seed": 2, "seats": [{"kind": "bot", "bot": "random"}] * 4}
    made = httpx.post(f"{base}/api/games?lang=ru", json=body, timeout=30).json()
    ctx, page, errors = open_table(browser, base, made["id"], lang="ru", size=(390, 844),
                                   timeout=120_000, wait_for="#final:not([hidden])")
    lines = page.evaluate("""() => [...document.querySelectorAll('svg.founders-grid g.cell')]
      .flatMap((g) => { const tile = g.querySelector('rect').getBBox();
        return [...g.querySelectorAll('text.tile-name, text.tile-gives')].map((t) => {
          const b = t.getBBox();
          return [t.textContent, b.x - tile.x, tile.x + tile.width - (b.x + b.width),
                  parseFloat(getComputedStyle(t).fontSize)]; }); })""")
    names = page.eval_on_selector_all("svg.founders-grid g.cell > title",
                                      "els => els.map((e) => e.textContent.split(' (')[0])")
    assert {"Школа ремёсел", "Конный двор"} & set(names), names   # long names were drawn
    outside = [line for line in lines if line[1] < -0.5 or line[2] < -0.5]
    assert not outside, outside
    assert all(size >= 11 for *_, size in lines)
    assert not errors, errors
    ctx.close()
