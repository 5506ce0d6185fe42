"""A ninth pass over the browser table (docs/audits/2026-12-06-ninth-web-table.md): what a
player decides with in view at 1280×800 and 390×844, and the labels that were wrong — the
defects the eighth pass left (Archipelago's wheel among side actions, its hexes in hand, the
Thief's choice, the church's free raise, Landnám's offers of one kind for itself, the upload's
native «Choose Files»).

A table's position is built in the engine and relayed to a real table page (its socket
answered with the seat's message as the server builds it, ``table_helpers.built_message``), as
the eighth pass's tests do. Screenshots go to $SETTLERS_SHOTS when set."""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path

import httpx
from table_helpers import BROWSER_TESTS, built_message
from test_e2e import open_page, server  # noqa: F401

import settlers
from settlers.web.i18n import game_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "archipelago"))

pytestmark = BROWSER_TESTS
DESKTOP = (1280, 800)
PHONE = (390, 844)
SHOTS = os.environ.get("SETTLERS_SHOTS")
WEB = Path(__file__).resolve().parents[2] / "src" / "settlers" / "web" / "messages"


def web_catalog(lang: str) -> dict:
    return json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / name))


def _boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(selector, """ns => ns.filter(n => n.getClientRects().length).map(n => {
        const r = n.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
                height: r.height, text: n.innerText ?? n.textContent,
                px: parseFloat(getComputedStyle(n).fontSize)}; })""")


def table_page(browser, base, game: str, st, seat: int, size, lang="ru", bots=(),
               wait="#game[data-version]"):
    """The table page of ``game`` at ``size`` showing the engine position ``st`` to ``seat``
    (the seats in ``bots`` are bots, named «Бот N»). Returns (ctx, page, errors)."""
    seats = [{"kind": "bot", "bot": "random"} if s in bots else {"kind": "human"}
             for s in range(st.players)]
    r = httpx.post(f"{base}/api/games?lang={lang}", json={"game": game, "seats": seats},
                   timeout=30)
    r.raise_for_status()
    made = r.json()
    gid, token = made["id"], made["tokens"][str(seat)]
    msg = built_message(base, gid, token, st, seat, lang)
    ctx, page, errors = open_page(browser, lang)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: ws.send(json.dumps(msg)))
    page.goto(f"{base}/games/{gid}?token={token}&lang={lang}")
    page.wait_for_selector(wait)
    page.evaluate("window.scrollTo(0, 0)")
    return ctx, page, errors


# ---------------------------------------------------------------------------- the lobby
def test_the_content_upload_is_a_labelled_button_naming_the_chosen_file(server, browser):  # noqa: F811
    """Archipelago's (and Founders') content upload showed Chromium's own «Choose Files / No
    file chosen» — the browser's words in its language, not the page's. The input is hidden
    behind a button of the catalogs («Выбрать файлы…» / «Choose files…») and the chosen
    file's name beside it («файл не выбран» before)."""
    for lang in ("ru", "en"):
        words = web_catalog(lang)
        ctx, page, errors = open_page(browser, lang)
        try:
            page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            page.goto(f"{server}/?lang={lang}")
            page.select_option("#game-select", "archipelago")
            label = page.locator("label.content-upload:has(input[data-game=archipelago])")
            pick = label.locator(".upload-pick")
            assert pick.inner_text().strip() == words["web.lobby.upload_choose_folder"]
            chosen = label.locator(".upload-chosen")
            assert chosen.inner_text().strip() == words["web.lobby.upload_none"]
            # the native control is not what the user sees
            box = label.locator("input.content-upload").bounding_box()
            assert box is None or box["width"] <= 1, box
            # its button is a finger high and opens the file chooser
            pbox = pick.bounding_box()
            assert pbox and pbox["height"] >= 32, pbox
            with page.expect_file_chooser() as chooser:
                pick.click()
            assert chooser.value.is_multiple()
            label.locator("input.content-upload").set_input_files(files=[
                {"name": "cards.json", "mimeType": "application/json", "buffer": b"{}"}])
            page.wait_for_function("n => n.textContent.includes('cards.json')",
                                   arg=chosen.element_handle())
            _shot(page, f"ninth-upload-{lang}.png")
            assert errors == []
        finally:
            ctx.close()


# ---------------------------------------------------------------------------- Landnám
ICELAND_RES = ["grain", "wood", "wool", "iron"]


def _iceland_offer_position():
    """A seeded random Landnám game (no offers made) up to the first trade and build phase in
    which the seat to move may offer a trade."""
    G = settlers.load("iceland")
    st = G.new_state(3, 5, {})
    rng = random.Random(5)
    while True:
        seat = st.to_act[0]
        menu = st.legal_actions(seat)
        if any(a.kind == "offer_trade" for a in menu):
            return st, seat
        st.apply(seat, rng.choice([a for a in menu if a.kind != "offer_trade"] or menu))


def test_landnam_builder_refuses_a_kind_both_given_and_asked(server, browser):  # noqa: F811
    """L53 (core.trade.shared_kinds): the server refuses an offer that gives and asks for the
    same kind. The builder let one compose it («даю 1 зерно, прошу 1 зерно») and send it, to a
    refusal. A kind on one side now cannot be added on the other (its «+» disabled, dimmed),
    and a line says why."""
    st, seat = _iceland_offer_position()
    held = next(r for r in ICELAND_RES if st.view(seat)["state"]["hand"][r] > 0)
    for lang in ("ru", "en"):
        words = web_catalog(lang)
        ctx, page, errors = table_page(browser, server, "iceland", st, seat, PHONE, lang,
                                       wait=".trade-builder")
        try:
            page.click(".trade-builder > summary")
            builder = page.wait_for_selector(".composer.offer_trade")
            rows = builder.query_selector_all(".row")
            k = ICELAND_RES.index(held)
            rows[0].query_selector_all(".stepper")[k].query_selector(".plus").click()
            asked = rows[1].query_selector_all(".stepper")[k]
            assert asked.query_selector(".plus").is_disabled()
            asked.query_selector(".plus").click(force=True)
            assert asked.query_selector(".count").inner_text() == "0"
            note = builder.query_selector(".same-kind-note")
            assert note is not None and note.is_visible()
            res = game_catalog(settlers.load("iceland"), lang)[f"iceland.res.{held}"]
            assert note.inner_text() == words["web.board.iceland.same_kind"].replace("{res}", res)
            # another kind may still be asked for, and the offer sent
            other = next(i for i, r in enumerate(ICELAND_RES) if r != held)
            rows[1].query_selector_all(".stepper")[other].query_selector(".plus").click()
            assert builder.query_selector(".send-offer").is_enabled()
            # taking the kind back off frees it on the other side
            rows[0].query_selector_all(".stepper")[k].query_selector(".minus").click()
            assert not asked.query_selector(".plus").is_disabled()
            # (the kind asked for is the one now kept off the side given)
            cat = game_catalog(settlers.load("iceland"), lang)
            assert cat[f"iceland.res.{ICELAND_RES[other]}"] in note.inner_text()
            assert res not in note.inner_text()
            rows[1].query_selector_all(".stepper")[other].query_selector(".minus").click()
            assert not note.is_visible()
            assert errors == []
        finally:
            ctx.close()
