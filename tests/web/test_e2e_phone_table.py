"""The table on a phone (390×844, Russian), in headless Chromium, at the moments that ask a
decision. What was wrong before: Catan's player table under the board widened the page by
50-70 px (the page scrolled sideways); the lit corners of Catan's board were 12 px targets and
the hex numbers 10 px text; when the choice was on the map (Catan's first settlement,
Landnám's exploration) the map came under a long HUD, its lit places below the fold; a trade's
+/− steppers were 26×17 px; and Landnám's trade answer said «choose a lit place on the board»
while nothing on the board was lit.

Tables of human seats made over the API and played over it (the first or a seeded random
legal action of whoever is asked) until the moment; then the seat asked opens the page."""

from __future__ import annotations

import random
import time

import pytest
from table_helpers import BROWSER_TESTS, act, create, open_table, state
from test_e2e import server, version  # noqa: F401

pytestmark = BROWSER_TESTS
W, H = 390, 844


def play_until(base, gid, tokens, want, prefer=(), seed=0, steps=400) -> tuple[int, dict]:
    """Legal actions (a type in ``prefer`` when listed, else a seeded random one) for whoever is
    asked, until ``want(msg)`` holds for the seat asked: (that seat, its message)."""
    rng = random.Random(seed)
    # the last message a seat was sent (an action's answer is the acting seat's new state):
    # only the seats asked are fetched, the first of them in ``tokens``' order with a menu
    # chosen — as fetching every seat's state each step did, at a third of the requests
    last: dict = {}
    for _ in range(steps):
        if not last:
            first = next(iter(tokens))
            last = {first: state(base, gid, tokens[first], "ru")}
        (known,) = last.values()
        asked = known["view"]["to_act"]
        seat = msg = None
        for s in tokens:
            if s in asked:
                m = last.get(s) or state(base, gid, tokens[s], "ru")
                if m["actions"]:
                    seat, msg = s, m
                    break
        if msg is None:
            raise AssertionError(f"nobody asked has a menu: {asked}")
        if want(msg):
            return seat, msg
        liked = [a for a in msg["actions"] if a["action"]["type"] in prefer]
        calm = [a for a in msg["actions"] if a["action"]["type"] not in
                ("offer_trade", "counter_offer", "propose_end", "concede")]
        action = rng.choice(liked or calm or msg["actions"])["action"]
        answer = act(base, gid, tokens[seat], msg["version"], action, "ru")
        answer.raise_for_status()
        last = {seat: answer.json()}
    raise AssertionError("the moment was not reached")


def table(base, game, n, seed):
    made = create(base, game, ["human"] * n, seed=seed)
    return made["id"], {int(s): t for s, t in made["tokens"].items()}


def phone(browser, base, gid, token):
    return open_table(browser, base, gid, token, "ru", (W, H))


def boxes(page, selector) -> list[dict]:
    return page.eval_on_selector_all(selector, """els => els.map(e => {
        const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height, id: e.dataset.intersection ?? e.dataset.hex};
    })""")


def in_view(b) -> bool:
    b = {"w": b.get("width"), "h": b.get("height"), **b}
    return b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["w"] <= W + 0.5 and b["y"] + b["h"] <= H


