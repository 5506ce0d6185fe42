"""The twelfth pass over the browser table, second part (docs/audits/2026-12-07-twelfth-web-table.md):
what the eleventh pass left — Imperial's lookout status, Landnám's players table on a phone,
Catan's board targets on a phone — and what a round of play found. Positions are built in the
engine and shown through ``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from table_helpers import BROWSER_TESTS, CATALOG, DESKTOP, PHONE, played_until, position_page, shot
from test_e2e import server  # noqa: F401

pytestmark = BROWSER_TESTS



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

    st = played_until("imperial", 3, picking_out_of_turn)
    asked = st.to_act[0]
    other = next(s for s in range(3) if s != asked)
    for lang in ("ru", "en"):
        cat = CATALOG[lang]
        for seat, size in ((asked, PHONE), (other, DESKTOP)):
            ctx, page, errors = position_page(
                browser, server, "imperial", st, seat, size, lang=lang
            )
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


# Every lit place's target on the board: the radius (px) around its mark's centre within which
# every point sampled (32 directions, ½ px steps) is the target's own (its mark or its
# transparent hit area, util.hitArea) — a neighbour's target or the board under it ends it.
# Each target is first scrolled to the middle of the screen (the sticky head covers the top).
HIT_RADII = """() => {
    const keyOf = (n) => ['intersection', 'path', 'hex'].map(k => n.dataset[k] !== undefined
        ? k + n.dataset[k] : '').join('');
    const out = [];
    for (const m of document.querySelectorAll('#board .hot')) {
        if (!m.getClientRects().length) continue;   // (a kind not shown)
        m.scrollIntoView({block: 'center', inline: 'center'});
        const b = m.getBoundingClientRect(), cx = b.left + b.width / 2, cy = b.top + b.height / 2;
        const key = keyOf(m);
        const own = (e) => e && (e === m || (e.classList.contains('hit') && keyOf(e) === key));
        let r = 0.5;
        grow: for (; r < 40; r += 0.5) {
            for (let a = 0; a < 32; a++) {
                const e = document.elementFromPoint(cx + r * Math.cos(a * Math.PI / 16),
                                                    cy + r * Math.sin(a * Math.PI / 16));
                if (!own(e)) break grow;
            }
        }
        out.push([key, r - 0.5]);
    }
    return out;
}"""
FINGER = 32  # px: a board target's least width on a phone


def _catan(until):
    return played_until("catan", 4, until, steps=8000)


def _types(s):
    return {a.to_json()["type"] for a in s.legal_actions(s.to_act[0])}


@pytest.mark.parametrize("moment", ["first_settlement", "first_road", "builds"])
def test_catans_board_targets_are_a_finger_wide_on_a_phone(server, browser, moment):  # noqa: F811
    """Catan's lit corners and paths are 14 px marks on a phone over larger transparent
    targets; measured, a turn's builds (corners and paths lit together) left a corner 15 px
    and a path 16-20 px of its own (a corner and the middle of a path beside it are 19 px
    apart), and a lone road's rhombus 20 px. Now every lit place's own area holds a disc 32 px
    wide around its mark: while both kinds could be built a phone lights one kind at a time,
    chosen above the board (each button saying how many places), a path's target is a disc at
    its middle."""

    def lit_kinds(s):
        acts = [a.to_json() for a in s.legal_actions(s.to_act[0])]
        return {k for k in ("intersection", "path") for a in acts if k in a}

    until = {
        "first_settlement": lambda s: lit_kinds(s) == {"intersection"},
        "first_road": lambda s: lit_kinds(s) == {"path"},
        "builds": lambda s: lit_kinds(s) == {"intersection", "path"},
    }[moment]
    st = _catan(until)
    seat = st.to_act[0]
    lit = {
        k: {a.to_json()[k] for a in st.legal_actions(seat) if k in a.to_json()}
        for k in ("intersection", "path")
    }
    ctx, page, errors = position_page(browser, server, "catan", st, seat, PHONE, lang="ru")
    try:
        kinds = [k for k in ("intersection", "path") if lit[k]]
        chooser = page.locator(".place-chooser button")
        assert chooser.count() == (2 if len(kinds) == 2 else 0), moment
        for kind in kinds:
            if len(kinds) == 2:
                button = page.locator(f".place-chooser button[data-kind={kind}]")
                button.click()
                assert button.get_attribute("aria-pressed") == "true"
                assert (
                    button.inner_text().strip().endswith(("мест", "места", "место"))
                    and str(len(lit[kind])) in button.inner_text()
                ), button.inner_text()
                assert button.bounding_box()["height"] >= 40
            radii = page.evaluate(HIT_RADII)
            # exactly this kind's places are lit, each with its own finger-wide target
            assert {k for k, _ in radii} == {f"{kind}{i}" for i in lit[kind]}, (moment, kind)
            small = [(k, r) for k, r in radii if 2 * r < FINGER]
            assert small == [], (moment, kind, small)
        shot(page, f"twelfth2-catan-targets-{moment}-390.png")
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390", "1280"])
def test_founders_founding_layouts_are_drawn(server, browser, size):  # noqa: F811
    """Founders' founding offered its four layouts as words only («Положить «Обрыв» ближе к
    себе, «Водопад» за ним»). Each is now a button on the board with the two tiles drawn as the
    grid will lay them (the owner below: the first tile at the bottom left, the second to its
    right or, stacked, above it), each tile named, and the action's words under the picture;
    on a phone the four are in the first screens, before the market."""

    def founding(s):
        return s.phase == "found"

    st = played_until("founders", 3, founding)
    seat = st.to_act[0]
    view = st.view(seat)["state"]
    acts = [a.to_json() for a in st.legal_actions(seat)]
    for lang in ("ru", "en"):
        names = {t: v[lang] for t, v in view["types"].items()}
        ctx, page, errors = position_page(browser, server, "founders", st, seat, size, lang=lang)
        try:
            seen = page.eval_on_selector_all(
                ".found-layout",
                """bs => bs.map(b => {
                    const rs = [...b.querySelectorAll('svg rect')].map(r => r.getBoundingClientRect());
                    const texts = [...b.querySelectorAll('svg text')];
                    const inside = (r) => texts.filter(t => { const q = t.getBoundingClientRect();
                        const x = q.left + q.width / 2;
                        return q.top >= r.top && q.bottom <= r.bottom && x > r.left && x < r.right; })
                        .map(t => t.textContent).join(' ');
                    const box = b.getBoundingClientRect();
                    return {index: Number(b.dataset.index), words: b.innerText.trim(),
                            rects: rs.map(r => [r.left, r.top, r.width, r.height, inside(r)]),
                            box: [box.top, box.bottom, box.left, box.right]};
                })""",
            )
            assert len(seen) == 4, seen
            for b in seen:
                act = acts[b["index"]]
                assert act["type"] == "found_state", act
                (x1, y1, w1, h1, t1), (x2, y2, w2, h2, t2) = b["rects"]
                # drawn at their own small size, the tiles square and alike
                assert abs(w1 - w2) < 1 and abs(w1 - h1) < 1 and abs(h1 - h2) < 1 and w1 <= 80, b
                if act["stacked"]:  # the second farther from the owner: above the first
                    assert abs(x1 - x2) < 1 and y2 < y1, b
                else:  # beside it
                    assert abs(y1 - y2) < 1 and x2 > x1, b
                type_of = {t["id"]: t["type"] for t in view["players"][seat]["founding"]}
                for text, tile in ((t1, act["first"]), (t2, act["second"])):
                    assert text.startswith(names[type_of[tile]]), (text, names[type_of[tile]])
                assert b["words"], b
                assert b["box"][2] >= 0 and b["box"][3] <= size[0], b
                assert b["box"][1] - b["box"][0] >= 40, b
            if size == PHONE:  # before the market: the last layout within two screens
                assert max(b["box"][1] for b in seen) <= 2 * size[1], seen
            shot(page, f"twelfth2-founders-layouts-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()


GAMES_DIR = Path(__file__).parents[2] / "src" / "settlers" / "games"


def _res_names(game: str, lang: str) -> dict[str, str]:
    cat = json.loads((GAMES_DIR / game / "messages" / f"{lang}.json").read_text("utf-8"))
    prefix = f"{game}.res."
    return {
        k[len(prefix) :]: v for k, v in cat.items() if k.startswith(prefix) and k.count(".") == 2
    }


def _words(amounts: dict[str, int], names: dict[str, str]) -> str:
    return ", ".join(f"{names[r]} ×{n}" for r, n in amounts.items() if n) or "—"


def _offer_position(game: str, players: int, seed: int):
    """The first offer of a random game (``seed``) that its addressee cannot accept."""

    def offered(s):
        v = s.view(0)["state"]
        return bool(v.get("offer") or v.get("trade")) and len(s.legal_actions(s.to_act[0])) == 1

    return played_until(game, players, offered, steps=6000, seed=seed)


@pytest.mark.parametrize("game", ["catan", "iceland"])
def test_an_offer_reads_from_the_seat_it_is_put_to(server, browser, game):  # noqa: F811
    """An offer read «Отдаёт: шерсть ×1 → Получает: железо ×1» to everyone: the seat asked to
    answer had to work out whose side was whose, and, short of the cards asked, why the only
    button was to decline. The seat asked now reads «Вы получаете: … · Вы отдаёте: …» and
    «Чтобы принять, не хватает: …» beside its answer (its own hand against the terms); the
    proposer «Вы отдаёте: … → Вы получаете: …»."""
    st = _offer_position(game, 4 if game == "catan" else 3, seed=1 if game == "catan" else 0)
    asked = st.to_act[0]
    view = st.view(asked)["state"]
    if game == "catan":
        tr, proposer = view["trade"], view["trade"]["from"]
        give, get = tr["give"], tr["get"]
        hand = view["players"][asked]["resources"]
    else:
        order = list(view["hand"])  # the table's resources in the rules' order
        tr, proposer = view["offer"], view["current"]
        give, get = dict(zip(order, tr["give"])), dict(zip(order, tr["get"]))
        hand = view["hand"]
    lack = {r: max(n - hand.get(r, 0), 0) for r, n in get.items()}
    assert any(lack.values())
    for lang in ("ru", "en"):
        cat, names = CATALOG[lang], _res_names(game, lang)
        you_get, you_give = cat["web.board.you_get"], cat["web.board.you_give"]
        for seat, size in ((asked, PHONE), (proposer, DESKTOP)):
            ctx, page, errors = position_page(browser, server, game, st, seat, size, lang=lang)
            try:
                terms = page.locator("section.trade .offer-terms").inner_text().strip()
                lacking = page.locator("section.trade .trade-answers .offer-lacking")
                if seat == asked:
                    want = f"{you_get}: {_words(give, names)} · {you_give}: {_words(get, names)}"
                    assert terms == want, (terms, want)
                    assert lacking.inner_text().strip() == cat["web.board.offer_lacking"].replace(
                        "{cards}", _words(lack, names)
                    )
                    box = lacking.bounding_box()
                    assert box and box["y"] + box["height"] <= 3 * size[1], box
                    shot(page, f"twelfth2-offer-{game}-{lang}-390.png")
                else:
                    want = f"{you_give}: {_words(give, names)} → {you_get}: {_words(get, names)}"
                    assert terms == want, (terms, want)
                    assert lacking.count() == 0
                assert errors == []
            finally:
                ctx.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
def test_the_board_hint_brings_a_lit_place_into_view(server, browser, size):  # noqa: F811
    """«Выберите подсвеченное место на поле» — but Imperial's own locations, lit to take a
    defence token or to be activated, lie under the hand: below the first screen at 1280×800,
    screens down on a phone, and nothing said where. The hint now has a button that brings a
    lit place into view (the next at each press)."""

    def defence(s):  # (with a hand of 9 cards or more above the locations)
        seat = s.to_act[0]
        types = {a.to_json()["type"] for a in s.legal_actions(seat)}
        hand = s.view(seat)["state"]["players"][seat]["hand"] or []
        return types == {"end_turn", "place_defence"} and len(hand) >= 9

    st = played_until("imperial", 2, defence)
    seat = st.to_act[0]
    for lang in ("ru", "en"):
        ctx, page, errors = position_page(browser, server, "imperial", st, seat, size, lang=lang)
        try:
            hint = page.locator("#actions .board-hint")
            assert hint.inner_text().startswith(CATALOG[lang]["web.game.board_hint"])
            button = hint.locator("button.show-lit")
            assert button.inner_text().strip() == CATALOG[lang]["web.game.board_show"]
            in_view = """() => [...document.querySelectorAll('#board .hot')]
                .filter(n => n.getClientRects().length).map(n => {
                    const r = n.getBoundingClientRect();
                    const box = n.closest('.board-wrap').getBoundingClientRect();
                    return r.top >= Math.max(0, box.top) && r.bottom <= Math.min(innerHeight, box.bottom); })"""
            before = page.evaluate(in_view)
            assert before and not all(before), before  # (some lit place out of sight)
            assert button.bounding_box()["height"] >= (40 if size == PHONE else 20)
            for k in range(len(before)):  # each press brings the next lit place into view
                button.click()
                assert page.evaluate(in_view)[k], (k, page.evaluate(in_view))
            shot(page, f"twelfth2-show-lit-{lang}-{size[0]}.png")
            assert errors == []
        finally:
            ctx.close()
