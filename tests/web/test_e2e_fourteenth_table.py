"""The fourteenth pass over the browser table (docs/audits/2026-12-07-fourteenth-web-table.md):
what the thirteenth pass left — Imperial's longest status on a phone, Landnám's phase chip under a
two-line status, the fairness panel's small link — and what a round of play found. Positions
are built in the engine and shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import pytest
from table_helpers import BROWSER_TESTS, CATALOG, DESKTOP, PHONE, played_until, position_page, shot
from table_helpers import game_words as _words
from table_helpers import in_view as _in_view
from table_helpers import legal_kinds as _kinds
from test_e2e import server  # noqa: F401

pytestmark = BROWSER_TESTS

# the lines an element's text is drawn on: the bottoms of its line boxes, a line's pieces (the
# head in bold, the game's words lighter) within a few pixels of each other
LINES = """el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const bottoms = [...range.getClientRects()].filter(r => r.width > 0).map(r => r.bottom).sort((a, b) => a - b);
    let lines = 0, last = -1e9;
    for (const b of bottoms) { if (b - last > 6) lines += 1; last = b; }
    return lines;
}"""




IMPERIAL_MAIN = {"build": "build", "deal": "deal", "raze_card": "raze", "raze_location": "raze",
                 "activate": "activate", "exchange": "exchange"}
IMPERIAL_FREE = ("place_defence", "place_samurai", "put_under_gate", "put_on_shrine")


def _every_main_kind_and_defence(s) -> bool:
    k = _kinds(s)
    return not s.pending and {"build", "deal", "activate", "exchange", "place_defence"} <= k \
        and bool(k & {"raze_card", "raze_location"}) and "end_turn" not in k


def _three_free_kinds(s) -> bool:
    k = _kinds(s)
    return s.over or (not s.pending and len(k & set(IMPERIAL_FREE)) >= 3 and "end_turn" not in k)


# (position, seed of the random play that reaches it; «three-free» was seed 19 until rules
# 2026-12-07.2, whose production-turn samurai window changed the games: 298 is the first since)
IMPERIAL_LONG = {"every-main-and-defence": (_every_main_kind_and_defence, 0),
                 "three-free": (_three_free_kinds, 298)}


@pytest.mark.parametrize("case", list(IMPERIAL_LONG))
def test_imperials_longest_status_keeps_to_three_lines_on_a_phone(server, browser, case):  # noqa: F811
    """On a phone Imperial's status with every main action open and a defence token to place
    ran to five lines in English and six in Russian («Ваш ход — выберите действие: постройка,
    сделка, разрушение, действие подсвеченной локации, обмен рабочих — или спасуйте; можно
    положить жетон обороны на подсвеченную локацию»), and with three free actions open to
    seven: the HUD under it, with the pass button, went down by as much. The words are now
    those of the cards' own badges («выберите: построить, сделка, разрушить, действие, обмен или
    пас; можно: оборона, самурай, на «Часовню»»), set lighter than «Ваш ход —» on a phone: at
    most three lines, every kind open still named."""
    until, seed = IMPERIAL_LONG[case]
    st = played_until("imperial", 2, until, steps=3000, seed=seed)
    assert not st.over
    seat = st.to_act[0]
    kinds = _kinds(st)
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "imperial", st, seat, PHONE, lang=lang)
        try:
            status = page.locator("#status")
            ask = st.decision_text(seat, lang)
            assert status.inner_text().strip() == CATALOG[lang]["web.game.your_turn_asks"].replace("{ask}", ask)
            for kind, word in IMPERIAL_MAIN.items():
                if kind in kinds:
                    assert _words("imperial", lang, f"decision.main.{word}") in ask, (lang, kind, ask)
            for kind in IMPERIAL_FREE:
                if kind in kinds:
                    assert _words("imperial", lang, f"decision.free.{kind}") in ask, (lang, kind, ask)
            lines = status.evaluate(LINES)
            assert 1 <= lines <= 3, (case, lang, lines, ask)
            # the pass button under it stays in the first screen
            box = page.locator("#hud-card button.finish").first.bounding_box()
            assert box and box["y"] + box["height"] <= PHONE[1], (case, lang, box)
            shot(page, f"fourteenth-imperial-{case}-{lang}.png")
            assert errors == []
        finally:
            ctx.close()



def test_landnams_movement_keeps_the_phase_chip_in_the_first_screen(server, browser):  # noqa: F811
    """Landnám's movement on a phone: the board comes first (every choice is a lit hex), and the
    tables under the map (the ageing legend, the players, the supply) came before the HUD —
    under «Ваш ход — передвиньте фишку или исследуйте гекс» (two lines) the phase chip lay
    under the first screen, and «Закончить движение» a screen down (under the hand and the fate
    cards with their texts). The tables now follow the HUD there (#board-after) and the closing
    button leads the HUD, so the map's lit hexes, the end of the movement, the phase and the
    steps left are in the first screen."""
    st = played_until("iceland", 3, lambda s: s.phase == "move" and "move" in _kinds(s), steps=6000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "iceland", st, seat, PHONE, lang=lang)
        try:
            assert page.locator("#game.board-decides").count() == 1
            status = page.locator("#status")
            assert _words("iceland", lang, "decision.move") in status.inner_text()
            assert status.evaluate(LINES) == 2, lang   # the status of two lines
            chip = page.locator(".chip.phase")
            assert chip.inner_text().strip() == _words("iceland", lang, "phase.move")
            assert _in_view(chip.bounding_box(), PHONE), (lang, chip.bounding_box())
            # the movement's end, right under the map (it was under the hand and the fate cards)
            finish = page.locator("#hud-card button.finish")
            assert finish.count() == 1
            assert finish.inner_text().strip() == next(
                st.describe_action(a, lang) for a in st.legal_actions(seat) if a.kind == "end_movement")
            assert _in_view(finish.bounding_box(), PHONE), (lang, finish.bounding_box())
            assert page.locator(".board-hint").is_hidden()   # the map is just above
            lit = page.eval_on_selector_all(".iceland-board .hot-hex", """ns => ns.map(n => {
                const r = n.getBoundingClientRect();
                return {x: r.x, y: r.y, width: r.width, height: r.height}; })""")
            assert lit and all(_in_view(b, PHONE) for b in lit), lit
            # the players' table is still on the page, under the HUD
            assert page.locator("#board-after .board-panel table.players").count() == 1
            table = page.locator("#board-after").bounding_box()
            assert table["y"] > page.locator("#hud-card").bounding_box()["y"]
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE[0]
            shot(page, f"fourteenth-iceland-move-{lang}.png")
            assert errors == []
        finally:
            ctx.close()
    # a wide screen keeps the tables under the map
    ctx, page, errors = position_page(browser, server, "iceland", st, seat, DESKTOP, lang="ru")
    try:
        assert page.locator("#board .board-panel table.players").count() == 1
        assert page.locator("#board-after").is_hidden()
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390", "1280"])
def test_the_fairness_check_is_a_button_a_finger_high(server, browser, size):  # noqa: F811
    """Once a game is over, the fairness panel points to the check on the replay page: that
    was a link at the end of the line «Партия окончена, зерно и соль раскрыты.», 19-38 px high
    on a phone. It is now a button-like link on a line of its own, at least 44×44 px."""
    st = played_until("catan", 4, lambda s: s.phase == 6 and "build_road" in _kinds(s), steps=6000)
    seat = st.to_act[0]

    def revealed(msg):
        msg["fairness"] = dict(msg["fairness"], seed="12345", salt="ab" * 16)

    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "catan", st, seat, size, lang=lang,
                                          edit=revealed)
        try:
            link = page.locator("#fairness .fair-revealed a")
            assert link.inner_text().strip() == CATALOG[lang]["web.fair.check_replay"]
            assert link.get_attribute("href").endswith("/replay")
            link.scroll_into_view_if_needed()
            box = link.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, (lang, box)
            # on a line of its own: nothing of the sentence beside it
            words = page.locator("#fairness .fair-revealed").bounding_box()
            assert box["x"] - words["x"] < 2, (box, words)
            shot(page, f"fourteenth-fairness-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- found in a round of play


def _founders_reveal(s) -> bool:
    return s.phase == "reveal" and len([a for a in s.legal_actions(s.to_act[0])
                                        if a.kind == "reveal"]) == 3 \
        and {a.kind for a in s.legal_actions(s.to_act[0])} == {"reveal"}


def test_founders_reveal_on_a_phone_shows_every_stack(server, browser):  # noqa: F811
    """Founders' reveal on a phone: the HUD came first (the phase, the tokens, «Выберите
    подсвеченное место на поле»), and the market under it — the third lit stack («городская»)
    cut by the foot of the first screen. The reveal's choice is the market's stacks at the
    board's top, so the board now comes first there (``mapFirst``), the market leading it:
    every stack, with the tiles open beside it, in the first screen."""
    st = played_until("founders", 3, _founders_reveal, steps=6000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "founders", st, seat, PHONE, lang=lang)
        try:
            stacks = page.eval_on_selector_all("#board .hot", """ns => ns.map(n => {
                const r = n.getBoundingClientRect();
                return {x: r.x, y: r.y, width: r.width, height: r.height}; })""")
            assert len(stacks) == 3, stacks
            assert all(_in_view(b, PHONE) for b in stacks), (lang, stacks)
            assert page.locator("#game.board-decides").count() == 1
            # the market leads the board (the grids follow it)
            first = page.locator("#board .founders > *").first
            assert page.locator("#board .founders > *").first.evaluate(
                "n => n.querySelectorAll('.hot').length") == 3, first.inner_text()[:80]
            shot(page, f"fourteenth-founders-reveal-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


def test_archipelagos_offer_lists_are_readable_controls_at_1280(server, browser):  # noqa: F811
    """Archipelago's offer builder at 1280×800: its three lists (to whom, «Я даю», «Я хочу»)
    were 19 px high in the browser's small font, and the two for the items read «+». They are
    now as high as the buttons (32 px), in the page's font, and say «добавить…» / «add…»."""
    st = played_until("archipelago", 3, lambda s: "propose" in _kinds(s), steps=4000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "archipelago", st, seat, DESKTOP, lang=lang)
        try:
            builder = page.locator(".offer-builder")
            assert builder.count() == 1
            for sel in (".offer-to", ".offer-give", ".offer-want"):
                box = builder.locator(sel).bounding_box()
                assert box["height"] >= 32, (lang, sel, box)
                px = builder.locator(sel).evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
                assert px >= 15, (lang, sel, px)
            for sel in (".offer-give", ".offer-want"):
                first = builder.locator(f"{sel} option").first.inner_text().strip()
                assert first == _words("archipelago", lang, "board.add_item"), (lang, first)
            shot(page, f"fourteenth-arch-offer-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


ARCH_WHEEL = {"taxes", "trade", "explore", "reproduce", "recruit", "migrate", "build", "harvest"}


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390", "1280"])
def test_archipelagos_round_says_what_is_asked(server, browser, size):  # noqa: F811
    """Archipelago's action round read «Ваш ход — раунд» (`play2/archipelago-012-ru-390.png`):
    the step's noun, saying neither that a disc goes on the action wheel nor what else the
    round allows. It now reads «Ваш ход — поставьте диск на колесо; можно: сделка,
    подарок — или закончите раунд» (by the kinds open; after the disc «можно: сделка, подарок
    — или закончите раунд»), in three lines at most on a phone."""

    def wheel_and_side(s):
        k = _kinds(s)
        return s.step == "round" and bool(k & ARCH_WHEEL) and {"propose", "gift", "end_round"} <= k

    st = played_until("archipelago", 3, wheel_and_side, steps=4000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "archipelago", st, seat, size, lang=lang)
        try:
            status = page.locator("#status")
            text = status.inner_text().strip()
            ask = st.decision_text(seat, lang)
            assert text == CATALOG[lang]["web.game.your_turn_asks"].replace("{ask}", ask)
            for key in ("decision.round.wheel", "decision.round.side.propose",
                        "decision.round.side.gift"):
                assert _words("archipelago", lang, key) in text, (lang, key, text)
            assert _words("archipelago", lang, "decision.round.or_end").strip(" —") in text
            assert text != CATALOG[lang]["web.game.your_turn_asks"].replace(
                "{ask}", _words("archipelago", lang, "step.round"))
            assert status.evaluate(LINES) <= 3, (lang, text)
            shot(page, f"fourteenth-arch-round-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()
