"""The nineteenth pass over the browser table (docs/audits/2026-12-08-nineteenth-table.md):
Archipelago's wheel hub in turn zero, Landnám's explorations on one line on a phone, Landnám's
closed help fold, Imperial's goods said once on a phone. Positions are built in the engine and
shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import pytest
from table_helpers import (
    BROWSER_TESTS,
    CATALOG,
    DESKTOP,
    PHONE,
    legal_kinds,
    played_until,
    position_page,
    shot,
)
from test_e2e import server  # noqa: F401
from test_e2e_sixteenth_table_second import LINES

pytestmark = BROWSER_TESTS

# the hub's lines of text: their words and how far each corner of each line's box lies from the
# hub's centre, in the hub's radii (1 = on its rim)
HUB = """() => { const svg = document.querySelector('.arch-wheel-svg'); const t = svg.querySelector('text.hub');
  const c = [...svg.querySelectorAll(':scope > circle')].pop().getBoundingClientRect();
  const cx = c.left + c.width / 2, cy = c.top + c.height / 2, r = c.width / 2;
  const spans = t.querySelectorAll('tspan').length ? [...t.querySelectorAll('tspan')] : [t];
  return {text: t.textContent, diameter: c.width, lines: spans.map(s => { const b = s.getBoundingClientRect();
    return {words: s.textContent, px: b.height, far: Math.max(...[[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]]
      .map(([x, y]) => Math.hypot(x - cx, y - cy) / r))}; })}; }"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_archipelagos_wheel_hub_says_setup_in_turn_zero(server, browser, lang, size):  # noqa: F811
    """The wheel's hub said «Ход 0» («Turn 0») through turn zero, where the header says
    «Расстановка · нулевой ход». It says the table's word too now, in lines that fit its
    52-unit disc: «Расста-|новка», «Setup» — every line's box inside the hub."""
    st = played_until("archipelago", 3, lambda s: not s.over and s.turn == 0)
    ctx, page, errors = position_page(browser, server, "archipelago", st, st.to_act[0], size, lang=lang)
    try:
        hub = page.evaluate(HUB)
        zero = CATALOG[lang]["web.board.turn"].replace("{n!s}", "0")
        assert zero not in hub["text"], hub
        want = CATALOG[lang]["web.board.setup_lines"].split("|")
        assert [line["words"] for line in hub["lines"]] == want, hub
        assert "".join(w.rstrip("-") for w in want) == CATALOG[lang]["web.board.setup"]
        for line in hub["lines"]:
            assert line["far"] <= 1.0, (lang, size, hub)
        page.locator(".arch-wheel-svg").scroll_into_view_if_needed()
        shot(page, f"nineteenth-hub-{lang}-{size[0]}.png")
        assert errors == []
    finally:
        ctx.close()


def _explorations(s):
    return [a for a in s.legal_actions(s.to_act[0]) if a.kind == "explore" and not a.card] \
        if "explore" in legal_kinds(s) else []


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_landnams_explorations_keep_to_one_line_on_a_phone(server, browser, lang, seed):  # noqa: F811
    """«Исследовать гекс 13 фишкой «корабль» (внешнее море)» took two lines of a 354-px button
    on a phone. It reads as a move now, with the verb ahead: «Исследовать: внешнее море → гекс
    13» (English the same way, «Explore: the outer sea → hex 13», as the catalogs keep the
    same parameters): one line, every plain exploration of the first position with one, in
    three games."""
    st = played_until("iceland", 3, lambda s: bool(_explorations(s)), seed=seed)
    ctx, page, errors = position_page(browser, server, "iceland", st, st.to_act[0], PHONE, lang=lang)
    try:
        page.evaluate("document.querySelectorAll('#actions details').forEach(d => d.open = true)")
        for a in _explorations(st):
            words = st.describe_action(a, lang)
            button = page.locator("#actions button").filter(has_text=words).first
            assert button.evaluate(LINES)["lines"] == 1, (lang, words)
        shot(page, f"nineteenth-explore-{lang}-{seed}.png")
        assert errors == []
    finally:
        ctx.close()


