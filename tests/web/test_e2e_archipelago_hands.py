"""Archipelago's turn 0 in a real browser: the hexes a player chooses from are drawn before it
chooses (archipelago.ru.txt L117-123: «выбирает один из 6 регионов, изображённых на 3 гексах,
которые находятся у него на руках»). The table drew the lit cells only, and each cell's menu
named the regions in words: what a hex looked like, and where its sea, fields and mountains
would lie, could not be seen. Now the hand is drawn (three hexes, both sides, as the board
draws a region); clicking a side lights only the cells it fits, and a lit cell's menu offers
only its turns, each drawn turned; clicking a cell first still gives every choice there.

A table of three human seats made over the API; turn 0 played over the API until a seat's
hand has a side that fits fewer cells than its whole hand; that seat plays through the page."""

from __future__ import annotations

from table_helpers import BROWSER_TESTS, act, create, state
from test_e2e import open_page, server, version  # noqa: F401

import settlers

pytestmark = BROWSER_TESTS
SEED = 1
CONTENT = settlers.load("archipelago").new_state(3, 0, {}).content


def cells_by_side(msg) -> dict[tuple[int, int], set[str]]:
    """The cells each (hex, side) of the seat's hand may be laid on now."""
    out: dict[tuple[int, int], set[str]] = {}
    for a in msg["actions"]:
        x = a["action"]
        if x["type"] == "place_region":
            out.setdefault((x["hex"], x["side"]), set()).add(f"{x['q']},{x['r']}")
    return out


def to_narrow_position(base, gid, tokens) -> tuple[int, dict]:
    """Turn 0 played (the first legal action of whoever is to act) until the seat to lay a
    region holds a side that fits fewer cells than its hand as a whole: (seat, its message)."""
    for _ in range(40):
        msgs = {s: state(base, gid, t) for s, t in tokens.items()}
        seat = next(s for s, m in msgs.items() if s in m["view"]["to_act"])
        msg = msgs[seat]
        by_side = cells_by_side(msg)
        every = set().union(*by_side.values()) if by_side else set()
        if msg["view"]["state"]["step"] == "place_start" and any(
                len(cells) < len(every) for cells in by_side.values()):
            return seat, msg
        r = act(base, gid, tokens[seat], msg["version"], msg["actions"][0]["action"])
        r.raise_for_status()
    raise AssertionError("no seat of turn 0 had a side narrower than its hand")


def lit(page) -> set[str]:
    return set(page.eval_on_selector_all(".arch-map .hot-hex", "ps => ps.map(p => p.dataset.cell)"))


