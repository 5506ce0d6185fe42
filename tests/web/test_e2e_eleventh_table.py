"""The eleventh pass over the browser table (docs/audits/2026-12-07-eleventh-web-table.md): the
five games played against bots at 1280×800 and 390×844, in Russian and English, and the worst
defects of what a player needs to decide fixed.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

from table_helpers import BROWSER_TESTS, open_table, shot
from test_e2e import server  # noqa: F401
from test_e2e_phone_table import play_until, table

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
CELL = 86   # founders.js: a grid's cell, drawn 1:1


def _founders_grid_cols(msg) -> tuple[int, int, list[int]]:
    """The seat's own grid as founders.js draws it: its columns' first x and count, and the x of
    every lit cell to lay the chosen tile on."""
    me = msg["view"]["state"]["players"][msg["seat"]]
    lit = [a["action"]["x"] for a in msg["actions"] if a["action"]["type"] == "attach"]
    xs = [t["x"] for t in me["tiles"]] + lit + [0]
    return min(xs), max(xs) - min(xs) + 1, lit


def test_founders_lit_cells_past_a_grids_right_edge_are_scrolled_into_view(server, browser):  # noqa: F811
    """A Founders grid is drawn 1:1 and scrolls inside its card when wider (a phone's card
    shows four columns of 86 px). It always showed its left edge: a tile to lay whose lit
    cells lay in the fifth column had them out of sight at the card's right edge, with no sign
    of them (and on a phone no scrollbar). Now a grid with lit cells is scrolled to them, and
    the grid's head and hand stay put above it."""
    gid, tokens = table(server, "founders", 3, seed=4)

    def wide(msg):
        if not any(a["action"]["type"] == "attach" for a in msg["actions"]):
            return False
        first, cols, lit = _founders_grid_cols(msg)
        # five columns or more, a lit cell in the last, the lit span three columns at most
        return cols >= 5 and max(lit) == first + cols - 1 and max(lit) - min(lit) <= 2

    seat, _ = play_until(server, gid, tokens, wide, prefer=("attach",), seed=3, steps=1500)
    for size in (PHONE, DESKTOP):
        ctx, page, errors = open_table(browser, server, gid, tokens[seat], "ru", size)
        try:
            grid = f".player-grid[data-seat='{seat}']"
            page.wait_for_selector(f"{grid} .hot-spot")
            seen = page.evaluate("""(grid) => {
                // (the old code scrolled the whole card)
                const box = (document.querySelector(grid + ' .grid-scroll')
                             || document.querySelector(grid)).getBoundingClientRect();
                return {box: [box.left, box.right],
                        cells: [...document.querySelectorAll(grid + ' .hot-spot')].map(n => {
                            const r = n.getBoundingClientRect(); return [r.left, r.right]; }),
                        head: document.querySelector(grid + ' > h3').getBoundingClientRect().left
                              - document.querySelector(grid).getBoundingClientRect().left};
            }""", grid)
            left, right = seen["box"]
            assert seen["cells"], seen
            for lo, hi in seen["cells"]:
                assert lo >= left - 0.5 and hi <= right + 0.5, (size, seen)
                assert hi <= size[0], (size, seen)
            assert 0 <= seen["head"] < 20, seen   # the head is not scrolled with the grid
            shot(page, f"eleventh-founders-lit-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()
