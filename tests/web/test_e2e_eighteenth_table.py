"""The eighteenth pass over the browser table (docs/audits/2026-12-07-eighteenth-table-polish.md):
Landnám's boat move on one line on a phone, the turn chip's «Ход 0» before the first turn, and
Catan's tie in the roll for the first player said in the log. Positions are built in the engine
and shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import pytest
from table_helpers import (
    BROWSER_TESTS,
    CATALOG,
    DESKTOP,
    PHONE,
    create,
    open_table,
    played_until,
    position_page,
    shot,
)
from test_e2e import server  # noqa: F401
from test_e2e_sixteenth_table_second import LINES

from settlers.games.iceland.board import OUTER
from settlers.games.iceland.pieces import is_boat

pytestmark = BROWSER_TESTS

# a button's height, and the height of the same button holding one short word (a clone beside it)
HEIGHTS = """b => { const one = b.cloneNode(false); one.textContent = "Ход";
    b.parentElement.append(one); const h = one.getBoundingClientRect().height; one.remove();
    return {height: b.getBoundingClientRect().height, one: h}; }"""


def _boat_moves(s):
    """The plain moves (no card, no piece chased) of a boat to or from the outer sea that the
    seat to act may make."""
    if s.over:
        return []
    return [a for a in s.legal_actions(s.to_act[0])
            if a.kind == "move" and not a.card and is_boat(a.piece)
            and OUTER in (a.to, s.pos[a.piece]) and (a.to == OUTER or s.occupant[a.to] < 0)]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_landnams_boat_move_keeps_to_one_line_on_a_phone(server, browser, lang):  # noqa: F811
    """«Фишка «корабль»: гекс 12 → внешнее море» took two lines on a phone (354-px button, 51 px
    high against 40 for one line). The move now reads «Корабль: гекс 12 → внешнее море»
    («Boat: hex 12 → the outer sea»): one line, the height of a one-word button."""
    st = played_until("iceland", 3, lambda s: bool(_boat_moves(s)))
    moves = _boat_moves(st)
    ctx, page, errors = position_page(browser, server, "iceland", st, st.to_act[0], PHONE, lang=lang)
    try:
        page.evaluate("document.querySelectorAll('#actions details').forEach(d => d.open = true)")
        for a in moves:
            words = st.describe_action(a, lang)
            button = page.locator("#actions button").filter(has_text=words).first
            got = button.evaluate(LINES)
            assert got["lines"] == 1, (lang, words, got)
            h = button.evaluate(HEIGHTS)
            assert h["height"] <= h["one"] + 0.5, (lang, words, h)
            assert ("Корабль: " if lang == "ru" else "Boat: ") in words, words
        shot(page, f"eighteenth-boat-move-{lang}.png")
        assert errors == []
    finally:
        ctx.close()


def _chips(page):
    """The texts of the table's chips (Catan's and Landnám's panel, Archipelago's header)."""
    return page.eval_on_selector_all("#game .chip", "ns => ns.map(n => n.textContent.trim())")


# a game, a test of the position, the chip's words expected there (by language)
TURNS = {
    "catan-founding": ("catan", lambda s: s.turn == 0 and s.version > 2, {"ru": "Расстановка", "en": "Setup"}),
    "catan-first-turn": ("catan", lambda s: s.turn == 1, {"ru": "Ход 1", "en": "Turn 1"}),
    # the view counts Landnám's turns from 0; the terminal's title says «ход 1» there
    "iceland-first-turn": ("iceland", lambda s: s.turn == 0, {"ru": "Ход 1", "en": "Turn 1"}),
    "archipelago-turn-zero": ("archipelago", lambda s: s.turn == 0, {"ru": "Расстановка · ", "en": "Setup · "}),
}


@pytest.mark.parametrize("case", list(TURNS))
def test_the_turn_chip_says_setup_before_the_first_turn(server, browser, case):  # noqa: F811
    """Catan's founding showed «Ход 0» beside its phase, Landnám's first turn «Ход 0» (its view
    counts from 0, its terminal from 1) and Archipelago's turn zero «Ход 0 · нулевой ход». The
    chip now says «Расстановка» («Setup») before the first turn and «Ход 1» in it."""
    game, test, want = TURNS[case]
    st = played_until(game, 3, lambda s: not s.over and test(s))
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, game, st, st.to_act[0], DESKTOP, lang=lang)
        try:
            chips = _chips(page)
            assert any(c == want[lang] or (want[lang].endswith(" ") and c.startswith(want[lang]))
                       for c in chips), (case, lang, chips)
            zero = CATALOG[lang]["web.board.turn"].replace("{n!s}", "0")
            assert not [c for c in chips if zero in c], (case, lang, chips)
            assert errors == []
        finally:
            ctx.close()


def test_catans_tied_roll_for_the_first_player_is_said_in_the_log(server, browser):  # noqa: F811
    """Seed 0 with four seats: seats 1 and 3 roll 7, then roll again. The log listed the second
    round's rolls as more of the same «Бросок за право первого хода»; a line between now says
    «Ничья по 7 очков: снова бросают …» before them."""
    made = create(server, "catan", ["human"] * 4, seed=0, lang="ru")
    ctx, page, errors = open_table(browser, server, made["id"], made["tokens"]["0"], lang="ru",
                                   size=DESKTOP, wait_for="#log li")
    try:
        page.wait_for_function("[...document.querySelectorAll('#log li')].some(li => li.textContent.includes('начинает игру'))")
        lines = page.eval_on_selector_all("#log li", "ns => ns.map(n => n.textContent)")
        tie = [i for i, t in enumerate(lines) if "Ничья по 7 очков: снова бросают" in t]
        assert len(tie) == 1, lines
        rolls = [i for i, t in enumerate(lines) if "Бросок за право первого хода" in t]
        # four rolls before the tie, the two tied seats' after it
        assert len([i for i in rolls if i < tie[0]]) == 4 and len([i for i in rolls if i > tie[0]]) == 2, lines
        shot(page, "eighteenth-catan-tie.png")
        assert errors == []
    finally:
        ctx.close()


def _tile_and_token(s):
    """A Founders position offering an open tile to choose and a token to play on a grid."""
    kinds = set() if s.over else {a.kind for a in s.legal_actions(s.to_act[0])}
    return "choose_tile" in kinds and bool(kinds & {"play_coin", "play_cart", "play_war", "play_master"})


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_founders_open_tiles_lead_when_a_token_may_be_played_first(server, browser, size):  # noqa: F811
    """The sweep's worst find: in Founders' main phase with an open tile to choose and a token
    that may be played first («выберите открытый квадрат…; можно сначала сыграть: монету»),
    the board put the three players' grids before the market, so on a phone the open tiles —
    the turn's one required choice — began some 2,100 px down a 3,500-px page (seed 4, 150
    random steps). The market leads now (the grids follow, one's own first): an open tile to
    choose is in the first screen, at 1280 too."""
    st = played_until("founders", 3, _tile_and_token, steps=3000, seed=4)
    tiles = [i for i, a in enumerate(st.legal_actions(st.to_act[0])) if a.kind == "choose_tile"]
    ctx, page, errors = position_page(browser, server, "founders", st, st.to_act[0], size, lang="ru")
    try:
        tops = page.evaluate("""ix => ix.map(i => document.querySelector(`#board [data-index="${i}"]`))
            .filter(n => n && n.getClientRects().length).map(n => n.getBoundingClientRect().top + scrollY)""", tiles)
        assert tops, tiles
        assert min(tops) + 40 <= size[1], (size, sorted(tops))
        shot(page, f"eighteenth-founders-tiles-{size[0]}.png")
        assert errors == []
    finally:
        ctx.close()
