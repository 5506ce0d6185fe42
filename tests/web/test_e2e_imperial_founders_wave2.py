"""Imperial Settlers and Founders of the Empire in a real browser: decisions the rules leave to a
player that the table must let them make knowingly.

Each test draws a position built in the engine (a game created through the API gives the page;
its socket is answered by the test with that position's message) and checks what the page sends
back, then that the engine takes it as the player meant.
"""

from __future__ import annotations

import json
import re
import sys
import time
from importlib import resources
from pathlib import Path

import httpx
from table_helpers import BROWSER_TESTS, built_message
from test_e2e import open_page, server  # noqa: F401

from settlers.games.imperial import building
from settlers.games.imperial.actions import Activate, Build
from settlers.games.imperial.content import DEFENCE, GOOD_INDEX, USED

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "imperial"))
from imperial_scenario import _take, cid, scenario, to_hand

pytestmark = BROWSER_TESTS

GOLD_MINES = ("COM021", "COM022")  # two copies of «Золотой рудник»


def _table(base, game, options) -> tuple[str, str]:
    """A two-seat human table: its id and seat 0's token."""
    r = httpx.post(f"{base}/api/games?lang=en", json={
        "game": game, "options": options, "seats": [{"kind": "human"}, {"kind": "human"}]}, timeout=30)
    r.raise_for_status()
    made = r.json()
    return made["id"], made["tokens"]["0"]


def _message(base, gid, token, st, seat) -> dict:
    return built_message(base, gid, token, st, seat, "en")


def _open_with(browser, base, gid, token, msg):
    """The table page, its socket answered with ``msg``; returns (ctx, page, errors, sent)."""
    ctx, page, errors = open_page(browser, "en")
    sent: list[dict] = []

    def socket(ws) -> None:
        ws.on_message(lambda text: sent.append(json.loads(text)))
        ws.send(json.dumps(msg))

    page.route_web_socket(re.compile(r"/ws/games/"), socket)
    page.goto(f"{base}/games/{gid}?token={token}&lang=en")
    page.wait_for_selector(".is-board")
    return ctx, page, errors, sent


def _sent_action(sent) -> dict:
    deadline = time.monotonic() + 10
    while not [m for m in sent if m.get("type") == "act"]:
        assert time.monotonic() < deadline, "the page sent no action"
        time.sleep(0.05)
    return [m for m in sent if m.get("type") == "act"][-1]["action"]


def _gold_mines(st, seat) -> tuple[int, int]:
    """Two «Gold Mine» copies in ``seat``'s empire: the first used twice this round and guarded
    by a defence token, the second untouched."""
    mines = [cid(st, x) for x in GOLD_MINES]
    for c in mines:
        _take(st, c)
        building.place_location(st, seat, c)
    st.info[mines[0]][USED] = 2
    st.info[mines[0]][DEFENCE] = 1
    return mines[0], mines[1]


def test_imperial_the_foundation_is_chosen_on_the_board(server, browser):  # noqa: F811
    """«ЧТОБЫ ПОСТРОИТЬ ЛОКАЦИЮ» an empire card needs a foundation: the player discards a
    location of their choice. Two copies of one location are not one state — here one is used
    and guarded: the page lets the player point at the copy to give up on the board (before,
    only two buttons whose labels were the same; they now carry the board's marks too)."""
    st = scenario("romans", "barbarians")
    guarded, plain = _gold_mines(st, 0)
    legion = to_hand(st, 0, "ROM017")
    st.goods[0][GOOD_INDEX["F"]] = 1
    st.apply(0, Build(card=legion))
    labels = {a["label"] for a in _message_actions(st)}
    assert len(labels) == 2  # the answers read apart by the copies' marks (render.location)

    gid, token = _table(server, "imperial", {"empires": "romans,barbarians"})
    ctx, page, errors, sent = _open_with(browser, server, gid, token, _message(server, gid, token, st, 0))
    try:
        card = page.locator(f".is-board[data-seat='0'] .is-card.location[data-card='{plain}']")
        card.wait_for()
        assert "hot" in (card.get_attribute("class") or "")
        card.click()
        action = _sent_action(sent)
        assert action == {"type": "choose", "option": [0, plain]}
        st.apply(0, st.game.action_from_json(action))
        assert guarded in st.locs[0] and plain not in st.locs[0]
        assert st.info[guarded][DEFENCE] == 1
        assert not errors, errors
    finally:
        ctx.close()


