"""The sixteenth pass's second part over the browser table
(docs/audits/2026-12-07-sixteenth-web-table-second.md): action buttons whose words took two
lines — Catan's end of trading at 1280 and on a phone, Founders' reveal of the village stack
and Landnám's settler on a phone — and Founders' market on a phone, whose rows left space
unused. Positions are built in the engine and shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import pytest
from table_helpers import BROWSER_TESTS, DESKTOP, PHONE, played_until, position_page, shot
from test_e2e import server  # noqa: F401

pytestmark = BROWSER_TESTS

# the distinct lines a button's words are drawn on, the folds opened first; its text too
LINES = """b => { const tops = new Set(), walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
        if (!t.textContent.trim() || t.parentElement.getBoundingClientRect().width <= 2) continue;
        const r = document.createRange(); r.selectNodeContents(t);
        for (const x of r.getClientRects()) if (x.width > 2) tops.add(Math.round(x.top));
    }
    return {lines: tops.size, width: b.getBoundingClientRect().width}; }"""


def _offer(s, kind, test=lambda a: True):
    """The first action of ``kind`` (passing ``test``) the seat to act may take, or None."""
    if s.over:
        return None
    return next((a for a in s.legal_actions(s.to_act[0]) if a.kind == kind and test(a)), None)


# a position's game and seats, the action whose button wrapped, the sizes and languages checked
CASES = {
    "catan": ("catan", 3, "start_building", lambda a: True, (DESKTOP, PHONE), ("ru", "en")),
    "founders": ("founders", 3, "reveal", lambda a: a.stack == "village", (PHONE,), ("ru", "en")),
    "iceland": ("iceland", 3, "build_settler", lambda a: a.hex >= 10 and a.corner >= 10, (PHONE,), ("ru", "en")),
    # the seventeenth pass's «Корабль на гекс 12 с угла 31» (the rulebook's word, two letters
    # longer than «Лодка»)
    "iceland-boat": ("iceland", 3, "build_boat", lambda a: a.hex >= 10 and a.corner >= 10, (PHONE,), ("ru",)),
    # found by this pass's scan of every game's buttons in Russian
    "iceland-bank": ("iceland", 3, "trade_bank", lambda a: True, (PHONE,), ("ru",)),
    "imperial-defence": ("imperial", 3, "place_defence", lambda a: True, (DESKTOP,), ("ru",)),
    # two closing buttons side by side, each half a phone's row (the other: «Отменить предложение»)
    "archipelago-send": ("archipelago", 3, "send_offer", lambda a: True, (PHONE,), ("ru",)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_short_action_buttons_keep_to_one_line(server, browser, case):  # noqa: F811
    """Catan's «Закончить торговлю и перейти к строительству» took two lines at 1280 and on a
    phone, Founders' «Открыть квадрат из стопки: деревенская» and Landnám's «Поселенец на
    гекс 10 от хутора на углу 31» two on a phone; the scan found Landnám's «Обменять в банке
    4 шерсти на 1 железо» on a phone, Imperial's «Положить жетон обороны на локацию «Руины»»
    at both sizes, and Archipelago's «Отправить предложение» and «Отменить предложение», two
    closing buttons sharing a row (at both sizes; checked here on a phone). Shorter words
    keep to one line; closing buttons take a row each when their words do not fit side by
    side (every case checks its closing buttons too)."""
    game, players, kind, test, sizes, langs = CASES[case]
    st = played_until(game, players, lambda s: _offer(s, kind, test) is not None, steps=6000)
    action = _offer(st, kind, test)
    for size in sizes:
        for lang in langs:
            words = st.describe_action(action, lang)
            ctx, page, errors = position_page(browser, server, game, st, st.to_act[0], size, lang=lang)
            try:
                page.evaluate("document.querySelectorAll('#actions details').forEach(d => d.open = true)")
                button = page.locator("#actions button").filter(has_text=words).first
                got = button.evaluate(LINES)
                assert got["lines"] == 1, (case, size, lang, words, got)
                for other in page.locator("#actions .finish-row > button.finish").all():  # its neighbours too
                    assert other.evaluate(LINES)["lines"] == 1, (case, size, lang, other.inner_text())
                shot(page, f"sixteenth-second-{case}-{lang}-{size[0]}.png")
                assert errors == []
            finally:
                ctx.close()


MARKET = """() => [...document.querySelectorAll('.founders .market .tile-row')].filter(r => r.getClientRects().length).map(r => {
    const row = r.getBoundingClientRect();
    const cards = [...r.querySelectorAll(':scope > .tile-card')].map(c => c.getBoundingClientRect());
    const top = Math.min(...cards.map(c => c.top));
    const first = cards.filter(c => Math.abs(c.top - top) < 2);
    return {row: r.dataset.row || r.className, width: row.width, n: cards.length,
            unused: row.right - Math.max(...first.map(c => c.right)),
            cut: [...r.querySelectorAll(':scope > .tile-card')].some(c => c.scrollWidth > c.clientWidth + 1)}; })"""


def test_founders_market_fills_a_phones_width(server, browser):  # noqa: F811
    """Founders' market on a phone was rows of tiles of their words' width (at most 11 rem):
    10-25 px of a row unused, and a stack with no open tiles alone on its row with some 180 px
    unused. Each row now fills its width (a gap at most on its first line), no tile cut, no
    sideways page."""
    st = played_until("founders", 3, lambda s: _offer(s, "reveal", lambda a: a.stack == "village") is not None)
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "founders", st, st.to_act[0], PHONE, lang=lang)
        try:
            rows = page.evaluate(MARKET)
            assert {r["row"] for r in rows} >= {"nature", "village", "city"}, rows
            for r in rows:
                assert r["unused"] <= 12, (lang, r)
                assert not r["cut"], (lang, r)
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE[0]
            shot(page, f"sixteenth-second-founders-market-{lang}.png")
            assert errors == []
        finally:
            ctx.close()
