"""An eighth pass over Archipelago's table (docs/audits/2026-12-06-eighth-archipelago-table.md):
the decisions the seventh did not reach — an offer from a bot to answer, the cards with steps of
their own, a church raising for free, a game nobody won — at 1280×800 and 390×844, in Russian.

Each page is a table made through the API (its seats human or bots, for their names) whose
socket the test answers with a position built in the engine (as
tests/web/test_e2e_archipelago_card_texts.py does). Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from table_helpers import BROWSER_TESTS, position_page
from table_helpers import boxes as _boxes
from table_helpers import shot as _shot
from test_e2e import server  # noqa: F401

import settlers
from settlers.games.archipelago.actions import AddGive, Propose, SendOffer, UseCard
from settlers.web.i18n import game_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "archipelago"))
from arch_scenario import (
    card_table,
    give_card,
    give_cubes,
    in_round,
    random_to_step,
    set_money,
    ship_to,
    staffed,
    touch,
)
from test_arch_phase_sequencing import reveal_position

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
G = settlers.load("archipelago")
RU = game_catalog(G, "ru")


def _page(browser, base, st, seat, size, bots=(), wait=".archipelago"):
    """The table page at ``size`` showing ``st`` to ``seat``; the seats in ``bots`` are bots
    (their names: «Бот N»). Returns (ctx, page, errors)."""
    return position_page(browser, base, "archipelago", st, seat, size, bots=bots, wait=wait)


NEGOTIATION = {"propose", "gift", "add_give", "add_want", "send_offer", "cancel_offer"}


def _walk(seed: int, until, players: int = 3, talk: bool = True):
    """A seeded random game (the first seat to act chooses at random; without offers or gifts
    unless ``talk``) up to the first position ``until(state)`` holds in."""
    st = G.new_state(players, seed, {})
    rng = random.Random(seed)
    while not until(st):
        assert not st.over, "the game ended first"
        seat = st.to_act[0]
        menu = st.legal_actions(seat)
        st.apply(seat, rng.choice(menu if talk else [a for a in menu if a.kind not in NEGOTIATION] or menu))
    return st


def test_the_five_revealed_cards_say_their_kind_price_and_what_they_do(server, browser):  # noqa: F811
    """L1105, L1376: the Detective's five cards were names in a line («Казначей, Архитектура,
    …»): which of them the user may buy (a character), for what (the minimum price) and what
    each does was nowhere. Each is now a card as on the track — kind and price, its text and
    how it is used — the ones of the other kind dimmed; on a phone they are in the HUD."""
    st, _units, _sixth, five, buyable = reveal_position("detective", sixth_red=False)
    st.apply(0, UseCard("detective", ()))
    touch(st)
    assert st.step == "reveal"
    cards = st.content.cards
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx, page, errors = _page(browser, server, st, 0, size)
        try:
            page.wait_for_selector(".five-cards .tile-card.hot")
            tiles = _boxes(page, ".five-cards .tile-card")
            assert len(tiles) == 5, tiles
            for x in five:
                c = cards[x]
                sel = f'.five-cards .tile-card[data-card="{c.id}"]'
                text = _boxes(page, f"{sel} .card-text")
                assert [t["text"] for t in text] == [RU[f"archipelago.card_text.{c.id}"]], (c.id, text)
                about = page.inner_text(f"{sel} .five-about")
                assert RU[f"archipelago.board.kind_{c.type}"] in about and f"{min(c.prices)}f" in about, about
                assert page.locator(f"{sel} .card-use").count() == 1
                dimmed = page.locator(f"{sel}.other-kind").count() == 1
                assert dimmed == (c.type != "character"), (c.id, dimmed)
            # the card it may buy is lit, and whole in the first screen
            hot = _boxes(page, f'.five-cards .tile-card.hot[data-card="{cards[buyable].id}"]')
            assert hot and hot[0]["bottom"] <= size[1], hot
            if size == PHONE:
                assert page.locator("#hud .five-cards").count() == 1
            _shot(page, f"pass8-five-{name}.png")
            assert errors == []
        finally:
            ctx.close()


def _purchase():
    st = random_to_step(G.new_state(3, 1, {}), "buy", random.Random(1))
    set_money(st, st.to_act[0], 30)
    touch(st)
    return st, st.to_act[0]


def test_the_track_says_who_may_use_a_card_and_for_what(server, browser):  # noqa: F811
    """The activation price and who may use a card (its owner alone, or anyone paying the
    owner 1f more, L822; the King and the Queen without activation; a wonder built, L866) were
    on no card of the track: the view sent the id, the price and the turns. Each card now says
    it; on a phone, the purchase's HUD holds the track (its buttons named the cards only)."""
    st, seat = _purchase()
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx, page, errors = _page(browser, server, st, seat, size)
        try:
            page.wait_for_selector(".arch-track .tile-card.hot")
            for slot, (card, _rot) in enumerate(st.track):
                if card < 0:
                    continue
                c = st.content.cards[card]
                got = _boxes(page, f'.arch-track [data-slot="{slot}"] .card-use')
                assert len(got) == 1 and got[0]["px"] >= 11, (c.id, got)
                head = RU[f"archipelago.board.use.{c.use}"].split("{")[0].strip(" :")
                assert got[0]["text"].startswith(head), (c.id, got)
                if c.use in ("owner", "open"):
                    if c.cost_f:
                        assert f"{c.cost_f}f" in got[0]["text"], (c.id, got)
                    if not c.cost_f and not c.discs and not any(c.cost_cubes):
                        assert RU["archipelago.word.free"] in got[0]["text"], (c.id, got)
            if size == PHONE:
                # the track is in the HUD, its first card in the first screen
                tiles = _boxes(page, "#hud .arch-track .tile-card.hot")
                assert tiles and tiles[0]["top"] < PHONE[1], tiles
            _shot(page, f"pass8-track-{name}.png")
            assert errors == []
        finally:
            ctx.close()


