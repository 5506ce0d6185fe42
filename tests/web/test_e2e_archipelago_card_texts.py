"""Archipelago's evolution cards say what they do (docs/audits/2026-12-06-seventh-archipelago-
table.md: «The evolution cards on the track show a name, a price and the quarter turns, not what
the card does»). Each card of the track (bought, L740-762) and each card in front of the seat
(used, L800) now has its effect text, from the catalog (``archipelago.card_text.<id>``), as a
second line under its name, in Russian, 11 px or more (and the objective card on the screen what
it gives) — while the decision stays in the first
screen at 1280×800: the track in a purchase, the action wheel in a round (on a phone the
purchase's track, with its texts, is in the HUD at the top: the eighth pass).

A table is created through the API for its page; the page's socket is answered by the test with
a position built in the engine (as tests/web/test_e2e_imperial_founders_wave2.py does).
Screenshots go to $SETTLERS_SHOTS when it is set."""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path

import httpx
from table_helpers import BROWSER_TESTS, built_message
from test_e2e import open_page, server  # noqa: F401

import settlers
from settlers.web.i18n import game_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "archipelago"))
from arch_scenario import card_table, give_card, random_to_step, set_money, touch

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
SHOTS = os.environ.get("SETTLERS_SHOTS")


def _message(base, gid, token, st, seat) -> dict:
    return built_message(base, gid, token, st, seat, "ru")


def _page(browser, base, st, seat, size):
    """The table page at ``size`` showing ``st`` to ``seat``; returns (ctx, page, errors)."""
    r = httpx.post(f"{base}/api/games?lang=ru", json={
        "game": "archipelago", "seats": [{"kind": "human"}] * st.players}, timeout=30)
    r.raise_for_status()
    made = r.json()
    gid, token = made["id"], made["tokens"][str(seat)]
    msg = _message(base, gid, token, st, seat)
    ctx, page, errors = open_page(browser, "ru")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: ws.send(json.dumps(msg)))
    page.goto(f"{base}/games/{gid}?token={token}&lang=ru")
    page.wait_for_selector(".arch-track")
    page.evaluate("window.scrollTo(0, 0)")
    return ctx, page, errors


def _texts(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(selector, """ns => ns.map(n => { const r = n.getBoundingClientRect();
        return {text: n.innerText.trim(), px: parseFloat(getComputedStyle(n).fontSize), width: r.width,
                clipped: n.scrollWidth > n.clientWidth + 1}; })""")


def _box(page, selector: str) -> dict:
    return page.evaluate(f"""() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();
        return {{top: r.top, bottom: r.bottom}}; }}""")


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / name), full_page=False)


def _purchase():
    """A 3-player game (seed 1) played at random to its first purchase (L740-762); the buyer
    holds the Merchant and the Pope."""
    st = random_to_step(settlers.load("archipelago").new_state(3, 1, {}), "buy", random.Random(1))
    seat = st.to_act[0]
    on_track = {st.content.cards[c].id for c, _ in st.track if c >= 0}
    owned = [c for c in ("merchant", "pope", "treasurer", "admiral") if c not in on_track][:2]
    for card in owned:
        give_card(st, seat, card)
    set_money(st, seat, 30)
    touch(st)
    return st, seat, owned


def _check_track(page, st, catalog) -> None:
    for slot, (card, _rot) in enumerate(st.track):
        if card < 0:
            continue
        cid = st.content.cards[card].id
        got = _texts(page, f'.arch-track [data-slot="{slot}"] .card-text')
        assert [g["text"] for g in got] == [catalog[f"archipelago.card_text.{cid}"]], (cid, got)
        assert got[0]["px"] >= 11 and not got[0]["clipped"], got


def _check_own(page, seat, owned, catalog) -> None:
    for cid in owned:
        got = _texts(page, f'.others li[data-seat="{seat}"] .evo-card-line[data-card-line="{cid}"] .card-text')
        assert [g["text"] for g in got] == [catalog[f"archipelago.card_text.{cid}"]], (cid, got)
        assert got[0]["px"] >= 11 and not got[0]["clipped"], got


def test_the_track_and_the_own_cards_say_what_each_card_does_in_a_purchase(server, browser):  # noqa: F811
    st, seat, owned = _purchase()
    catalog = game_catalog(st.game, "ru")
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx, page, errors = _page(browser, server, st, seat, size)
        try:
            page.wait_for_selector(".arch-track .tile-card.hot")
            _check_track(page, st, catalog)
            _check_own(page, seat, owned, catalog)
            # the objective card on the screen says what it gives (L920, L950, L1210)
            got = _texts(page, ".screen li[data-objective] .card-text")
            assert len(got) == len(st.objectives[seat]) and all(
                g["px"] >= 11 and ("ПО" in g["text"]) for g in got), got
            _shot(page, f"purchase-{name}.png")
            track = _box(page, ".arch-track")
            if size == DESKTOP:   # the decision: the whole track in the first screen
                assert track["bottom"] <= DESKTOP[1], track
            else:   # a phone's decision: the track with its texts in the HUD, at the top
                # (docs/audits/2026-12-06-eighth-archipelago-table.md; its buttons named the
                # cards only)
                assert _box(page, "#hud .arch-track .tile-card.hot")["top"] < PHONE[1] / 2
                page.evaluate("document.querySelector('.arch-track').scrollIntoView()")
                _shot(page, "purchase-phone-track.png")
            assert not errors, errors
        finally:
            ctx.close()


def test_a_rounds_usable_cards_say_what_they_do_and_the_wheel_stays_in_view(server, browser):  # noqa: F811
    st = card_table(3, 1)
    give_card(st, 0, "merchant")
    give_card(st, 0, "bishop")
    give_card(st, 1, "exporter")     # another's open card, usable for a fee (L822)
    set_money(st, 0, 20)
    touch(st)
    catalog = game_catalog(st.game, "ru")
    ctx, page, errors = _page(browser, server, st, 0, DESKTOP)
    try:
        page.wait_for_selector(".arch-wheel .zone.hot")
        _check_track(page, st, catalog)
        _check_own(page, 0, ["merchant", "bishop"], catalog)
        got = _texts(page, '.others li[data-seat="1"] .evo-card-line[data-card-line="exporter"] .card-text')
        assert [g["text"] for g in got] == [catalog["archipelago.card_text.exporter"]], got
        # the name is still the card to click (its uses), the text is beside it
        assert page.eval_on_selector('.others [data-card="merchant"]', "n => n.matches('span.evo-card.hot')")
        _shot(page, "round-desktop.png")
        page.evaluate("document.querySelector('.others').scrollIntoView()")
        _shot(page, "round-desktop-cards.png")
        page.evaluate("window.scrollTo(0, 0)")
        wheel = _box(page, ".arch-wheel .zone.hot")
        assert wheel["bottom"] <= DESKTOP[1], wheel
        assert not errors, errors
    finally:
        ctx.close()


def test_a_user_card_the_catalog_lacks_is_named_from_its_file_with_no_text(server, browser, tmp_path, monkeypatch):  # noqa: F811
    from test_arch_card_texts import user_card_game

    st = user_card_game(tmp_path, monkeypatch)
    ctx, page, errors = _page(browser, server, st, 0, DESKTOP)
    try:
        card = page.locator('.others li[data-seat="0"] [data-card="hermit"]')
        card.first.wait_for()
        assert card.first.inner_text().strip() == "Отшельник"
        assert page.locator('.others li[data-seat="0"] .card-text').count() == 0
        assert "archipelago.card" not in page.inner_text("#board")
        assert not errors, errors
    finally:
        ctx.close()
