"""Archipelago's screens in a real browser (issue 13, "done means"): what lies behind one
seat's screen — its florins, cubes, explorer tokens, objective card, and its bid until all
bids are revealed together — never reaches another seat's page or a spectator's, neither in
the page (DOM) nor in any WebSocket frame they receive. Two human seats and a heuristic bot
play the one-turn short game through their pages while a spectator watches; every frame the
three pages receive is kept and read. The seat's own page receives its screen (the check
sees it there, so it can fail)."""

from __future__ import annotations

import json
import time

import pytest
from test_e2e import open_page, server, version  # noqa: F401
from test_e2e_archipelago import create_archipelago_table

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.browser]

SCREEN = ("money", "cubes", "tokens", "bid", "choose_objective")
BIDS = {0: 3, 1: 1}


def watched(browser):
    """A page whose received WebSocket frames are all kept."""
    ctx, page, errors = open_page(browser, "en")
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(payload if isinstance(payload, str)
                                                       else payload.decode())))
    return ctx, page, errors, frames


def states(frames: list[str]):
    """The view.state (or the changed part of it) of every state message before the end."""
    for raw in frames:
        msg = json.loads(raw)
        if msg.get("type") != "state" or msg.get("over"):
            continue
        view = msg["view"]
        part = view.get("state", view.get("state_delta"))
        if part is not None:
            yield msg, part


def objective_cards(node):
    """Every objective card (id, deck, end, criterion) anywhere in a JSON tree."""
    if isinstance(node, dict):
        if {"id", "deck", "end", "criterion"} <= set(node):
            yield node["id"]
        for v in node.values():
            yield from objective_cards(v)
    elif isinstance(node, list):
        for v in node:
            yield from objective_cards(v)


def secrets_of(seat: int, part: dict) -> list[str]:
    """What of ``seat``'s screen a state part carries."""
    found: list[str] = []
    players = part.get("players")
    if players:
        p = players[seat]
        found += [k for k in SCREEN if k in p]
        if p.get("objectives"):
            found.append("objectives")
    hands = part.get("hands")
    if hands and hands[seat] is not None:
        found.append("hexes in hand")
    return found


def create_table(page, base) -> list[str]:
    return create_archipelago_table(page, base, ["human", "human", "bot:heuristic"],
                                    turns=1, seed=7)


def play_one(page, seat: int, others: dict) -> bool:
    """One decision of ``seat`` through its page; False when it is not its turn."""
    if not page.locator("#status.mine").count() or page.locator("body.busy").count():
        return False
    before = version(page)
    step = page.get_attribute(".arch-header .chip[data-step]", "data-step")
    if step == "bid":
        if seat == 1:
            # seat 1 bids once seat 0's bid is in the fist: hidden from this page and the
            # spectator until all bids are revealed together
            if not page.locator(".bids-in").count() or "Player 1" not in page.inner_text(".bids-in"):
                return False
            for other in (page, others[None]):
                assert "Player 1" in other.inner_text(".bids-in")
                assert f"{BIDS[0]}f" not in other.inner_text(".bids-in")
                assert other.locator(".last-bids").count() == 0
        page.fill(".bid-amount", str(BIDS[seat]))
        page.click(".send-bid")
    elif step == "place_start":
        page.locator(".hot-hex").first.click()
        menu = page.locator(".place-menu button.action")
        if menu.count():
            menu.first.click()
    elif step == "answer":
        page.locator(".incoming-offer .answer[data-accept='false']").click()
    elif step == "bribes":   # the floor before the decider orders (L260): no bribe
        page.click("#actions button[data-type='done']")
    elif page.locator("#actions button[data-type='end_round']").count():
        page.click("#actions button[data-type='end_round']")
    elif page.locator("#actions button[data-type='pass_crisis']").count():
        page.click("#actions button[data-type='pass_crisis']")
    else:
        buttons = page.locator("#actions .action-list button.action")
        (buttons.first if buttons.count() else page.locator("#actions button.finish").first).click()
    page.wait_for_function(
        f"Number(document.getElementById('game').dataset.version) > {before}"
        " || document.getElementById('game').dataset.over === 'true'")
    return True


