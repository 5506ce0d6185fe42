"""A tenth pass over the browser table (docs/audits/2026-12-06-tenth-web-table.md): what a
player decides with, in view at 1280×800 and 390×844, in words of the page's language — the
defects the ninth pass left (Archipelago's hexes in hand on two rows) and those found playing
the five games against bots.

A position is built in the engine and relayed to a real table page (its socket answered with
the seat's message as the server builds it, ``table_helpers.position_page``). Screenshots go to
$SETTLERS_SHOTS when set."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from table_helpers import BROWSER_TESTS, advance, boxes, create, open_table, position_page, shot
from test_e2e import server  # noqa: F401

import settlers
from settlers.web.i18n import game_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "archipelago"))

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
ARCH = settlers.load("archipelago")
WEB = Path(__file__).resolve().parents[2] / "src" / "settlers" / "web" / "messages"


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


# ---------------------------------------------------------------------------- Catan, Landnám
def _costs(game: str) -> dict[str, dict[str, int]]:
    if game == "catan":
        from settlers.games.catan.content import COMPONENTS
        return COMPONENTS["costs"]
    from settlers.games.iceland.content import load_content
    c = load_content()
    return {b: {r: n for r, n in zip(c.resources, cost, strict=True) if n}
            for b, cost in c.costs.items()}


def _to_own_turn(game: str, seed: int, phases: set[str]):
    """A position of ``game`` (random play from ``seed``, after turn 3) in one of ``phases`` of
    the acting seat's own turn — trade and building."""
    G = settlers.load(game)
    st = G.new_state(4 if game == "catan" else 3, seed, {})
    rng = random.Random(seed)
    for _ in range(5000):
        seat = st.to_act[0]
        view = st.view(seat)["state"]
        if view["phase"] in phases and view["current"] == seat and st.turn >= 3:
            return G, st, seat
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    raise AssertionError("no such position")


def test_building_costs_are_beside_the_hand(server, browser):  # noqa: F811
    """Catan's almanac has a «Карта цены строительства» beside the board, as every online
    Catan shows; Landnám's rules give its four builds' prices (L57-58). The table showed no
    cost anywhere: a player building had to know them by heart. The HUD now has the card under
    the hand in the seat's own turn of trade and building: each build, a swatch per card it
    costs, the names in its title, and a tick where the hand pays for it now — in the first
    screen at 1280×800 and on a phone."""
    web_ru = json.loads((WEB / "ru.json").read_text(encoding="utf-8"))
    for game, kinds, builds in (
            ("catan", {"main", "trade", "build"}, ["road", "settlement", "city", "development_card"]),
            ("iceland", {"build"}, ["farm", "town", "settler", "boat"])):
        G, st, seat = _to_own_turn(game, 5, kinds)
        costs = _costs(game)
        state = st.view(seat)["state"]
        hand = state["players"][seat]["resources"] if game == "catan" else state["hand"]
        res_name = game_catalog(G, "ru")
        for size in (DESKTOP, PHONE):
            ctx, page, errors = position_page(browser, server, game, st, seat, size,
                                              wait="#hud .build-costs")
            try:
                rows = page.eval_on_selector_all("#hud .build-costs li", """ns => ns.map(n => ({
                    build: n.dataset.build, name: n.querySelector('.cost-name').innerText,
                    cards: [...n.querySelectorAll('.cost-cards .swatch')].map(s => s.dataset.resource),
                    afford: n.classList.contains('afford'), tick: !!n.querySelector('.afford-mark'),
                    title: n.title}))""")
                assert [r["build"] for r in rows] == builds, rows
                for r in rows:
                    cost = costs[r["build"]]
                    assert r["name"] == web_ru[f"web.board.cost.{r['build']}"]
                    assert sorted(r["cards"]) == sorted(k for k, n in cost.items() for _ in range(n)), r
                    pays = all(hand.get(k, 0) >= n for k, n in cost.items())
                    assert r["afford"] == r["tick"] == pays, (r, hand)
                    for k, n in cost.items():   # the names, for whoever cannot tell the colours
                        assert f"{res_name[f'{game}.res.{k}']} ×{n}" in r["title"], r
                card = boxes(page, "#hud .build-costs")[0]
                hand_box = boxes(page, "#hud .my-hand")[0]
                assert hand_box["bottom"] <= card["top"] + 1 and card["top"] - hand_box["bottom"] < 40
                if size == DESKTOP:
                    assert card["bottom"] <= size[1], card
                shot(page, f"tenth-costs-{game}-{size[0]}.png")
                assert errors == []
            finally:
                ctx.close()


