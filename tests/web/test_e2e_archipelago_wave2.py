"""Archipelago in a real browser: what a player may do by the rules, the page lets it do, and
with what it needs to decide in view. Each position is built with the rules' scenario helpers;
its real view and legal actions, labelled as the server labels them, are drawn by the page's own
renderer module, served by the server, in headless Chromium."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from test_e2e import open_page, server  # noqa: F401

from settlers.web.i18n import game_catalog

GAMES = Path(__file__).resolve().parents[1] / "games"
if str(GAMES / "archipelago") not in sys.path:
    sys.path.insert(0, str(GAMES / "archipelago"))

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.browser]

# draw the message, click what ``click`` selects (if anything), and return the text of
# ``selector`` (the menu that opened) and the actions sent
DRAW = """async ([msg, catalog, click, selector]) => {
  const mod = await import("/static/js/games/archipelago.js");
  const el = document.createElement("div");
  document.body.replaceChildren(el);
  const sent = [];
  const draw = () => mod.render(el, msg, { T: (k) => k, act: (i) => sent.push(msg.actions[i].action),
    send: (a) => sent.push(a), hud: document.createElement("div"), help: {}, lang: "en", game: catalog,
    seatName: (s) => `Seat ${s + 1}`, turnWords: (n) => (n > 0 ? `Turn ${n}` : "Setup") });
  const made = draw();
  if (click) {
    const target = el.querySelector(click);
    if (!target) return { found: false, made, sent };
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 10, clientY: 10 }));
  }
  const shown = selector ? el.querySelector(selector) : null;
  return { found: true, made, sent, text: shown ? shown.innerText : null };
}"""


def _msg(state, seat: int, lang: str = "en") -> dict:
    """What the server sends ``seat``: its view and its legal actions with their labels."""
    return {"seat": seat, "view": json.loads(json.dumps(state.view(seat))),
            "actions": [{"action": a.to_json(), "label": state.describe_action(a, lang)}
                        for a in state.legal_actions(seat)]}


def test_a_cards_uses_are_clickable_and_name_what_each_choice_is(server, browser):  # noqa: F811
    """L800-864 and the glossary: the Merchant trades «одного ресурса» the player chooses
    (L1460), the Spy looks at the objective of «любого игрока» (L1454), the Assassin removes a
    character of another player (L1410). Every choice was listed, but named by its bare numbers
    (a resource's index, a 0-based seat, a card's index in the content): «Card "Merchant" 3»
    could not be read as fish, «Card "Spy" 1» named the second player. The card in front of
    the player is now clickable, and each use names the resource, the player, the card."""
    from arch_scenario import card_table, give_card, set_money, touch

    state = card_table(3, 1)
    for card in ("merchant", "spy", "assassin"):
        give_card(state, 0, card)
    give_card(state, 1, "king")
    set_money(state, 0, 20)
    touch(state)
    catalog = game_catalog(state.game, "en")
    msg = _msg(state, 0)
    uses = {a["action"]["card"]: [] for a in msg["actions"] if a["action"]["type"] == "use_card"}
    for a in msg["actions"]:
        if a["action"]["type"] == "use_card":
            uses[a["action"]["card"]].append(a["label"])
    assert {"merchant", "spy", "assassin"} <= set(uses)
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    res = [catalog[f"archipelago.res.{r}"] for r in ("fruit", "wood", "cattle", "fish", "stone", "iron")]
    got = page.evaluate(DRAW, [msg, catalog, '.others [data-card="merchant"]', ".place-menu"])
    assert got["found"], "the Merchant in front of the player is not on the page"
    assert got["text"] is not None, "clicking the Merchant opens no menu of its uses"
    assert all(r in got["text"] for r in res), got["text"]   # each resource by its name
    assert not re.search(r"Merchant\W*\d", got["text"]), got["text"]
    got = page.evaluate(DRAW, [msg, catalog, '.others [data-card="spy"]', ".place-menu"])
    assert got["found"] and got["text"] is not None
    # seats 1 and 2 (Yellow, Green), never "1"/"2" for the second and the third player
    assert catalog["archipelago.player.1"] in got["text"] and catalog["archipelago.player.2"] in got["text"]
    assert not re.search(r"Spy\W*\d", got["text"]), got["text"]
    got = page.evaluate(DRAW, [msg, catalog, '.others [data-card="assassin"]', None])
    assert got["found"] and len(got["sent"]) == 1 and got["sent"][0]["card"] == "assassin"
    assassin = next(a["label"] for a in msg["actions"] if a["action"].get("card") == "assassin")
    assert catalog["archipelago.card.king"] in assassin and catalog["archipelago.player.1"] in assassin
    assert not errors, errors
    ctx.close()


def test_a_migration_names_the_unit_that_moves_and_each_unit_shows_its_moves(server, browser):  # noqa: F811
    """L579-597: in a migration the player moves the units of its choice, each once. Two of its
    units may reach one region: the menu named them «Move unit 10 to region 1», «Move unit 12
    to region 1», while the map draws units without numbers — which one moves could not be told.
    Now a move names the unit by what it is and where it stands, the regions carry their
    numbers on the map, and a click on a unit opens its own moves."""
    from arch_scenario import card_table, ship_to, touch

    from settlers.games.archipelago.actions import Migrate

    state = card_table(3, 1)
    ships = [ship_to(state, 0, k) for k in range(len(state.regions))]
    touch(state)
    state.apply(0, Migrate())
    touch(state)
    msg = _msg(state, 0)
    moves = [a for a in msg["actions"] if a["action"]["type"] == "move_unit"]
    into = {}
    for a in moves:
        into.setdefault(a["action"]["region"], []).append(a)
    _goal, two = next((r, al) for r, al in into.items() if len({a["action"]["unit"] for a in al}) > 1)
    # the labels of two moves into one region tell where each mover stands
    for a in two:
        where = state.units[a["action"]["unit"]][2]
        assert f"from region {where}" in a["label"], a["label"]
    catalog = game_catalog(state.game, "en")
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    unit = two[0]["action"]["unit"]
    got = page.evaluate(DRAW, [msg, catalog, f'.arch-map [data-unit="{unit}"]', ".place-menu"])
    assert got["found"]
    mine = [a["label"] for a in moves if a["action"]["unit"] == unit]
    if len(mine) > 1:
        assert got["text"] is not None, "a click on the unit opens no menu of its moves"
        assert all(label in got["text"] for label in mine), got["text"]
        others = [a["label"] for a in moves if a["action"]["unit"] != unit]
        assert not any(label in got["text"] for label in others), got["text"]
    else:
        assert got["sent"] == [two[0]["action"]]
    numbers = page.evaluate("() => [...document.querySelectorAll('.arch-map .region-index')].map((t) => t.textContent)")
    assert sorted(numbers) == sorted(str(k) for k in range(len(state.regions)))
    assert ships and not errors, errors
    ctx.close()


def test_laying_a_region_shows_what_the_hex_is_and_how_it_is_turned(server, browser):  # noqa: F811
    """L119-123: in turn 0 each player lays a region from the three hexes in its hand, turned
    to fit; L501-509: in an exploration the player sees the open hex, takes it or sends it away,
    and lays the one it takes. The menus named a region «hex 3 side 0 … turn 1»: which resources, huts, strait, and where its sea and
    mountains would lie could not be read. A lit cell's menu now names the face (its name,
    icons, huts) and the sides once turned; take and skip name the open hex. (The hexes are
    also drawn since the thirty-fourth session: test_e2e_archipelago_hands.)"""
    import random

    from arch_scenario import random_to_step

    import settlers

    state = settlers.load("archipelago").new_state(3, 0, {})
    seat = state.to_act[0]
    msg = _msg(state, seat)
    catalog = game_catalog(state.game, "en")
    hand = state.view(seat)["state"]["hands"][seat]
    assert len(hand) == 3
    lays = [a for a in msg["actions"] if a["action"]["type"] == "place_region"]
    cell = f'{lays[0]["action"]["q"]},{lays[0]["action"]["r"]}'
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    got = page.evaluate(DRAW, [msg, catalog, f'.arch-map [data-cell="{cell}"]', ".place-menu"])
    assert got["found"]
    text = got["text"] if got["text"] is not None else lays[0]["label"]
    a = lays[0]["action"]
    face = state.content.hexes[a["hex"]][a["side"]]
    assert face.name["en"] in text, text                                   # the face laid
    assert all(catalog[f"archipelago.res.{r}"] in text                     # its icons
               for r in ("fruit", "wood", "cattle", "fish", "stone", "iron")
               if ("fruit", "wood", "cattle", "fish", "stone", "iron").index(r) in face.icons)
    assert "sides E, SE, SW, W, NW, NE" in text, text                      # how it is turned
    assert not errors, errors
    ctx.close()
    # an exploration: the open hex is named in take / skip
    random_to_step(state, "explore_draw", random.Random(0))
    s = state.to_act[0]
    top = state.content.hexes[state.stack[-1][0]][state.stack[-1][1]]
    labels = {a.kind: state.describe_action(a, "en") for a in state.legal_actions(s)}
    assert top.name["en"] in labels["take_hex"] and top.name["en"] in labels["skip_hex"], labels


def test_the_objective_card_shows_the_number_its_end_condition_asks(server, browser):  # noqa: F811
    """L171-175: an objective card states its end condition, and «каждый игрок постоянно
    держал в уме условие окончания партии, указанное на его карте цели» — e.g. L1133-1135
    «общее количество городов в игре: 5 городов, если играют двое, 6 городов, если играют
    трое». The seat's screen showed «ends the game on: towns in play», without the number: the
    player could not know how close the end was. It now shows the number for this table."""
    from arch_scenario import after_turn_zero

    from settlers.games.archipelago.objectives import end_of

    state = after_turn_zero(3, 0)
    catalog = game_catalog(state.game, "en")
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    for seat in range(3):
        o = state.objectives[seat][0]
        kind, need = end_of(state, o)
        card = state.content.objectives[o]
        got = page.evaluate(DRAW, [_msg(state, seat), catalog, None, f'.screen [data-objective="{card["id"]}"]'])
        text = got["text"]
        assert text is not None and catalog[f"archipelago.end.{kind}"] in text, text
        if kind != "bank_money_empty":
            assert re.search(rf"\b{need}\b", text), (text, need)
    assert not errors, errors
    ctx.close()


def test_a_cards_own_steps_name_each_choice_and_a_revealed_card_is_bought_by_a_click(server, browser):  # noqa: F811
    """The steps inside a card's effect were labelled with the engine's ids: the Detective's
    purchase «Choose: missionary» (L1105, L1376: any of the five at its lowest price), the
    Pirate's victim «Выбрать: fish» (L1374: the cube it gives), the Thief's «left»/«right»
    (L1128), the Trade minister's «fish>» (which way the cube goes). Each now names the card and
    its price, the resource, the fist, the way; a revealed card the player may buy is clickable
    among the five on the table."""
    from arch_scenario import (
        card_table,
        give_card,
        give_cubes,
        set_market,
        set_money,
        ship_to,
        touch,
    )
    from test_arch_phase_sequencing import reveal_position

    from settlers.games.archipelago.actions import UseCard

    state, _units, _sixth, _five, buyable = reveal_position("detective", sixth_red=False)
    state.apply(0, UseCard("detective", ()))
    touch(state)
    assert state.step == "reveal"
    catalog = game_catalog(state.game, "en")
    card = state.content.cards[buyable]
    msg = _msg(state, 0)
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    got = page.evaluate(DRAW, [msg, catalog, f'.five-cards [data-card="{card.id}"]', None])
    assert got["found"] and got["sent"] == [{"type": "pick", "value": card.id}], got
    label = next(a["label"] for a in msg["actions"] if a["action"] == {"type": "pick", "value": card.id})
    assert catalog[f"archipelago.card.{card.id}"] in label and f"{min(card.prices)}f" in label, label
    assert not errors, errors
    ctx.close()
    ru = game_catalog(state.game, "ru")
    # the Pirate's victim pays a cube it names in its language
    state = card_table(3, 1)
    give_card(state, 0, "pirate")
    set_money(state, 0, 20)
    ship_to(state, 0, 0)
    victim_ship = ship_to(state, 1, 0)
    give_cubes(state, 1, fish=1)
    touch(state)
    state.apply(0, UseCard("pirate", (victim_ship,)))
    touch(state)
    labels = [state.describe_action(a, "ru") for a in state.legal_actions(1)]
    assert any(ru["archipelago.res.fish"] in x for x in labels) and not any("fish" in x for x in labels), labels
    # the Thief picks a fist by its word; the Trade minister's move names both markets
    state = card_table(3, 1)
    give_card(state, 0, "thief")
    set_money(state, 0, 20)
    give_cubes(state, 1, fish=1, iron=1)
    touch(state)
    state.apply(0, UseCard("thief", (1,)))
    touch(state)
    state.apply(1, state.legal_actions(1)[0])
    touch(state)
    labels = [state.describe_action(a, "en") for a in state.legal_actions(0)]
    # whose fists: the victim's (seat 1)
    from settlers.games.archipelago.render import player_name
    victim = player_name(1, "en")
    assert labels == [f"Choose: {catalog['archipelago.word.fist_left']}".replace("{name}", victim),
                      f"Choose: {catalog['archipelago.word.fist_right']}".replace("{name}", victim)]
    state = card_table(3, 1)
    give_card(state, 0, "trade_minister")
    set_money(state, 0, 20)
    set_market(state, 0, "fish", 2)
    touch(state)
    state.apply(0, UseCard("trade_minister", ()))
    touch(state)
    labels = [state.describe_action(a, "en") for a in state.legal_actions(0)]
    assert not any(">" in x or "<" in x for x in labels), labels
    assert any(x.startswith("Choose: fish: from the domestic market") for x in labels), labels


def test_a_purchase_names_the_card_bought_and_the_card_turned_and_shows_the_turns(server, browser):  # noqa: F811
    """L737-762: in phase 6 a player buys a card of the track and turns another one a quarter;
    on the skull the turned card is discarded. The menu named slots («Buy card 2 and turn 3»,
    «Turn cards 0 and 3») over a track drawn without numbers, and the track did not show how far
    each card was turned — which card would die could not be seen. The labels now name the
    cards (the one bought with its price, a turned one that reaches the skull said so) and the
    track shows each card's quarter turns."""
    import random

    from arch_scenario import random_to_step, set_money, touch

    import settlers

    state = random_to_step(settlers.load("archipelago").new_state(3, 1, {}), "buy", random.Random(1))
    seat = state.to_act[0]
    set_money(state, seat, 30)
    filled = [k for k, (card, _rot) in enumerate(state.track) if card >= 0]
    bought, dying = filled[0], filled[1]
    state.track[dying][1] = 2          # one quarter turn from the skull
    touch(state)
    msg = _msg(state, seat)
    catalog = game_catalog(state.game, "en")
    name = lambda k: catalog[f"archipelago.card.{state.content.cards[state.track[k][0]].id}"]  # noqa: E731
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    got = page.evaluate(DRAW, [msg, catalog, f'.arch-track [data-slot="{bought}"]', ".place-menu"])
    assert got["found"] and got["text"] is not None, got
    assert name(bought) in got["text"] and name(dying) in got["text"], got["text"]
    assert "to the skull" in got["text"], got["text"]
    assert not re.search(r"Buy card \d", got["text"]), got["text"]
    turned = page.evaluate(f"""() => document.querySelector('.arch-track [data-slot="{dying}"] .turned')?.dataset.rotation""")
    assert turned == "2"
    assert not errors, errors
    ctx.close()
    pairs = [a["label"] for a in msg["actions"] if a["action"]["type"] == "turn_two"]
    assert pairs and all(not re.search(r"cards? \d", x) for x in pairs), pairs


