"""The fifteenth pass over the browser table (docs/audits/2026-12-07-fifteenth-web-table.md):
what the fourteenth left — Landnám's bank button under the first screen once the trade builder
opens at 1280×800, the doubled gap between a phone's cards, Archipelago's offer and gift buttons
naming the seat only in their tooltip — and what a round of play found. Positions are built in
the engine and shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import itertools
import json

import pytest
from table_helpers import BROWSER_TESTS, DESKTOP, PHONE, played_until, position_page, shot
from table_helpers import game_words as _words
from table_helpers import in_view as _in_view
from table_helpers import legal_kinds as _kinds
from test_e2e import server  # noqa: F401

import settlers

pytestmark = BROWSER_TESTS

BOXES = """ns => ns.filter(n => n.getClientRects().length).map(n => {
    const r = n.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height}; })"""


def _template(game: str, lang: str, key: str) -> str:
    """The catalog's text of ``key`` as it is written, its fields unfilled."""
    from settlers.core.i18n import lookup

    settlers.load(game)
    text = lookup(f"{game}.{key}", lang)
    assert text is not None, key
    return text





# ---------------------------------------------------------------- 1. Landnám's bank at 1280


def test_landnams_trade_builder_opens_with_its_send_buttons_in_view(server, browser):  # noqa: F811
    """Landnám at 1280×800: the trade builder sits at the HUD's foot, under the hand, the fate
    cards and the building costs; opened, its last line — «Обменять с банком» — ended 8-19 px
    under the first screen (the side column cut it). Opening it now brings its foot into view
    (the side column scrolls by as much, never past the builder's top): both send buttons, the
    builder's head and the status are in the screen."""
    st = played_until("iceland", 3, lambda s: s.phase == "build" and "trade_bank" in _kinds(s), steps=6000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "iceland", st, seat, DESKTOP, lang=lang)
        try:
            page.locator(".trade-builder summary").click()
            page.wait_for_function("document.querySelector('.trade-builder').open")
            page.wait_for_timeout(100)
            for sel in (".trade-builder .send-offer", ".trade-builder .send-bank",
                        ".trade-builder summary", "#status"):
                box = page.locator(sel).bounding_box()
                assert _in_view(box, DESKTOP), (lang, sel, box)
            shot(page, f"fifteenth-iceland-bank-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 2. a phone's cards


def test_a_phones_cards_are_spaced_once(server, browser):  # noqa: F811
    """On a phone the one column's cards were spaced twice — the column's gap and each card's
    bottom margin, 32 px — most visibly between the map and the HUD under it when the board
    decides (Landnám's movement). They are now spaced by the gap alone (under 12 px), the HUD
    and its phase chip as much higher."""
    st = played_until("iceland", 3, lambda s: s.phase == "move" and "move" in _kinds(s), steps=6000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "iceland", st, seat, PHONE, lang=lang)
        try:
            assert page.locator("#game.board-decides").count() == 1
            cards = page.eval_on_selector_all(
                "body.game-page .game-body > .board-wrap, body.game-page .side > .card", BOXES)
            cards.sort(key=lambda b: b["y"])
            assert len(cards) >= 5
            gaps = [round(b["y"] - (a["y"] + a["height"]), 1) for a, b in itertools.pairwise(cards)]
            assert all(0 <= g <= 12 for g in gaps), (lang, gaps)
            board = page.locator(".board-wrap").bounding_box()
            hud = page.locator("#hud-card").bounding_box()
            assert hud["y"] - (board["y"] + board["height"]) <= 12, (lang, board, hud)
            shot(page, f"fifteenth-phone-gaps-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 3. Archipelago's addressee


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
def test_archipelagos_offer_and_gift_buttons_name_the_seat(server, browser, size):  # noqa: F811
    """Archipelago's offer and gift buttons read «Предложить сделку: Жёлтый», «Подарок → Жёлтый:
    рыба»: the seat's colour, its name only in the tooltip (the builder's list beside them reads
    «Игрок 2 (Жёлтый)»). Their words now name the seat as that list does — «Предложить сделку:
    Игрок 2 (Жёлтый)» — after the seat's swatch, in both languages."""
    st = played_until("archipelago", 3, lambda s: {"propose", "gift"} <= _kinds(s), steps=4000)
    seat = st.to_act[0]
    actions = [a for a in st.legal_actions(seat) if a.kind in ("propose", "gift")]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "archipelago", st, seat, size, lang=lang)
        try:
            names = {t: page.locator(f"#players tr[data-seat='{t}'] td.name").evaluate(
                "n => n.firstChild.textContent") for t in {a.to for a in actions}}
            buttons = page.eval_on_selector_all(
                "#actions button[data-type='propose'], #actions button[data-type='gift']",
                "ns => ns.map(n => [n.dataset.action, n.textContent, n.querySelector('.swatch') !== null])")
            assert len(buttons) == len(actions)
            for action, text, swatch in buttons:
                a = next(x for x in actions if x.to_json() == json.loads(action))
                colour = _words("archipelago", lang, f"player.{a.to}")
                who = _words("archipelago", lang, "board.seat_colour", name=names[a.to], colour=colour)
                label = st.describe_action(a, lang)
                head = _template("archipelago", lang, f"action.{a.kind}").split("{to}")[0]
                assert label.startswith(head + colour)
                assert text == head + who + label[len(head + colour):], (lang, text)
                assert names[a.to] in text and colour in text and swatch
            shot(page, f"fifteenth-arch-buttons-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 4. Catan's builder at 1280

CATAN_BUILDERS = {
    "offer": lambda s: "offer_trade" in _kinds(s) and "maritime_trade" in _kinds(s),
    "counter": lambda s: "counter_offer" in _kinds(s),
}


@pytest.mark.parametrize("case", list(CATAN_BUILDERS))
def test_catans_trade_builder_keeps_inside_the_side_column(server, browser, case):  # noqa: F811
    """Catan's trade and counter-offer builders at 1280×800: each side named its five kinds, and
    «древесина» on both made the got side's «+» buttons end 18 px past the builder's frame and
    past the HUD card (cut at the side column's edge). The got side now shows each kind by its
    swatch alone (the given side names it on the same line, as on a phone): every stepper is
    inside the builder, in both languages."""
    st = played_until("catan", 4, CATAN_BUILDERS[case], steps=6000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "catan", st, seat, DESKTOP, lang=lang)
        try:
            if case == "offer":
                page.locator(".trade-builder summary").click()
            builder = page.locator(".trade-builder").bounding_box()
            steppers = page.eval_on_selector_all(".trade-builder .stepper", BOXES)
            assert len(steppers) == 10
            right = max(b["x"] + b["width"] for b in steppers)
            assert right <= builder["x"] + builder["width"], (lang, right, builder)
            composer = page.locator(".trade-builder .composer")
            assert composer.evaluate("n => n.scrollWidth <= n.clientWidth"), lang
            # the given side still names each kind
            names = page.eval_on_selector_all(
                ".trade-builder .composer > .row:nth-child(1) .res-name",
                "ns => ns.filter(n => n.getClientRects().length).map(n => n.textContent)")
            assert names == [_words("catan", lang, f"res.{r}")
                             for r in ("brick", "lumber", "wool", "grain", "ore")], (lang, names)
            shot(page, f"fifteenth-catan-{case}-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 5. a phone's sticky head

HEADS = {
    "iceland": (3, lambda s: s.phase == "move" and "move" in _kinds(s)),
    "catan": (4, lambda s: s.version > 80 and bool(_kinds(s))),
}
HEAD_ROWS = """() => [...document.querySelector('.game-head').children].filter(n => n.getClientRects().length)
    .map(n => { const r = n.getBoundingClientRect();
                return {name: n.id || n.tagName, top: r.top, bottom: r.bottom}; })"""


@pytest.mark.parametrize("game", list(HEADS))
def test_a_phones_sticky_head_leaves_the_games_name_above(server, browser, game):  # noqa: F811
    """A phone's head is sticky, so the status, the last move and the scores stay in sight as
    the page scrolls; but it stuck whole — the game's name and «Вы играете за: …» too, 40-60 px
    of every scrolled screen (Landnám's name takes a line of its own in Russian). Scrolled, the
    head now sticks with those lines above the screen's top: the status (and the chat button
    beside it) from the first pixels, nothing cut; at the page's top the head is as it was."""
    players, until = HEADS[game]
    st = played_until(game, players, until, steps=6000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, game, st, seat, PHONE, lang=lang)
        try:
            top = {r["name"]: r for r in page.evaluate(HEAD_ROWS)}
            assert top["H1"]["top"] >= 0 and top["who"]["top"] >= 0, (lang, top)
            lifted = top["status"]["top"] - top["H1"]["top"]   # the lines above the status
            assert lifted >= 25, (lang, top)
            for y in (700, 1400):   # the scores' line shown, then hidden (the players in sight)
                page.evaluate(f"window.scrollTo(0, {y})")
                page.wait_for_timeout(250)
                rows = {r["name"]: r for r in page.evaluate(HEAD_ROWS)}
                assert rows["H1"]["bottom"] <= 0 and rows["who"]["bottom"] <= 0, (lang, y, rows)
                assert 0 <= rows["status"]["top"] <= 14, (lang, y, rows)
                assert all(r["top"] >= 0 for n, r in rows.items() if n not in ("H1", "who")), (lang, y, rows)
                shot(page, f"fifteenth-head-{game}-{lang}-{y}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 6. contrast

# every drawn text's colour against the first opaque background under it (WCAG 2's relative
# luminance): the pieces under 4.5:1 (3:1 for large text, and for the offline ring — a sign,
# not words); a disabled control is exempt (WCAG 1.4.3)
LOW_CONTRAST = """() => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
                               return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const under = n => { for (; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
                       if (c.length === 3 || c[3] > 0.5) return c; } return [255, 255, 255]; };
  const low = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const el = t.parentElement;
    if (!t.textContent.trim() || !el || !el.getClientRects().length || el.closest('svg, :disabled')) continue;
    const cs = getComputedStyle(el);
    const a = lum(rgb(cs.color)), b = lum(under(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) || el.closest('.offline') ? 3 : 4.5;
    if (ratio < need) low.push(`${el.tagName}.${el.className} «${t.textContent.trim().slice(0, 30)}» ${ratio.toFixed(2)}`);
  }
  return [...new Set(low)];
}"""
GAMES = {"catan": 4, "iceland": 3, "founders": 3, "imperial": 2, "archipelago": 3}


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_text_of_the_table_has_enough_contrast(server, browser, game, size):  # noqa: F811
    """The table's words against what is under them, at 4.5:1 at least (WCAG 1.4.3): the muted
    words — the connection, Landnám's ageing chip, the badges — were 3.8-4.2:1 on the page's
    beige, the links 4.3:1, the offline ring 1.7:1, Imperial's Egyptian band (white on gold)
    2.2:1 and the empire's name in its gold 2.2:1, its common deck's band 4.2:1, Founders'
    nature and village tile names 3.2 and 4.1:1. Each game mid-way, in Russian."""
    st = played_until(game, GAMES[game], lambda s: not s.over and s.version > 40, steps=6000, seed=2)
    ctx, page, errors = position_page(browser, server, game, st, st.to_act[0], size, lang="ru")
    try:
        low = page.evaluate(LOW_CONTRAST)
        assert low == [], (game, size, low)
        assert errors == []
    finally:
        ctx.close()


# ---------------------------------------------------------------- 7. Imperial's long names


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
def test_imperials_card_names_are_never_cut(server, browser, size):  # noqa: F811
    """Imperial's small cards (a deal's, 7 rem) cut a long Russian word at their edge:
    «Государственная канцелярия» read «Государственн» (125 px of text in 108). The names now
    break inside a word that cannot fit: no card's content is wider than the card."""
    st = played_until("imperial", 2, lambda s: not s.over and s.version > 100, steps=6000, seed=1)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "imperial", st, seat, size, lang=lang)
        try:
            cards = page.eval_on_selector_all(
                ".is-card", """ns => ns.filter(n => n.getClientRects().length)
                .map(n => [n.querySelector('.is-card-name')?.textContent, n.scrollWidth, n.clientWidth])""")
            assert len(cards) >= 10
            if lang == "ru":
                assert any(name and "Государственная" in name for name, _, _ in cards)
            cut = [c for c in cards if c[1] > c[2] + 1]
            assert cut == [], (lang, size, cut)
            assert errors == []
        finally:
            ctx.close()
