"""Archipelago's table read as a player reads it (the seventh pass, 2026-12-06), at 1280×800
and on a phone (390×844), in Russian: what is to be decided is in view, the status says what
is asked, the controls are a finger high, and nothing is drawn empty.

- A phone's round: the action wheel is the decision (L467-475: a disc on a zone) and lay a
  screen and a half down the board, under the screen, the offers and the markets, while the
  HUD listed the side actions only; it is now drawn in the HUD, under the status.
- A crisis (L340-385): what it asks (which resource, how many inhabitants a cube raises, how
  much export is missing) was on the crisis card at the foot of the board column, under the
  first screen, and the status said only «Ваш ход!». The HUD now says it by the buttons, the
  status names the decision (a cube or a pass; the inhabitants to raise), and while raising
  how many are left (L368).
- Raising on a phone: the lit inhabitants were 1,200 px down the page, and lit ones were
  painted in the lit colour — the yellow of the yellow seat — so whose inhabitant one raises
  could not be seen. The map now comes first, and a lit unit keeps its colour inside a ring.
- Phones: the offer builder's lists and the bid box were 19-21 px high; the names of the
  regions in hand 9.9 px.
- At 1280×800 the map shared the left column with the wheel and was drawn at 0.7-0.9 of its
  size: region numbers, huts and buildings' letters of 6-9 px. It now has the column's width
  (the wheel and the markers under it); in a purchase the track comes first, whole in view.
- The action wheel's names were 6.5-9.5 px («торговая сделка» at 6.5); they are now in lines
  of at most 8 letters («строи-» / «тельство»), 11 px and more, on a wheel a little wider.
- The stability and labour tracks broke a band's numbers over two lines («0-» / «0»).
- At the end the HUD was an empty card above the players; and the final scores' column read
  «Тенденции», a word the rulebook never uses (its cards are «тренд», 14 times).

- An offer to answer (L229) in another player's round: the status said «Ваш ход!», and the
  offer read «Я даю: 1 флорин; Я хочу: рыба» — the proposer's words, read by the addressee as
  its own. The status now says «Ходит Игрок 2 — ответьте на предложение обмена», the offer
  «Игрок 2 даёт: 1 флорин», «Игрок 2 просит: рыба».

One table per test (the offer's: two human seats and a bot), a human seat and two heuristic bots, the short game over two turns; the
human's decisions are made over the API (seeded), the page is only looked at, except for a
disc placed by a tap on the phone's wheel."""

from __future__ import annotations

import random
import time

import httpx
from table_helpers import BROWSER_TESTS, act, open_table, state
from test_e2e import server  # noqa: F401

pytestmark = BROWSER_TESTS
SEED = 3
PHONE = (390, 844)
DESKTOP = (1280, 800)
FINISH = {"end_round", "pass_crisis", "done", "cancel_offer"}


def create(base) -> tuple[str, str]:
    body = {"game": "archipelago", "seed": SEED, "options": {"length": "short", "max_turns": 2},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                      {"kind": "bot", "bot": "heuristic"}]}
    made = httpx.post(f"{base}/api/games?lang=ru", json=body, timeout=30).json()
    return made["id"], made["tokens"]["0"]


