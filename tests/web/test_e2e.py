"""End to end in a real browser: Playwright driving the system Chromium, headless.

Catan and Founders against bots (clicking on the board, reloading mid-game), and two browser
contexts playing one game against each other.
"""

from __future__ import annotations

import re
import time

import pytest
from table_helpers import BROWSER_TESTS, CHROMIUM, CHROMIUM_ARGS, module_server

pytestmark = BROWSER_TESTS
ARGS = CHROMIUM_ARGS  # test_e2e_archipelago takes ARGS and CHROMIUM from here
__all__ = ["ARGS", "CHROMIUM"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # the flows below were written for given boards: this server lets a table with a human
    # seat be given a seed (an operator's choice; the default refuses it)
    yield from module_server(tmp_path_factory, "e2e", bot_delay=0.05, bot_workers=2,
                             allow_chosen_seed=True)


def open_page(browser, lang="ru"):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=lang)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def create_in_lobby(page, base, game, seats, seed, lang="ru"):
    """Fill the lobby form: seats are "human" or a bot preset. Returns the seat links."""
    page.goto(f"{base}/?lang={lang}")
    page.select_option("#game-select", game)
    page.select_option("#players-select", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"select[name=seat{i}_kind]", "human" if kind == "human" else f"bot:{kind}")
    page.fill("input[name=seed]", str(seed))
    page.click("#create-game")
    page.wait_for_selector(".created")
    return [a.get_attribute("href") for a in page.query_selector_all("a.play")]


@pytest.mark.parametrize(("lang", "lookout", "length"), [
    ("ru", ["Обычная разведка", "Альтернативная разведка", "Усложнённая разведка"],
     ["Короткая", "Средняя", "Длинная"]),
    ("en", ["Standard lookout", "Alternative lookout", "Advanced lookout"],
     ["Short", "Medium", "Long"]),
])
def test_the_lobby_shows_the_choices_of_options_in_words(server, browser, lang, lookout, length):
    """The choices of an option read in the reader's language (not ``standard``/``short``);
    a table made from them gets the ids the game takes."""
    ctx, page, errors = open_page(browser, lang)
    page.goto(f"{server}/?lang={lang}")
    for game, option, labels in (("imperial", "lookout", lookout),
                                 ("archipelago", "length", length)):
        page.select_option("#game-select", game)
        select = page.locator(f"select[name=opt_{game}_{option}]")
        assert select.is_visible()
        assert [o.inner_text() for o in select.locator("option").all()] == labels
    page.select_option("select[name=opt_archipelago_length]", label=length[0])
    page.select_option("#players-select", "3")
    for i in range(3):
        page.select_option(f"select[name=seat{i}_kind]", "bot:random")
    page.click("#create-game")
    page.wait_for_selector(".created")   # the form sent "short": a label would be refused
    assert errors == []
    ctx.close()


def version(page) -> int:
    return int(page.get_attribute("#game", "data-version") or -1)


def phase(page) -> str:
    return page.get_attribute(".chip.phase", "data-phase")


def test_catan_against_three_bots(server, browser):
    ctx, page, errors = open_page(browser, "ru")
    links = create_in_lobby(page, server, "catan", ["human", "random", "random", "random"], 5)
    assert len(links) == 1
    page.goto(links[0])
    # our first settlement: click a highlighted intersection, then a highlighted path
    page.click(".hot-spot[data-intersection]")
    page.wait_for_selector("polygon.settlement[data-seat='0']")
    page.click(".hot-edge[data-path]")
    page.wait_for_selector("line.road[data-seat='0']")
    # the bots answer: the snake order comes back to us once all three have built twice or once
    page.wait_for_selector(".hot-spot[data-intersection]", timeout=30_000)
    others = page.locator("polygon.settlement:not([data-seat='0'])").count()
    assert others >= 3
    assert page.locator("#log li").count() >= 8
    assert "Ваш ход" in page.inner_text("#status")
    # reload mid-founding: the page resumes exactly where it was
    before = version(page)
    page.reload()
    page.wait_for_selector(".hot-spot[data-intersection]")
    assert version(page) == before
    assert page.locator("polygon.settlement[data-seat='0']").count() == 1
    # the second settlement and road finish our founding
    page.click(".hot-spot[data-intersection]")
    page.wait_for_function("document.querySelectorAll(\"polygon.settlement[data-seat='0']\").length == 2")
    page.click(".hot-edge[data-path]")
    page.wait_for_function(
        "!['found_settlement', 'found_road'].includes(document.querySelector('.chip.phase')?.dataset.phase)",
        timeout=30_000)
    assert page.locator("line.road[data-seat='0']").count() == 2
    assert phase(page) not in ("found_settlement", "found_road")
    assert not errors, errors
    ctx.close()


