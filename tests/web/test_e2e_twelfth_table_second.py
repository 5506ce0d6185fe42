"""The twelfth pass over the browser table, second part (docs/audits/2026-12-07-twelfth-web-table.md):
what the eleventh pass left — Imperial's lookout status, Landnám's players table on a phone,
Catan's board targets on a phone — and what a round of play found. Positions are built in the
engine and shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from table_helpers import BROWSER_TESTS, position_page, shot
from test_e2e import server  # noqa: F401

import settlers

pytestmark = BROWSER_TESTS
MESSAGES = Path(__file__).parents[2] / "src" / "settlers" / "web" / "messages"
CATALOG = {
    lang: json.loads((MESSAGES / f"{lang}.json").read_text("utf-8")) for lang in ("ru", "en")
}
DESKTOP = (1280, 800)
PHONE = (390, 844)


def _played(game: str, players: int, until, steps: int = 3000, seed: int = 0):
    """A position of ``game`` reached by random play where ``until(st)`` holds."""
    st = settlers.load(game).new_state(players, seed, {})
    rng = random.Random(seed)
    for _ in range(steps):
        if until(st):
            return st
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    raise AssertionError(f"no such {game} position in {steps} steps")


def _status(page) -> tuple[str, str | None]:
    status = page.locator("#status")
    return status.inner_text().strip(), status.get_attribute("data-current")


def _name(page, seat: int) -> str:
    return page.eval_on_selector(
        f"#players tr[data-seat='{seat}'] td.name", "n => n.firstChild.textContent.trim()"
    )


def test_imperials_lookout_status_names_the_seat_picking(server, browser):  # noqa: F811
    """Imperial's lookout picks go round from the first player (then back), one seat asked at
    a time, while the view's "turn" names the last turn's player: the seat asked read «Ходит
    Игрок 2 — выберите карточку разведки». The seat asked now reads «Ваш ход — выберите
    карточку разведки», another seat «Ходит <the seat picking>»; data-current is that seat
    (the Founders fix's shared code, seat_on_move.js)."""

    def picking_out_of_turn(s):
        view = s.view(0)["state"]
        return (
            view.get("phase") == "lookout"
            and (view.get("pending") or {}).get("kind") == "draft"
            and s.to_act
            and s.to_act[0] != view.get("turn")
        )

    st = _played("imperial", 3, picking_out_of_turn)
    asked = st.to_act[0]
    other = next(s for s in range(3) if s != asked)
    for lang in ("ru", "en"):
        cat = CATALOG[lang]
        for seat, size in ((asked, PHONE), (other, DESKTOP)):
            ctx, page, errors = position_page(browser, server, "imperial", st, seat, size, lang=lang)
            try:
                ask = cat["web.game.ask.lookout"]
                want = (
                    cat["web.game.your_turn_asks"].replace("{ask}", ask)
                    if seat == asked
                    else cat["web.game.turn_of"].replace("{name}", _name(page, asked))
                )
                assert _status(page) == (want, str(asked)), (lang, seat, want)
                assert errors == []
            finally:
                ctx.close()