def test_a_straits_shores_are_named_by_their_sides_and_icons_and_drawn_where_they_lie(server, browser):  # noqa: F811
    """L721-725: a strait parts a region into two shores; inhabitants are placed on «любой из
    берегов» (turn 0), a recruit joins a shore, an expelled striker goes to the shore the town
    chooses. The menus said «shores (0, 1)», «shore 0», while the map drew every strait as a
    level line whatever the region's turn, and the icons and inhabitants anywhere: which shore
    was which could not be seen. The labels now name a shore by its sides and icons; the map
    draws the strait where it lies and each icon and inhabitant on its shore."""
    import math
    import random

    from arch_scenario import random_to_step

    import settlers

    state = random_to_step(settlers.load("archipelago").new_state(3, 0, {}), "choose_shores",
                           random.Random(0))
    seat = state.to_act[0]
    landed = list(state.ctx["landed"])
    region = state.units[landed[0]][2]
    face_rot = state.regions[region]["rot"]
    labels = [state.describe_action(a, "en") for a in state.legal_actions(seat)]
    assert all("shore 1 (sides" in x or "shore 2 (sides" in x for x in labels), labels
    assert not any("(0" in x or "0," in x for x in labels), labels
    both = next(a for a in state.legal_actions(seat) if len(set(a.shores)) == 2)
    state.apply(seat, both)
    catalog = game_catalog(state.game, "en")
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    page.evaluate(DRAW, [_msg(state, seat), catalog, None, None])
    line = page.evaluate(f"""() => {{ const l = document.querySelector('.arch-map [data-region="{region}"] line.strait');
      return l && [l.x1.baseVal.value, l.y1.baseVal.value, l.x2.baseVal.value, l.y2.baseVal.value]; }}""")
    assert line, "no strait drawn"
    x1, y1, x2, y2 = line
    angle = math.degrees(math.atan2(y2 - y1, x2 - x1)) % 180
    assert abs(angle - (60 * face_rot - 30) % 180) < 1, (angle, face_rot)
    side = {}
    for u in landed:
        cx, cy = page.evaluate(f"""() => {{ const c = document.querySelector('.arch-map [data-unit="{u}"]');
          return [c.cx.baseVal.value, c.cy.baseVal.value]; }}""")
        side[state.units[u][7]] = (x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1) > 0
    assert set(side) == {0, 1} and side[0] != side[1], side     # one on each side of the strait
    assert not errors, errors
    ctx.close()