def test_catan_first_settlement_on_a_phone(server, browser):  # noqa: F811
    gid, tokens = table(server, "catan", 4, seed=5)
    seat, msg = play_until(server, gid, tokens, lambda m: True)
    assert msg["view"]["state"]["phase"] == "found_settlement"
    ctx, page, errors = phone(browser, server, gid, tokens[seat])
    # the page never scrolls sideways (the player table under the board fits or scrolls
    # inside its card, its points next to the names, never the column out of sight)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= W
    heads = page.eval_on_selector_all(".catan-players thead th", "ths => ths.map(t => t.textContent)")
    assert heads[2] == "Очки", heads
    points = page.locator(".catan-players th.points").bounding_box()
    assert points["x"] + points["width"] <= W, points
    # the choice is on the board: the board first, every lit corner in the first screen, and
    # the phase and the hand right under it
    assert page.locator("#game.board-decides").count() == 1
    assert page.locator(".board-wrap").bounding_box()["y"] < page.locator("#hud-card").bounding_box()["y"]
    dots = boxes(page, "circle.hot-spot[data-intersection]")
    assert len(dots) == len({a["action"]["intersection"] for a in msg["actions"]})
    assert all(in_view(b) for b in dots), [b for b in dots if not in_view(b)]
    assert in_view(page.locator(".chip.phase").bounding_box())
    # each lit corner has a target a finger wide under its dot
    targets = {b["id"]: b for b in boxes(page, "circle.hit[data-intersection]")}
    assert set(targets) == {b["id"] for b in dots}
    assert min(min(b["w"], b["h"]) for b in targets.values()) >= 32, targets
    # the hex numbers and the letters the actions name are readable (≥ 11 px as drawn)
    for selector, count in ((".catan-board text.number", 18), (".catan-board text.hex-label", 19)):
        sizes = page.eval_on_selector_all(selector, """ts => ts.map(t =>
            parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a)""")
        assert len(sizes) == count and min(sizes) >= 11, (selector, sizes)
    # a tap beside the dot (inside its target, outside the dot) founds the settlement there
    dot = dots[len(dots) // 2]
    cx, cy = dot["x"] + dot["w"] / 2, dot["y"] + dot["h"] / 2
    tap = (cx, cy + dot["h"] / 2 + 5)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).getAttribute('class')", list(tap)) == "hit"
    before = version(page)
    page.mouse.click(*tap)
    page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {before}")
    built = state(server, gid, tokens[seat])["view"]["state"]["buildings"]
    assert [b["intersection"] for b in built if b["seat"] == seat] == [int(dot["id"])]
    assert not errors, errors
    ctx.close()


def test_catan_trade_steppers_are_a_finger_wide_on_a_phone(server, browser):  # noqa: F811
    gid, tokens = table(server, "catan", 3, seed=5)
    seat, _ = play_until(server, gid, tokens, lambda m: m["view"]["state"]["phase"] == "trade",
                         prefer=("place_settlement", "place_road", "roll_dice"))
    ctx, page, errors = phone(browser, server, gid, tokens[seat])
    assert page.evaluate("document.scrollingElement.scrollWidth") <= W
    page.click(".trade-builder summary")
    steppers = boxes(page, ".trade-builder .stepper button")
    assert len(steppers) == 20
    assert min(min(b["w"], b["h"]) for b in steppers) >= 32, steppers
    assert page.evaluate("document.scrollingElement.scrollWidth") <= W
    assert not errors, errors
    ctx.close()


def test_landnam_exploring_on_a_phone_shows_the_lit_hexes_first(server, browser):  # noqa: F811
    gid, tokens = table(server, "iceland", 3, seed=4)
    seat, _ = play_until(server, gid, tokens,
                           lambda m: any(a["action"]["type"] == "explore" for a in m["actions"]))
    ctx, page, errors = phone(browser, server, gid, tokens[seat])
    assert page.locator("#game.board-decides").count() == 1
    lit = boxes(page, ".iceland-board .hot-hex")
    assert lit and all(in_view(b) for b in lit), [b for b in lit if not in_view(b)]
    # the island as large as the screen allows (half the frame of open sea drawn: 40 -> 50 px)
    assert min(b["w"] for b in lit) >= 48, lit
    assert in_view(page.locator(".chip.phase").bounding_box())
    assert page.evaluate("document.scrollingElement.scrollWidth") <= W
    assert not errors, errors
    ctx.close()


def test_landnam_trade_answer_does_not_point_at_the_board(server, browser):  # noqa: F811
    gid, tokens = table(server, "iceland", 3, seed=4)
    seat, _ = play_until(server, gid, tokens,
                           lambda m: any(a["action"]["type"] == "answer_offer" for a in m["actions"]),
                           prefer=("offer_trade",), seed=1)
    ctx, page, errors = phone(browser, server, gid, tokens[seat])
    assert page.locator("#board .hot").count() == 0          # nothing to click on the map
    assert page.locator(".board-hint").count() == 0           # …and no hint sending one there
    assert page.locator("#game.board-decides").count() == 0   # the HUD with the offer first
    answers = page.locator("#hud [data-type='answer_offer']")
    assert answers.count() >= 1
    assert all(in_view(answers.nth(k).bounding_box()) for k in range(answers.count()))
    assert not errors, errors
    ctx.close()