def _offer_from_bot():
    """Turn 1, seat 2 (a bot at the table) in its round offers seat 0 three florins and a fish
    for nothing (L229): seat 0 is to answer."""
    st = in_round(3, 1, seat=2)
    set_money(st, 2, 10)
    give_cubes(st, 2, fish=1)
    for action in (Propose(0), AddGive("f"), AddGive("f"), AddGive("f"), AddGive("fish"),
                   SendOffer()):
        st.apply(2, action)
    touch(st)
    assert st.step == "answer" and list(st.to_act) == [0]
    return st


def test_an_offer_from_a_bot_is_answered_in_the_hud_and_counts_its_items(server, browser):  # noqa: F811
    """A bot's offer to a human seat (L229): on a phone the offer and its two buttons lay at the
    foot of the first screen and under it, the HUD holding «Все действия (2)»; and the same
    items were listed one by one («1 флорин, 1 флорин, 1 флорин»), while the log said
    «3 флорина». The offer is now in the HUD on a phone, its items counted."""
    st = _offer_from_bot()
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx, page, errors = _page(browser, server, st, 0, size, bots=(1, 2), wait=".incoming-offer")
        try:
            card = page.inner_text(".incoming-offer")
            assert "Бот 3 даёт: 3 флорина, рыба" in card, card
            assert "1 флорин, 1 флорин" not in card
            accept = _boxes(page, ".incoming-offer .answer[data-accept='true']")
            assert accept and accept[0]["bottom"] <= size[1], accept
            if size == PHONE:
                assert page.locator("#hud .incoming-offer").count() == 1
            assert page.inner_text("#status").startswith("Ходит Бот 3 — ответьте на предложение")
            _shot(page, f"pass8-offer-{name}.png")
            assert errors == []
        finally:
            ctx.close()


def test_an_offer_in_a_crisis_says_what_the_crisis_asks_to_both_sides(server, browser):  # noqa: F811
    """L229 in a crisis (L364-385): once the seat to answer a domestic crisis opened an offer
    («Предложить сделку: …», step by step in the HUD), the crisis left the HUD — what it asks
    was no longer in view while the offer was composed, nor for the seat (a bot's offer,
    «Бот 3 просит: рыба») answering it. Both now read «Внутренний кризис: рыба, …» in the HUD."""
    st = _walk(33, lambda s: any(a.kind == "use_church" for a in s.legal_actions(s.to_act[0])))
    seat = st.to_act[0]
    crisis = dict(st.ctx)
    to = 0 if seat else 1
    st.apply(seat, Propose(to))
    word = RU[f"archipelago.res.{['fruit', 'wood', 'cattle', 'fish', 'stone', 'iron'][crisis['res']]}"]
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx, page, errors = _page(browser, server, st, seat, size)
        try:
            line = _boxes(page, "#hud .arch-hud-crisis")
            assert line and word in line[0]["text"] and str(crisis["ratio"]) in line[0]["text"], line
            assert line[0]["bottom"] <= size[1]
            _shot(page, f"pass8-crisis-offer-{name}.png")
            assert errors == []
        finally:
            ctx.close()
    for action in (AddGive("f") if st.money[seat] else None, SendOffer()):
        if action is not None and action in st.legal_actions(seat):
            st.apply(seat, action)
    if st.step != "answer":   # (nothing to give: ask for the crisis's resource)
        from settlers.games.archipelago.actions import AddWant
        st.apply(seat, AddWant(["fruit", "wood", "cattle", "fish", "stone", "iron"][crisis["res"]]))
        st.apply(seat, SendOffer())
    assert st.step == "answer" and list(st.to_act) == [to]
    ctx, page, errors = _page(browser, server, st, to, PHONE, bots=(seat,), wait=".incoming-offer")
    try:
        line = _boxes(page, "#hud .arch-hud-crisis")
        assert line and word in line[0]["text"], line
        assert errors == []
    finally:
        ctx.close()


