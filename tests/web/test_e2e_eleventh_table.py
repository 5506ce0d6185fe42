"""The eleventh pass over the browser table (docs/audits/2026-12-07-eleventh-web-table.md): the
five games played against bots at 1280×800 and 390×844, in Russian and English, and the worst
defects of what a player needs to decide fixed.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import random
import re

import pytest
from table_helpers import (
    BROWSER_TESTS,
    CATALOG,
    DESKTOP,
    PHONE,
    advance,
    boxes,
    create,
    open_table,
    position_page,
    shot,
)
from test_e2e import server  # noqa: F401
from test_e2e_phone_table import play_until, table

import settlers

pytestmark = BROWSER_TESTS
FOUNDERS = settlers.load("founders")
CELL = 86  # founders.js: a grid's cell, drawn 1:1


def _founders_grid_cols(msg) -> tuple[int, int, list[int]]:
    """The seat's own grid as founders.js draws it: its columns' first x and count, and the x of
    every lit cell to lay the chosen tile on."""
    me = msg["view"]["state"]["players"][msg["seat"]]
    lit = [a["action"]["x"] for a in msg["actions"] if a["action"]["type"] == "attach"]
    xs = [t["x"] for t in me["tiles"]] + lit + [0]
    return min(xs), max(xs) - min(xs) + 1, lit


def test_founders_lit_cells_past_a_grids_right_edge_are_scrolled_into_view(server, browser):  # noqa: F811
    """A Founders grid is drawn 1:1 and scrolls inside its card when wider (a phone's card
    shows four columns of 86 px). It always showed its left edge: a tile to lay whose lit
    cells lay in the fifth column had them out of sight at the card's right edge, with no sign
    of them (and on a phone no scrollbar). Now a grid with lit cells is scrolled to them, and
    the grid's head and hand stay put above it."""
    gid, tokens = table(server, "founders", 3, seed=4)

    def wide(msg):
        if not any(a["action"]["type"] == "attach" for a in msg["actions"]):
            return False
        first, cols, lit = _founders_grid_cols(msg)
        # five columns or more, a lit cell in the last, the lit span three columns at most
        return cols >= 5 and max(lit) == first + cols - 1 and max(lit) - min(lit) <= 2

    seat, _ = play_until(server, gid, tokens, wide, prefer=("attach",), seed=3, steps=1500)
    for size in (PHONE, DESKTOP):
        ctx, page, errors = open_table(browser, server, gid, tokens[seat], "ru", size)
        try:
            grid = f".player-grid[data-seat='{seat}']"
            page.wait_for_selector(f"{grid} .hot-spot")
            seen = page.evaluate(
                """(grid) => {
                // (the old code scrolled the whole card)
                const box = (document.querySelector(grid + ' .grid-scroll')
                             || document.querySelector(grid)).getBoundingClientRect();
                return {box: [box.left, box.right],
                        cells: [...document.querySelectorAll(grid + ' .hot-spot')].map(n => {
                            const r = n.getBoundingClientRect(); return [r.left, r.right]; }),
                        head: document.querySelector(grid + ' > h3').getBoundingClientRect().left
                              - document.querySelector(grid).getBoundingClientRect().left};
            }""",
                grid,
            )
            left, right = seen["box"]
            assert seen["cells"], seen
            for lo, hi in seen["cells"]:
                assert lo >= left - 0.5 and hi <= right + 0.5, (size, seen)
                assert hi <= size[0], (size, seen)
            assert 0 <= seen["head"] < 20, seen  # the head is not scrolled with the grid
            shot(page, f"eleventh-founders-lit-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


def _bot_table(base, game, n, turns, lang="ru"):
    made = create(base, game, ["human"] + ["random"] * (n - 1), seed=21)
    gid, token = made["id"], made["tokens"]["0"]
    advance(base, gid, token, 0, turns, seed=turns, timeout=300)
    return gid, token


def _players_scores(page) -> dict:
    """Each seat's score on the players card."""
    return dict(
        page.eval_on_selector_all(
            "#players tr[data-seat]",
            """rows => rows.map(r =>
        [r.dataset.seat, r.querySelector('td.score').innerText.trim()])""",
        )
    )


@pytest.mark.parametrize("game,n,turns", [("catan", 4, 30), ("imperial", 2, 12)])
def test_the_scores_are_in_a_phones_first_screen(server, browser, game, n, turns):  # noqa: F811
    """On a phone no score was in view: the players card comes after the HUD and the board
    (at y 1,600-3,100), and the line of scores under the head was for wide screens only. The
    sticky head now shows every seat's colour and score in the row of the chat button and the
    replay link (the names in each one's title, one's own underlined), so the head is no taller.
    Scrolled to the players card, the line goes, as on a wide screen."""
    gid, token = _bot_table(server, game, n, turns)
    for lang in ("ru", "en"):
        ctx, page, errors = open_table(
            browser, server, gid, token, lang, PHONE, wait_for="#game[data-version]"
        )
        try:
            page.wait_for_selector("#score-line .seat-score")
            got = page.eval_on_selector_all(
                "#score-line .seat-score",
                """ns => ns.map(n => {
                const r = n.getBoundingClientRect();
                return {seat: n.dataset.seat, score: n.querySelector('b').innerText, title: n.title,
                        top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                        px: parseFloat(getComputedStyle(n).fontSize)}; })""",
            )
            cells = _players_scores(page)
            names = page.eval_on_selector_all(
                "#players tr[data-seat] td.name",
                """ns => ns.map(n =>
                n.firstChild.textContent.trim())""",
            )
            assert [g["seat"] for g in got] == [str(s) for s in range(n)], got
            word = {"ru": "очки", "en": "score"}[lang]
            for g, name in zip(got, names, strict=True):
                assert g["score"] == cells[g["seat"]], (g, cells)
                assert g["title"] == f"{name} — {word}: {g['score']}", g
                assert g["top"] >= 0 and g["bottom"] <= PHONE[1] and g["right"] <= PHONE[0], g
                assert g["px"] >= 11, g
            # in the row of the chat button: the sticky head is no taller for it
            (jump,) = boxes(page, "#chat-jump")
            assert all(g["top"] < jump["bottom"] and g["bottom"] > jump["top"] for g in got), (
                got,
                jump,
            )
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
            shot(page, f"eleventh-scores-{game}-{lang}-390.png")
            page.locator("#players").scroll_into_view_if_needed()
            page.wait_for_function("!document.getElementById('score-line').getClientRects().length")
            assert errors == []
        finally:
            ctx.close()


# the controls a phone's table must make a finger wide and high (40 px)
CONTROLS = (
    "#game button, #game summary, #game select, #game input:not([type=hidden]), "
    "#game-head a, .game-head a, .topbar a"
)


def _small_controls(page) -> list:
    return page.eval_on_selector_all(
        CONTROLS,
        """ns => ns.filter(n => n.getClientRects().length
        && !n.closest('details:not([open]) > :not(summary)')).map(n => {
        const r = n.getBoundingClientRect();
        return [n.tagName, n.className, (n.innerText || n.value || '').trim().slice(0, 30),
                Math.round(r.width), Math.round(r.height)]; })
        .filter(([, , , w, h]) => Math.min(w, h) < 40)""",
    )


@pytest.mark.parametrize(
    "game,n,turns", [("catan", 4, 30), ("iceland", 3, 30), ("archipelago", 3, 10)]
)
def test_a_phones_controls_are_a_finger_high(server, browser, game, n, turns):  # noqa: F811
    """A phone's buttons, trade steppers, folds, filter and the top bar's links were 32 px
    high (the steppers 32×32, the links 19-24 px): under the 40 px a finger needs, with «−»
    and «+» and «Отказаться» and «Принять» side by side. Each is now 40 px or more, and the
    open trade builder (Landnám's) with them."""
    gid, token = _bot_table(server, game, n, turns)
    for lang in ("ru", "en"):
        ctx, page, errors = open_table(
            browser, server, gid, token, lang, PHONE, wait_for="#game[data-version]"
        )
        try:
            page.wait_for_timeout(300)
            builder = page.locator("details.trade-builder > summary")
            if builder.count():
                builder.first.click()
            small = _small_controls(page)
            assert small == [], (game, lang, small)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
            shot(page, f"eleventh-controls-{game}-{lang}-390.png")
            assert errors == []
        finally:
            ctx.close()


def _founders_before_the_turns(phase: str) -> tuple:
    """A 3-seat Founders position of ``phase`` (the nature draft or the first tiles) whose one
    seat asked is not the view's "current" (the first player, all through the draft)."""
    rng = random.Random(0)
    st = FOUNDERS.new_state(3, 0, {})
    while not (st.phase == phase and st.to_act[0] != st.current):
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st, st.to_act[0]


@pytest.mark.parametrize("phase", ["draft", "found"])
def test_founders_status_names_the_seat_on_move_before_the_turns(server, browser, phase):  # noqa: F811
    """Founders' nature draft and first tiles go round in orders of their own, one seat asked
    at a time, while the view's "current" stays the first player: the status told the seat
    asked «Ходит Игрок 1 — ждут вашего решения» (en «Player 1's turn — your decision is
    awaited»), and the others «Ждём: …». The seat asked now reads «Ваш ход!» (since the
    thirteenth pass «Ваш ход — <the game's words>»), the others
    «Ходит Игрок N» naming it, and the status's data-current is that seat."""
    st, asked = _founders_before_the_turns(phase)
    other = next(s for s in range(3) if s != asked)
    for lang in ("ru", "en"):
        cat = CATALOG[lang]
        for seat in (asked, other):
            ctx, page, errors = position_page(
                browser, server, "founders", st, seat, PHONE, lang=lang
            )
            try:
                name = page.eval_on_selector(
                    f"#players tr[data-seat='{asked}'] td.name",
                    "n => n.firstChild.textContent.trim()",
                )
                want = (   # (the game's words for the decision: the thirteenth pass)
                    cat["web.game.your_turn_asks"].replace("{ask}", st.decision_text(seat, lang))
                    if seat == asked
                    else cat["web.game.turn_of"].replace("{name}", name)
                )
                status = page.locator("#status")
                assert status.inner_text().strip() == want, (phase, lang, seat, want)
                assert status.get_attribute("data-current") == str(asked)
                assert errors == []
            finally:
                ctx.close()


ICELAND = settlers.load("iceland")
# a rulebook reference: the file's name, its lines (L64) or pages («с. 66»)
RULEBOOK_REF = re.compile(r"\.txt|\bL\d|\bс\. \d")


def test_landnams_althing_help_reads_without_rulebook_line_numbers(server, browser):  # noqa: F811
    """Landnám's help panel during an Althing began «Альтинг (iceland-catan.ru.txt с. 64–71)
    собирается…» (en «The Althing (iceland-catan.ru.txt L64–L71) meets…»), then «Тяжба (с.
    66–68)» and «(с. 69)»: the project's own rulebook file and its line numbers (called pages
    in Russian), which mean nothing at the table. The help now reads as rules; no help text of
    the web catalog cites the file or its lines."""
    st = ICELAND.new_state(3, 0, {})
    rng = random.Random(0)
    while not st.view(0)["state"].get("althing"):
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    for lang in ("ru", "en"):
        for size in (PHONE, DESKTOP):
            ctx, page, errors = position_page(
                browser, server, "iceland", st, 0, size, lang=lang, wait=".help-panel"
            )
            try:
                page.click(".help-panel > summary")
                texts = page.eval_on_selector_all(
                    ".help-panel p[data-help]", "ns => ns.map(n => [n.dataset.help, n.innerText])"
                )
                assert {k for k, _ in texts} >= {"althing", "case", "black"}, texts
                for key, text in texts:
                    assert text.strip() and not RULEBOOK_REF.search(text), (lang, key, text)
                assert page.inner_text(".help-panel").count("(") == page.inner_text(
                    ".help-panel"
                ).count(")")
                shot(page, f"eleventh-althing-help-{lang}-{size[0]}.png")
                assert errors == []
            finally:
                ctx.close()
    for lang in ("ru", "en"):
        helps = {k: v for k, v in CATALOG[lang].items() if k.startswith("web.help.")}
        assert helps and not [k for k, v in helps.items() if RULEBOOK_REF.search(v)], lang