def test_imperial_cards_name_every_good_and_are_readable_on_a_phone(server, browser):  # noqa: F811
    """Seed 1: the Hanseatic League (COM061, its action costs a worker and a deal) lies in the
    lookout row; its cost was printed as the key «Deal». No text on a card under 11 px."""
    gid, tokens = table(server, "imperial", 2, seed=1)
    msg = state(server, gid, tokens[0], "ru")
    card = next(i for i, c in enumerate(msg["view"]["state"]["cards"]) if c["id"] == "COM061")
    assert card in msg["view"]["state"]["row"]
    ctx, page, errors = phone(browser, server, gid, tokens[0])
    face = page.locator(f".is-card[data-card='{card}']").first
    text = face.inner_text()
    assert "Deal" not in text and "сделка" in text, text
    assert face.locator(".fx-good[data-good='Deal']").first.get_attribute("title") == "сделка"
    small = page.eval_on_selector_all(".is-card *", """els => els.filter(e =>
        [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
        && parseFloat(getComputedStyle(e).fontSize) < 11).map(e => e.textContent.trim())""")
    assert not small, small
    # …and none cut by the card's edge (the band's deck and type wrap instead)
    cut = page.eval_on_selector_all(".is-card-band > *", """els => els.filter(e =>
        e.getBoundingClientRect().right > e.closest('.is-card').getBoundingClientRect().right + 0.5)
        .map(e => e.textContent)""")
    assert not cut, cut
    assert page.evaluate("document.scrollingElement.scrollWidth") <= W
    assert not errors, errors
    ctx.close()


def test_founders_tile_to_lay_and_the_lit_cells_come_before_the_market(server, browser):  # noqa: F811
    """A chosen tile to lay: the cells were on one's grid under the market rows and the prize
    tiles, below the first screen of the board column (1280×800) and of a phone."""
    gid, tokens = table(server, "founders", 3, seed=4)
    seat, _ = play_until(server, gid, tokens,
                           lambda m: any(a["action"]["type"] == "attach" for a in m["actions"]))
    for width, height in ((1280, 800), (W, H)):
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale="ru")
        page = ctx.new_page()
        page.goto(f"{server}/games/{gid}?token={tokens[seat]}&lang=ru")
        page.wait_for_selector(f"svg.founders-grid[data-seat='{seat}'] .hot-spot")
        cells = page.eval_on_selector_all(f"svg.founders-grid[data-seat='{seat}'] .hot-spot", """els =>
            els.map(e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; })""")
        assert cells and all(c["y"] + c["h"] <= height for c in cells), (width, cells)
        if width < 1000:
            # the last event takes one line of a phone's head, cut, its whole text the title
            # (the fifteenth pass's «…открывает квадрат «Гончарня».» took two and put the last
            # row of cells 10 px under the screen)
            last = page.locator("#last-event")
            text, title = last.inner_text(), last.get_attribute("title")
            assert title and title.startswith("Последнее: ") and text.strip() == title, (text, title)
            assert last.bounding_box()["height"] <= 20, last.bounding_box()
        chosen = page.locator(".founders .chosen .tile-card").bounding_box()
        assert chosen and chosen["y"] + chosen["height"] <= height, (width, chosen)
        # the market still follows
        assert page.locator(".founders .market .tile-card").count() > 0
        # a lit cell over a tile (a master to place there) leaves the tile's name readable
        over = page.eval_on_selector_all(f"svg.founders-grid[data-seat='{seat}'] .hot-spot", """els =>
            els.filter(e => e.parentNode.querySelector(`g.cell[data-x="${e.dataset.x}"][data-y="${e.dataset.y}"]`))
               .map(e => Number(getComputedStyle(e).fillOpacity) * Number(getComputedStyle(e).opacity))""")
        assert over and max(over) <= 0.2, over
        ctx.close()


