"""Catan and Landnám in a real browser: what the rules let a person do at the table, the page must
let them do — also where the engine accepts an action it does not list (its menu is bounded for
bots). Each test drives a table through the JSON API to a position, then uses the page."""

from __future__ import annotations

import json
import random
import time

import httpx
import pytest
from table_helpers import act, compose, state
from test_e2e import open_page, server  # noqa: F401

pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.browser]

CATAN_RES = ["brick", "lumber", "wool", "grain", "ore"]
ICELAND_RES = ["grain", "wood", "wool", "iron"]
LISTED_OFFERS = 3  # settlers.core.trade.LISTED_OFFERS_PER_TURN: offers the menu lists a turn


def _new(base, game, seed, bots, options=None) -> tuple[str, str]:
    r = httpx.post(f"{base}/api/games?lang=en", json={
        "game": game, "seed": seed, "options": options or {},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": b} for b in bots]}, timeout=30)
    assert r.status_code == 200, r.text
    made = r.json()
    return made["id"], made["tokens"]["0"]


def _wait_mine(base, gid, token, deadline) -> dict:
    """The next state in which seat 0 has something to do."""
    while True:
        assert time.monotonic() < deadline, "the table never came back to seat 0"
        msg = state(base, gid, token)
        if msg["over"]:
            pytest.fail("the game ended before the position came")
        if msg["actions"]:
            return msg
        time.sleep(0.03)


def _offers_in_log(msg) -> int:
    return sum(1 for e in msg["log"] if " offers " in e["text"])


# ---------------------------------------------------------------------------- Catan
def _catan_after_listed_offers(base, gid, token) -> dict:
    """Seat 0 plays (random moves, the turn moved on) until it may offer; then it makes the
    offers the menu lists for a turn, each declined by the bots or withdrawn. Returns the state
    after them: the menu lists no offer, the rules still allow one (almanac L452)."""
    rng = random.Random(7)
    deadline = time.monotonic() + 120
    made = 0
    while True:
        msg = _wait_mine(base, gid, token, deadline)
        st = msg["view"]["state"]
        listed = [a["action"] for a in msg["actions"] if a["action"]["type"] == "offer_trade"]
        types = {a["action"]["type"] for a in msg["actions"]}
        if made and st["phase"] in ("trade", "main") and not listed:
            return msg
        if "withdraw_trade" in types:
            pick = {"type": "withdraw_trade"}
        elif listed:
            pick = listed[0]
            made += 1
        elif made:
            pytest.fail(f"the turn left the trade phase after {made} offers")
        else:
            moving = [a["action"] for a in msg["actions"]
                      if a["action"]["type"] in ("roll_dice", "start_building", "end_turn")]
            quiet = [a["action"] for a in msg["actions"] if a["action"]["type"] not in (
                "maritime_trade", "offer_trade")]
            pick = moving[0] if moving else rng.choice(quiet or [a["action"] for a in msg["actions"]])
        r = act(base, gid, token, msg["version"], pick)
        assert r.status_code == 200, r.text


def test_catan_offers_beyond_the_listed_ones_from_the_trade_builder(server, browser):  # noqa: F811
    """Almanac L452 «обменивать … без каких-либо ограничений»: no limit on domestic offers
    (the catan README: the menu lists offers for the first three of a turn only, a bound for
    bots; a further offer is legal when sent). The page's trade builder stays open and its
    offer button works after the listed offers ran out."""
    gid, token = _new(server, "catan", 3, ["random"] * 3, {"board": "beginner"})
    msg = _catan_after_listed_offers(server, gid, token)
    st = msg["view"]["state"]
    assert st["may_offer"] is True
    assert not any(a["action"]["type"] == "offer_trade" for a in msg["actions"])
    before = _offers_in_log(msg)
    mine = st["players"][0]["resources"]
    held = next(r for r in CATAN_RES if mine[r] > 0)
    other = next(r for r in CATAN_RES if r != held)

    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/games/{gid}?token={token}&lang=en")
        page.wait_for_selector(".composer.offer_trade", state="attached")
        page.click(".trade-builder:not(.open) > summary")
        builder = page.wait_for_selector(".composer.offer_trade")
        compose(builder, CATAN_RES, held, other)
        send = builder.query_selector(".send-offer")
        assert send.is_enabled(), "the offer button stays disabled after the listed offers"
        send.click()
        _wait_for_an_offer(server, gid, token, before)
        assert not errors, errors
    finally:
        ctx.close()


def _wait_for_an_offer(base, gid, token, before) -> None:
    """Until the log holds more offers than ``before`` (the one the page sent)."""
    deadline = time.monotonic() + 20
    while _offers_in_log(state(base, gid, token)) == before:
        assert time.monotonic() < deadline, "the fourth offer never reached the table"
        time.sleep(0.05)


def _catan_discard_owed(base, gid, token) -> dict:
    """Seat 0 hoards (rolls and ends its turns, never trades or builds) until a 7 asks it to
    discard at least two cards; returns that state."""
    rng = random.Random(9)
    deadline = time.monotonic() + 150
    while True:
        msg = _wait_mine(base, gid, token, deadline)
        st = msg["view"]["state"]
        if st["phase"] == "discard" and (st["players"][0]["discard"] or 0) >= 2:
            return msg
        actions = [a["action"] for a in msg["actions"]]
        moving = [a for a in actions if a["type"] in ("roll_dice", "end_turn", "withdraw_trade")]
        no = [a for a in actions if a["type"] == "answer_trade" and not a["accept"]]
        pick = (moving or no or [rng.choice(actions)])[0]
        r = act(base, gid, token, msg["version"], pick)
        assert r.status_code == 200, r.text


def test_catan_discard_shows_what_is_owed_and_picked(server, browser):  # noqa: F811
    """Almanac «"7" на кубиках»: a player with more than 7 cards gives up half, of the kinds
    they choose. The engine takes the choice card by card and keeps the hand until everybody is
    done; the page says how many cards are still owed and which are picked so far."""
    gid, token = _new(server, "catan", 4, ["random"] * 3, {"board": "beginner"})
    msg = _catan_discard_owed(server, gid, token)
    owed = msg["view"]["state"]["players"][0]["discard"]
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/games/{gid}?token={token}&lang=en")
        status = page.wait_for_selector(".my-hand .discard-status")
        assert status.get_attribute("data-owed") == str(owed)
        assert f"Discard {owed} more cards" in status.inner_text()
        first = page.wait_for_selector("#actions button[data-type=discard]")
        resource = json.loads(first.get_attribute("data-action"))["resource"]
        first.click()
        page.wait_for_selector(f".my-hand .discard-status[data-owed='{owed - 1}']")
        picked = page.inner_text(".my-hand .discard-picked")
        assert f"{resource} ×1" in picked, picked
        assert not errors, errors
    finally:
        ctx.close()


# ---------------------------------------------------------------------------- Landnám
def _iceland_after_listed_offers(base, gid, token) -> dict:
    """Seat 0 plays (random moves, the turn moved on) until it may offer in its trade and build
    phase; then it makes the offers the menu lists for a turn (the bots answer). Returns the
    state after them, seat 0 still holding a card: the menu lists no offer, the rulebook still
    allows one (L53, no bound)."""
    rng = random.Random(11)
    deadline = time.monotonic() + 150
    made = 0
    while True:
        msg = _wait_mine(base, gid, token, deadline)
        st = msg["view"]["state"]
        listed = [a["action"] for a in msg["actions"] if a["action"]["type"] == "offer_trade"]
        if st["phase"] == "build" and made and not listed:
            if sum(st["hand"].values()):
                return msg
            made = 0   # the cards went in the trades: try again in a later turn
        if st["phase"] == "build" and listed:
            pick = rng.choice(listed)
            made += 1
        else:
            actions = [a["action"] for a in msg["actions"]]
            moving = [a for a in actions if a["type"] in ("roll", "end_movement", "end_turn",
                                                          "end_cases", "pass")]
            builds = [a for a in actions if a["type"].startswith("build_")]
            pick = (rng.choice(builds) if builds and rng.random() < 0.5
                    else moving[0] if moving else rng.choice(actions))
        r = act(base, gid, token, msg["version"], pick)
        assert r.status_code == 200, r.text


def test_iceland_offers_beyond_the_listed_ones_from_the_trade_builder(server, browser):  # noqa: F811
    """Landnám L53 «Текущий игрок также может предлагать торговлю другим игрокам»: no bound on
    offers (the iceland README: the menu lists the first three of a turn, any valid offer is
    accepted). The page's trade builder keeps its offer row — to whom, and the button — after
    the listed offers ran out."""
    gid, token = _new(server, "iceland", 5, ["random", "random"])
    msg = _iceland_after_listed_offers(server, gid, token)
    st = msg["view"]["state"]
    assert not any(a["action"]["type"] == "offer_trade" for a in msg["actions"])
    before = _offers_in_log(msg)
    held = next(r for r in ICELAND_RES if st["hand"][r] > 0)
    other = next(r for r in ICELAND_RES if r != held)

    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/games/{gid}?token={token}&lang=en")
        page.wait_for_selector(".trade-builder", state="attached")
        page.click(".trade-builder > summary")
        builder = page.wait_for_selector(".composer.offer_trade")
        compose(builder, ICELAND_RES, held, other)
        send = builder.query_selector(".send-offer")
        assert send is not None, "no offer row after the listed offers"
        assert builder.query_selector(".offer-to").evaluate("s => s.options.length") == 2
        assert send.is_enabled()
        send.click()
        _wait_for_an_offer(server, gid, token, before)
        assert not errors, errors
    finally:
        ctx.close()


def test_iceland_bank_button_names_the_real_terms(server, browser):  # noqa: F811
    """Landnám L52: «Четыре одинаковых карты ресурса можно продать за один другой ресурс из
    банка» (two at a usable harbour). The builder's bank button trades at that rate whatever
    count was set to give; it names the real terms (4 or 2 cards) before the click."""
    gid, token = _new(server, "iceland", 6, ["random", "random"])
    rng = random.Random(13)
    deadline = time.monotonic() + 150
    while True:
        msg = _wait_mine(server, gid, token, deadline)
        bank = [a for a in msg["actions"] if a["action"]["type"] == "trade_bank"]
        if bank:
            break
        # build whatever it can, else a random move that trades nothing away
        actions = [a["action"] for a in msg["actions"]]
        builds = [a for a in actions if a["type"].startswith("build_")]
        keep = [a for a in actions if a["type"] not in ("offer_trade", "trade_bank")]
        pick = rng.choice(builds or keep or actions)
        r = act(server, gid, token, msg["version"], pick)
        assert r.status_code == 200, r.text
    trade = bank[0]
    give, get = trade["action"]["give"], trade["action"]["get"]

    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/games/{gid}?token={token}&lang=en")
        page.wait_for_selector(".trade-builder", state="attached")
        page.click(".trade-builder > summary")
        builder = page.wait_for_selector(".composer.offer_trade")
        compose(builder, ICELAND_RES, give, get)   # one card set to give: the bank takes its rate
        button = builder.query_selector(".send-bank")
        assert button.is_enabled()
        assert button.inner_text().strip() == trade["label"], (button.inner_text(), trade["label"])
        assert not errors, errors
    finally:
        ctx.close()
