"""A ninth pass over the browser table (docs/audits/2026-12-06-ninth-web-table.md): what a
player decides with in view at 1280×800 and 390×844, and the labels that were wrong — the
defects the eighth pass left (Archipelago's wheel among side actions, its hexes in hand, the
Thief's choice, the church's free raise, Landnám's offers of one kind for itself, the upload's
native «Choose Files»).

A table's position is built in the engine and relayed to a real table page (its socket
answered with the seat's message as the server builds it, ``table_helpers.built_message``), as
the eighth pass's tests do. Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from table_helpers import BROWSER_TESTS, SHOTS
from table_helpers import boxes as _boxes
from table_helpers import position_page as table_page
from table_helpers import shot as _shot
from test_e2e import open_page, server  # noqa: F401

import settlers
from settlers.web.i18n import game_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "archipelago"))

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
WEB = Path(__file__).resolve().parents[2] / "src" / "settlers" / "web" / "messages"


def web_catalog(lang: str) -> dict:
    return json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------- the lobby
def test_the_content_upload_is_a_labelled_button_naming_the_chosen_file(server, browser):  # noqa: F811
    """Archipelago's (and Founders') content upload showed Chromium's own «Choose Files / No
    file chosen» — the browser's words in its language, not the page's. The input is hidden
    behind a button of the catalogs («Выбрать файлы…» / «Choose files…») and the chosen
    file's name beside it («файл не выбран» before)."""
    for lang in ("ru", "en"):
        words = web_catalog(lang)
        ctx, page, errors = open_page(browser, lang)
        try:
            page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            page.goto(f"{server}/?lang={lang}")
            page.select_option("#game-select", "archipelago")
            label = page.locator("label.content-upload:has(input[data-game=archipelago])")
            pick = label.locator(".upload-pick")
            assert pick.inner_text().strip() == words["web.lobby.upload_choose_folder"]
            chosen = label.locator(".upload-chosen")
            assert chosen.inner_text().strip() == words["web.lobby.upload_none"]
            # the native control is not what the user sees
            box = label.locator("input.content-upload").bounding_box()
            assert box is None or box["width"] <= 1, box
            # its button is a finger high and opens the file chooser
            pbox = pick.bounding_box()
            assert pbox and pbox["height"] >= 32, pbox
            with page.expect_file_chooser() as chooser:
                pick.click()
            assert chooser.value.is_multiple()
            label.locator("input.content-upload").set_input_files(files=[
                {"name": "cards.json", "mimeType": "application/json", "buffer": b"{}"}])
            page.wait_for_function("n => n.textContent.includes('cards.json')",
                                   arg=chosen.element_handle())
            _shot(page, f"ninth-upload-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------------------- Landnám
ICELAND_RES = ["grain", "wood", "wool", "iron"]


def _iceland_offer_position():
    """A seeded random Landnám game (no offers made) up to the first trade and build phase in
    which the seat to move may offer a trade."""
    G = settlers.load("iceland")
    st = G.new_state(3, 5, {})
    rng = random.Random(5)
    while True:
        seat = st.to_act[0]
        menu = st.legal_actions(seat)
        if any(a.kind == "offer_trade" for a in menu):
            return st, seat
        st.apply(seat, rng.choice([a for a in menu if a.kind != "offer_trade"] or menu))


def test_landnam_builder_refuses_a_kind_both_given_and_asked(server, browser):  # noqa: F811
    """L53 (core.trade.shared_kinds): the server refuses an offer that gives and asks for the
    same kind. The builder let one compose it («даю 1 зерно, прошу 1 зерно») and send it, to a
    refusal. A kind on one side now cannot be added on the other (its «+» disabled, dimmed),
    and a line says why."""
    st, seat = _iceland_offer_position()
    held = next(r for r in ICELAND_RES if st.view(seat)["state"]["hand"][r] > 0)
    for lang in ("ru", "en"):
        words = web_catalog(lang)
        ctx, page, errors = table_page(browser, server, "iceland", st, seat, PHONE, lang,
                                       wait=".trade-builder")
        try:
            page.click(".trade-builder > summary")
            builder = page.wait_for_selector(".composer.offer_trade")
            rows = builder.query_selector_all(".row")
            k = ICELAND_RES.index(held)
            rows[0].query_selector_all(".stepper")[k].query_selector(".plus").click()
            asked = rows[1].query_selector_all(".stepper")[k]
            assert asked.query_selector(".plus").is_disabled()
            asked.query_selector(".plus").click(force=True)
            assert asked.query_selector(".count").inner_text() == "0"
            note = builder.query_selector(".same-kind-note")
            assert note is not None and note.is_visible()
            res = game_catalog(settlers.load("iceland"), lang)[f"iceland.res.{held}"]
            assert note.inner_text() == words["web.board.same_kind"].replace("{res}", res)
            # another kind may still be asked for, and the offer sent
            other = next(i for i, r in enumerate(ICELAND_RES) if r != held)
            rows[1].query_selector_all(".stepper")[other].query_selector(".plus").click()
            assert builder.query_selector(".send-offer").is_enabled()
            # taking the kind back off frees it on the other side
            rows[0].query_selector_all(".stepper")[k].query_selector(".minus").click()
            assert not asked.query_selector(".plus").is_disabled()
            # (the kind asked for is the one now kept off the side given)
            cat = game_catalog(settlers.load("iceland"), lang)
            assert cat[f"iceland.res.{ICELAND_RES[other]}"] in note.inner_text()
            assert res not in note.inner_text()
            rows[1].query_selector_all(".stepper")[other].query_selector(".minus").click()
            assert not note.is_visible()
            assert errors == []
        finally:
            ctx.close()


CATAN_RES = ["brick", "lumber", "wool", "grain", "ore"]


def test_catan_builder_refuses_a_kind_both_given_and_asked(server, browser):  # noqa: F811
    """Catan refuses an offer giving and asking for one kind (catan.trade.offer_problem:
    core.trade SAME_KIND); its builder let one compose and send it («даю 1 древесину, прошу 1
    древесину»), to a refusal. As in Landnám's, the kind put on one side cannot be added on
    the other, and a line says why — on a phone too, under the send buttons."""
    G = settlers.load("catan")
    st = G.new_state(4, 3, {"board": "beginner"})
    rng = random.Random(3)
    while not any(a.kind == "offer_trade" for a in st.legal_actions(st.to_act[0])):
        seat = st.to_act[0]
        st.apply(seat, rng.choice([a for a in st.legal_actions(seat) if a.kind != "offer_trade"]))
    seat = st.to_act[0]
    hand = st.view(seat)["state"]["players"][seat]["resources"]
    held = next(r for r in CATAN_RES if hand[r] > 0)
    k = CATAN_RES.index(held)
    res = game_catalog(G, "ru")[f"catan.res.{held}"]
    for size in (DESKTOP, PHONE):
        ctx, page, errors = table_page(browser, server, "catan", st, seat, size,
                                       wait=".trade-builder")
        try:
            page.click(".trade-builder > summary")
            builder = page.wait_for_selector(".composer.offer_trade")
            rows = builder.query_selector_all(".row")
            rows[0].query_selector_all(".stepper")[k].query_selector(".plus").click()
            asked = rows[1].query_selector_all(".stepper")[k]
            assert asked.query_selector(".plus").is_disabled()
            note = builder.query_selector(".same-kind-note")
            assert note is not None and note.is_visible()
            assert note.inner_text() == web_catalog("ru")["web.board.same_kind"].replace("{res}", res)
            box = note.bounding_box()
            assert box and box["y"] + box["height"] <= size[1] + page.evaluate("scrollY"), box
            # (a phone's builder is two columns, given beside got) the line under them squeezes
            # neither: none of the given side lies under the side got, every «+» and «−» whole
            gives = _boxes(page, ".composer.offer_trade > .row:nth-child(1) .stepper")
            gets = _boxes(page, ".composer.offer_trade > .row:nth-child(2) .stepper")
            if size == PHONE:
                assert max(g["right"] for g in gives) <= min(g["left"] for g in gets) + 0.5, (gives, gets)
            for b in _boxes(page, ".composer.offer_trade .stepper button"):
                assert b["width"] >= 20, b
            # each kind's colour whole: a long name («древесина») squeezed its swatch to a bar
            for sw in _boxes(page, ".composer.offer_trade .stepper .swatch"):
                assert sw["width"] >= 12, sw
            other = next(i for i in range(5) if i != k)
            rows[1].query_selector_all(".stepper")[other].query_selector(".plus").click()
            assert builder.query_selector(".send-offer").is_enabled()
            _shot(page, f"ninth-catan-same-kind-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------------------- Archipelago
ARCH = settlers.load("archipelago")
ARCH_RU = game_catalog(ARCH, "ru")
ZONES = {"taxes", "trade", "explore", "reproduce", "recruit", "migrate", "build", "harvest"}


def _busy_round(least: int):
    """The first round, in games of the heuristic bots (seeds 13, 14, …), whose menu has a zone
    of the wheel and ``least`` side actions or more (tokens, offers, gifts): a position found,
    not a step count, so a change in the bots' play does not lose it."""
    from settlers.games.archipelago.heuristic import ArchipelagoBot
    for seed in range(13, 40):
        st = ARCH.new_state(3, seed, {})
        bots = [ArchipelagoBot(110 + s) for s in range(3)]
        while not st.over:
            seat = st.to_act[0]
            if st.step == "round" and seat == st.actor:
                menu = st.legal_actions(seat)
                side = sum(a.kind in ("exchange_token", "propose", "gift") for a in menu)
                if side >= least and any(a.kind in ZONES for a in menu) and any(
                        a.kind == "gift" for a in menu):
                    return st
            st.apply(seat, bots[seat].act(st, seat))
    raise AssertionError(f"no round with {least} side actions in 27 games")


def test_a_phones_wheel_and_the_end_of_the_round_come_before_the_side_actions(server, browser):  # noqa: F811
    """A round late in a game (turn 7, seed 13): 79 choices, 30 of them side actions — four
    explorer-token exchanges, two offers, 24 gifts. On a phone the wheel was in the HUD, then
    the side actions' filter and list, and «Закончить раунд» under them, out of the first
    screen (y 975-1,074). The side actions are now folded under the round's end («Жетоны,
    предложения, подарки и другое (30)»): the wheel, the end and the fold all in the first
    screen; at 1280×800 the list stays open (the wheel is on the board beside it)."""
    st = _busy_round(20)
    seat = st.actor
    menu = st.legal_actions(seat)
    side = [a for a in menu if a.kind in ("exchange_token", "propose", "gift")]
    ctx, page, errors = table_page(browser, server, "archipelago", st, seat, PHONE,
                                   wait=".archipelago")
    try:
        wheel = _boxes(page, "#hud .arch-wheel .zone.hot")
        end = _boxes(page, "#actions .finish-row button[data-type='end_round']")
        fold = _boxes(page, "#actions details.side-actions > summary")
        assert wheel and max(w["bottom"] for w in wheel) <= PHONE[1], wheel
        assert end and end[0]["bottom"] <= PHONE[1], end
        assert fold and fold[0]["bottom"] <= PHONE[1] and end[0]["bottom"] <= fold[0]["top"], fold
        assert fold[0]["text"].startswith(ARCH_RU["archipelago.board.side_actions"].split("(")[0])
        # every side action is in the fold, and no side action above the round's end
        page.click("#actions details.side-actions > summary")
        inside = page.eval_on_selector_all("#actions details.side-actions button.action",
                                           "ns => ns.map(n => n.dataset.type)")
        assert sorted(t for t in inside if t in ("exchange_token", "propose", "gift")) == sorted(a.kind for a in side)
        above = page.eval_on_selector_all("#actions > .action-list button", "ns => ns.length")
        assert above == 0
        _shot(page, "ninth-wheel-phone.png")
        assert errors == []
    finally:
        ctx.close()
    ctx, page, errors = table_page(browser, server, "archipelago", st, seat, DESKTOP,
                                   wait=".archipelago")
    try:
        assert page.locator("#actions details.side-actions").count() == 0
        gifts = sum(a.kind == "gift" for a in side)
        assert page.locator("#actions > .action-list button[data-type='gift']").count() == gifts
        assert errors == []
    finally:
        ctx.close()


def test_hexes_in_hand_are_drawn_large_enough_to_read(server, browser):  # noqa: F811
    """The three hexes in hand of turn 0 (L117-123) and the three drawn in an exploration
    (L1390) were drawn 60 px wide at 1280×800 and 46 px on a phone: their resource icons
    10 px, their huts 8 px (the caption said them). They are 90 px at 1280×800 and two hexes a
    row on a phone (75 px and more), the huts' count bold in the middle — 13 px and more as
    drawn — while the map's lit cells stay in the first screen."""
    import random as _random

    from arch_scenario import random_to_step
    pick = random_to_step(ARCH.new_state(3, 195, {}), "explore_pick", _random.Random(195))
    start = ARCH.new_state(3, 4, {})
    for st, seat, tag in ((pick, pick.actor, "pick"), (start, start.to_act[0], "start")):
        for size, name, least in ((DESKTOP, "desktop", 88), (PHONE, "phone", 72)):
            ctx, page, errors = table_page(browser, server, "archipelago", st, seat, size,
                                           wait=".arch-hand")
            try:
                faces = _boxes(page, ".arch-hand .hand-face")
                assert faces and min(f["width"] for f in faces) >= least, (tag, name, faces[:2])
                # the sides of a hex in hand are whole in the first screen
                assert max(f["bottom"] for f in faces) <= size[1], (tag, name)
                huts = page.eval_on_selector_all(".arch-hand .hand-face .huts", """ns => ns.map(n =>
                    parseFloat(n.getAttribute('font-size')) * n.getScreenCTM().a)""")
                assert huts and min(huts) >= 13, (tag, name, huts)
                icons = page.eval_on_selector_all(".arch-hand .hand-face .icon",
                                                  "ns => ns.map(n => n.getBoundingClientRect().width)")
                assert icons and min(icons) >= 13, (tag, name, min(icons))
                if tag == "start":   # the placement's cells, lit on the map, in view too
                    hot = _boxes(page, ".arch-map .hot-hex")
                    assert hot and max(h["bottom"] for h in hot) <= size[1], (name, hot)
                _shot(page, f"ninth-hand-{tag}-{name}.png")
                assert errors == []
            finally:
                ctx.close()


def test_the_thiefs_pick_names_the_victim(server, browser):  # noqa: F811
    """L1128-1129: the Thief's user takes the cube of one of the victim's fists. The two
    buttons read «Выбрать: левый кулак» / «правый кулак» — whose fists, nowhere near them.
    The HUD now says it («Воровка: у игрока Игрок 1 в каждом кулаке по кубику…») and the
    buttons name the victim («Левый кулак игрока Игрок 1»). (The victim's own choice already
    reads «пусто» for an empty fist, not «-»: checked here.)"""
    import random as _random

    from arch_scenario import random_to_step
    st = random_to_step(ARCH.new_state(3, 9, {}), "thief_hands", _random.Random(9))
    victim = st.ctx["victim"]
    labels = [st.describe_action(a, "ru") for a in st.legal_actions(victim)]
    assert all("-" not in x for x in labels) and any(ARCH_RU["archipelago.word.empty_fist"] in x
                                                     for x in labels), labels
    st.apply(victim, st.legal_actions(victim)[0])
    thief = st.actor
    assert st.step == "thief_pick" and list(st.to_act) == [thief]
    name = f"Игрок {victim + 1}"
    for size in (DESKTOP, PHONE):
        ctx, page, errors = table_page(browser, server, "archipelago", st, thief, size,
                                       wait=".archipelago")
        try:
            line = page.inner_text("#hud .thief-now p")
            assert line == ARCH_RU["archipelago.board.thief_now"].replace("{name}", name), line
            fists = _boxes(page, "#hud .thief-now button.thief-fist")
            assert [f["text"] for f in fists] == [
                ARCH_RU["archipelago.board.thief_fist_left"].replace("{name}", name),
                ARCH_RU["archipelago.board.thief_fist_right"].replace("{name}", name)], fists
            assert max(f["bottom"] for f in fists) <= size[1]
            sent = page.evaluate("""() => new Promise(ok => {
                const real = WebSocket.prototype.send;
                WebSocket.prototype.send = function (data) { ok(JSON.parse(data)); return real.call(this, data); };
                document.querySelector("#hud .thief-fist[data-fist='right']").click(); })""")
            assert sent["action"] == {"type": "pick", "value": "right"}, sent
            _shot(page, f"ninth-thief-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


def test_the_churchs_raise_says_it_is_free(server, browser):  # noqa: F811
    """L687: in a domestic crisis the church's controller «может бесплатно поднять» the
    inhabitants of its region. The button read «Церковь в регионе 3 поднимает жителей» — beside
    the crisis asking a cube for every raise, nothing said this one costs nothing. It reads
    «… бесплатно поднимает жителей» (en «… for free»), in the HUD at both sizes."""
    import random as _random
    st = ARCH.new_state(3, 33, {})
    rng = _random.Random(33)
    while not any(a.kind == "use_church" for a in st.legal_actions(st.to_act[0])):
        assert not st.over
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    seat = st.to_act[0]
    church = next(a for a in st.legal_actions(seat) if a.kind == "use_church")
    assert "бесплатно" in st.describe_action(church, "ru")
    assert "for free" in st.describe_action(church, "en")
    for size in (DESKTOP, PHONE):
        ctx, page, errors = table_page(browser, server, "archipelago", st, seat, size,
                                       wait=".archipelago")
        try:
            button = _boxes(page, "#actions .action-list button[data-type='use_church']")
            assert button and "бесплатно" in button[0]["text"], button
            assert button[0]["bottom"] <= size[1]
            assert errors == []
        finally:
            ctx.close()


def test_an_offer_composed_step_by_step_is_in_view_with_its_send_button(server, browser):  # noqa: F811
    """L229: an offer made through the menu is composed a step at a time — «Даю: 1 флорин»,
    «Прошу: рыба», … — then sent or cancelled. At 1280×800 «Отправить предложение» and
    «Отменить предложение» were the last of twelve buttons of the HUD's list, under its fold;
    on a phone what the offer held so far and to whom lay a screen down the board («Игрок 1
    просит: рыба»). Send and cancel are now the HUD's closing buttons, and on a phone the offer
    composed so far is in the HUD above the steps."""
    from arch_scenario import give_cubes, in_round, set_money, touch

    from settlers.games.archipelago.actions import AddWant, Propose
    st = in_round(3, 1, seat=0)
    set_money(st, 0, 4)
    give_cubes(st, 0, fruit=2)
    st.apply(0, Propose(1))
    st.apply(0, AddWant("fish"))
    touch(st)
    assert st.step == "offer"
    fish = ARCH_RU["archipelago.res.fish"]
    for size in (DESKTOP, PHONE):
        ctx, page, errors = table_page(browser, server, "archipelago", st, 0, size,
                                       wait=".archipelago")
        try:
            for kind in ("send_offer", "cancel_offer"):
                b = _boxes(page, f"#actions .finish-row button[data-type='{kind}']")
                assert b and b[0]["bottom"] <= size[1], (size, kind, b)
            offer = _boxes(page, ".incoming-offer .offer-asks")
            assert offer and fish in offer[0]["text"] and offer[0]["bottom"] <= size[1], (size, offer)
            if size == PHONE:
                assert page.locator("#hud .incoming-offer").count() == 1
            _shot(page, f"ninth-offer-steps-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


def test_a_straits_buildings_are_drawn_on_their_shores(server, browser):  # noqa: F811
    """L621 «Жетоны … кладутся на участки суши», L723 (the two shores of a strait region): since
    rules .6 a strait's building lies on its builder's shore, and who may enter it depends on
    it. The map drew every building in one row under the region's middle, whatever its shore.
    Each is now drawn on its shore's half (the side the shore's inhabitants stand on), its
    title naming the shore («берег 2»)."""
    from arch_scenario import in_round, touch

    from settlers.games.archipelago import board
    st = None
    for seed in range(40):
        cand = in_round(3, seed)
        straits = [k for k in range(len(cand.regions)) if board.region_face(cand, k).strait]
        if straits:
            st, m = cand, straits[0]
            break
    assert st is not None, "no strait region explored at turn 1 in 40 seeds"
    st.regions[m]["buildings"] = {"market": 1, "church": 0, "town": 1}
    touch(st)
    ctx, page, errors = table_page(browser, server, "archipelago", st, st.to_act[0], DESKTOP,
                                   wait=".archipelago .arch-map")
    try:
        drawn = page.evaluate("""(m) => {
            const g = document.querySelector(`.arch-map g.region[data-region='${m}']`);
            const hex = g.querySelector("polygon.ground").getBBox();
            const centre = [hex.x + hex.width / 2, hex.y + hex.height / 2];
            return [...g.querySelectorAll("rect.building")].map(r => {
                const b = r.getBBox();
                return {kind: r.dataset.building, shore: r.dataset.shore,
                        x: b.x + b.width / 2 - centre[0], y: b.y + b.height / 2 - centre[1],
                        title: r.querySelector("title").textContent}; });
        }""", m)
        rot = st.regions[m]["rot"]
        import math
        assert {d["kind"]: d["shore"] for d in drawn} == {"market": "1", "church": "0", "town": "1"}
        for d in drawn:
            sh = int(d["shore"])
            a = math.pi / 3 * (rot + 1 + 3 * sh)     # towards the shore's half, as its units
            assert d["x"] * math.cos(a) + d["y"] * math.sin(a) > 2, d
            assert d["title"].endswith(f"берег {sh + 1}"), d
        if SHOTS:
            page.locator(f".arch-map g.region[data-region='{m}']").screenshot(
                path=str(Path(SHOTS) / "ninth-strait-buildings.png"), scale="css")
        assert errors == []
    finally:
        ctx.close()