def test_the_bank_and_the_explorer_piles_are_on_the_board(server, browser):  # noqa: F811
    """The bank's florins and cubes and the explorer token piles are public and several
    objectives end on them (L175 and the cards: «в банке кончились деньги», resources run out in
    the bank, explorer piles exhausted; L525: an emptied pile gives every player a disc). The
    terminal printed them; the page showed neither. The markers card now shows both."""
    from arch_scenario import after_turn_zero

    state = after_turn_zero(3, 0)
    state.piles[1] = 0
    catalog = game_catalog(state.game, "en")
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    bank = page.evaluate(DRAW, [_msg(state, 0), catalog, None, ".markers .bank"])["text"]
    assert bank is not None and f"{state.bank_money}f" in bank, bank
    for r, n in zip(("fruit", "wood", "cattle", "fish", "stone", "iron"), state.bank_cubes, strict=True):
        assert f"{catalog[f'archipelago.res.{r}']} {n}" in bank, bank
    piles = page.evaluate(DRAW, [_msg(state, 0), catalog, None, ".markers .piles"])["text"]
    assert piles is not None and " · ".join(map(str, state.piles)) in piles, piles
    assert not errors, errors
    ctx.close()


def test_the_objectives_a_seat_may_see_of_another_player_are_on_its_page(server, browser):  # noqa: F811
    """«Никаких секретов между друзьями» (L1031-1033): the objective cards lie open; the Spy
    (L1454) shows one card of another player. Each seat's view held those cards, but the page
    drew objectives on the seat's own screen only: the open cards of the others, and the card
    a Spy looked at, were not shown. They are now listed under that player."""
    from arch_scenario import after_turn_zero, card_table, give_card, set_money, touch

    from settlers.games.archipelago.actions import UseCard

    state = after_turn_zero(3, 0, no_secrets=True)
    catalog = game_catalog(state.game, "en")
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    for other in (1, 2):
        card = state.content.objectives[state.objectives[other][0]]
        got = page.evaluate(DRAW, [_msg(state, 0), catalog, None,
                                   f'.others [data-seat="{other}"] [data-objective="{card["id"]}"]'])
        assert got["text"] is not None and catalog[f"archipelago.criterion.{card['criterion']}"] in got["text"], got
    state = card_table(3, 1)
    give_card(state, 0, "spy")
    set_money(state, 0, 20)
    touch(state)
    state.apply(0, UseCard("spy", (2,)))
    touch(state)
    card = state.content.objectives[state.objectives[2][0]]
    got = page.evaluate(DRAW, [_msg(state, 0), catalog, None, f'.others [data-seat="2"] [data-objective="{card["id"]}"]'])
    assert got["text"] is not None, "the card the Spy looked at is not on the page"
    for seat in (1, None):   # nobody else sees it
        assert page.evaluate(DRAW, [_msg(state, seat) if seat is not None else {**_msg(state, 0), "seat": None, "view": json.loads(json.dumps(state.view(None))), "actions": []},
                                    catalog, None, f'.others [data-seat="2"] [data-objective="{card["id"]}"]'])["text"] is None
    assert not errors, errors
    ctx.close()


