"""Archipelago in a real browser (issue 13): a table against two heuristic bots, played through
the board — the start region laid on a highlighted cell, secret bids typed into the bid box,
an offer composed in the offer builder, moves on the action wheel — with the seat's screen
shown to it alone."""

from __future__ import annotations

import os
import time

import pytest
from test_e2e import ARGS, CHROMIUM, create_in_lobby, open_page, server, version  # noqa: F401

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.browser]

NEGOTIATION = ("propose", "gift", "add_give", "add_want", "send_offer", "cancel_offer",
               "exchange_token")


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def wait_moved(page, before: int) -> None:
    page.wait_for_function(
        f"Number(document.getElementById('game').dataset.version) > {before}"
        " || document.querySelector('#toast:not([hidden])')"
        " || document.getElementById('game').dataset.over === 'true'")


def my_turn(page) -> bool:
    return page.locator("#status.mine").count() > 0


def test_archipelago_against_two_bots(server, browser):  # noqa: F811
    ctx, page, errors = open_page(browser, "en")
    links = create_in_lobby(page, server, "archipelago", ["human", "heuristic", "heuristic"], 7,
                            lang="en")
    page.goto(links[0])
    page.wait_for_selector(".arch-map .region")
    # my own screen is shown: money, cubes, explorer tokens, the objective
    assert page.locator(".screen[data-seat='0'] [data-money]").count() == 1
    assert page.locator(".screen li[data-objective]").count() >= 1
    bids = offers = moves = 0
    deadline = time.monotonic() + 150
    while page.get_attribute("#game", "data-over") != "true" and moves < 40:
        assert time.monotonic() < deadline, f"stuck: bids {bids}, offers {offers}, moves {moves}"
        if not my_turn(page):
            time.sleep(0.1)
            continue
        before = version(page)
        if page.locator(".send-bid").count():
            page.fill(".bid-amount", "1")
            page.click(".send-bid")
            bids += 1
        elif not offers and page.locator(".offer-builder").count():
            page.select_option(".offer-give", "f")
            page.select_option(".offer-want", "fish")
            page.click(".send-offer")
            # the page sends propose, add_give, add_want and send_offer one after the other;
            # the addressee (a bot) answers: the log records the offer
            page.wait_for_function(
                "[...document.querySelectorAll('#log li')].some(li => /offer/i.test(li.textContent))")
            offers += 1
        elif page.locator(".hot-hex").count():
            page.locator(".hot-hex").first.click()
            menu = page.locator(".place-menu button.action")
            if menu.count():
                menu.first.click()
        else:
            zones = page.locator(".arch-wheel .zone.hot")
            buttons = page.locator("#actions > .action-list button.action")
            calm = [buttons.nth(i) for i in range(buttons.count())
                    if buttons.nth(i).get_attribute("data-type") not in NEGOTIATION]
            if zones.count() and moves % 3 == 0:
                zones.first.click()
                menu = page.locator(".place-menu button.action")
                if menu.count():
                    menu.first.click()
            elif calm:
                calm[0].click()
            elif page.locator("#board .hot").count():
                page.locator("#board .hot").first.click()
                menu = page.locator(".place-menu button.action")
                if menu.count():
                    menu.first.click()
            else:
                page.locator("details.all-actions summary").click()
                page.locator("details.all-actions button.action").first.click()
        moves += 1
        wait_moved(page, before)
    assert bids >= 1, "no bid was entered"
    assert offers == 1, "no offer was composed"
    assert page.locator(".track-slot, .arch-track .evo").count() == 5
    assert page.locator(".arch-wheel .zone").count() == 8
    # the screens of the bots never reach this page
    assert page.locator(".screen[data-seat='1'], .screen[data-seat='2']").count() == 0
    # a spectator sees the board but no screen, no bid box and no offer builder
    spec_ctx, spec, spec_errors = open_page(browser, "en")
    spec.goto(links[0].split("?")[0])
    spec.wait_for_selector(".arch-map .region")
    assert spec.locator(".screen, .bid-entry, .offer-builder").count() == 0
    assert not spec_errors, spec_errors
    spec_ctx.close()
    assert not errors, errors
    if os.environ.get("SETTLERS_SCREENSHOT"):
        page.screenshot(path=os.environ["SETTLERS_SCREENSHOT"], full_page=True)
    print(f"bids {bids}, offers {offers}, moves {moves}, version {version(page)}")
    ctx.close()
