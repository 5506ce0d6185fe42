"""A tenth pass over the browser table (docs/audits/2026-12-06-tenth-web-table.md): what a
player decides with, in view at 1280×800 and 390×844, in words of the page's language — the
defects the ninth pass left (Archipelago's hexes in hand on two rows) and those found playing
the five games against bots.

A position is built in the engine and relayed to a real table page (its socket answered with
the seat's message as the server builds it, ``table_helpers.position_page``). Screenshots go to
$SETTLERS_SHOTS when set."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from table_helpers import BROWSER_TESTS, boxes, position_page, shot
from test_e2e import server  # noqa: F401

import settlers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "archipelago"))

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
ARCH = settlers.load("archipelago")


# ---------------------------------------------------------------------------- Archipelago
def test_three_hexes_in_hand_take_one_row_above_the_map(server, browser):  # noqa: F811
    """L117-123 (turn 0: three hexes in hand, six sides to choose from) and L1390 (three hexes
    drawn in an exploration): at 1280×800 the six sides, 90 px each, wrapped to two rows in the
    board's left column and pushed the map about 165 px down (the ninth pass left it). The
    hand now spans the board's two columns: its six sides are one row, and the whole map with
    its lit cells is in the first screen under it."""
    from arch_scenario import random_to_step
    pick = random_to_step(ARCH.new_state(3, 195, {}), "explore_pick", random.Random(195))
    start = ARCH.new_state(3, 4, {})
    for st, seat, tag in ((start, start.to_act[0], "start"), (pick, pick.actor, "pick")):
        ctx, page, errors = position_page(browser, server, "archipelago", st, seat, DESKTOP,
                                          wait=".arch-hand")
        try:
            faces = boxes(page, ".arch-hand .hand-face")
            assert len(faces) == 6, (tag, len(faces))
            assert max(f["top"] for f in faces) - min(f["top"] for f in faces) < 2, (tag, faces)
            assert min(f["width"] for f in faces) >= 88, (tag, faces)   # as large as before
            hand = boxes(page, ".arch-hand")[0]
            (board_map,) = boxes(page, ".arch-map")
            assert board_map["top"] >= hand["bottom"] and board_map["bottom"] <= DESKTOP[1], (
                tag, hand, board_map)
            # the decision and the lit places on the map with it
            hud = boxes(page, "#hud-card")[0]
            assert hud["bottom"] <= DESKTOP[1], hud
            if tag == "start":
                hot = boxes(page, ".arch-map .hot-hex")
                assert hot and max(h["bottom"] for h in hot) <= board_map["bottom"] + 1, hot
            shot(page, f"tenth-hand-{tag}-desktop.png")
            assert errors == []
        finally:
            ctx.close()