def test_the_end_of_a_game_opens_with_the_final_scores_on_a_phone(server, browser):  # noqa: F811
    """The final scores were the last card of the one-column page, under the HUD and the
    whole board; the HUD said «it is not your turn» after the end, and the head had two
    replay links."""
    made = create(server, "imperial", ["human", "random"], seed=2)
    gid, tokens = made["id"], {0: made["tokens"]["0"]}
    rng = random.Random(3)
    # until the end, however long the bot takes (a count of 3000 polls without a pause measured
    # the machine's speed: 55 s for this game on a loaded 2-core machine)
    deadline = time.monotonic() + 180
    while not (msg := state(server, gid, tokens[0], "ru"))["over"]:
        assert time.monotonic() < deadline, "the game did not finish"
        if 0 in msg["view"]["to_act"] and msg["actions"]:
            act(server, gid, tokens[0], msg["version"], rng.choice(msg["actions"])["action"], "ru")
        else:
            time.sleep(0.05)
    ctx = browser.new_context(viewport={"width": W, "height": H}, locale="ru")
    page = ctx.new_page()
    page.goto(f"{server}/games/{gid}?token={tokens[0]}&lang=ru")
    page.wait_for_selector("#final:not([hidden]) .final-scores")
    final = page.locator("#final").bounding_box()
    assert 0 <= final["y"] < H / 2, final
    assert final["y"] < page.locator("#hud-card").bounding_box()["y"]
    assert page.inner_text("#actions").strip() == ""
    assert page.locator("a:visible", has_text="Открыть повтор").count() == 1
    assert page.evaluate("document.scrollingElement.scrollWidth") <= W
    ctx.close()


def test_every_control_of_the_table_is_a_finger_high_on_a_phone(server, browser):  # noqa: F811
    """Catan's founding on a phone: the folds («all actions», the state), the chat button, the
    head's replay link and the filter were 16-31 px high."""
    gid, tokens = table(server, "catan", 4, seed=5)
    seat, _ = play_until(server, gid, tokens, lambda m: True)
    ctx, page, errors = phone(browser, server, gid, tokens[seat])
    page.click("#actions details.all-actions summary")      # the filter shows (54 actions)
    low = page.eval_on_selector_all(
        ".game button, .game summary, .game input, .game select, .game a", """els => els
        .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map(e => [e.tagName + '.' + e.className + ' ' + e.textContent.trim().slice(0, 20),
                   e.getBoundingClientRect().height])
        .filter(([, h]) => h < 32)""")
    assert not low, low
    assert not errors, errors
    ctx.close()


def broken_words(page, selector) -> list[str]:
    """The words in ``selector``'s cells drawn on more than one line (cut in the middle)."""
    return page.eval_on_selector_all(selector, """cells => cells.flatMap(cell => {
        const node = cell.firstChild, text = node?.textContent || '', out = [];
        for (const m of text.matchAll(/\\S+/g)) {
            const r = document.createRange();
            r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
            const tops = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
            if (tops.size > 1) out.push(m[0]);
        }
        return out; })""")


@pytest.mark.parametrize("game", ["imperial", "founders"])
def test_the_final_scores_fit_a_phone_with_whole_words(server, browser, game):  # noqa: F811
    """Four categories on a phone: their names were cut anywhere («Трек победн|ых очков»,
    «Призов|ые»); with whole words, Founders' table ran past its card (the totals out of
    sight) until the place, the colour and the name shared one cell."""
    # a human seat among the bots: its name («Игрок 1») is the longest word of the names
    made = create(server, game, ["human"] + ["random"] * {"imperial": 1, "founders": 2}[game], seed=21)
    gid, token = made["id"], made["tokens"]["0"]
    rng = random.Random(4)
    deadline = time.monotonic() + 180
    while not (msg := state(server, gid, token, "ru"))["over"]:
        assert time.monotonic() < deadline, "the game did not finish"
        if 0 in msg["view"]["to_act"] and msg["actions"]:
            act(server, gid, token, msg["version"], rng.choice(msg["actions"])["action"], "ru")
        else:
            time.sleep(0.05)
    ctx = browser.new_context(viewport={"width": W, "height": H}, locale="ru")
    page = ctx.new_page()
    page.goto(f"{server}/games/{gid}?lang=ru")
    page.wait_for_selector("#final:not([hidden]) .final-scores th.part")
    assert page.locator("#final th.part").count() == 4
    assert broken_words(page, "#final th.part") == []
    widths = page.evaluate("""() => ({page: document.documentElement.scrollWidth,
        final: document.getElementById('final').getBoundingClientRect().right,
        table: document.querySelector('#final table').getBoundingClientRect().right})""")
    assert widths["page"] <= W and widths["table"] <= widths["final"], widths
    ctx.close()