def test_founders_against_bots(server, browser):
    ctx, page, errors = open_page(browser, "en")
    links = create_in_lobby(page, server, "founders", ["human", "random", "random"], 8, lang="en")
    page.goto(links[0])
    page.wait_for_selector(".chip.phase")
    assert phase(page) == "draft"
    reloaded = False
    deadline = time.monotonic() + 60
    while phase(page) in ("draft", "found"):
        assert time.monotonic() < deadline, "founding did not finish"
        page.wait_for_selector("#status.mine, #status.over")
        if phase(page) not in ("draft", "found"):
            break
        before = version(page)
        hot = page.locator(".tile-card.hot")
        if phase(page) == "draft" and hot.count():
            hot.first.click()  # pick a tile in the draft by clicking it
        else:
            # (the founding's layouts are drawn on the board, each a button)
            page.locator(".found-layout, #actions button.action:visible").first.click()
        page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {before}")
        if not reloaded:
            page.reload()
            page.wait_for_selector(".chip.phase")
            assert version(page) > before
            reloaded = True
    assert reloaded
    # our founding tiles now lie on our grid
    assert page.locator("svg.founders-grid[data-seat='0'] g.cell").count() >= 1
    assert not errors, errors
    ctx.close()


def shown_hand(page) -> set[int]:
    """The hand in the page's state tree (the generic view of a game without a board)."""
    text = page.evaluate("""() => {
        const dt = [...document.querySelectorAll('#view dl.tree > dt')].find(d => d.textContent === 'hand');
        return dt ? dt.nextElementSibling.textContent : '';
    }""")
    return set(map(int, re.findall(r"\d+", text)))


def test_two_browsers_play_one_game(server, browser):
    host, lobby, _ = open_page(browser, "ru")
    links = create_in_lobby(lobby, server, "sample", ["human", "human"], 12)
    assert len(links) == 2
    a_ctx, a, a_errors = open_page(browser, "ru")
    b_ctx, b, b_errors = open_page(browser, "en")
    a.goto(links[0])
    b.goto(links[1] + "&lang=en")
    for page in (a, b):
        page.wait_for_selector("#actions button.action")
    a_hand, b_hand = shown_hand(a), shown_hand(b)
    # each page shows its own hand and offers exactly those cards; never the other's
    assert a_hand and b_hand and not a_hand & b_hand
    assert set(map(int, re.findall(r"\d+", a.inner_text("#actions")))) == a_hand
    assert set(map(int, re.findall(r"\d+", b.inner_text("#actions")))) == b_hand
    assert "Bid" in b.inner_text("#actions") and "Поставить" in a.inner_text("#actions")
    deadline = time.monotonic() + 60
    while a.get_attribute("#game", "data-over") != "true":
        assert time.monotonic() < deadline, "the game did not finish"
        for page in (a, b):
            buttons = page.locator("#actions button.action")
            if buttons.count() and page.get_attribute("#game", "data-over") != "true":
                before = version(page)
                buttons.last.click()
                page.wait_for_function(
                    f"Number(document.getElementById('game').dataset.version) > {before}"
                    " || document.querySelector('#toast:not([hidden])')")
        time.sleep(0.05)
    b.wait_for_function("document.getElementById('game').dataset.over === 'true'")
    assert "Игра окончена" in a.inner_text("#status")
    assert "Game over" in b.inner_text("#status")
    assert not a_errors and not b_errors
    for c in (host, a_ctx, b_ctx):
        c.close()


def create_via_api(base, game, seats, seed, lang="ru") -> str:
    """Create a game through the JSON API; returns the page link of seat 0 (a human)."""
    import httpx

    spec = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
    r = httpx.post(f"{base}/api/games?lang={lang}", json={"game": game, "seats": spec, "seed": seed, "options": {}}, timeout=30)
    assert r.status_code == 200, r.text
    body = r.json()
    return f"{base}/games/{body['id']}?token={body['tokens']['0']}&lang={lang}"


