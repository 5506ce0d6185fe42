"""Archipelago's board renderer shows the Detective's / Explorer's five cards (L1105, L1376)
while the 6th card's red zone is resolved before the purchase: the cards lie face up on the
table, so every page shows them — not only the log's line. The real view of the position
(built with the rules' scenario helpers) is drawn by the page's own renderer module, served
by the server, in headless Chromium."""

from __future__ import annotations

import json
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

DRAW = """async ([msg, catalog]) => {
  const mod = await import("/static/js/games/archipelago.js");
  const el = document.createElement("div");
  document.body.replaceChildren(el);
  mod.render(el, msg, { T: (k) => k, act: () => {}, send: () => {}, hud: document.createElement("div"),
    help: {}, lang: "en", game: catalog, seatName: (s) => `Seat ${s + 1}` });
  const five = el.querySelector(".five-cards");
  return five ? five.innerText : null;
}"""


def test_the_five_cards_are_shown_while_the_sixth_cards_crisis_is_resolved(server, browser):  # noqa: F811
    from arch_scenario import touch
    from test_arch_phase_sequencing import reveal_position

    from settlers.games.archipelago.actions import UseCard

    state, _units, _sixth, five, _buyable = reveal_position("detective", sixth_red=True)
    catalog = game_catalog(state.game, "en")
    names = [catalog[f"archipelago.card.{state.content.cards[i].id}"] for i in five]
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    shown = page.evaluate(DRAW, [{"seat": 1, "view": json.loads(json.dumps(state.view(1))),
                                  "actions": []}, catalog])
    assert shown is None                                     # nothing revealed yet
    state.apply(0, UseCard("detective", ()))
    touch(state)
    assert state.step == "domestic"                          # the 6th card's crisis first
    for seat in (1, None):                                   # another seat, a spectator
        shown = page.evaluate(DRAW, [{"seat": seat, "view": json.loads(json.dumps(state.view(seat))),
                                      "actions": []}, catalog])
        assert shown is not None and "Seat 1" in shown
        assert all(name in shown for name in names), (shown, names)
    assert not errors, errors
    ctx.close()