def test_imperial_an_actions_target_is_chosen_on_the_opponents_board(server, browser):  # noqa: F811
    """«Тёмная часовня» razes an opponent's location, paying 1 raze token more per defence
    token on it: of two copies of the opponent's «Gold Mine», one guarded, the player points at
    the one to raze on that opponent's board."""
    st = scenario("barbarians", "romans")
    chapel = cid(st, "BAR014")
    _take(st, chapel)
    building.place_location(st, 0, chapel)
    guarded, plain = _gold_mines(st, 1)
    st.goods[0][GOOD_INDEX["Raze"]] = 2
    st.apply(0, Activate(card=chapel))
    answers = _message_actions(st)
    assert {a["action"]["option"][1] for a in answers} >= {guarded, plain}
    assert len({a["label"] for a in answers if a["action"]["option"][1] in (guarded, plain)}) == 2

    gid, token = _table(server, "imperial", {"empires": "barbarians,romans"})
    ctx, page, errors, sent = _open_with(browser, server, gid, token, _message(server, gid, token, st, 0))
    try:
        card = page.locator(f".is-board[data-seat='1'] .is-card.location[data-card='{plain}']")
        card.wait_for()
        assert "hot" in (card.get_attribute("class") or "")
        card.click()
        action = _sent_action(sent)
        assert action == {"type": "choose", "option": [1, plain]}
        raze = st.goods[0][GOOD_INDEX["Raze"]]
        st.apply(0, st.game.action_from_json(action))
        assert guarded in st.locs[1] and plain not in st.locs[1]
        assert st.goods[0][GOOD_INDEX["Raze"]] == raze  # the unguarded copy costs nothing more
        assert not errors, errors
    finally:
        ctx.close()


def _message_actions(st) -> list[dict]:
    return [{"action": a.to_json(), "label": st.describe_action(a, "en")}
            for a in st.legal_actions(0)]


def test_imperial_an_empire_and_a_card_named_by_their_files_on_the_table(
        server, browser, tmp_path, monkeypatch):  # noqa: F811
    """A user's board file names the Romans «Республика» / "Republic", its card file renames
    «Статуя» (COM001 → my_statue): the board's head and the band of every Roman card read the
    file's name (before, the catalog's «Romans»: the page derived it from the empire's id)."""
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "content"))
    data = resources.files("settlers.games.imperial") / "data"
    boards = json.loads((data / "empires.json").read_text("utf-8"))
    boards["empires"]["romans"]["name"] = {"ru": "Республика", "en": "Republic"}
    cards = json.loads((data / "cards.json").read_text("utf-8"))
    cards["cards"][0].update(id="my_statue", name={"ru": "Моя статуя", "en": "My statue"})
    options = {"empires": "romans,barbarians"}
    for option, body in (("boards", boards), ("cards", cards)):
        r = httpx.post(f"{server}/api/content/imperial/{option}",
                       content=json.dumps(body, ensure_ascii=False).encode(), timeout=30)
        r.raise_for_status()
        options[option] = r.json()["name"]
    gid, token = _table(server, "imperial", options)
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/games/{gid}?token={token}&lang=en")
        head = page.locator(".is-board[data-seat='0'] .is-board-head .empire")
        head.wait_for()
        assert head.inner_text() == "Republic"
        assert page.locator(".is-board[data-seat='1'] .is-board-head .empire").inner_text() \
            == "Barbarians"
        bands = page.locator(".is-card[data-deck='romans'] .is-card-band small:first-child")
        assert bands.count() > 0   # the Roman cards of the opening hand
        assert set(bands.all_text_contents()) == {"Republic"}
        assert not errors, errors
    finally:
        ctx.close()


def test_imperial_the_alternative_lookouts_passed_cards_on_the_passers_board(server, browser):  # noqa: F811
    """L730-731: the passer has seen the two cards it passed, and the discard is open, so it
    knows which one the next player kept. Its board shows the two while the next player
    chooses, then the kept one under that player; nothing of it on the receiver's board."""
    import random

    import settlers

    gid, token = _table(server, "imperial", {"lookout": "alternative"})
    st = settlers.load("imperial").new_state(2, 3, {"lookout": "alternative"})
    rng = random.Random(3)
    while not st.view(0)["state"].get("alt_lookout", {}).get("passed"):
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    passed = st.view(0)["state"]["alt_lookout"]["passed"]
    names = [st.cards[c].name["en"] for c in passed]
    ctx, page, errors, _ = _open_with(browser, server, gid, token, _message(server, gid, token, st, 0))
    try:
        text = page.locator(".is-passed").inner_text()
        assert text.startswith("You passed to the next player: ")
        assert all(n in text for n in names)
        assert not errors
    finally:
        ctx.close()
    while not st.view(0)["state"]["players"][1]["hand_seen"]:
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    kept = st.view(0)["state"]["players"][1]["hand_seen"]
    assert kept[0] in passed
    ctx, page, errors, _ = _open_with(browser, server, gid, token, _message(server, gid, token, st, 0))
    try:
        assert page.locator(".is-seen").inner_text() == (
            f"Kept from the cards you passed: {st.cards[kept[0]].name['en']}")
        assert not errors
    finally:
        ctx.close()
    # the receiver (with two players, a passer too) sees its own knowledge, not the other's
    theirs = st.view(1)["state"]["players"][0]["hand_seen"]
    assert st.view(1)["state"]["players"][1]["hand_seen"] == []
    ctx, page, errors, _ = _open_with(browser, server, gid, token, _message(server, gid, token, st, 1))
    try:
        assert page.locator(".is-seen").all_inner_texts() == (
            [f"Kept from the cards you passed: {st.cards[theirs[0]].name['en']}"] if theirs else [])
    finally:
        ctx.close()
