"""The thirteenth pass over the browser table (docs/audits/2026-12-07-thirteenth-web-table.md):
what the twelfth pass left — Imperial's and Founders' statuses, Archipelago's bid on a phone,
Catan's targets at 1280 — and what a round of play found. Positions are built in the engine
and shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import pytest
from table_helpers import BROWSER_TESTS, CATALOG, DESKTOP, PHONE, played_until, position_page, shot
from test_e2e import server  # noqa: F401

import settlers

pytestmark = BROWSER_TESTS


def _types(s) -> set[str]:
    return {a.kind for a in s.legal_actions(s.to_act[0])}


def _game_words(game: str, lang: str, key: str, **params) -> str:
    from settlers.core.i18n import translate

    settlers.load(game)
    return translate(f"{game}.{key}", lang, **params)


def _imperial_main_with_activation(s) -> bool:
    v = s.view(s.to_act[0])["state"]
    return v.get("phase") == "actions" and not v.get("pending") and "activate" in _types(s) \
        and "end_turn" not in _types(s)


def _imperial_defence_after_the_action(s) -> bool:
    return _types(s) == {"end_turn", "place_defence"}


def _founders_reveal(s) -> bool:
    return s.phase == "reveal" and len([a for a in s.legal_actions(s.to_act[0])
                                        if a.kind == "reveal"]) > 1


# (game, players, position, size, catalog keys whose words the status must hold)
STATUS_CASES = {
    "imperial-activate": ("imperial", 2, _imperial_main_with_activation, PHONE,
                          ["decision.main.activate"]),
    "imperial-defence": ("imperial", 2, _imperial_defence_after_the_action, DESKTOP,
                         ["decision.free.place_defence", "decision.after_free"]),
    "founders-reveal": ("founders", 3, _founders_reveal, PHONE, ["stack.village"]),
    # (a round of play found Catan's and Landnám's statuses the same: «Ваш ход!» all turn)
    "catan-build": ("catan", 4, lambda s: s.phase == 6 and "build_road" in _types(s), DESKTOP,
                    ["decision.build.build_road"]),
    "iceland-move": ("iceland", 3, lambda s: s.phase == "move" and "move" in _types(s), PHONE,
                     ["decision.move"]),
}


@pytest.mark.parametrize("case", list(STATUS_CASES))
def test_the_status_says_what_is_asked(server, browser, case):  # noqa: F811
    """Imperial's status for an activation (own locations lit) or a defence token (after the
    main action) and Founders' for the reveal read only «Ваш ход!» — Founders' with
    «Выберите подсвеченное место на поле» under it and nothing saying what the lit stacks are
    for. Now the games say what is decided (``decision_text``) and the status reads «Ваш ход —
    выберите действие: постройка, …, действие подсвеченной локации — или спасуйте», «Ваш ход —
    можно положить жетон обороны на подсвеченную локацию — или закончите ход», «Ваш ход —
    откройте на рынок квадрат одной из стопок (природная, деревенская, городская)». Catan's and
    Landnám's turns read «Ваш ход!» from the roll to the end too: «Ваш ход — стройте (дорога)
    или закончите ход», «Ваш ход — передвиньте фишку или исследуйте гекс»."""
    game, players, until, size, keys = STATUS_CASES[case]
    st = played_until(game, players, until, steps=6000)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, game, st, seat, size, lang=lang)
        try:
            status = page.locator("#status").inner_text().strip()
            ask = st.decision_text(seat, lang)
            assert ask, (case, lang)
            assert status == CATALOG[lang]["web.game.your_turn_asks"].replace("{ask}", ask)
            assert status != CATALOG[lang]["web.game.your_turn"]
            for key in keys:
                words = _game_words(game, lang, key, free="", text="")
                for part in (p for p in words.replace("—", "\n").split("\n") if p.strip()):
                    assert part.strip(" ;") in status, (case, lang, part, status)
            box = page.locator("#status").bounding_box()
            assert box["y"] + box["height"] <= size[1], (case, box)   # in the first screen
            shot(page, f"thirteenth-status-{case}-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390", "1280"])
def test_archipelagos_bid_is_in_view_and_says_what_it_is_for(server, browser, size):  # noqa: F811
    """Archipelago's secret bid on a phone: the HUD card at the top held only «Все действия
    (2)», the bid's entry lay at the foot of the first screen under one's screen, and it said
    neither what the bid is for nor up to what one may bid. Now the entry is in the HUD on a
    phone (in the board at 1280): what the bid is for (the turn order, and the order now),
    the amount and «из Nf», the button a finger high, the bids last revealed; the status no
    longer names the round's actor as the one on move («Ходит Игрок 2 — сделайте тайную
    ставку»): the bids are everybody's at once."""
    st = played_until("archipelago", 3, lambda s: s.step == "bid" and s.turn >= 2, steps=4000)
    seat = st.to_act[0]
    money = st.view(seat)["state"]["players"][seat]["money"]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "archipelago", st, seat, size, lang=lang)
        try:
            where = "#hud" if size == PHONE else "#board"
            entry = page.locator(f"{where} .bid-entry")
            assert entry.count() == 1, (lang, size)
            assert page.locator(".bid-entry").count() == 1
            text = entry.inner_text()
            assert _game_words("archipelago", lang, "board.bid_for") in text, text
            assert _game_words("archipelago", lang, "board.bid_most", n=money) in text, text
            for name in ("Игрок 1", "Игрок 2", "Игрок 3") if lang == "ru" else ("Player 1",):
                assert name in entry.locator(".bid-order").inner_text()
            for sel in (".bid-amount", ".send-bid"):
                box = entry.locator(sel).bounding_box()
                assert box["height"] >= 40, (sel, box)
                if size == PHONE:   # in the first screen
                    assert box["y"] >= 0 and box["y"] + box["height"] <= size[1], (sel, box)
            ask = CATALOG[lang]["web.game.ask.bid"]
            assert page.locator("#status").inner_text().strip() == ask[0].upper() + ask[1:]
            shot(page, f"thirteenth-arch-bid-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()
