"""The sixteenth pass over the browser table (docs/audits/2026-12-07-sixteenth-web-table.md):
what the fifteenth left — a phone's chat button alone on a row at the end of a game, the final
scores' place and name on two lines, Imperial's card rows leaving some 80 px of a phone
unused, Archipelago's offer and gift buttons wrapping. Positions are built in the engine and
shown through ``position_page``; a finished one's final scores come from its own timeline
(the page's request for it answered with the position's scores and breakdown).

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import json
import re

import pytest
from table_helpers import BROWSER_TESTS, DESKTOP, PHONE, played_until, position_page, shot
from table_helpers import legal_kinds as _kinds
from test_e2e import server  # noqa: F401

from settlers.web.replay import score_breakdown

pytestmark = BROWSER_TESTS

# the distinct lines a node's text is drawn on (the text of a clipped 1-px span — a word kept
# for a screen reader — is not drawn)
LINES = """n => { const tops = new Set(), walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
        if (!t.textContent.trim() || t.parentElement.getBoundingClientRect().width <= 2) continue;
        const r = document.createRange(); r.selectNodeContents(t);
        for (const b of r.getClientRects()) if (b.width > 2) tops.add(Math.round(b.top));
    }
    return tops.size; }"""


def _finished_page(browser, base, st, size, lang):
    """The finished position ``st`` shown to seat 0: its winners in the status, its last action
    as the last move's line, and its final scores (the page's timeline request answered with
    the position's scores and the rulebook's breakdown, as the server gives a finished game's)."""
    timeline = {"steps": [0, st.version], "scores": [[0.0] * st.players, [float(x) for x in st.scores()]],
                "final": [float(x) for x in st.scores()], "winners": list(st.winners()),
                "breakdown": score_breakdown(st, lang)}
    last = st.describe_action(st.log[-1][1], lang)

    def edit(msg):
        msg.update(winners=list(st.winners()), log=[{"i": 0, "text": last}], log_from=0)

    def route(page):
        page.route(re.compile(r"/api/games/[^/?]+/timeline"), lambda r: r.fulfill(json=timeline))

    ctx, page, errors = position_page(browser, base, st.game.id, st, 0, size, lang=lang,
                                      edit=edit, before=route)
    page.wait_for_selector("#final:not([hidden]) .final-scores tbody tr")
    return ctx, page, errors


# ---------------------------------------------------------------- 1. a phone's chat button at the end


def test_a_phones_chat_button_shares_the_last_moves_row_at_the_end(server, browser):  # noqa: F811
    """At the end of a game on a phone the chat button took a row of its own (46 px) under the
    last move's line: during the game it shares a row with the scores' line and the replay
    link, both hidden at the end. It now sits at the end of the last move's row, that line
    still on a row of its own under the status and wide enough to read."""
    st = played_until("imperial", 3, lambda s: s.over, steps=4000)
    for lang in ("ru", "en"):
        ctx, page, errors = _finished_page(browser, server, st, PHONE, lang)
        try:
            status = page.locator("#status").bounding_box()
            last = page.locator("#last-event").bounding_box()
            chat = page.locator("#chat-jump").bounding_box()
            assert chat is not None and last is not None, lang
            # the button on the line's row, inside the screen
            assert chat["y"] < last["y"] + last["height"] and last["y"] < chat["y"] + chat["height"], (lang, last, chat)
            assert chat["x"] >= last["x"] + last["width"] and chat["x"] + chat["width"] <= PHONE[0], (lang, last, chat)
            # the line under the status, not squeezed beside it, one line
            assert last["y"] >= status["y"] + status["height"], (lang, status, last)
            assert last["width"] >= 250, (lang, last)
            assert page.locator("#last-event").evaluate(LINES) == 1
            # the head ends with that row: the final scores right under it
            head = page.locator(".game-head").bounding_box()
            assert head["y"] + head["height"] <= max(chat["y"] + chat["height"], last["y"] + last["height"]) + 8, (lang, head)
            shot(page, f"sixteenth-over-chat-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 2. the final scores' rows

ROWS = """() => [...document.querySelectorAll('#final tbody tr')].map(tr => {
    const rank = tr.querySelector('.rank').getBoundingClientRect(), who = tr.querySelector('.who').getBoundingClientRect();
    return {rank: rank.top, who: who.top, height: tr.getBoundingClientRect().height,
            line: parseFloat(getComputedStyle(tr.querySelector('td.name')).fontSize) * 1.6}; })"""


@pytest.mark.parametrize("game,players,sizes,langs", [
    ("catan", 4, (DESKTOP, PHONE), ("ru", "en")),      # five categories
    ("imperial", 3, (PHONE,), ("ru",)),               # four
], ids=["catan", "imperial"])
def test_the_final_scores_keep_the_place_and_the_name_on_one_line(server, browser, game, players, sizes, langs):  # noqa: F811
    """The final scores' first cell — the place, the seat's colour, its name — broke between
    the place and the name once four or five categories took the width («1. ■» over «Игрок 1
    ★»), at 1280 as on a phone: every row two lines high. The cell is now one line; the totals
    stay beside the names inside the card, and the page never scrolls sideways."""
    st = played_until(game, players, lambda s: s.over, steps=40000)
    for size in sizes:
        for lang in langs:
            ctx, page, errors = _finished_page(browser, server, st, size, lang)
            try:
                rows = page.evaluate(ROWS)
                assert len(rows) == players
                for row in rows:
                    assert abs(row["rank"] - row["who"]) <= 2, (size, lang, row)
                    assert row["height"] <= row["line"] + 6, (size, lang, row)
                card = page.locator("#final").bounding_box()
                for total in page.eval_on_selector_all(
                        "#final .score", "ns => ns.map(n => n.getBoundingClientRect().right)"):
                    assert total <= card["x"] + card["width"], (size, lang, total, card)
                assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]
                shot(page, f"sixteenth-final-{game}-{lang}-{size[0]}.png")
                assert errors == []
            finally:
                ctx.close()


