"""The twelfth pass over the browser table (docs/audits/2026-12-07-eleventh-web-table.md,
«Twelfth round»): three of the eleventh pass's «Seen and left» — Catan's players table on a
phone, Archipelago's cut action list at 1280×800, Imperial's own goods out of sight during a
lookout pick on a phone. Positions are built in the engine and shown through
``position_page``.

Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import pytest
from table_helpers import BROWSER_TESTS, CATALOG, DESKTOP, PHONE, played_until, position_page, shot
from test_e2e import server  # noqa: F401

pytestmark = BROWSER_TESTS
HEADINGS = ("points", "cards", "devs", "knights", "road")



def test_catans_players_table_fits_a_phones_card_with_whole_headings(server, browser):  # noqa: F811
    """Catan's players table on a phone was 377 px in a 366 px card: the last heading read
    «Дорог…» until scrolled inside the card. Now the table is inside its card, and every
    heading is whole: the full word, or an abbreviation with the full word in its title."""

    # the longest road's and the largest army's badges beside the names (as late in a game)
    def badged(s):
        ps = s.view(0)["state"]["players"]
        return any(p.get("largest_army") for p in ps) and any(p.get("longest_road") for p in ps)

    st = played_until("catan", 4, badged, steps=8000)
    for lang in ("ru", "en"):  # (the English words fitted)
        ctx, page, errors = position_page(browser, server, "catan", st, 0, PHONE, lang=lang)
        try:
            seen = page.evaluate(
                """() => {
                const table = document.querySelector('table.catan-players');
                const card = table.parentElement.getBoundingClientRect();
                const ths = [...table.querySelectorAll('thead th')].filter(n => n.innerText.trim());
                return {card: [card.left, card.right], table: table.getBoundingClientRect().right,
                        panelScroll: [table.parentElement.scrollWidth, table.parentElement.clientWidth],
                        ths: ths.map(n => {
                            const r = n.getBoundingClientRect();
                            return {text: n.innerText.trim(), title: n.title
                                    || (n.querySelector('[title]') || {}).title || '',
                                    left: r.left, right: r.right,
                                    cut: n.scrollWidth > n.clientWidth + 0.5}; })};
            }"""
            )
            left, right = seen["card"]
            assert seen["table"] <= right + 0.5, seen
            assert seen["panelScroll"][0] <= seen["panelScroll"][1], seen
            cat = CATALOG[lang]
            fulls = [cat[f"web.board.{k}"] for k in HEADINGS]
            assert len(seen["ths"]) == len(HEADINGS), seen
            for th, full in zip(seen["ths"], fulls, strict=True):
                assert th["left"] >= left - 0.5 and th["right"] <= right + 0.5, th
                assert not th["cut"] and "…" not in th["text"], th
                assert th["text"] == full or th["title"] == full, (th, full)
            page.locator("table.catan-players").scroll_into_view_if_needed()
            shot(page, f"twelfth-catan-players-{lang}-390.png")
            assert errors == []
        finally:
            ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_archipelagos_action_list_cuts_no_button_at_1280(server, browser, lang):  # noqa: F811
    """Archipelago's HUD listed the turn order's six orders and the offers in a list 30vh
    high that cut its seventh button in half at 1280×800. Now a list that scrolls ends
    between two rows of buttons and says how many more are below; every button in sight is
    whole."""

    def ordering(s):
        seat = s.to_act[0]
        types = [a.to_json()["type"] for a in s.legal_actions(seat)]
        return s.view(seat)["state"].get("phase") == "order" and types.count("set_order") >= 6

    st = played_until("archipelago", 3, ordering)
    seat = st.to_act[0]
    ctx, page, errors = position_page(
        browser,
        server,
        "archipelago",
        st,
        seat,
        DESKTOP,
        lang=lang,
        wait="#game[data-version] #actions .action-list",
    )
    try:
        page.wait_for_timeout(200)
        seen = page.evaluate(
            """() => {
            const list = document.querySelector('#actions .action-list');
            const box = list.getBoundingClientRect();
            const more = document.querySelector('#actions .more-below');
            return {box: [box.top, box.bottom], scrolls: list.scrollHeight > list.clientHeight,
                    more: more && more.getClientRects().length ? more.innerText : null,
                    buttons: [...list.querySelectorAll('button')].map(b => {
                        const r = b.getBoundingClientRect();
                        return [b.innerText, r.top, r.bottom]; })};
        }"""
        )
        bottom = seen["box"][1]
        assert len(seen["buttons"]) >= 7, seen
        cut = [b for b in seen["buttons"] if b[1] < bottom - 0.5 and b[2] > bottom + 0.5]
        assert cut == [], (cut, seen["box"])
        below = [b for b in seen["buttons"] if b[1] >= bottom - 0.5]
        assert bottom <= DESKTOP[1], seen
        assert below, seen  # (this position lists more than fit)
        if below:
            want = CATALOG[lang]["web.game.more_below"].replace("{n}", str(len(below)))
            assert seen["more"] == want, seen
            # scrolled to its end, the list says nothing more is below
            page.eval_on_selector("#actions .action-list", "l => { l.scrollTop = l.scrollHeight; }")
            page.wait_for_function("document.querySelector('#actions .more-below').hidden")
        shot(page, f"twelfth-archipelago-list-{lang}-1280.png")
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_imperials_lookout_pick_shows_ones_goods_with_the_cards(server, browser, lang):  # noqa: F811
    """Imperial's lookout pick on a phone puts the board (the cards to choose) first and the
    HUD with one's goods 2,400 px down. One's goods are now in the first screen with every
    card of the choice, the cards still wholly in view."""

    def picking(s):
        seat = s.to_act[0]
        acts = s.legal_actions(seat)
        return (
            s.view(seat)["state"].get("round", 0) >= 2
            and acts
            and all(a.to_json()["type"] == "pick" for a in acts)
        )

    st = played_until("imperial", 2, picking)
    seat = st.to_act[0]
    goods = st.view(seat)["state"]["players"][seat]["goods"]
    ctx, page, errors = position_page(
        browser,
        server,
        "imperial",
        st,
        seat,
        PHONE,
        lang=lang,
        wait="#game[data-version] .hot",
    )
    try:
        page.wait_for_timeout(200)
        seen = page.evaluate(
            """() => {
            const inView = (n) => { const r = n.getBoundingClientRect();
                return n.getClientRects().length && r.top >= 0 && r.bottom <= innerHeight
                       && r.left >= 0 && r.right <= innerWidth; };
            const cards = [...document.querySelectorAll('#board .is-card.hot')];
            const shown = [...document.querySelectorAll('.is-goods')].filter(inView);
            return {cards: cards.length, cardsInView: cards.filter(inView).length,
                    goods: shown.map(g => Object.fromEntries([...g.querySelectorAll(':scope > .is-good[data-good]')]
                        .map(n => [n.dataset.good, n.querySelector('b').innerText])))};
        }"""
        )
        assert seen["cards"] >= 2 and seen["cardsInView"] == seen["cards"], seen
        want = {g: str(goods.get(g, 0)) for g in seen["goods"][0]} if seen["goods"] else None
        assert seen["goods"] and seen["goods"][0] == want, (seen, goods)
        shot(page, f"twelfth-imperial-pick-{lang}-390.png")
        assert errors == []
    finally:
        ctx.close()