def test_turn_zero_hand_is_drawn_and_a_side_narrows_the_cells_and_lays(server, browser):  # noqa: F811
    made = create(server, "archipelago", ["human", "human", "human"], seed=SEED)
    gid = made["id"]
    tokens = {int(s): t for s, t in made["tokens"].items()}
    seat, msg = to_narrow_position(server, gid, tokens)
    hand = msg["view"]["state"]["hands"][seat]
    by_side = cells_by_side(msg)
    every = set().union(*by_side.values())
    ctx, page, errors = open_page(browser, "en")
    page.goto(f"{server}/games/{gid}?token={tokens[seat]}&lang=en")
    page.wait_for_selector(".arch-map .hot-hex")
    # the hand: three hexes, both sides each, drawn as the board draws a region
    assert page.locator(".arch-hand .hand-hex").count() == 3
    assert page.locator(".arch-hand .hand-side").count() == 6
    for h in hand:
        for side in (0, 1):
            face = CONTENT.hexes[h][side]
            fig = page.locator(f".arch-hand .hand-side[data-hex='{h}'][data-side='{side}']")
            assert fig.get_attribute("data-face") == face.id
            drawn = fig.locator("svg")
            assert drawn.locator("line.side").count() == 6
            assert [drawn.locator("line.side").nth(d).get_attribute("data-terrain")
                    for d in range(6)] == list(face.edges)             # unturned, from east
            assert drawn.locator("circle.icon").count() == len(face.icons)
            assert drawn.locator("line.strait").count() == int(face.strait)
            assert face.name["en"] in fig.inner_text()
            # a side that fits somewhere is lit; one that fits nowhere is dimmed
            assert ("hot" in fig.get_attribute("class")) == ((h, side) in by_side)
    assert lit(page) == every
    # the old way: a cell first, every choice there in its menu
    cell = sorted(every)[0]
    there = [i for i, a in enumerate(msg["actions"]) if a["action"]["type"] == "place_region"
             and f"{a['action']['q']},{a['action']['r']}" == cell]
    assert len({(msg["actions"][i]["action"]["hex"], msg["actions"][i]["action"]["side"])
                for i in there}) > 1                       # several sides fit there
    page.click(f".arch-map .hot-hex[data-cell='{cell}']")
    indices = page.eval_on_selector_all(".place-menu button.action",
                                        "bs => bs.map(b => Number(b.dataset.index))")
    assert sorted(indices) == there
    page.click(".place-menu button:not(.action)")   # ×: nothing laid
    assert version(page) == msg["version"]
    # a side chosen in hand lights only its cells
    (h, side), cells = min(by_side.items(), key=lambda kv: (len(kv[1]), kv[0]))
    assert cells < every
    page.click(f".arch-hand .hand-side[data-hex='{h}'][data-side='{side}']")
    page.wait_for_selector(f".arch-hand[data-chosen='{h}:{side}']")
    assert lit(page) == cells
    # its cell's menu: only this side's turns, each drawn turned
    mine = {c: [i for i, a in enumerate(msg["actions"]) if a["action"]["type"] == "place_region"
                and (a["action"]["hex"], a["action"]["side"]) == (h, side)
                and f"{a['action']['q']},{a['action']['r']}" == c] for c in cells}
    cell = max(sorted(cells), key=lambda c: len(mine[c]))
    assert len(mine[cell]) > 1                               # turned more than one way
    page.click(f".arch-map .hot-hex[data-cell='{cell}']")
    buttons = page.locator(".place-menu button.action")
    assert sorted(int(buttons.nth(k).get_attribute("data-index"))
                  for k in range(buttons.count())) == mine[cell]
    for k in range(buttons.count()):
        rot = msg["actions"][int(buttons.nth(k).get_attribute("data-index"))]["action"]["rot"]
        preview = buttons.nth(k).locator("svg.rot-preview")
        assert preview.get_attribute("data-rot") == str(rot)
        face = CONTENT.hexes[h][side]
        assert [preview.locator("line.side").nth(d).get_attribute("data-terrain")
                for d in range(6)] == [face.edges[(d - rot) % 6] for d in range(6)]
    chosen = msg["actions"][int(buttons.nth(0).get_attribute("data-index"))]["action"]
    # pointing at a turn lays it on the map for a look at the coasts it makes with its neighbours
    buttons.nth(0).hover()
    ghost = page.locator(f".arch-map .ghost[data-cell='{cell}'][data-rot='{chosen['rot']}']")
    assert ghost.locator("line.side").count() == 6
    buttons.nth(0).click()
    page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {msg['version']}")
    regions = state(server, gid, tokens[seat])["view"]["state"]["regions"]
    laid = [r for r in regions if (r["q"], r["r"]) == (chosen["q"], chosen["r"])]
    assert len(laid) == 1 and laid[0]["face"] == CONTENT.hexes[h][side].id
    assert laid[0]["rot"] == chosen["rot"]
    assert not errors, errors
    ctx.close()


def test_on_a_phone_the_hand_and_the_lit_cells_are_in_the_first_screen(server, browser):  # noqa: F811
    """390×844: while a region is to be laid, the hand and the map come before the screen and
    the markets (which a phone otherwise shows first)."""
    made = create(server, "archipelago", ["human", "human", "human"], seed=SEED)
    tokens = {int(s): t for s, t in made["tokens"].items()}
    seat = next(s for s, t in tokens.items()
                if s in state(server, made["id"], t)["view"]["to_act"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru")
    page = ctx.new_page()
    page.goto(f"{server}/games/{made['id']}?token={tokens[seat]}&lang=ru")
    page.wait_for_selector(".arch-map .hot-hex")
    hand = page.locator(".arch-hand").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= 844, hand
    tops = page.eval_on_selector_all(".arch-map .hot-hex",
                                     "ps => ps.map(p => p.getBoundingClientRect().top)")
    assert tops and min(tops) < 844, tops
    assert page.locator(".arch-hand .hand-side").count() == 6
    ctx.close()

