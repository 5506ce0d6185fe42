"""The fourteenth pass, its second helper (docs/audits/2026-12-07-fourteenth-web-table.md,
«Second helper»): what the pass left — Catan's and Landnám's trade steppers a mouse's target,
Imperial's lookout on a phone with the phase chip screens down, the end of a game's status in
three lines on a phone, Archipelago's offer builder naming seats unlike the buttons beside it.
Positions are built in the engine and shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import pytest
from table_helpers import BROWSER_TESTS, CATALOG, DESKTOP, PHONE, played_until, position_page, shot
from table_helpers import game_words as _words
from table_helpers import in_view as _in_view
from table_helpers import legal_kinds as _kinds
from test_e2e import server  # noqa: F401

pytestmark = BROWSER_TESTS

# the lines an element's text is drawn on: the bottoms of its text's line boxes (its text nodes
# alone: a link a finger high is a padded box around one line of text), a line's pieces within
# a few pixels of each other
LINES = """el => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const bottoms = [];
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(t);
        for (const r of range.getClientRects()) if (r.width > 0) bottoms.push(r.bottom);
    }
    bottoms.sort((a, b) => a - b);
    let lines = 0, last = -1e9;
    for (const b of bottoms) { if (b - last > 6) lines += 1; last = b; }
    return lines;
}"""
BOXES = """ns => ns.filter(n => n.getClientRects().length).map(n => {
    const r = n.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height}; })"""





# ---------------------------------------------------------------- 1. the trade steppers

# (game, players, the position: the builder open to the seat on move)
TRADES = {
    "catan": (4, lambda s: "offer_trade" in _kinds(s) and "maritime_trade" in _kinds(s)),
    "iceland": (3, lambda s: s.phase == "build" and "trade_bank" in _kinds(s)),
}


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("game", list(TRADES))
def test_trade_steppers_are_comfortable_targets(server, browser, game, size):  # noqa: F811
    """Catan's and Landnám's trade builders: their +/− were 26×17 px at 1280×800 (a mouse's
    target, under WCAG 2.5.8's 24 px in height) and 40 px on a phone. They are now at least
    28 px high at 1280 and 44 px wide, 40 px high on a phone (44 high pushed the counter-offer
    builder's end below a phone's first screen: test_e2e_ninth_table, test_e2e_table_pass6),
    and the builder's decision — its send button — is still in the first screen once the
    builder is open."""
    players, until = TRADES[game]
    st = played_until(game, players, until, steps=6000)
    seat = st.to_act[0]
    tall = 28 if size == DESKTOP else 40
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, game, st, seat, size, lang=lang)
        try:
            page.locator(".trade-builder summary").click()
            page.evaluate("window.scrollTo(0, 0)")
            buttons = page.eval_on_selector_all(".trade-builder .stepper button", BOXES)
            assert len(buttons) == 4 * page.locator(".trade-builder .composer > .row:first-child .stepper").count() > 0
            low = min(b["height"] for b in buttons)
            assert low >= tall, (game, lang, size, low)
            if size == PHONE:
                assert min(b["width"] for b in buttons) >= 44, (game, lang, buttons[:2])
                assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE[0]
            send = page.locator(".trade-builder .send-offer, .trade-builder .send-bank").last
            page.locator(".trade-builder summary").scroll_into_view_if_needed()
            box = send.bounding_box()
            top = page.locator(".trade-builder").bounding_box()
            # the whole open builder, its send buttons included, fits one screen
            assert box["y"] + box["height"] - top["y"] <= size[1], (game, lang, size, top, box)
            if size == DESKTOP:   # the offer's button still in the first screen beside the map
                page.evaluate("window.scrollTo(0, 0)")
                box = page.locator(".trade-builder .send-offer").bounding_box()
                assert _in_view(box, size), (game, lang, box)
            shot(page, f"fourteenth-b-{game}-steppers-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 2. Imperial's lookout


def _lookout(s) -> bool:
    return not s.over and s.phase == "lookout" and _kinds(s) == {"pick"}


def test_imperials_lookout_on_a_phone_keeps_the_phase_chip_in_the_first_screen(server, browser):  # noqa: F811
    """Imperial's lookout on a phone: the board comes first (every choice is a lit card of the
    open row), and the hand and every empire board came before the HUD — the phase chip some
    2700 px down. What follows the cards to choose now goes under the HUD (#board-after): the
    lit cards, the phase chip and one's goods are in the first screen; a wide screen keeps the
    boards under the cards."""
    st = played_until("imperial", 2, _lookout, steps=3000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "imperial", st, seat, PHONE, lang=lang)
        try:
            assert page.locator("#game.board-decides").count() == 1
            lit = page.eval_on_selector_all("#board .is-card.hot", BOXES)
            assert lit and all(_in_view(b, PHONE) for b in lit), (lang, lit)
            chip = page.locator("#hud .chip.phase")
            assert chip.inner_text().strip() == _words("imperial", lang, f"phase.{st.phase}")
            assert _in_view(chip.bounding_box(), PHONE), (lang, chip.bounding_box())
            # the empire boards are still on the page, under the HUD
            assert page.locator("#board-after .is-boards .is-board").count() == st.players
            assert page.locator("#board-after").bounding_box()["y"] > chip.bounding_box()["y"]
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE[0]
            shot(page, f"fourteenth-b-imperial-lookout-{lang}.png")
            assert errors == []
        finally:
            ctx.close()
    ctx, page, errors = position_page(browser, server, "imperial", st, seat, DESKTOP, lang="ru")
    try:
        assert page.locator("#board .is-boards .is-board").count() == st.players
        assert page.locator("#board-after").is_hidden()
        assert errors == []
    finally:
        ctx.close()


# ---------------------------------------------------------------- 3. the end of a game


@pytest.mark.parametrize("game,players", [("imperial", 2), ("founders", 3)])
def test_the_end_of_a_games_status_is_compact_on_a_phone(server, browser, game, players):  # noqa: F811
    """At the end of a game a phone's status took three lines' height: «Игра окончена.
    Победитель:» in bold, then «Игрок 1» with the replay link's finger-high box making that line
    half as tall again (the 14th pass counted it, by its line boxes, as three lines). It is now
    two lines of text in two lines' height — the words in the normal weight, the link's padding
    not widening its line — and still names the winner, links the replay (a finger high) and
    has the final scores right under it."""
    st = played_until(game, players, lambda s: s.over, steps=20000)
    winners = list(st.winners())
    assert winners
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, game, st, 0, PHONE, lang=lang,
                                          edit=lambda msg: msg.update(winners=winners))
        try:
            page.wait_for_selector("#final:not([hidden])")
            shot(page, f"fourteenth-b-over-{game}-{lang}.png")
            status = page.locator("#status")
            text = status.inner_text()
            assert CATALOG[lang]["web.game.over"] in text, (lang, text)
            shown = status.text_content()
            names = [page.locator(f"#players tr[data-seat='{w}'] td.name").evaluate(
                "n => n.firstChild.textContent") for w in winners]
            assert all(n in shown for n in names), (lang, names, shown)
            lines = status.evaluate(LINES)
            assert 1 <= lines <= 2, (game, lang, lines, text)
            # …and the box no taller than two lines of its text (the link's finger-high box made
            # the second line half as tall again: three lines' height)
            tall, room = status.evaluate("""n => { const c = getComputedStyle(n);
                const line = parseFloat(c.lineHeight) || 1.25 * parseFloat(c.fontSize);   // («normal»)
                return [n.getBoundingClientRect().height, 2 * line + parseFloat(c.paddingTop)
                    + parseFloat(c.paddingBottom) + parseFloat(c.borderTopWidth) + parseFloat(c.borderBottomWidth) + 2]; }""")
            assert tall <= room, (game, lang, tall, room)
            link = page.locator("#status a.replay-link")
            assert link.get_attribute("href").endswith("/replay")
            assert link.bounding_box()["height"] >= 40, (lang, link.bounding_box())
            final = page.locator("#final").bounding_box()
            assert final["y"] < PHONE[1], (lang, final)
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 4. Archipelago's addressee


def test_archipelagos_offer_builder_names_seats_as_its_buttons_do(server, browser):  # noqa: F811
    """Archipelago's offer builder named the addressee by the seat's name («Игрок 2») while the
    offer and gift buttons beside it name its colour («Предложить сделку: Жёлтый»), with no
    swatch on either. The builder's list now reads «Игрок 2 (Жёлтый)» beside the chosen seat's
    swatch, and each offer and gift button carries its seat's swatch and name (its title), as
    the players' card and the scores do."""
    st = played_until("archipelago", 3, lambda s: {"propose", "gift"} <= _kinds(s), steps=4000)
    seat = st.to_act[0]
    targets = sorted({a.to for a in st.legal_actions(seat) if a.kind == "propose"})
    assert len(targets) >= 2
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "archipelago", st, seat, DESKTOP, lang=lang)
        try:
            names = {t: page.locator(f"#players tr[data-seat='{t}'] td.name").evaluate(
                "n => n.firstChild.textContent") for t in targets}
            colours = {t: page.locator(f"#players tr[data-seat='{t}'] .swatch").evaluate(
                "n => getComputedStyle(n).backgroundColor") for t in targets}
            options = page.eval_on_selector_all(".offer-builder .offer-to option",
                                                "ns => ns.map(n => [Number(n.value), n.textContent])")
            assert [t for t, _ in options] == targets
            for t, text in options:
                word = _words("archipelago", lang, f"player.{t}")
                assert text == _words("archipelago", lang, "board.seat_colour", name=names[t], colour=word), (lang, text)
                # the same colour's word as the offer's button to that seat
                button = page.locator(f"#actions button[data-type='propose'][data-action='{{\"type\":\"propose\",\"to\":{t}}}']")
                assert word in button.text_content(), (lang, t, button.text_content())
                assert button.get_attribute("title") == names[t]
                assert button.locator(".swatch").evaluate("n => getComputedStyle(n).backgroundColor") == colours[t]
            swatch = page.locator(".offer-builder .offer-to-swatch")
            for t in targets:
                page.select_option(".offer-builder .offer-to", str(t))
                assert swatch.evaluate("n => getComputedStyle(n).backgroundColor") == colours[t], (lang, t)
            gifts = page.locator("#actions button[data-type='gift']")
            assert gifts.count() > 0
            assert all(g.locator(".swatch").count() == 1 and g.get_attribute("title") in names.values()
                       for g in gifts.all())
            shot(page, f"fourteenth-b-arch-offer-to-{lang}.png")
            assert errors == []
        finally:
            ctx.close()