def watch_console(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def log_texts(page) -> list[str]:
    return page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")


def test_iceland_board_against_bots(server, browser):
    ctx, page, errors = open_page(browser, "ru")
    console = watch_console(page)
    page.goto(create_via_api(server, "iceland", ["human", "random", "random"], 4))
    page.wait_for_selector("svg.iceland-board")
    # the island: 19 positions, the centre is the mountain and the rest unknown
    assert page.locator("svg.iceland-board g.hex").count() == 19
    assert page.get_attribute("g.hex[data-hex='9']", "data-terrain") == "mountain"
    assert page.locator("g.hex.unknown").count() == 18
    assert page.locator("g.boat").count() == 3  # one boat each on the outer sea
    # roll (a button) and answer any Althing question until the board offers a place
    deadline = time.monotonic() + 60  # the bots' turns on a loaded machine, not a rule
    while not page.locator("#board .hot").count():
        assert time.monotonic() < deadline, "no place on the board was offered"
        page.wait_for_selector("#status.mine")
        before = version(page)
        page.locator("#actions button.action:not(.on-board)").first.click()
        page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {before}")
    # our first move: explore an edge position by clicking its highlighted hex
    hot = page.locator(".hot-hex[data-hex]").first
    target = hot.get_attribute("data-hex")
    before = version(page)
    hot.click()
    if page.locator(".place-menu").count():
        page.locator(".place-menu button.action").first.click()
    page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {before}")
    page.wait_for_function(
        f"document.querySelector(\"g.hex[data-hex='{target}']\").dataset.terrain !== 'unknown'")
    assert page.locator("g.boat[data-seat='0']").count() == 1
    # end the turn with the buttons; the bots answer and the turn comes back to us
    seen = len(log_texts(page))
    deadline = time.monotonic() + 60
    while not any("Бот" in t for t in log_texts(page)[seen:]):
        assert time.monotonic() < deadline, "the bots did not answer"
        if page.locator("#status.mine").count():
            buttons = page.locator("#actions button[data-type='end_movement'], #actions button[data-type='end_turn']")
            button = buttons.first if buttons.count() else page.locator("#actions button.action").first
            before = version(page)
            button.click()
            page.wait_for_function(
                f"Number(document.getElementById('game').dataset.version) > {before}"
                " || document.querySelector('#toast:not([hidden])')")
        else:
            time.sleep(0.05)
    assert page.locator(".iceland-players tbody tr").count() == 3
    assert not errors and not console, errors + console
    ctx.close()


def test_imperial_board_against_bots(server, browser):
    ctx, page, errors = open_page(browser, "en")
    console = watch_console(page)
    page.goto(create_via_api(server, "imperial", ["human", "random", "random"], 4, lang="en"))
    page.wait_for_selector(".is-board svg.good-icon")
    assert page.locator(".is-board").count() == 3
    assert page.locator(".my-hand .is-card").count() == 5  # our own hand, face up
    for seat in (1, 2):  # the others' hands only as counts
        assert "Cards in hand: 5" in page.inner_text(f".is-board[data-seat='{seat}'] .is-counts")
    # the open lookout: take a card by clicking it
    page.wait_for_selector("#status.mine")
    row = page.locator(".is-lookout .is-card")
    cards = row.count()
    card = page.locator(".is-lookout .is-card.hot").first
    name = card.locator(".is-card-name").inner_text()
    before = version(page)
    card.click()
    page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {before}")
    # the bots take theirs (a new row is dealt) and the lookout comes back to us
    page.wait_for_function(
        f"Number(document.getElementById('game').dataset.version) > {before + 2}"
        " && document.querySelector('#status.mine')", timeout=60_000)
    assert page.locator(".is-lookout .is-card").count() < cards
    assert name in page.inner_text(".my-hand")
    assert any("Bot 2" in t for t in log_texts(page))
    assert not errors and not console, errors + console
    ctx.close()


def test_replay_page_verifies_the_seed_against_the_commitment(server, browser):
    """Provably fair: the live page shows the commitment published at creation (never the
    seed); once the game is over the replay page hashes the revealed seed and salt in the
    browser, finds the commitment, and reports that replaying from the seed ends the same."""
    import hashlib

    import httpx

    made = httpx.post(f"{server}/api/games?lang=en", json={
        "game": "sample", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}, timeout=30).json()
    assert "seed" not in made and len(made["commitment"]) == 64
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/games/{made['id']}?token={made['tokens']['0']}&lang=en")
    page.wait_for_selector("#fair-commitment")
    assert page.inner_text("#fair-commitment") == made["commitment"]
    assert page.locator("#fair-seed").count() == 0
    deadline = time.monotonic() + 60
    while page.get_attribute("#game", "data-over") != "true":
        assert time.monotonic() < deadline, "the game did not finish"
        buttons = page.locator("#actions button.action")
        if buttons.count():
            before = version(page)
            try:
                # the menu may be redrawn (the bot moved, the game ended) between the count
                # and the click: then look again
                buttons.first.click(timeout=2000)
            except pytest.importorskip("playwright.sync_api").TimeoutError:
                continue
            page.wait_for_function(
                f"Number(document.getElementById('game').dataset.version) > {before}"
                " || document.querySelector('#toast:not([hidden])')"
                " || document.getElementById('game').dataset.over === 'true'")
        else:
            time.sleep(0.05)
    page.goto(f"{server}/games/{made['id']}/replay?lang=en")
    page.wait_for_selector("#fairness[data-checked='true']")
    assert page.get_attribute("#fair-hash", "data-ok") == "true"
    assert page.get_attribute("#fair-replay", "data-ok") == "true"
    seed = page.inner_text("#fair-seed")
    record = httpx.get(f"{server}/api/games/{made['id']}/record", timeout=30).json()
    assert record["seed"] == seed
    assert hashlib.sha256(f"{seed}:{record['salt']}".encode()).hexdigest() == made["commitment"]
    # the page's own SHA-256 (used where crypto.subtle is missing: plain http) is right too
    for text in ("", "abc", "x" * 200, f"{seed}:{record['salt']}"):
        got = page.evaluate("t => import('/static/js/fairness.js').then("
                            "m => m.sha256Plain(new TextEncoder().encode(t)))", text)
        assert got == hashlib.sha256(text.encode()).hexdigest(), text
    assert not errors, errors
    ctx.close()
