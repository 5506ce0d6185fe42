"""The third round of the tenth pass over the browser table (docs/audits/
2026-12-06-tenth-web-table.md, «Third round»): Landnám's public hands shown kind by kind on the
players table, and the score line under the head left out while the board shows every seat's
score in sight (Founders' grids, Imperial's boards).

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

from table_helpers import BROWSER_TESTS, advance, boxes, create, open_table, shot
from test_e2e import server  # noqa: F401
from test_e2e_phone_table import play_until, table

import settlers
from settlers.web.i18n import game_catalog

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
ICELAND = settlers.load("iceland")


def test_landnams_players_table_shows_every_hand_kind_by_kind(server, browser):  # noqa: F811
    """Every Landnám hand is public kind by kind (iceland-catan.ru.txt L4, L26-27, L50-60: no
    resource card moves unseen; docs/audits/2026-12-06-tenth-landnam.md §3), and the view gives
    each seat's ``hand``. The players table showed the kinds only as a tooltip of the count,
    which a phone never shows and a glance never reads. Each row now shows, beside the count, a
    swatch and a number per kind held: another seat's hand is on the table at 1280×800 and on
    a phone, its kinds named in the title, and the table still fits the phone's width."""
    gid, tokens = table(server, "iceland", 4, seed=4)
    moves = [0]

    def mid_game(m):
        moves[0] += 1
        return moves[0] > 80 and m["view"]["state"]["phase"] == "build"

    seat, msg = play_until(server, gid, tokens, seed=1, want=mid_game)
    players = msg["view"]["state"]["players"]
    others = [s for s in range(4) if s != seat and sum(players[s]["hand"].values()) > 0]
    assert others, players
    names = game_catalog(ICELAND, "ru")
    for size in (DESKTOP, PHONE):
        ctx, page, errors = open_table(browser, server, gid, tokens[seat], "ru", size)
        try:
            (tbl,) = boxes(page, ".iceland-players")
            for other in others:
                hand = players[other]["hand"]
                row = f".iceland-players tr[data-seat='{other}']"
                kinds = page.eval_on_selector_all(f"{row} td.cards .hand-kinds .kind", """ns => ns
                    .filter(n => n.getClientRects().length)
                    .map(n => [n.dataset.resource, n.innerText.trim(), n.title])""")
                want = [[r, str(n), names[f"iceland.res.{r}"]] for r, n in hand.items() if n]
                assert kinds == want, (size, other, kinds, want)
                cells = boxes(page, f"{row} td.cards .kind")
                assert all(c["left"] >= tbl["left"] and c["right"] <= tbl["right"] for c in cells)
                assert min(c["px"] for c in cells) >= 11, cells
                count = page.inner_text(f"{row} td.cards .count")
                assert count == str(players[other]["cards"]) == str(sum(hand.values()))
            fit = page.evaluate("document.documentElement.scrollWidth")
            assert fit <= size[0], (size, fit)
            page.locator(".iceland-players").scroll_into_view_if_needed()
            shot(page, f"tenth3-iceland-hands-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


def _line_shown(page) -> bool:
    return page.evaluate("document.getElementById('score-line').getClientRects().length > 0")


# each seat's score on its board: Founders' grid heads, Imperial's board heads
BOARD_SCORES = {"founders": "#board .player-grid > h3", "imperial": "#board .is-board-head .score"}


def _board_scores_in_view(page, selector: str) -> dict:
    """Per seat: whether its score on the board is wholly in view (in its scrolled column)."""
    return page.evaluate("""(sel) => { const out = {};
        for (const n of document.querySelectorAll(sel)) {
            const seat = n.closest('[data-seat]').dataset.seat;
            const r = n.getBoundingClientRect(), w = window.innerWidth, h = window.innerHeight;
            const inside = [...document.querySelectorAll('.board-wrap, .side')].find(c => c.contains(n));
            const c = inside.getBoundingClientRect();
            const seen = r.top >= Math.max(0, c.top) && r.bottom <= Math.min(h, c.bottom)
                && r.left >= 0 && r.right <= w;
            out[seat] = out[seat] || seen;
        }
        return out; }""", selector)


def _scores_on_the_board(page, game: str, seats: int) -> None:
    """The players card scrolled out of sight (the side column to its end): the line shows
    while some seat's score on the board is out of sight, and goes once all are in sight."""
    page.eval_on_selector(".side", "n => { n.scrollTop = n.scrollHeight; }")
    page.eval_on_selector(".board-wrap", "n => { n.scrollTop = 0; }")
    (players,) = boxes(page, "#players")
    (side,) = boxes(page, ".side")
    shown = min(players["bottom"], side["bottom"]) - max(players["top"], side["top"])
    assert shown < 0.9 * players["height"], (players, side)   # (the card's own test, game.js)
    sel = BOARD_SCORES[game]
    heads = page.eval_on_selector_all(sel, "ns => ns.map(n => n.closest('[data-seat]').dataset.seat)")
    assert sorted(heads) == [str(s) for s in range(seats)], heads   # each seat's score, once
    seen = _board_scores_in_view(page, sel)
    assert not all(seen.get(str(s)) for s in range(seats)), seen   # (the board at its top)
    page.wait_for_function("document.getElementById('score-line').getClientRects().length > 0")
    shot(page, f"tenth3-{game}-line-1280.png")
    # the last seat's score scrolled to the board's bottom edge: every seat's score in sight
    page.eval_on_selector_all(sel, "ns => ns[ns.length - 1].scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    seen = _board_scores_in_view(page, sel)
    assert all(seen.get(str(s)) for s in range(seats)), seen
    page.wait_for_function("!document.getElementById('score-line').getClientRects().length")
    shot(page, f"tenth3-{game}-no-line-1280.png")
    # and back to the board's top: a score out of sight again, the line again
    page.eval_on_selector(".board-wrap", "n => { n.scrollTop = 0; }")
    page.wait_for_function("document.getElementById('score-line').getClientRects().length > 0")


def test_the_score_line_goes_while_the_board_shows_every_score(server, browser):  # noqa: F811
    """Founders and Imperial show each seat's score on its own board (Founders' grid heads,
    Imperial's board heads). At 1280×800 the line «Очки: …» under the head (the second round)
    showed whenever the players card was out of sight, even with every seat's board score in
    sight: the same numbers twice. It is now left out while every seat's score is in sight on
    the board, and shown while some seat's is not (the boards lie a screen apart: Imperial's
    second board begins about 540 px under the first)."""
    # (Imperial 20 decisions in: since rules 2026-12-07.2's building bonuses seed 21's boards
    # after 30 are taller than the screen, so no scroll shows both seats' scores)
    for game, n, turns in (("founders", 3, 30), ("imperial", 2, 20)):
        made = create(server, game, ["human"] + ["random"] * (n - 1), seed=21)
        gid, token = made["id"], made["tokens"]["0"]
        advance(server, gid, token, 0, turns, seed=21)
        ctx, page, errors = open_table(browser, server, gid, token, "ru", DESKTOP)
        try:
            _scores_on_the_board(page, game, n)
            assert errors == []
        finally:
            ctx.close()
