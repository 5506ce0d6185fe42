"""Landnám's offer on the table is headed by both seats in one phrase — «Предложение обмена:
Бот 3 → Игрок 1» — not «Предложение обмена от: Бот 3 → Игрок 1» (the catalog's «от:» took a
name and the page appended the addressee after it; seen in the README's screenshot).

A table is created through the API for its page; the page's socket is answered by the test with
a position built in the engine, in which the page's seat answers an offer."""

from __future__ import annotations

import json
import random
import re

import httpx
from table_helpers import BROWSER_TESTS, built_message
from test_e2e import open_page, server  # noqa: F401

import settlers

pytestmark = BROWSER_TESTS


def _offered():
    """A seeded 3-player Landnám game played at random until a seat answers an offer."""
    rng = random.Random(4)
    st = settlers.load("iceland").new_state(players=3, seed=4)
    for _ in range(20_000):
        for seat in sorted(st.to_act):
            if any(a.kind == "answer_offer" for a in st.legal_actions(seat)):
                return st, seat
        seat = rng.choice(sorted(st.to_act))
        st = st.clone()
        st.apply(seat, rng.choice(st.legal_actions(seat)))
        assert not st.over
    raise AssertionError("no offer to answer in the seeded game")


def test_an_offer_is_headed_by_its_two_seats(server, browser):  # noqa: F811
    st, seat = _offered()
    r = httpx.post(f"{server}/api/games?lang=ru", json={
        "game": "iceland", "seats": [{"kind": "human"}] * st.players}, timeout=30)
    r.raise_for_status()
    made = r.json()
    gid, token = made["id"], made["tokens"][str(seat)]
    for lang, said in (("ru", "Предложение обмена: "), ("en", "Trade offer: ")):
        msg = built_message(server, gid, token, st, seat, lang)
        names = [s["name"] for s in msg["seats"]]
        ctx, page, errors = open_page(browser, lang)
        try:
            page.route_web_socket(re.compile(r"/ws/games/"), lambda ws, m=msg: ws.send(json.dumps(m)))
            page.goto(f"{server}/games/{gid}?token={token}&lang={lang}")
            heading = page.wait_for_selector(".trade h3").inner_text().strip()
            view = msg["view"]["state"]
            assert heading == f"{said}{names[view['current']]} → {names[view['offer']['to']]}", heading
            assert errors == []
        finally:
            ctx.close()
