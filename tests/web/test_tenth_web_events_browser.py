"""Tenth pass, the page's side: a game page that loses its socket reconnects saying how many
log lines it has (``?since=``), is sent only the lines it missed, and shows the seat's whole
log numbered 0, 1, 2, ... with no gap where another seat's private line stands."""

from __future__ import annotations

import json
import random
import re

import httpx
from table_helpers import BROWSER_TESTS, LiveServer, create, state
from web_helpers import make_settings

pytestmark = BROWSER_TESTS


def _play(base, gid, tokens, rng, moves: int) -> None:
    for _ in range(moves):
        anyone = state(base, gid, tokens["0"])
        seat = anyone["view"]["to_act"][0]
        mine = state(base, gid, tokens[str(seat)])
        r = httpx.post(f"{base}/api/games/{gid}/actions",
                       headers={"x-seat-token": tokens[str(seat)]},
                       json={"version": mine["version"],
                             "action": rng.choice(mine["actions"])["action"]}, timeout=30)
        assert r.status_code == 200, r.text


def test_a_page_that_lost_moves_reconnects_for_exactly_the_lines_it_missed(browser, tmp_path):
    with LiveServer(make_settings(tmp_path, allow_chosen_seed=True)) as base:
        # Iceland at 3 seats from seed 1: random moves 13-30 include a fate card drawn in
        # private by a seat other than 0 (test_tenth_web_events.py)
        made = create(base, "iceland", ["human"] * 3, seed=1)
        gid, tokens, links = made["id"], made["tokens"], made["links"]
        rng = random.Random(1)
        _play(base, gid, tokens, rng, 12)
        urls: list[str] = []
        routes: list = []
        held = {"drop": False}
        firsts: dict[int, str] = {}  # each socket's first message from the server

        def route(ws) -> None:
            urls.append(ws.url)
            server = ws.connect_to_server()
            routes.append(ws)
            first = len(routes) - 1

            def to_page(message) -> None:
                firsts.setdefault(first, message)
                if not (held["drop"] and first == 0):   # the first socket loses what comes
                    ws.send(message)

            server.on_message(to_page)

        # a Russian browser (its Accept-Language): the page speaks Russian (thirteenth pass;
        # before, any page without ?lang= did, whatever the browser said)
        page = browser.new_page(locale="ru-RU")
        page.set_default_timeout(20_000)
        page.route_web_socket(re.compile(r"/ws/games/"), route)
        page.goto(base + links["0"])
        page.wait_for_selector("#conn[data-state='connected']")
        page.wait_for_function("document.querySelectorAll('#log li[data-i]').length > 0")
        had = page.eval_on_selector_all("#log li[data-i]", "els => els.length")
        # the socket goes deaf: 18 moves reach the server and not the page
        held["drop"] = True
        _play(base, gid, tokens, rng, 18)
        version = state(base, gid, tokens["0"])["version"]
        routes[0].close(code=1001, reason="gone")   # the page sees its socket close
        page.wait_for_function(
            f"Number(document.getElementById('game').dataset.version) >= {version}")
        assert len(urls) == 2 and "since=" not in urls[0]
        assert f"since={had}" in urls[1] and "since_lang=ru" in urls[1]  # (its lines' language)
        mine = state(base, gid, tokens["0"], lang="ru")  # (the page speaks Russian)
        lines = page.eval_on_selector_all(
            "#log li[data-i]", "els => els.map(e => [Number(e.dataset.i), e.textContent])")
        assert [i for i, _ in lines] == list(range(len(mine["log"])))  # no gap, no repeat
        assert [t for _, t in lines] == [e["text"] for e in mine["log"]]
        # the reconnect's first state carried only the lines missed
        first = json.loads(firsts[1])
        assert first["type"] == "state" and first["log_from"] == had
        assert [e["i"] for e in first["log"]] == list(range(had, len(mine["log"])))
        page.close()