def play_until(base, gid, token, wanted, rng, timeout=120.0) -> dict:
    """Seat 0's decisions (seeded: mostly anything but a pass, a bid of about 2f) until
    ``wanted(msg)`` holds for a message in which it is to act, or the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = state(base, gid, token, "ru")
        if msg["over"]:
            return msg
        if 0 not in msg["view"]["to_act"] or not msg["actions"]:
            time.sleep(0.03)
            continue
        if wanted(msg):
            return msg
        acts = msg["actions"]
        if msg["view"]["state"]["step"] == "bid":
            pick = min((a for a in acts if a["action"]["type"] == "bid"),
                       key=lambda a: abs(a["action"]["amount"] - 2))
        else:
            others = [a for a in acts if a["action"]["type"] not in FINISH]
            pick = rng.choice(others if others and rng.random() < 0.85 else acts)
        act(base, gid, token, msg["version"], pick["action"], "ru")
    raise TimeoutError("the position was not reached")


def at(page, version: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('game').dataset.version) >= {version}")
    page.evaluate("window.scrollTo(0, 0)")


def box(page, selector: str) -> dict:
    return page.evaluate(f"""() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();
        return {{top: r.top, bottom: r.bottom, width: r.width, height: r.height}}; }}""")


def types(msg) -> set[str]:
    return {a["action"]["type"] for a in msg["actions"]}


def test_phone_round_wheel_under_the_status_and_controls_a_finger_high(server, browser):  # noqa: F811
    gid, token = create(server)
    rng = random.Random(SEED)
    ctx, page, errors = open_table(browser, server, gid, token, "ru", PHONE, wait_for="#game[data-version]")
    # turn 0: the regions in hand are named in 11 px
    msg = play_until(server, gid, token, lambda m: m["view"]["state"]["step"] == "place_start", rng)
    at(page, msg["version"])
    names = page.eval_on_selector_all(".arch-hand figcaption", "fs => fs.map(f => parseFloat(getComputedStyle(f).fontSize))")
    assert len(names) == 6 and min(names) >= 11, names
    msg = play_until(server, gid, token, lambda m: m["view"]["state"]["step"] == "bid", rng)
    at(page, msg["version"])
    assert box(page, ".bid-entry .bid-amount")["height"] >= 32
    # a round where a disc may go on the wheel, one zone of which is a single action
    single = {"taxes", "explore", "reproduce", "recruit", "migrate"}
    msg = play_until(server, gid, token, lambda m: m["view"]["state"]["step"] == "round"
                     and types(m) & single and "propose" in types(m), rng)
    at(page, msg["version"])
    page.wait_for_selector("#hud .arch-wheel .zone.hot")
    assert page.locator("#board .arch-wheel").count() == 0        # one wheel, in the HUD
    zones = page.eval_on_selector_all("#hud .arch-wheel .zone.hot", "gs => gs.map(g => g.dataset.zone)")
    assert set(zones) == {a["action"]["type"] for a in msg["actions"]
                          if a["action"]["type"] in single | {"trade", "build", "harvest"}}
    zone = sorted(set(zones) & single)[0]
    where = box(page, f"#hud .arch-wheel .zone.hot[data-zone='{zone}']")
    assert where["top"] >= 0 and where["bottom"] <= PHONE[1]          # in the first screen
    for sel in (".offer-builder .offer-to", ".offer-builder .offer-give", ".offer-builder .offer-want"):
        assert box(page, sel)["height"] >= 32, sel
    # a tap on the zone places the disc
    page.click(f"#hud .arch-wheel .zone.hot[data-zone='{zone}'] .sector")
    page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {msg['version']}")
    done = state(server, gid, token, "ru")["view"]["state"]["wheel_discs"]
    assert [0, zone] in done
    assert errors == []
    ctx.close()


def test_crisis_asks_in_view_raising_on_a_phone_and_the_end(server, browser):  # noqa: F811
    gid, token = create(server)
    rng = random.Random(SEED)
    wide, page, errors = open_table(browser, server, gid, token, "ru", DESKTOP, wait_for="#game[data-version]")
    narrow, phone, phone_errors = open_table(browser, server, gid, token, "ru", PHONE, wait_for="#game[data-version]")
    # the tracks' bands keep their numbers on one line
    at(page, state(server, gid, token, "ru")["version"])
    heights = page.eval_on_selector_all(".marker-track .band", "bs => bs.map(b => b.getBoundingClientRect().height)")
    assert heights and max(heights) < 20, heights
    # the wheel's names (in lines of at most 8 letters), counts and turn: 11 px and more
    sizes = page.eval_on_selector_all(".arch-wheel-svg text", "ts => ts.map(t => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])")
    assert len(sizes) >= 9 and min(px for _, px in sizes) >= 11, sizes
    # a purchase (L740-762): the track comes first, whole in the first screen
    msg = play_until(server, gid, token, lambda m: m["view"]["state"]["step"] == "buy", rng)
    at(page, msg["version"])
    track, where = box(page, ".arch-track"), box(page, ".arch-map")
    assert track["bottom"] <= DESKTOP[1] and track["top"] < where["top"], (track, where)
    # a domestic crisis: a cube to give, or a pass
    msg = play_until(server, gid, token, lambda m: m["view"]["state"]["step"] == "domestic"
                     and "supply" in types(m), rng)
    ctx_ = msg["view"]["state"]["ctx"]
    at(page, msg["version"])
    assert page.get_attribute("#status", "data-awaits") == "crisis_domestic"
    assert "кризис" in page.inner_text("#status")
    hud = box(page, "#hud .arch-hud-crisis")
    assert hud["top"] >= 0 and hud["bottom"] <= DESKTOP[1]
    resource = ["fruit", "wood", "cattle", "fish", "stone", "iron"][ctx_["res"]]
    word = {"fruit": "фрукты", "wood": "древесина", "cattle": "скот", "fish": "рыба",
            "stone": "камень", "iron": "железо"}[resource]
    assert word in page.inner_text("#hud .arch-hud-crisis")
    assert str(ctx_["ratio"]) in page.inner_text("#hud .arch-hud-crisis")
    # a cube given: the inhabitants it raises are chosen on the map
    supply = next(a for a in msg["actions"] if a["action"]["type"] == "supply")
    assert act(server, gid, token, msg["version"], supply["action"], "ru").status_code == 200
    msg = play_until(server, gid, token, lambda m: "raise" in types(m), rng)
    left = msg["view"]["state"]["ctx"]["raise_left"]
    lit = {a["action"]["unit"] for a in msg["actions"] if a["action"]["type"] == "raise"}
    at(page, msg["version"])
    assert page.get_attribute("#status", "data-awaits") == "raise"
    assert page.get_attribute("#hud .raise-left", "data-left") == str(left)
    # the map has the board column's width: its numbers and buildings are read at 11 px
    sizes = page.eval_on_selector_all(".arch-map .region-index, .arch-map .building-letter, .arch-map .huts",
                                      "ts => ts.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)")
    assert len(sizes) >= 7 and min(sizes) >= 11, sizes
    at(phone, msg["version"])
    assert phone.get_attribute("#status", "data-awaits") == "raise"
    rings = phone.eval_on_selector_all(".arch-map .unit-ring", "cs => cs.map(c => { const r = c.getBoundingClientRect(); return [Number(c.dataset.unit), r.top, r.bottom]; })")
    assert {u for u, _, _ in rings} == lit
    assert min(top for _, top, _ in rings) >= 0 and min(bottom for _, _, bottom in rings) <= PHONE[1]
    # a lying inhabitant is drawn hollow, white inside its owner's colour, lit or not
    fills = phone.eval_on_selector_all(".arch-map .inhabitant.striking.hot", "cs => cs.map(c => getComputedStyle(c).fill)")
    assert fills and set(fills) == {"rgb(255, 255, 255)"}, fills
    # one tap on a ring (its stroke, beside the inhabitant) raises its inhabitant
    unit = sorted(lit)[0]
    ring = phone.evaluate(f"""() => {{ const r = document.querySelector(".arch-map .unit-ring[data-unit='{unit}']").getBoundingClientRect();
        return [r.left, r.top, r.width, r.height]; }}""")
    assert ring[2] >= 14                                             # 15.5 map units across
    phone.mouse.click(ring[0] + 1.5, ring[1] + ring[3] / 2)
    phone.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {msg['version']}")
    after = state(server, gid, token, "ru")["view"]["state"]["units"]
    assert next(u for u in after if u["id"] == unit)["standing"]
    # the end: no empty HUD, the final column in the rulebook's word
    msg = play_until(server, gid, token, lambda m: False, rng, timeout=180.0)
    assert msg["over"]
    at(page, msg["version"])
    page.wait_for_selector("#final table")
    assert not page.is_visible("#hud-card")
    heads = page.eval_on_selector_all("#final th.part", "ts => ts.map(t => t.textContent)")
    assert "Тренды" in heads and "Тенденции" not in heads
    assert errors == [] and phone_errors == []
    wide.close()
    narrow.close()


def test_an_offer_to_answer_names_the_proposer(server, browser):  # noqa: F811
    body = {"game": "archipelago", "seed": 5, "options": {"length": "short"},
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}
    made = httpx.post(f"{server}/api/games?lang=ru", json=body, timeout=30).json()
    gid, tokens = made["id"], made["tokens"]
    rng = random.Random(5)
    deadline = time.monotonic() + 120
    answer = None
    while answer is None and time.monotonic() < deadline:
        acted = False
        for seat in (0, 1):
            msg = state(server, gid, tokens[str(seat)], "ru")
            assert not msg["over"]
            if seat not in msg["view"]["to_act"] or not msg["actions"]:
                continue
            st = msg["view"]["state"]
            if seat == 0 and st["step"] == "answer":
                answer = msg
                break
            kinds = {a["action"]["type"] for a in msg["actions"]}
            if seat == 1 and st["step"] == "round" and "propose" in kinds:
                # seat 1 offers seat 0 a florin for a fish, step by step as the page sends it
                for step in ({"type": "propose", "to": 0}, {"type": "add_give", "item": "f"},
                             {"type": "add_want", "item": "fish"}, {"type": "send_offer"}):
                    now = state(server, gid, tokens["1"], "ru")["version"]
                    assert act(server, gid, tokens["1"], now, step, "ru").status_code == 200, step
                acted = True
                continue
            acts = msg["actions"]
            if st["step"] == "bid":
                pick = min((a for a in acts if a["action"]["type"] == "bid"),
                           key=lambda a: abs(a["action"]["amount"] - 1))
            else:
                others = [a for a in acts if a["action"]["type"] not in FINISH | {"propose"}]
                pick = rng.choice(others if others and rng.random() < 0.8 else acts)
            act(server, gid, tokens[str(seat)], msg["version"], pick["action"], "ru")
            acted = True
        if not acted and answer is None:
            time.sleep(0.03)
    assert answer is not None, "no offer to answer"
    for size in (DESKTOP, PHONE):
        ctx, page, errors = open_table(browser, server, gid, tokens["0"], "ru", size,
                                       wait_for=".incoming-offer")
        at(page, answer["version"])
        assert page.get_attribute("#status", "data-current") == "1"
        assert page.get_attribute("#status", "data-awaits") == "trade_answer"
        assert page.inner_text("#status").startswith("Ходит Игрок 2 — ответьте на предложение")
        card = page.inner_text(".incoming-offer")
        assert "Игрок 2 даёт: 1 флорин" in card and "Игрок 2 просит: рыба" in card, card
        assert "Я даю" not in card and "Я хочу" not in card
        assert errors == []
        ctx.close()


def test_no_labour_surplus_says_recruiting_is_impossible(server, browser):  # noqa: F811
    """L577 «Вербовка невозможна, если излишки рабочей силы равны нулю»: with no surplus the
    markers say so in words (the page read «Наём стоит — ф.»). The server's messages are
    passed on with the surplus at zero, as such a position's view has it."""
    import json
    import re

    gid, token = create(server)

    def no_surplus(ws):
        upstream = ws.connect_to_server()

        def relay(message):
            data = json.loads(message)
            markers = ((data.get("view") or {}).get("state") or {}).get("markers")
            if markers is not None:
                markers.update(surplus=0, recruit_price=None)
            ws.send(json.dumps(data))

        upstream.on_message(relay)

    ctx = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]}, locale="ru")
    try:
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        page.route_web_socket(re.compile(r"/ws/games/"), no_surplus)
        page.goto(f"{server}/games/{gid}?token={token}&lang=ru")
        page.wait_for_selector(".markers [data-recruit]")
        text = page.locator(".markers [data-recruit]").inner_text()
        assert text == "Наём невозможен: излишков рабочей силы нет"
        assert "—" not in text and "ф." not in text
    finally:
        ctx.close()


def test_a_rounds_status_names_the_decision(server, browser):  # noqa: F811
    """In a round the status said only «Ваш ход!»: it now names what the seat decides, in
    the game's words (``decision_text``, as the terminal's prompt), and a spectator's message
    carries no decision."""
    import random

    gid, token = create(server)
    msg = play_until(server, gid, token, lambda m: m["view"]["state"]["step"] == "round",
                     random.Random(5))
    # (the fourteenth pass: what the round asks — the wheel, the side actions, its end — rather
    # than the step's noun «раунд»)
    assert msg["decision"] and msg["decision"] != "раунд"
    assert msg["decision"].endswith("закончите раунд"), msg["decision"]
    assert httpx.get(f"{server}/api/games/{gid}?lang=ru", timeout=30).json()["decision"] == ""
    ctx, page, errors = open_table(browser, server, gid, token, "ru", DESKTOP)
    try:
        at(page, msg["version"])
        assert page.locator("#status").inner_text() == f"Ваш ход — {msg['decision']}"
        assert not errors
    finally:
        ctx.close()