def test_ending_a_round_without_a_disc_says_it_is_a_pass_for_the_phase(server, browser):  # noqa: F811
    """L441: phase 5 goes on «пока все участники не используют свои диски действия или не
    смогут ничего совершить»; a round ended without a disc is a pass for the rest of the phase
    (README, «Rounds»): the discs left are given up. The page's button read «End the round»
    whatever it meant. A live table: the seat's page, at the start of its round with its discs
    in hand, now says the ending is a pass and how many discs it gives up."""
    import random
    import time

    import httpx

    r = httpx.post(f"{server}/api/games?lang=en", json={
        "game": "archipelago", "seed": 1, "options": {"length": "short"},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}, timeout=30)
    assert r.status_code == 200, r.text
    made = r.json()
    gid, tokens = made["id"], [made["tokens"][str(s)] for s in range(3)]
    rng = random.Random(3)
    deadline = time.monotonic() + 90
    seat = None
    while time.monotonic() < deadline and seat is None:
        for s in range(3):
            msg = httpx.get(f"{server}/api/games/{gid}?lang=en", headers={"x-seat-token": tokens[s]}, timeout=30).json()
            assert not msg["over"], "the game ended before a round of phase 5"
            if not msg["actions"]:
                continue
            st = msg["view"]["state"]
            me = st["players"][s]
            if st["step"] == "round" and me["discs"] - me["discs_used"] > 0 and any(
                    a["action"]["type"] in ("taxes", "trade", "explore", "migrate") for a in msg["actions"]):
                seat = s
                break
            quiet = [a for a in msg["actions"] if a["action"]["type"] not in (
                "end_round", "propose", "gift", "pass_crisis")]
            pick = rng.choice(quiet or msg["actions"])["action"]
            httpx.post(f"{server}/api/games/{gid}/actions?lang=en", headers={"x-seat-token": tokens[s]},
                       json={"version": msg["version"], "action": pick}, timeout=30)
    assert seat is not None, "never reached a round of phase 5"
    left = me["discs"] - me["discs_used"]
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/games/{gid}?token={tokens[seat]}&lang=en")
        button = page.wait_for_selector('#actions button[data-type="end_round"]', state="attached")
        text = button.text_content()
        assert "pass for the rest of phase 5" in text and str(left) in text, text
        assert not errors, errors
    finally:
        ctx.close()