# ---------------------------------------------------------------- 3. Imperial's rows on a phone

CARD_ROWS = """() => [...document.querySelectorAll('#board .is-row')]
    .filter(r => r.getClientRects().length && r.querySelectorAll(':scope > .is-card').length >= 2).map(r => {
        const row = r.getBoundingClientRect();
        const cards = [...r.querySelectorAll(':scope > .is-card')].map(c => c.getBoundingClientRect());
        const top = Math.min(...cards.map(c => c.top));
        const first = cards.filter(c => Math.abs(c.top - top) < 2);
        return {where: r.parentElement.className, width: row.width, n: cards.length,
                unused: row.right - Math.max(...first.map(c => c.right)),
                narrowest: Math.min(...cards.map(c => c.width)),
                cut: [...r.querySelectorAll(':scope > .is-card')].some(c => c.scrollWidth > c.clientWidth + 1)}; })"""


def test_imperials_cards_fill_a_phones_width(server, browser):  # noqa: F811
    """Imperial's cards on a phone were 9 rem wide, two a row in the hand with some 70 px of a
    390 px screen unused, and an empire's rows of locations beside a 6.5-rem label: one card a
    line, some 90 px unused. Each row of two cards or more now fills its width (no more than
    a gap left on its first line), no card narrower than before, none cut."""
    st = played_until("imperial", 3, lambda s: s.version >= 150 and bool(_kinds(s)), steps=4000)
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "imperial", st, st.to_act[0], PHONE, lang=lang)
        try:
            rows = page.evaluate(CARD_ROWS)
            assert any(r["where"] == "my-hand" for r in rows) and any("is-tableau-row" in r["where"] for r in rows), rows
            for r in rows:
                assert r["unused"] <= 12, (lang, r)
                assert r["narrowest"] >= 112 - 0.5 and not r["cut"], (lang, r)   # (a deal's small card: 7 rem)
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE[0]
            shot(page, f"sixteenth-imperial-rows-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------- 4. Archipelago's buttons


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
def test_archipelagos_offer_and_gift_buttons_keep_to_one_line(server, browser, size):  # noqa: F811
    """Archipelago's offer and gift buttons name the seat and its colour after the seat's swatch
    («Предложить сделку: Игрок 2 (Жёлтый)»): two lines in a phone's 354 px button, and the
    gifts («Подарок → Игрок 2 (Жёлтый): 1 флорин») two lines at 1280 too. The colour's word
    is now kept for a screen reader alone (the swatch shows it): each button one line, its
    accessible name still the whole label. (A gift of a discoverer's token takes two lines
    still.)"""
    st = played_until("archipelago", 3, lambda s: {"propose", "gift"} <= _kinds(s), steps=4000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "archipelago", st, seat, size, lang=lang)
        try:
            buttons = page.locator("#actions button[data-type='propose'], #actions button[data-type='gift']")
            assert buttons.count() >= 4
            for i in range(buttons.count()):
                button = buttons.nth(i)
                words = button.text_content()
                # (a discoverer's token is long in Russian: «Подарок → Игрок 2: жетон
                # первооткрывателя» takes two lines in either width)
                token = json.loads(button.get_attribute("data-action")).get("item") == "token"
                lines = 2 if token and lang == "ru" else 1
                assert button.evaluate(LINES) == lines, (size, lang, words, button.bounding_box())
                assert button.locator(".swatch").count() == 1
                # the whole label, the colour's word with it, names the button
                assert page.get_by_role("button", name=words, exact=True).count() == 1, (lang, words)
                assert button.bounding_box()["x"] + button.bounding_box()["width"] <= size[0]
            shot(page, f"sixteenth-arch-buttons-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()