def test_landnam_corners_are_a_finger_wide_on_a_phone(server, browser):  # noqa: F811
    """A farm to build: the lit corners were 9 px dots (the island drawn at 0.46 of its size
    inside a whole ring of open sea); now the drawing keeps half the ring, and each lit corner
    has a target a finger wide; a tap beside the dot builds there."""
    gid, tokens = table(server, "iceland", 3, seed=4)
    seat, _ = play_until(server, gid, tokens, seed=2, steps=900,
                           want=lambda m: any(a["action"]["type"] == "build_farm" for a in m["actions"]))
    ctx, page, errors = phone(browser, server, gid, tokens[seat])
    dots = boxes(page, ".iceland-board circle.hot-spot[data-corner]")
    targets = page.eval_on_selector_all(".iceland-board circle.hit[data-corner]", """els => els.map(e => {
        const r = e.getBoundingClientRect(); return {w: r.width, h: r.height, corner: e.dataset.corner}; })""")
    assert dots and len(targets) == len(dots)
    assert min(min(t["w"], t["h"]) for t in targets) >= 32, targets
    dot = page.locator(".iceland-board circle.hot-spot[data-corner]").first
    corner = int(dot.get_attribute("data-corner"))
    dot.scroll_into_view_if_needed()
    box = dot.bounding_box()
    tap = (box["x"] + box["width"] / 2, box["y"] + box["height"] + 4)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).getAttribute('class')", list(tap)) == "hit"
    before = version(page)
    page.mouse.click(*tap)
    page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {before}")
    after = state(server, gid, tokens[seat], "ru")["view"]["state"]
    assert any(k == "farm" and c == corner for k, _, c in after["pending_builds"]), after["pending_builds"]
    assert not errors, errors
    ctx.close()


def test_what_happened_last_is_under_the_status_on_a_phone(server, browser):  # noqa: F811
    """A phone's log is some 1500 px below the status: a move of another seat changed the
    board with no word in the first screen. Now the newest log line sits under the status."""
    gid, tokens = table(server, "catan", 3, seed=5)
    seat, msg = play_until(server, gid, tokens, lambda m: True)
    other = next(s for s in tokens if s != seat)
    ctx, page, errors = phone(browser, server, gid, tokens[other])
    last = page.locator("#last-event")
    assert last.is_visible() and in_view(last.bounding_box())
    newest = page.locator("#log li").last.inner_text()
    assert last.inner_text() == f"Последнее: {newest}"
    before = version(page)
    act(server, gid, tokens[seat], msg["version"], msg["actions"][0]["action"], "ru").raise_for_status()
    page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {before}")
    newest = page.locator("#log li").last.inner_text()
    assert newest != "" and last.inner_text() == f"Последнее: {newest}"
    assert in_view(last.bounding_box())
    assert not errors, errors
    ctx.close()
    # a wide screen shows the log itself beside the board: no copy of its last line while
    # that is in sight (the line shows while it is not: test_e2e_tenth_table)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru")
    page = ctx.new_page()
    page.goto(f"{server}/games/{gid}?token={tokens[other]}&lang=ru")
    page.wait_for_selector("#game[data-version] #log li[data-i]")
    page.eval_on_selector("#log li:last-child", "n => n.scrollIntoView()")
    page.wait_for_function("!document.getElementById('last-event').getClientRects().length")
    ctx.close()


def test_catans_five_categories_keep_the_totals_in_sight_on_a_phone(server, browser):  # noqa: F811
    """Catan's final table (four players, five categories) is wider than a phone in whole
    words: it scrolls inside its card, and the totals were its last column, out of sight."""
    made = create(server, "catan", ["heuristic"] * 4, seed=3)
    gid = made["id"]
    deadline = time.monotonic() + 120
    while not state(server, gid, "", "ru")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    ctx = browser.new_context(viewport={"width": W, "height": H}, locale="ru")
    page = ctx.new_page()
    page.goto(f"{server}/games/{gid}?lang=ru")
    page.wait_for_selector("#final:not([hidden]) .final-scores th.part")
    assert page.locator("#final th.part").count() == 5
    assert broken_words(page, "#final th.part") == []
    # each name on one line («Бот 3 ★», not «Бот» over «3 ★»)
    lines = page.eval_on_selector_all("#final td.name .who", """els => els.map(e =>
        new Set([...e.getClientRects()].map(r => Math.round(r.top))).size)""")
    assert lines == [1, 1, 1, 1], lines
    right = page.evaluate("document.getElementById('final').getBoundingClientRect().right")
    totals = page.eval_on_selector_all("#final .score", "els => els.map(e => e.getBoundingClientRect().right)")
    assert len(totals) == 5 and max(totals) <= right, (totals, right)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= W
    ctx.close()
