"""In Chromium on a phone (390×844): the game-over page of a 4-player Archipelago game — the
shared final score table (``#final``, game.js) with one column per category — fits the
screen: the page never scrolls sideways (issue 13)."""

from __future__ import annotations

import httpx
import pytest
from table_helpers import BROWSER_TESTS, module_server, open_table

pytestmark = BROWSER_TESTS


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    yield from module_server(tmp_path_factory, "final-narrow")


def test_the_final_table_of_four_players_fits_a_phone(base, browser):
    body = {"game": "archipelago", "seed": 1, "options": {"length": "short", "max_turns": 1},
            "seats": [{"kind": "bot", "bot": "random"}] * 4}
    made = httpx.post(f"{base}/api/games", json=body, timeout=20).raise_for_status().json()
    ctx, page, errors = open_table(browser, base, made["id"], lang="ru", size=(390, 844),
                                   timeout=60_000, wait_for="#final table.final-scores th.part")
    assert page.eval_on_selector_all("#final tbody tr", "rows => rows.length") == 4
    # seed 1 ends at the turn limit (not by independence): objectives, trends, cards columns
    assert page.eval_on_selector_all("#final th.part", "els => els.length") == 3
    widths = page.evaluate("""() => ({
        page: document.documentElement.scrollWidth, body: document.body.scrollWidth,
        view: document.documentElement.clientWidth,
        final: document.getElementById('final').getBoundingClientRect().right,
        table: document.querySelector('#final table').getBoundingClientRect().right})""")
    assert widths["view"] == 390
    assert widths["page"] <= widths["view"], widths
    assert widths["body"] <= widths["view"], widths
    assert widths["final"] <= widths["view"], widths
    assert widths["table"] <= widths["final"], widths      # it fits, no scrolling needed
    assert not errors, errors
    ctx.close()
