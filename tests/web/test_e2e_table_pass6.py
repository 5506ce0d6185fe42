"""The table judged again at 1280×800 and on a phone (390×844), in Russian and English: what the
sixth pass found wrong, each pinned by a test that failed before.

1. A discard after a 7 (Catan) said «ждут вашего ответа», the words of a trade's answer: every
   decision several seats owe at once (and every one a seat owes outside its turn) is named in
   the status — a discard, a trade's answer, a bid, a vote, the Althing's cards, the lookout.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from table_helpers import BROWSER_TESTS
from test_e2e import server  # noqa: F401
from test_e2e_phone_table import play_until, table

pytestmark = BROWSER_TESTS
MESSAGES = Path(__file__).parents[2] / "src" / "settlers" / "web" / "messages"
CATALOG = {lang: json.loads((MESSAGES / f"{lang}.json").read_text("utf-8")) for lang in ("ru", "en")}


def open_page(browser, base, gid, token, lang, size=(1280, 800)):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=lang)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/games/{gid}?token={token}&lang={lang}")
    page.wait_for_selector("#game[data-version] #actions > *")
    return ctx, page, errors


def test_a_discard_is_named_a_discard_not_an_answer(server, browser):  # noqa: F811
    gid, tokens = table(server, "catan", 4, seed=3)
    seat, msg = play_until(server, gid, tokens, lambda m: m["view"]["state"]["phase"] == "discard",
                           prefer=("roll", "end_turn", "discard"))
    current = msg["view"]["state"]["current"]
    owing = msg["view"]["to_act"]
    assert seat != current and seat in owing   # the seat asked discards during another's turn
    ctx, page, errors = open_page(browser, server, gid, tokens[seat], "ru")
    status = page.inner_text("#status").strip()
    assert status == f"Ходит Игрок {current + 1} — сбросьте половину карт", status
    assert "ответ" not in status
    ctx.close()
    ctx, page, errors = open_page(browser, server, gid, tokens[seat], "en")
    status = page.inner_text("#status").strip()
    assert status == f"Player {current + 1}'s turn — discard half your cards", status
    ctx.close()
    # a seat that owes nothing reads who discards, in those words
    other = next(s for s in tokens if s not in owing)
    ctx, page, errors = open_page(browser, server, gid, tokens[other], "en")
    names = ", ".join(f"Player {s + 1}" for s in owing)
    assert page.inner_text("#status").strip() == f"Discarding half their cards: {names}"
    assert not errors
    ctx.close()


# every decision a game's seats owe at once, or a seat owes outside its turn, and its name
# (the renderer's awaited(msg): a view's state as that game sends it)
AWAITED = [
    ("catan", {"phase": "discard"}, "discard"),
    ("catan", {"phase": "trade_answers"}, "trade_answer"),
    ("catan", {"phase": "main"}, None),
    ("iceland", {"phase": "althing", "althing": {"stage": "window"}}, "althing_card"),
    ("iceland", {"phase": "althing", "althing": {"stage": "cases"}}, "althing_cases"),
    ("iceland", {"phase": "althing", "althing": {"stage": "case"}}, "althing_case"),
    ("iceland", {"phase": "althing", "althing": {"stage": "help"}}, "althing_help"),
    ("iceland", {"phase": "offer"}, "trade_answer"),
    ("iceland", {"phase": "retreat"}, "retreat"),
    ("iceland", {"phase": "build"}, None),
    ("founders", {"phase": "vote"}, "end_vote"),
    ("founders", {"phase": "main"}, None),
    ("archipelago", {"step": "bid"}, "bid"),
    ("archipelago", {"step": "keep_objective"}, "objective"),
    ("imperial", {"phase": "alt_lookout", "pending": None}, "lookout"),
    ("imperial", {"phase": "lookout", "pending": {"kind": "draft"}}, "lookout"),
    ("imperial", {"phase": "cleanup", "pending": {"kind": "warehouse"}}, "warehouse"),
    ("imperial", {"phase": "actions", "pending": {"kind": "build"}}, None),
]


def test_every_simultaneous_decision_has_its_name_in_both_languages(server, browser):  # noqa: F811
    gid, tokens = table(server, "catan", 4, seed=3)
    ctx, page, errors = open_page(browser, server, gid, tokens[0], "ru")
    got = page.evaluate("""async (cases) => {
        const out = [];
        for (const [game, st] of cases) {
          const r = await import(`/static/js/games/${game}.js`);
          out.push(r.awaited({ view: { state: st, to_act: [] }, seats: [], actions: [] }));
        }
        return out;
    }""", [[g, st] for g, st, _ in AWAITED])
    assert got == [kind for _, _, kind in AWAITED]
    for kind in {k for _, _, k in AWAITED if k}:
        for lang in ("ru", "en"):
            assert CATALOG[lang].get(f"web.game.ask.{kind}") and "{names}" in CATALOG[lang][f"web.game.wait.{kind}"]
    # no decision is called an answer unless it is one
    for kind in {k for _, _, k in AWAITED if k} - {"trade_answer", "end_vote"}:
        assert "ответ" not in CATALOG["ru"][f"web.game.ask.{kind}"]
    ctx.close()