def test_a_wonders_builders_in_one_region_are_told_apart(server, browser):  # noqa: F811
    """L874: the builder of a wonder sends «одного из своих активных незанятых жителей из
    любого места на архипелаге» — one working in a market too, which then leaves it (control of
    the market follows, L675-727). With a free inhabitant and the market's clerk in one region,
    the two choices read alike («the inhabitant from region 3»). The clerk's now says it leaves
    the market; the card in front of the player opens both."""
    from arch_scenario import place_inhabitants, touch
    from test_arch_housed_units import housed_clerk

    state, k, clerk = housed_clerk("market")
    free = place_inhabitants(state, 0, k, 1)[0]
    from arch_scenario import give_card
    give_card(state, 0, "colossus")
    state.population = 20
    touch(state)
    msg = _msg(state, 0)
    wonder = {a["action"]["unit"]: a["label"] for a in msg["actions"] if a["action"]["type"] == "build_wonder"}
    assert set(wonder) == {clerk, free} and wonder[clerk] != wonder[free], wonder
    catalog = game_catalog(state.game, "en")
    assert catalog["archipelago.building.market"] in wonder[clerk], wonder
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    got = page.evaluate(DRAW, [msg, catalog, '.others [data-card="colossus"]', ".place-menu"])
    assert got["text"] is not None and all(x in got["text"] for x in wonder.values()), got
    assert not errors, errors
    ctx.close()


