"""The second round of the tenth pass over the browser table (docs/audits/
2026-12-06-tenth-web-table.md, «Second round»): the four defects the first round saw and left —
Founders' final table wider than a phone's card, Archipelago's end screen on a phone (a narrow
card, a «—» step), Archipelago's offer card saying «—» where the log says «ничего», and Catan's
and Landnám's scores under the first screen at 1280×800 while a trade is composed.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import httpx
import pytest
from table_helpers import BROWSER_TESTS, advance, boxes, create, open_table, position_page, shot
from test_e2e import server  # noqa: F401
from test_e2e_catan_counter import _offer_to_a_seat_without_the_card
from test_e2e_phone_table import broken_words, play_until, table

import settlers
from settlers.web.i18n import game_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "archipelago"))

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
ARCH = settlers.load("archipelago")
WEB = Path(__file__).resolve().parents[2] / "src" / "settlers" / "web" / "messages"


@pytest.fixture(scope="module")
def finished(server):  # noqa: F811
    """Founders (3 seats, as the first round played it) and Archipelago (3 seats, seed 7: it ends
    by independence) played to their end through the API, the human seat at random against
    random bots: {game: (id, seat 0's token)}."""
    out = {}
    for game in ("founders", "archipelago"):
        made = create(server, game, ["human", "random", "random"],
                      seed={"founders": 21, "archipelago": 7}[game])
        msg = advance(server, made["id"], made["tokens"]["0"], 0, 10_000, seed=421, timeout=300)
        assert msg["over"], game
        out[game] = (made["id"], made["tokens"]["0"])
    return out


def test_founders_final_scores_fit_a_phones_card(server, browser, finished):  # noqa: F811
    """On a phone Founders' final table was 15 px wider than its card (its scrollWidth 388
    against 373): «Квадраты рубашкой вверх» was cut to «рубашко…» and the table scrolled
    sideways. The categories' headings are now in the regular weight and the total's heading
    as small: the whole table is in its card, every heading whole and 11 px or more."""
    gid, token = finished["founders"]
    for lang in ("ru", "en"):
        ctx, page, errors = open_table(browser, server, gid, token, lang=lang, size=PHONE,
                                       wait_for="#final .final-scores th.part")
        try:
            fit = page.evaluate("""() => { const f = document.querySelector('#final');
                return {client: f.clientWidth, scroll: f.scrollWidth,
                        page: document.documentElement.scrollWidth}; }""")
            assert fit["scroll"] <= fit["client"] and fit["page"] <= PHONE[0], (lang, fit)
            (card,) = boxes(page, "#final")
            heads = boxes(page, "#final .final-scores th")
            assert len(heads) == 6 and max(h["right"] for h in heads) <= card["right"], heads
            assert min(h["px"] for h in heads) >= 11, heads
            cells = boxes(page, "#final .final-scores td")
            assert min(c["px"] for c in cells) >= 11 and max(c["right"] for c in cells) <= card["right"]
            assert broken_words(page, "#final th.part") == []
            shot(page, f"tenth2-founders-final-{lang}-phone.png")
            assert errors == []
        finally:
            ctx.close()


def test_archipelagos_end_on_a_phone(server, browser, finished):  # noqa: F811
    """Archipelago's end screen on a phone: the final scores' card (a table of two columns) was
    323 px wide, not the screen's width, as the other cards are; the header's step chip said
    «—» (archipelago.step.none) beside «конец игры». The card now spans the screen and the
    header has no step at the end: the phase chip says the game is over."""
    gid, token = finished["archipelago"]
    arch_ru = game_catalog(ARCH, "ru")
    for size in (PHONE, DESKTOP):
        ctx, page, errors = open_table(browser, server, gid, token, lang="ru", size=size,
                                       wait_for="#final .final-scores")
        try:
            chips = page.eval_on_selector_all(".arch-header .chip", "ns => ns.map(n => n.innerText)")
            assert chips[0].endswith(arch_ru["archipelago.phase.over"]), chips
            assert "—" not in chips and not page.locator(".arch-header .chip[data-step]").count(), chips
            if size == PHONE:
                (final,) = boxes(page, "#final")
                (board,) = boxes(page, ".board-wrap")   # the screen's width, less the margins
                assert abs(final["width"] - board["width"]) < 1, (final, board)
                assert final["width"] >= PHONE[0] - 20, final
                cards = boxes(page, ".side > .card:not(.chat)")   # and so is every card
                assert min(c["width"] for c in cards) >= final["width"] - 1, cards
                shot(page, "tenth2-archipelago-end-phone.png")
            assert errors == []
        finally:
            ctx.close()


def test_archipelagos_offer_card_says_nothing_as_the_log_does(server, browser):  # noqa: F811
    """An offer that gives nothing (L229: an offer is what one gives and asks; one side may be
    empty): the log says «Игрок 1 → Игрок 2: даёт: ничего; просит: 1 флорин», the offer card
    said «Игрок 1 даёт: —». It now says «ничего», the log's word (ru and en)."""
    from arch_scenario import random_to_step
    st = random_to_step(ARCH.new_state(3, 195, {}), "round", random.Random(195))
    seat = st.to_act[0]
    for kind in ("propose", "add_want", "send_offer"):
        st.apply(seat, next(a for a in st.legal_actions(seat) if a.kind == kind))
    assert st.step == "answer" and st.offer["give"] == [] and st.offer["want"]
    to = st.to_act[0]
    for lang in ("ru", "en"):
        cat = game_catalog(ARCH, lang)
        for size in (DESKTOP, PHONE):
            ctx, page, errors = position_page(browser, server, "archipelago", st, to, size,
                                              lang=lang, wait=".incoming-offer")
            try:
                gives = page.inner_text(".incoming-offer .offer-gives")
                assert gives.endswith(cat["archipelago.item.nothing"]), gives
                assert "—" not in page.inner_text(".incoming-offer"), gives
                asks = page.inner_text(".incoming-offer .offer-asks")
                assert asks.endswith(cat["archipelago.item.florin"]), asks
                assert errors == []
            finally:
                ctx.close()


def _score_line(page) -> dict:
    """The head's score line (each seat's number) and the players card's scores."""
    return page.evaluate("""() => ({
        line: Object.fromEntries([...document.querySelectorAll('#score-line .seat-score')]
            .map(n => [n.dataset.seat, n.querySelector('b').innerText])),
        card: Object.fromEntries([...document.querySelectorAll('#players tr[data-seat]')]
            .map(n => [n.dataset.seat, n.querySelector('td.score').innerText]))})""")


def _scores_in_view(page, tag: str) -> None:
    """The players card under the first screen, the score line in view with the card's numbers
    and each name; the players card scrolled into view, the line goes."""
    (players,) = boxes(page, "#players")
    assert players["bottom"] > DESKTOP[1], (tag, players)   # the card's rows: not all in sight
    page.wait_for_function("document.getElementById('score-line').getClientRects().length > 0")
    (line,) = boxes(page, "#score-line")
    (head,) = boxes(page, ".game-head")
    assert line["bottom"] <= head["bottom"] <= DESKTOP[1] and line["px"] >= 11, (tag, line)
    got = _score_line(page)
    assert got["line"] == got["card"] and len(got["line"]) >= 3, (tag, got)
    head_word = json.loads((WEB / "ru.json").read_text(encoding="utf-8"))["web.game.score_line"]
    assert line["text"].startswith(head_word), line
    names = page.eval_on_selector_all("#players td.name", "ns => ns.map(n => n.firstChild.textContent)")
    assert all(n in line["text"] for n in names), (tag, names, line)
    shot(page, f"tenth2-scores-{tag}-1280.png")
    page.eval_on_selector("#players", "n => n.scrollIntoView()")
    page.wait_for_function("!document.getElementById('score-line').getClientRects().length")


def test_catans_scores_stay_in_view_while_a_counter_offer_is_composed(server, browser):  # noqa: F811
    """At 1280×800 the HUD of a seat answering an offer holds the offer, its answers and the
    counter-offer builder (y 96-753): the players card, the scores, began at y 805. The scores
    are now a line under the head while the card is out of sight."""
    r = httpx.post(f"{server}/api/games?lang=en", json={
        "game": "catan", "seed": 3, "options": {"board": "beginner"},
        "seats": [{"kind": "human"}, {"kind": "human"},
                  {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 200, r.text
    made = r.json()
    gid, tokens = made["id"], [made["tokens"]["0"], made["tokens"]["1"]]
    _offer_to_a_seat_without_the_card(server, gid, tokens)
    ctx, page, errors = open_table(browser, server, gid, tokens[1], "ru", DESKTOP)
    try:
        page.wait_for_selector(".composer.counter_offer")
        (hud,) = boxes(page, "#hud-card")
        assert hud["bottom"] <= DESKTOP[1], hud   # the HUD still whole in the first screen
        _scores_in_view(page, "catan")
        assert errors == []
    finally:
        ctx.close()


def test_landnams_scores_stay_in_view_while_an_offer_is_composed(server, browser):  # noqa: F811
    """Landnám's trade builder opened in the seat's own turn at 1280×800: the players card went
    under the first screen; the scores are a line under the head."""
    gid, tokens = table(server, "iceland", 3, seed=4)
    seat, _ = play_until(server, gid, tokens, seed=1,
                         want=lambda m: any(a["action"]["type"] == "offer_trade" for a in m["actions"]))
    ctx, page, errors = open_table(browser, server, gid, tokens[seat], "ru", DESKTOP)
    try:
        page.click(".trade-builder > summary")
        page.wait_for_selector(".trade-builder[open] .composer")
        _scores_in_view(page, "iceland")
        assert errors == []
    finally:
        ctx.close()