# ---------------------------------------------------------------------------- the end of a game
@pytest.fixture(scope="module")
def finished(server):  # noqa: F811
    """Games of Imperial (2 seats) and Founders (3) played to their end through the API, the
    human seat at random against random bots: (game, id, seat 0's token)."""
    out = []
    for game, n in (("imperial", 2), ("founders", 3)):
        made = create(server, game, ["human"] + ["random"] * (n - 1), seed=21)
        msg = advance(server, made["id"], made["tokens"]["0"], 0, 10_000, seed=421, timeout=240)
        assert msg["over"], game
        out.append((game, made["id"], made["tokens"]["0"]))
    return out


def test_a_finished_games_fairness_panel_points_to_its_check(server, browser, finished):  # noqa: F811
    """Once a game is over its seed and salt are revealed, and the replay page checks them. The
    live page's «Проверка честности» ended in the text «null» (DOM's replaceChildren wrote the
    panel's absent second line as «null»), and never said where the check is. It now says the
    seed is revealed and links to the replay page's check."""
    web_ru = json.loads((WEB / "ru.json").read_text(encoding="utf-8"))
    for _game, gid, token in finished:
        for size in (DESKTOP, PHONE):
            ctx, page, errors = open_table(browser, server, gid, token, lang="ru", size=size,
                                           wait_for="#final .final-scores")
            try:
                text = page.inner_text("#fairness")
                assert "null" not in text and "undefined" not in text, text
                line = page.inner_text("#fairness .fair-revealed")
                assert line.startswith(web_ru["web.fair.revealed"]), line
                link = page.get_attribute("#fairness .fair-revealed a", "href")
                assert link == f"/games/{gid}/replay", link
                assert errors == []
            finally:
                ctx.close()


def test_the_final_scores_fit_their_card_at_1280(server, browser, finished):  # noqa: F811
    """At 1280×800 the final scores sit in the side column, 406 px wide. Founders' and
    Imperial's five categories made the table 460-490 px: its last column was cut mid-word
    («Врата и Часовня» read «В… Ч…») and scrolled unseen. The table is now as compact as on a
    phone: every column whole in its card, the headings 11 px and more."""
    for game, gid, token in finished:
        ctx, page, errors = open_table(browser, server, gid, token, lang="ru", size=DESKTOP,
                                       wait_for="#final .final-scores")
        try:
            fit = page.evaluate("""() => { const f = document.querySelector('#final');
                return {client: f.clientWidth, scroll: f.scrollWidth}; }""")
            assert fit["scroll"] <= fit["client"], (game, fit)
            (card,) = boxes(page, "#final")
            heads = boxes(page, "#final .final-scores th")
            assert len(heads) >= 6 and max(h["right"] for h in heads) <= card["right"], (game, heads)
            assert min(h["px"] for h in heads) >= 11, heads
            assert card["top"] < DESKTOP[1]
            shot(page, f"tenth-final-{game}-desktop.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------------------- what just happened
def test_what_happened_last_is_in_view_at_1280_while_the_log_is_not(server, browser):  # noqa: F811
    """At 1280×800 the log sits in the side column under the HUD, the players and the chat:
    in Catan (and Landnám, Founders, Imperial mid-game) its newest line was under the first
    screen — a bot's move changed the board with no word in view (the line under the status
    was a phone's only). It now shows on a wide screen too, as a line under the head, while the
    log's newest line is out of sight; scrolled into sight, the log says it and the line goes."""
    made = create(server, "catan", ["human", "random", "random", "random"], seed=21, lang="ru")
    gid, token = made["id"], made["tokens"]["0"]
    advance(server, gid, token, 0, 30, seed=51, timeout=200)
    ctx, page, errors = open_table(browser, server, gid, token, lang="ru", size=DESKTOP,
                                   wait_for="#game[data-version] #log li[data-i]")
    try:
        newest = page.locator("#log li").last
        page.wait_for_function("document.getElementById('last-event').getClientRects().length > 0")
        last = boxes(page, "#last-event")
        assert last and last[0]["bottom"] <= DESKTOP[1], last
        assert last[0]["text"] == f"Последнее: {newest.inner_text()}"
        assert newest.bounding_box()["y"] > DESKTOP[1]   # the log's own line: out of sight
        (head,) = boxes(page, ".game-head")
        status = boxes(page, "#status")[0]
        assert head["bottom"] - status["bottom"] < 30, (head, status)   # one short line more
        shot(page, "tenth-last-event-catan-1280.png")
        # the log scrolled into view: the line is not repeated
        page.eval_on_selector("#log li:last-child", "n => n.scrollIntoView()")
        page.wait_for_function("!document.getElementById('last-event').getClientRects().length")
        assert errors == []
    finally:
        ctx.close()
