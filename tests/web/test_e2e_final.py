"""In Chromium: every game's game-over table shows the rulebook's score breakdown (one
column per category, in the page's language) and the parts add up to each player's total."""

from __future__ import annotations

import json
import urllib.request

import pytest
from table_helpers import BROWSER_TESTS, module_server, open_table

import settlers
from settlers.core.i18n import lookup

pytestmark = BROWSER_TESTS

# small, fast tables of bots (the turn limits are the simulation options: a few turns only)
TABLES = {
    "catan": ({"turn_limit": 12}, "random"),
    "founders": ({}, "random"),
    "iceland": ({"turn_limit": 8}, "random"),
    "imperial": ({}, "random"),
    "archipelago": ({"length": "short", "max_turns": 6}, "random"),
}
CATEGORIES = {
    "catan": ["settlements", "cities", "longest_road", "largest_army", "vp_cards"],
    "founders": ["prizes", "masters", "tokens", "face_down"],
    "iceland": ["houses", "white", "red", "black"],
    "imperial": ["track", "common", "empire", "features"],
}


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    yield from module_server(tmp_path_factory, "final")


def post(url, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.load(r)


@pytest.mark.parametrize("game_id", list(TABLES))
def test_game_over_shows_the_rulebooks_score_breakdown(base, browser, game_id):
    options, bot = TABLES[game_id]
    game = settlers.load(game_id)
    made = post(f"{base}/api/games", {"game": game_id, "seed": 1, "options": options,
                                      "seats": [{"kind": "bot", "bot": bot}] * max(2, game.min_players)})
    ctx, page, errors = open_table(browser, base, made["id"], lang="ru", timeout=60_000,
                                   wait_for="#final table.final-scores th.part")
    keys = page.eval_on_selector_all("#final th.part", "els => els.map(e => e.dataset.key)")
    labels = page.eval_on_selector_all("#final th.part", "els => els.map(e => e.textContent)")
    if game_id in CATEGORIES:
        assert keys == [f"{game_id}.score.{c}" for c in CATEGORIES[game_id]]
    assert keys and labels == [lookup(k, "ru") for k in keys]
    rows = page.eval_on_selector_all("#final tbody tr", """rows => rows.map(r => ({
        parts: [...r.querySelectorAll('td.part')].map(td => Number(td.textContent)),
        total: Number(r.querySelector('td.score').textContent)}))""")
    assert len(rows) == max(2, game.min_players)
    for row in rows:
        assert len(row["parts"]) == len(keys) and sum(row["parts"]) == row["total"]
    assert not errors, errors
    ctx.close()