def test_a_harvester_leaving_its_building_is_told_from_a_free_one(server, browser):  # noqa: F811
    """T15, L451: any active unit not yet engaged harvests, one standing in a building too — it
    leaves its building for the icon, and the building's control follows (L675-727). With the
    market's clerk and a free inhabitant in one region the two harvesters read alike but for
    their numbers; the clerk's now says it leaves the market (a migration's move too)."""
    from arch_scenario import place_inhabitants, touch
    from test_arch_housed_units import housed_clerk

    state, k, clerk = housed_clerk("market")
    free = place_inhabitants(state, 0, k, 1)[0]
    touch(state)
    harvest = next(a for a in state.legal_actions(0) if a.kind == "harvest")
    state.apply(0, harvest)
    touch(state)
    msg = _msg(state, 0)
    catalog = game_catalog(state.game, "en")
    who = {a["action"]["unit"]: a["label"] for a in msg["actions"] if a["action"]["type"] == "harvest_with"}
    assert set(who) == {clerk, free}
    assert catalog["archipelago.building.market"] in who[clerk] and catalog["archipelago.building.market"] not in who[free], who
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    got = page.evaluate(DRAW, [msg, catalog, f'.arch-map [data-unit="{clerk}"]', None])
    assert got["sent"] == [{"type": "harvest_with", "unit": clerk}], got
    title = page.evaluate(f"""() => document.querySelector('.arch-map [data-unit="{clerk}"] title').textContent""")
    assert title == who[clerk], title
    assert not errors, errors
    ctx.close()


