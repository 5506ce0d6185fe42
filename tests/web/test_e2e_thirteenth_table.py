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
}


@pytest.mark.parametrize("case", list(STATUS_CASES))
def test_the_status_says_what_is_asked(server, browser, case):  # noqa: F811
    """Imperial's status for an activation (own locations lit) or a defence token (after the
    main action) and Founders' for the reveal read only «Ваш ход!» — Founders' with
    «Выберите подсвеченное место на поле» under it and nothing saying what the lit stacks are
    for. Now the games say what is decided (``decision_text``) and the status reads «Ваш ход —
    выберите действие: постройка, …, действие подсвеченной локации — или спасуйте», «Ваш ход —
    можно положить жетон обороны на подсвеченную локацию — или закончите ход», «Ваш ход —
    откройте на рынок квадрат одной из стопок (природная, деревенская, городская)»."""
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