def test_a_church_raising_for_free_is_in_the_hud_and_its_region_is_lit(server, browser):  # noqa: F811
    """L687: in a domestic crisis the player controlling a church «может бесплатно поднять»
    the inhabitants of its region. The choice was a lit region only — folded under «Все
    действия» in the HUD, and a lit region drew nothing on the map (nor did any other: a place
    to build, reproduce, recruit). It is now a button by the crisis, and a lit region is
    marked."""
    st = _walk(33, lambda s: any(a.kind == "use_church" for a in s.legal_actions(s.to_act[0])))
    seat = st.to_act[0]
    church = next(a for a in st.legal_actions(seat) if a.kind == "use_church")
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx, page, errors = _page(browser, server, st, seat, size)
        try:
            button = _boxes(page, "#actions .action-list button[data-type='use_church']")
            assert button and button[0]["bottom"] <= size[1], button
            mark = page.eval_on_selector_all(
                f'.arch-map .region.hot[data-region="{church.region}"] .hot-region-mark',
                "ns => ns.map(n => getComputedStyle(n).stroke)")
            assert len(mark) == 1 and mark[0] not in ("none", ""), mark
            _shot(page, f"pass8-church-{name}.png")
            assert errors == []
        finally:
            ctx.close()


def test_the_thiefs_and_the_pirates_victim_is_told_whose_round_it_is(server, browser):  # noqa: F811
    """L1128: the Thief's victim hides a cube in each fist in the thief's round; the status
    said «Ваш ход — кулаки для воровки». It now names the thief's move: «Ходит Игрок 2 —
    зажмите в кулаках по кубику для Воровки». Likewise the Pirate's victim (L1372-1374)."""
    st = random_to_step(G.new_state(3, 9, {}), "thief_hands", random.Random(9))
    victim, thief = st.ctx["victim"], st.ctx["thief"]
    assert victim != thief
    ctx, page, errors = _page(browser, server, st, victim, PHONE)
    try:
        page.wait_for_selector("#status[data-awaits='thief_hands']")
        assert page.get_attribute("#status", "data-current") == str(thief)
        assert page.inner_text("#status") == f"Ходит Игрок {thief + 1} — зажмите в кулаках по кубику для Воровки"
        assert errors == []
    finally:
        ctx.close()
    # L1372-1374: the Pirate's victim hands over a cube in the pirate's round
    st = card_table(3, 1)
    give_card(st, 0, "pirate")
    set_money(st, 0, 20)
    ship_to(st, 0, 0)
    victim_ship = ship_to(st, 1, 0)
    give_cubes(st, 1, fish=1)
    touch(st)
    st.apply(0, UseCard("pirate", (victim_ship,)))
    assert st.step == "pirate_pay" and list(st.to_act) == [1]
    ctx, page, errors = _page(browser, server, st, 1, PHONE)
    try:
        page.wait_for_selector("#status[data-awaits='pirate_pay']")
        assert page.inner_text("#status") == "Ходит Игрок 1 — отдайте Пирату кубик ресурса"
        assert errors == []
    finally:
        ctx.close()


def test_the_missionarys_choice_names_the_region_and_its_huts(server, browser):  # noqa: F811
    """L1446: with the Missionary, one hut of the region just explored may give an active
    inhabitant instead of labour surplus. The two buttons («активный житель из одной хижины»,
    «все хижины — излишки») did not say which region nor how many huts; the HUD now says it,
    and the region is marked on the map."""
    st = _walk(371, lambda s: s.step == "missionary", players=4, talk=False)
    k = st.ctx["region"]
    huts = board_huts(st, k)
    ctx, page, errors = _page(browser, server, st, st.actor, PHONE)
    try:
        line = page.inner_text("#hud .missionary-now")
        assert f"в регионе {k} " in line and f"+{huts - 1}" in line and f"+{huts} " in line, line
        assert page.locator(f'.arch-map .region[data-region="{k}"] .hot-region-mark').count() == 1
        assert errors == []
    finally:
        ctx.close()