def test_the_offer_builder_puts_in_no_more_than_the_seat_holds(server, browser):  # noqa: F811
    """L224-229: an offer gives what the player holds. The builder let a seat with one florin put
    in two (or a cube it lacks); the server refused the second step, the composed offer stopped
    half sent — open with part of its terms — without a word. The builder now puts in no more
    of an item than the seat holds behind its screen (a card or a permission once)."""
    from arch_scenario import in_round, set_money, touch

    state = in_round(3, 0)
    set_money(state, 0, 1)
    for r in range(6):
        state.bank_cubes[r] += state.cubes[0][r]
        state.cubes[0][r] = 0
    state.cubes[0][5] = 1           # one iron
    touch(state)
    msg = _msg(state, 0)
    assert any(a["action"]["type"] == "propose" for a in msg["actions"])
    catalog = game_catalog(state.game, "en")
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    shown = page.evaluate("""async ([msg, catalog]) => {
      const mod = await import("/static/js/games/archipelago.js");
      const el = document.createElement("div");
      document.body.replaceChildren(el);
      mod.render(el, msg, { T: (k) => k, act: () => {}, send: () => {}, hud: document.createElement("div"), help: {},
        lang: "en", game: catalog, seatName: (s) => `Seat ${s + 1}`,
    turnWords: (n) => (n > 0 ? `Turn ${n}` : "Setup") });
      const give = el.querySelector(".offer-builder select.offer-give");
      for (const v of ["f", "f", "iron", "iron", "fish"]) { give.value = v; give.dispatchEvent(new Event("change")); }
      return el.querySelector(".offer-builder .offer-items").textContent;
    }""", [msg, catalog])
    florin, iron = catalog["archipelago.board.item.f"], catalog["archipelago.res.iron"]
    assert shown == f"{florin}, {iron}", shown
    assert not errors, errors
    ctx.close()


def test_a_cube_from_an_explorer_token_is_marked_on_its_owners_screen(server, browser):  # noqa: F811
    """L431-433: an explorer token becomes a cube only in a crisis or for an action that needs
    it, «в счёт ресурсов, требуемых для совершения действия». Such a cube is on the screen but
    serves the present action only (the offer builder already leaves it out): the screen marks
    how many of a resource came from a token; a cube of one's own is not marked."""
    from arch_scenario import give_cubes, in_round, touch

    state = in_round(3, seed=1)
    give_cubes(state, 0, iron=2, fish=1)
    state.token_cubes[0][5] = 1   # one of the two iron cubes came from a token (RESOURCES[5])
    touch(state)
    catalog = game_catalog(state.game, "en")
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    msg = _msg(state, 0)
    iron = page.evaluate(DRAW, [msg, catalog, None, '.screen [data-resource="iron"]'])["text"]
    fish = page.evaluate(DRAW, [msg, catalog, None, '.screen [data-resource="fish"]'])["text"]
    assert "×2" in iron and "1 from a token: for this action only" in iron, iron
    assert "from a token" not in fish, fish
    assert not errors, errors
    ctx.close()
