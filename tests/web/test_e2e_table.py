"""The table as a player sees it, in headless Chromium: everything needed to decide is inside
the 1280×800 viewport for all four games, the phone layout does not overflow, the banner names
whose turn it is, end-turn/pass are prominent and pass is confirmed."""

from __future__ import annotations

import pytest
from table_helpers import BROWSER_TESTS, advance, create, module_server, state

pytestmark = BROWSER_TESTS

PLAYERS = {"catan": 4, "iceland": 3, "founders": 3, "imperial": 2}
# what a player decides with, per game (CSS selectors inside the page)
ESSENTIALS = {
    "catan": ["#status", ".my-hand", ".chip.phase", ".chip.dice", "#hud .catan-info", "#actions"],
    "iceland": ["#status", ".my-hand", ".chip.phase", ".chip.dice", "#actions"],
    "founders": ["#status", ".my-hand", ".chip.phase", "#actions"],
    "imperial": ["#status", ".my-hand", ".chip.phase", ".my-goods", "#actions"],
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from module_server(tmp_path_factory, "table", bot_delay=0.0, bot_workers=2,
                             allow_chosen_seed=True)


@pytest.fixture(scope="module")
def tables(server):
    """One mid-game table per game, the human seat (0) to act."""
    out = {}
    for game, n in PLAYERS.items():
        made = create(server, game, ["human"] + ["random"] * (n - 1), seed=7)
        token = made["tokens"]["0"]
        advance(server, made["id"], token, 0, 12, seed=1)
        out[game] = (made["id"], token)
    return out


def open_table(browser, server, gid, token, width, height, lang="en"):
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    url = f"{server}/games/{gid}?lang={lang}" + (f"&token={token}" if token else "")
    page.goto(url)
    page.wait_for_selector("#game[data-version]")
    page.wait_for_function("document.querySelector('#status').textContent.length > 0")
    return ctx, page, errors


def inside_viewport(page, selector, width, height) -> tuple[bool, dict | None]:
    box = page.locator(selector).first.bounding_box()
    if box is None:
        return False, None
    ok = (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5
          and box["y"] + min(box["height"], 40) <= height)
    return ok, box


@pytest.mark.parametrize("game", list(PLAYERS))
def test_what_a_player_decides_with_is_in_view_at_1280x800(server, browser, tables, game):
    gid, token = tables[game]
    ctx, page, errors = open_table(browser, server, gid, token, 1280, 800)
    try:
        page.wait_for_selector("#actions > *")
        rolled = state(server, gid, token)["view"]["state"].get("dice")
        for selector in ESSENTIALS[game]:
            if selector == ".chip.dice" and not rolled:
                continue   # before the turn's roll there are no dice to show
            ok, box = inside_viewport(page, selector, 1280, 800)
            assert ok, f"{game}: {selector} is outside the 1280×800 viewport: {box}"
        # the whole own hand is visible, not only its first line
        hand = page.locator(".my-hand").first.bounding_box()
        assert hand["y"] + hand["height"] <= 800, f"{game}: the hand runs below the fold: {hand}"
        # the first possible action (the pending question's answers) is in view too
        ok, box = inside_viewport(page, "#hud-card button:visible, #board .hot", 1280, 800)
        assert ok, f"{game}: no answer to the pending question in view: {box}"
        # the page itself does not scroll: only the board and the side column do
        assert page.evaluate("document.scrollingElement.scrollHeight") <= 800
        assert not errors
    finally:
        ctx.close()


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_phone_layout_fits_the_width_and_shows_the_turn_first(server, browser, tables, game):
    gid, token = tables[game]
    ctx, page, errors = open_table(browser, server, gid, token, 390, 844)
    try:
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        ok, box = inside_viewport(page, "#status", 390, 844)
        assert ok, box
        # the HUD (hand and actions) comes before the board on a phone, unless every choice
        # is a lit place near the board's top (test_e2e_phone_table: the board first then)
        hud = page.locator("#hud-card").bounding_box()
        board = page.locator(".board-wrap").bounding_box()
        if page.locator("#game.board-decides").count():
            assert board["y"] < hud["y"] and page.locator("#board .hot").count()
        else:
            assert hud["y"] < board["y"]
        assert not errors
    finally:
        ctx.close()


def test_the_banner_names_whose_turn_it_is(server, browser):
    made = create(server, "catan", ["human", "random", "random"], seed=3)
    ctx, page, _ = open_table(browser, server, made["id"], None, 1280, 800)  # a spectator
    try:
        assert page.inner_text("#status").strip() == "Player 1's turn"
        assert page.get_attribute("#status", "data-current") == "0"
    finally:
        ctx.close()
    ctx, page, _ = open_table(browser, server, made["id"], made["tokens"]["0"], 1280, 800,
                              lang="ru")
    try:
        # (the game's words for the decision follow: the founding's first settlement)
        assert page.inner_text("#status").strip() == \
            "Ваш ход — поставьте поселение на один из свободных перекрёстков"
    finally:
        ctx.close()


def until_offered(server, gid, token, kind, others=0):
    """Advance seat 0 (random answers) until its actions include ``kind`` and at least
    ``others`` more; the state message then."""
    msg = advance(server, gid, token, 0, 0)
    for step in range(200):
        types = [a["action"]["type"] for a in msg["actions"]]
        if kind in types and len(types) > others:
            return msg
        msg = advance(server, gid, token, 0, 1, seed=step)
    pytest.fail(f"{kind} was never offered")


def test_end_turn_is_a_prominent_button(server, browser):
    made = create(server, "catan", ["human", "random", "random"], seed=5)
    until_offered(server, made["id"], made["tokens"]["0"], "end_turn")
    ctx, page, _ = open_table(browser, server, made["id"], made["tokens"]["0"], 1280, 800)
    try:
        page.wait_for_selector("button.finish[data-type=end_turn]")
        button = page.locator("button.finish[data-type=end_turn]").bounding_box()
        assert button["width"] >= 250 and button["y"] + button["height"] <= 800
    finally:
        ctx.close()


def test_imperial_pass_asks_for_confirmation_while_other_actions_remain(server, browser):
    made = create(server, "imperial", ["human", "random"], seed=11)
    token = made["tokens"]["0"]
    until_offered(server, made["id"], token, "pass", others=1)
    ctx, page, _ = open_table(browser, server, made["id"], token, 1280, 800)
    try:
        before = page.get_attribute("#game", "data-version")
        dialogs: list[str] = []

        def dismiss(dialog):
            dialogs.append(dialog.message)
            dialog.dismiss()

        page.once("dialog", dismiss)
        with page.expect_event("dialog"):   # the question itself, however long it takes
            page.click("button.finish[data-type=pass]")
        assert dialogs and "other actions are still possible" in dialogs[0]
        page.wait_for_timeout(300)          # dismissed: nothing is sent
        assert page.get_attribute("#game", "data-version") == before
        page.once("dialog", lambda d: d.accept())
        page.click("button.finish[data-type=pass]")
        page.wait_for_function(f"document.querySelector('#game').dataset.version !== '{before}'")
    finally:
        ctx.close()


def wait_over(server, gid, timeout=60.0):
    import time

    import httpx
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = httpx.get(f"{server}/api/games/{gid}?lang=en", timeout=30).json()
        if msg["over"]:
            return msg
        time.sleep(0.1)
    pytest.fail("the game did not finish")


def test_game_over_shows_final_scores_and_a_chart_of_points(server, browser):
    made = create(server, "imperial", ["random", "random", "random"], seed=21)
    final = wait_over(server, made["id"], timeout=120)
    ctx, page, errors = open_table(browser, server, made["id"], None, 1280, 800)
    try:
        page.wait_for_selector("#final:not([hidden]) svg.score-chart")
        assert page.locator("svg.score-chart polyline.series").count() == 3
        rows = page.locator(".final-scores tbody tr")  # the thead names the categories
        assert rows.count() == 3
        best = max(final["view"]["scores"])
        assert float(rows.first.locator(".score").inner_text()) == best
        assert "★" in page.locator(".final-scores tr.winner").first.inner_text()
        # the chart's last points are the final scores: the winner's line ends highest
        winner = final["view"]["winners"][0]
        pts = page.get_attribute(f"polyline.series[data-seat='{winner}']", "points").split()
        last_y = float(pts[-1].split(",")[1])
        for seat in range(3):
            other = page.get_attribute(f"polyline.series[data-seat='{seat}']", "points").split()
            assert last_y <= float(other[-1].split(",")[1])
        # the x axis counts actions (the game's version), not turns: it says so
        assert page.locator("svg.score-chart text.tick").last.text_content() == (
            f"{final['version']} actions")
        ok, box = inside_viewport(page, "#final", 1280, 800)
        assert ok, box
        assert not errors
    finally:
        ctx.close()


def test_a_running_game_replays_from_move_1_and_a_step_is_a_link(server, browser):
    made = create(server, "catan", ["human", "random", "random"], seed=9)
    token = made["tokens"]["0"]
    msg = advance(server, made["id"], token, 0, 3, seed=2)
    ctx, page, errors = open_table(browser, server, made["id"], None, 1280, 800)
    try:
        page.goto(f"{server}/games/{made['id']}/replay?lang=en")
        page.wait_for_selector("#replay-step:has-text('Step 0 of')")
        assert page.locator("polygon.settlement").count() == 0  # the empty board at the start
        page.click("#replay-bar button[data-step=next]")
        page.wait_for_selector("#replay-step:has-text('Step 1 of')")
        assert page.locator("polygon.settlement").count() == 1  # move 1: the first settlement
        assert "step=1" in page.url
        # the link opens that step for anyone
        page.goto(f"{server}/games/{made['id']}/replay?step=2&lang=en")
        page.wait_for_selector("#replay-step:has-text('Step 2 of')")
        steps = int(page.inner_text("#replay-step").split()[-1])
        assert steps >= msg["version"]
        assert not errors
    finally:
        ctx.close()


def test_the_page_formats_plurals_with_the_languages_rules(server, browser, tables):
    gid, token = tables["founders"]
    ctx, page, _ = open_table(browser, server, gid, token, 1280, 800, lang="ru")
    try:
        got = page.evaluate("""async () => {
            const { fill } = await import('/static/js/util.js');
            const text = '{n, plural, one {# квадрат} few {# квадрата} many {# квадратов} other {# квадрата}}';
            return [1, 3, 5, 21].map((n) => fill(text, { n }, 'ru'))
              .concat([fill('{n, plural, one {# tile} other {# tiles}}', { n: 1 }, 'en')]);
        }""")
        assert got == ["1 квадрат", "3 квадрата", "5 квадратов", "21 квадрат", "1 tile"]
    finally:
        ctx.close()
