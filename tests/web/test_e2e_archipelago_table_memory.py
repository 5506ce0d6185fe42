"""Archipelago's board renderer shows what lies on the table or in a seat's memory: the
Detective's / Explorer's five cards (L1105, L1376) while the 6th card's red zone is resolved
before the purchase — face up, so every page shows them, not only the log's line; and the
objective cards a seat put back («Больше остроты», L1041), on its own page only. The real
view of each position (built with the rules' scenario helpers) is drawn by the page's own
renderer module, served by the server, in headless Chromium."""

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

DRAW = """async ([msg, catalog, selector]) => {
  const mod = await import("/static/js/games/archipelago.js");
  const el = document.createElement("div");
  document.body.replaceChildren(el);
  mod.render(el, msg, { T: (k) => k, act: () => {}, send: () => {}, hud: document.createElement("div"),
    help: {}, lang: "en", game: catalog, seatName: (s) => `Seat ${s + 1}`,
    turnWords: (n) => (n > 0 ? `Turn ${n}` : "Setup") });
  const found = el.querySelector(selector || ".five-cards");
  return found ? found.innerText : null;
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


def test_the_cards_put_back_are_on_the_seats_own_page_only(server, browser):  # noqa: F811
    from arch_scenario import new_game
    from test_arch_deal_and_variants import play_turn_zero

    from settlers.games.archipelago.actions import Pick

    state = new_game(3, seed=2, more_sharpness=True)
    play_turn_zero(state)
    for s in (0, 1, 2):
        state.apply(s, Pick(str(state.keep_choice[s][0])))
    catalog = game_catalog(state.game, "en")
    back = next(o for o in state.keep_choice[0] if o not in state.objectives[0])
    crit = catalog[f"archipelago.criterion.{state.content.objectives[back]['criterion']}"]
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/?lang=en")
    shown = page.evaluate(DRAW, [{"seat": 0, "view": json.loads(json.dumps(state.view(0))),
                                  "actions": []}, catalog, ".put-back"])
    assert shown is not None and catalog["archipelago.board.put_back"] in shown and crit in shown
    mark = f'.put-back [data-objective="{state.content.objectives[back]["id"]}"]'
    assert page.evaluate(DRAW, [{"seat": 0, "view": json.loads(json.dumps(state.view(0))),
                                 "actions": []}, catalog, mark]) is not None
    for seat in (1, None):   # seat 1 sees the card it put back itself, never seat 0's
        assert page.evaluate(DRAW, [{"seat": seat, "view": json.loads(json.dumps(state.view(seat))),
                                     "actions": []}, catalog, mark]) is None
    assert not errors, errors
    ctx.close()