def test_a_game_nobody_won_says_so(server, browser):  # noqa: F811
    """L906: the archipelago's independence without a Separatist — everybody lost. The status
    read «Игра окончена. Победитель: » with no name; it says «Победителей нет». The board's
    score table summed each player's points («Итого 8 / 4 / 7») beside final scores of 0: it
    now says its points decide nothing."""
    st = _walk(0, lambda s: s.over)
    assert st.ended_by == "independence" and not st.winners()
    ctx, page, errors = _page(browser, server, st, 0, DESKTOP, wait=".arch-end")
    try:
        page.wait_for_selector("#status.over")
        status = page.inner_text("#status")
        assert status.startswith("Игра окончена. Победителей нет"), status
        assert "Победитель:" not in status
        # the score table says its points decide nothing (L906-908), the final scores being 0
        void = page.inner_text(".arch-end .points-void")
        assert void == RU["archipelago.board.points_void"], void
        assert errors == []
    finally:
        ctx.close()


def _drawn_px(page, selector: str) -> list[float]:
    return page.eval_on_selector_all(selector, """ns => ns.map(n => parseFloat(n.getAttribute('font-size'))
        * n.getScreenCTM().a)""")


def test_hexes_in_hand_name_their_huts_and_a_late_maps_text_is_11px(server, browser):  # noqa: F811
    """The hexes to choose from are drawn 46-60 px wide, their huts 6-8 px: the caption under
    each now says them (11 px). A late archipelago (16 regions) is drawn below its size: its
    region numbers, huts and buildings' letters were 8.4-9.9 px; they are sized from the drawn
    scale, 11 px and more, at 1280×800 and on a phone."""
    st = random_to_step(G.new_state(3, 195, {}), "explore_pick", random.Random(195))
    seat = st.actor
    ctx, page, errors = _page(browser, server, st, seat, PHONE, wait=".arch-hand")
    try:
        for hex_id in st.ctx["drawn"]:
            for side, face in enumerate(st.content.hexes[hex_id]):
                got = _boxes(page, f'.hand-side[data-hex="{hex_id}"][data-side="{side}"] .hut-count')
                if face.huts:
                    assert [g["text"].strip() for g in got] == [f"⌂{face.huts}"] and got[0]["px"] >= 11, got
                else:
                    assert got == []
        _shot(page, "pass8-hand-phone.png")
        assert errors == []
    finally:
        ctx.close()
    from settlers.games.archipelago.heuristic import ArchipelagoBot
    st = G.new_state(3, 11, {})
    bots = [ArchipelagoBot(110 + s) for s in range(3)]
    while not (len(st.regions) >= 16 and st.step == "round" and st.to_act[0] == st.actor):
        assert not st.over
        seat = st.to_act[0]
        st.apply(seat, bots[seat].act(st, seat))
    seat = st.actor
    land = [k for k, reg in enumerate(st.regions) if board_land(st, k)][:3]
    for k, kind in zip(land, ("town", "port", "market"), strict=False):
        staffed(st, seat, k, kind)
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx, page, errors = _page(browser, server, st, seat, size)
        try:
            for sel in (".region .region-index", ".region .huts", ".region .building-letter"):
                px = _drawn_px(page, f".arch-map {sel}")
                assert px and min(px) >= 11, (size, sel, min(px or [0]))
            _shot(page, f"pass8-late-map-{name}.png")
            assert errors == []
        finally:
            ctx.close()


def board_land(st, k: int) -> bool:
    """Is region ``k`` land (a side of fields or mountains, or huts), where a building stands?"""
    from settlers.games.archipelago import board
    from settlers.games.archipelago.view import face_drawing
    drawn = face_drawing(board.region_face(st, k), st.regions[k]["rot"])
    return drawn["huts"] > 0 or any(e != "s" for e in drawn["edges"])


def board_huts(st, k: int) -> int:
    from settlers.games.archipelago import board
    return board.region_face(st, k).huts


def test_the_end_of_a_round_is_in_view_among_many_side_actions(server, browser):  # noqa: F811
    """A round late in a game offers some thirty side actions — explorer tokens, offers, gifts —
    and the HUD listed them all before «Закончить раунд», 1,150 px down on a phone. The end of
    the round is now the HUD's finish button, in the first screen."""
    from settlers.games.archipelago.heuristic import ArchipelagoBot
    st = G.new_state(3, 11, {})
    bots = [ArchipelagoBot(110 + s) for s in range(3)]
    while not (len(st.regions) >= 16 and st.step == "round" and st.to_act[0] == st.actor):
        seat = st.to_act[0]
        st.apply(seat, bots[seat].act(st, seat))
    seat = st.actor
    assert len(st.legal_actions(seat)) > 25
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx, page, errors = _page(browser, server, st, seat, size)
        try:
            end = _boxes(page, "#actions .finish-row button[data-type='end_round']")
            assert len(end) == 1 and end[0]["bottom"] <= size[1], end
            _shot(page, f"pass8-round-end-{name}.png")
            assert errors == []
        finally:
            ctx.close()