def check_pages(pages: dict, seat: int) -> None:
    """No screen of ``seat`` in the DOM of the other pages (keyed by their seat; None: the
    spectator)."""
    for viewer, page in pages.items():
        if page.get_attribute("#game", "data-over") == "true":
            continue
        screens = page.locator(".screen").all()
        assert [int(s.get_attribute("data-seat")) for s in screens] == (
            [] if viewer is None else [viewer])
        assert page.locator(f".screen[data-seat='{seat}']").count() == 0


def test_no_screen_reaches_another_seat_or_a_spectator(server, browser):  # noqa: F811
    ctx0, seat0, err0, frames0 = watched(browser)
    links = create_table(seat0, server)
    assert len(links) == 2
    ctx1, seat1, err1, frames1 = watched(browser)
    ctxs, spect, errs, framess = watched(browser)
    seat0.goto(links[0] + "&lang=en")
    seat1.goto(links[1] + "&lang=en")
    spect.goto(links[0].split("?")[0] + "?lang=en")
    for page in (seat0, seat1, spect):
        page.wait_for_selector(".arch-map .region")
    assert spect.locator(".screen, .bid-entry, .offer-builder").count() == 0
    # turn 0: nobody holds an objective card yet, they are dealt after it (L143-159)
    assert seat0.locator(".screen li[data-objective]").count() == 0
    assert seat1.locator(".screen li[data-objective]").count() == 0
    objective0 = objective1 = None
    deadline = time.monotonic() + 40
    while seat0.get_attribute("#game", "data-over") != "true":
        assert time.monotonic() < deadline, ("the game did not end", [
            (p.get_attribute(".arch-header .chip[data-step]", "data-step"), p.inner_text("#status"),
             p.locator("#actions").inner_text()[:300]) for p in (seat0, seat1)])
        moved = play_one(seat0, 0, {1: seat1, None: spect})
        moved = play_one(seat1, 1, {0: seat0, None: spect}) or moved
        if moved:
            check_pages({1: seat1, None: spect}, 0)
            check_pages({0: seat0, None: spect}, 1)
            if objective0 is None and seat0.locator(".screen li[data-objective]").count():
                objective0 = seat0.get_attribute(".screen li[data-objective]", "data-objective")
            if objective1 is None and seat1.locator(".screen li[data-objective]").count():
                objective1 = seat1.get_attribute(".screen li[data-objective]", "data-objective")
        else:
            time.sleep(0.05)
    assert objective0 and objective1 and objective0 != objective1
    time.sleep(0.3)
    # the frames: each page got its own screen and nobody else's, until the end lifts them
    seen = {0: set(), 1: set()}
    for frames, viewer in ((frames0, 0), (frames1, 1), (framess, None)):
        parts = list(states(frames))
        assert len(parts) > 10, f"too few state messages for {viewer}"
        for msg, part in parts:
            assert msg["seat"] == viewer
            for seat in (0, 1, 2):
                found = secrets_of(seat, part)
                if seat == viewer:
                    seen[seat].update(found)
                else:
                    assert not found, f"seat {seat}'s {found} reached {viewer} (v{msg['version']})"
            cards = set(objective_cards(msg))
            assert cards <= ({objective0} if viewer == 0 else {objective1} if viewer == 1
                             else set()), (viewer, cards)
    # the own page did receive its screen, its bid before the reveal and its objective card
    assert {"money", "cubes", "tokens", "bid", "objectives"} <= seen[0], seen[0]
    assert {"money", "cubes", "tokens", "bid", "objectives"} <= seen[1], seen[1]
    # at the end every objective card is revealed to everybody (L900-1002)
    for page in (seat0, seat1, spect):
        page.wait_for_selector(".arch-end .revealed")
        assert page.locator(".arch-end .revealed .objective-card").count() == 3
    assert not (err0 or err1 or errs), (err0, err1, errs)
    for ctx in (ctx0, ctx1, ctxs):
        ctx.close()