def test_landnams_closed_help_fold_is_its_summary_on_a_phone(server, browser):  # noqa: F811
    """Closed, the help fold «? Как это устроено» was 52 px high on a phone with its line at the
    top of a 40-px summary: some 25 px of empty box under the words. Now the box is the
    finger-high summary and its borders, the line in the middle of it."""
    st = played_until("iceland", 3, lambda s: not s.over and bool(s.view(s.to_act[0])["state"].get("fate_hand")))
    ctx, page, errors = position_page(browser, server, "iceland", st, st.to_act[0], PHONE, lang="ru")
    try:
        got = page.evaluate("""() => { const d = document.querySelector('.help-panel'), s = d.querySelector('summary');
          const r = document.createRange(); r.selectNodeContents(s); const t = r.getBoundingClientRect();
          const b = d.getBoundingClientRect(), q = s.getBoundingClientRect();
          return {open: d.open, box: b.height, summary: q.height, above: t.top - b.top, below: b.bottom - t.bottom}; }""")
        assert not got["open"], got
        assert got["summary"] >= 40 - 0.5, got                   # still a finger high
        assert got["box"] <= got["summary"] + 2.5, got          # the summary and the borders
        assert abs(got["above"] - got["below"]) <= 2, got       # the line in the middle
        page.locator(".help-panel").scroll_into_view_if_needed()
        shot(page, "nineteenth-help-closed.png")
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_imperials_goods_are_said_once_in_the_lookout(server, browser, lang, size):  # noqa: F811
    """Imperial's lookout on a phone put «Ваши ресурсы:» under the open cards and again, a
    screen lower, in the turn card. It is said once now — under the cards on a phone, in the
    turn card beside the cards at 1280."""
    st = played_until("imperial", 2, lambda s: legal_kinds(s) == {"pick"})
    ctx, page, errors = position_page(browser, server, "imperial", st, st.to_act[0], size, lang=lang)
    try:
        words = CATALOG[lang]["web.board.imperial.my_goods"]
        seen = page.evaluate("""w => [...document.querySelectorAll('#game *')].filter(n => n.getClientRects().length
            && [...n.childNodes].some(c => c.nodeType === 3 && c.textContent.includes(w))).length""", words)
        assert seen == 1, (lang, size, seen)
        # the goods themselves are in view beside the choice: their row is drawn once
        rows = page.eval_on_selector_all(".is-goods", "ns => ns.filter(n => n.getClientRects().length && !n.closest('.is-board')).length")
        assert rows == 1, (lang, size, rows)
        shot(page, f"nineteenth-imperial-goods-{lang}-{size[0]}.png")
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_archipelagos_hex_edges_are_drawn_on_a_phone(server, browser, size):  # noqa: F811
    """A hex's six edges (the terrain of each side: sea, forest, mountain…) are lines of class
    «side»; the page's rule for its side column on a phone (``.side { display: contents }``)
    took them too, and an SVG line with «display: contents» is not drawn: on a phone every
    board hex showed its ground and no edges. The rule is the aside's alone now."""
    st = played_until("archipelago", 3, lambda s: not s.over and s.turn >= 1)
    ctx, page, errors = position_page(browser, server, "archipelago", st, st.to_act[0], size, lang="ru")
    try:
        got = page.eval_on_selector_all("#board line.side", """ls => ({n: ls.length,
            drawn: ls.filter(l => l.getClientRects().length && getComputedStyle(l).display !== 'none').length})""")
        assert got["n"] >= 6 and got["drawn"] == got["n"], (size, got)
        shot(page, f"nineteenth-archipelago-edges-{size[0]}.png")
        assert errors == []
    finally:
        ctx.close()


def _case(s):
    return bool(legal_kinds(s) & {"ask_help", "concede"})


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_landnams_althing_case_is_decided_in_the_first_screen_on_a_phone(server, browser, lang):  # noqa: F811
    """An Althing case on a phone (seed 1: the defence, holding three fate cards): the case's
    two sides came apart («Истцы», «: Игрок 1», the stake, «Защита» each a flex item — the side
    column's «display: contents» took the Althing's div.side too), and the three cards' rules
    pushed «Проиграть тяжбу» and «Попросить помощи» under the 844-px screen (881 px). Each side
    is one box now, and while no fate card may be played the cards are listed by name: every
    button of the decision is in the first screen."""
    st = played_until("iceland", 3, _case, seed=1)
    ctx, page, errors = position_page(browser, server, "iceland", st, st.to_act[0], PHONE, lang=lang)
    try:
        sides = page.eval_on_selector_all(".althing .side", """ns => ns.map(n => ({display: getComputedStyle(n).display,
            text: n.innerText, lines: (() => { const head = n.firstElementChild.getBoundingClientRect();
              // every part's middle beside the side's name: one line
              return Math.max(...[...n.children].map(c => { const r = c.getBoundingClientRect(), mid = (r.top + r.bottom) / 2;
                return mid >= head.top && mid <= head.bottom ? 1 : 2; })); })()}))""")
        assert len(sides) == 2, sides
        for side in sides:
            assert side["display"] != "contents" and side["lines"] == 1, (lang, sides)
        buttons = page.eval_on_selector_all("#actions button", """ns => ns.filter(n => n.getClientRects().length
            && !n.closest('details:not([open])')).map(n => ({text: n.innerText, bottom: n.getBoundingClientRect().bottom + scrollY}))""")
        assert buttons, buttons
        assert all(b["bottom"] <= PHONE[1] for b in buttons), (lang, buttons)
        # the cards are still named
        names = page.eval_on_selector_all(".fate-hand .chip.fate", "ns => ns.map(n => n.innerText.trim())")
        assert len(names) == len(st.view(st.to_act[0])["state"]["fate_hand"]) and all(names), names
        shot(page, f"nineteenth-althing-case-{lang}.png")
        assert errors == []
    finally:
        ctx.close()
