"""Catan in a real browser: a player asked for cards it does not hold may still answer an offer
with a counter-offer of its own terms (almanac L199 «Условия обмена … определяются умением
игроков вести переговоры»; the engine accepts any counter the answerer can pay, though its menu
lists counters only to those holding the cards asked for). The page's counter builder opens for
every answer owed: the answerer composes one, and the mover sees it."""

from __future__ import annotations

import random
import time

import httpx
import pytest
from table_helpers import act, compose, state
from test_e2e import open_page, server  # noqa: F401

pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.browser]

RES = ["brick", "lumber", "wool", "grain", "ore"]


def _offer_to_a_seat_without_the_card(base, gid, tokens) -> tuple[str, str]:
    """Play both human seats (random moves, the turn moved on) until seat 0 may offer while
    seat 1 holds some card but not every kind; seat 0 then offers one of its cards for one
    card of a kind seat 1 lacks. Returns (the kind asked, a kind seat 1 holds)."""
    rng = random.Random(5)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        acted = False
        for seat in (0, 1):
            msg = state(base, gid, tokens[seat])
            if msg["over"]:
                pytest.fail("the game ended before the position came")
            if not msg["actions"]:
                continue
            types = {a["action"]["type"] for a in msg["actions"]}
            if seat == 0 and "offer_trade" in types:
                mine = msg["view"]["state"]["players"][0]["resources"]
                theirs = state(base, gid, tokens[1])["view"]["state"]["players"][1]["resources"]
                lacking = [r for r in RES if theirs[r] == 0]
                held = [r for r in RES if theirs[r] > 0]
                gives = [r for r in RES if mine[r] > 0 and r not in lacking]
                if lacking and held and gives:
                    give, get = [0] * 5, [0] * 5
                    give[RES.index(gives[0])] = 1
                    get[RES.index(lacking[0])] = 1
                    r = act(base, gid, tokens[0], msg["version"],
                             {"type": "offer_trade", "give": give, "get": get})
                    assert r.status_code == 200, r.text
                    return lacking[0], held[0]
            moving = [a for a in msg["actions"]
                      if a["action"]["type"] in ("roll_dice", "start_building", "end_turn")]
            quiet = [a for a in msg["actions"] if a["action"]["type"] not in (
                "offer_trade", "maritime_trade", "counter_offer")]
            pick = moving[0] if moving else rng.choice(quiet or msg["actions"])
            act(base, gid, tokens[seat], msg["version"], pick["action"])
            acted = True
        if not acted:
            time.sleep(0.02)
    pytest.fail("never reached an offer to a seat lacking the card asked for")


def test_an_answerer_without_the_asked_cards_composes_a_counter_offer(server, browser):  # noqa: F811
    r = httpx.post(f"{server}/api/games?lang=en", json={
        "game": "catan", "seed": 3, "options": {"board": "beginner"},
        "seats": [{"kind": "human"}, {"kind": "human"},
                  {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}, timeout=30)
    assert r.status_code == 200, r.text
    made = r.json()
    gid, tokens = made["id"], [made["tokens"]["0"], made["tokens"]["1"]]
    asked, held = _offer_to_a_seat_without_the_card(server, gid, tokens)
    msg = state(server, gid, tokens[1])
    types = {a["action"]["type"] for a in msg["actions"]}
    assert msg["view"]["state"]["players"][1]["resources"][asked] == 0
    assert "answer_trade" in types and "counter_offer" not in types  # no counter listed

    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/games/{gid}?token={tokens[1]}&lang=en")
        builder = page.wait_for_selector(".composer.counter_offer")
        other = next(r for r in RES if r != held)
        compose(builder, RES, held, other)   # one card it holds for one of another kind
        builder.query_selector(".send-offer").click()
        deadline = time.monotonic() + 20
        while True:
            answers = state(server, gid, tokens[0])["view"]["state"]["trade"]["answers"]
            if answers.get("1"):
                break
            assert time.monotonic() < deadline, "the counter-offer never reached the mover"
            time.sleep(0.05)
        counter = answers["1"]
        assert counter["answer"] == "counter"
        assert counter["give"].get(held) == 1 and counter["get"].get(other) == 1
        assert not errors, errors
    finally:
        ctx.close()
