"""Helpers for the browser table tests and the screenshot script: a live server in a thread,
a game advanced by its human seat through the API until a mid-game position."""

from __future__ import annotations

import json
import os
import random
import re
import threading
import time
from pathlib import Path

import httpx
import pytest
import uvicorn
from web_helpers import make_settings

from settlers.testing.web_server import START_TIMEOUT, free_port
from settlers.web import create_app

# the system Chromium the browser tests drive (see the ``browser`` fixture in conftest.py)
CHROMIUM = os.environ.get("SETTLERS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: the web catalogs, for tests that read what the page should say
MESSAGES = Path(__file__).parents[2] / "src" / "settlers" / "web" / "messages"
CATALOG = {
    lang: json.loads((MESSAGES / f"{lang}.json").read_text("utf-8")) for lang in ("ru", "en")
}
DESKTOP = (1280, 800)
PHONE = (390, 844)


def played_until(game: str, players: int, until, steps: int = 3000, seed: int = 0):
    """A position of ``game`` reached by random play (``seed``) where ``until(st)`` holds."""
    import settlers

    st = settlers.load(game).new_state(players, seed, {})
    rng = random.Random(seed)
    for _ in range(steps):
        if until(st):
            return st
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    raise AssertionError(f"no such {game} position in {steps} steps")


def game_words(game: str, lang: str, key: str, **params) -> str:
    """The game's catalog text for ``key`` (``game.key``), the game loaded so its catalog is."""
    import settlers
    from settlers.core.i18n import translate

    settlers.load(game)
    return translate(f"{game}.{key}", lang, **params)


def legal_kinds(s) -> set[str]:
    """The kinds of action the seat to act may take (none once the game is over)."""
    return set() if s.over else {a.kind for a in s.legal_actions(s.to_act[0])}


def in_view(box, size) -> bool:
    """A bounding box wholly inside a screen of ``size`` (half a pixel of rounding allowed)."""
    return box is not None and box["x"] >= 0 and box["y"] >= 0 \
        and box["x"] + box["width"] <= size[0] + 0.5 and box["y"] + box["height"] <= size[1] + 0.5


def launch_chromium(playwright):
    """The system Chromium, headless. Its contexts bypass the pages' Content-Security-Policy
    unless a test asks for it (``new_context(bypass_csp=False)``): the tests drive pages with
    string predicates (``wait_for_function``, ``evaluate``), which Playwright evaluates as text,
    and the server's policy allows no eval (web/guard.py); the pages themselves need none, and
    ``test_security_ninth_browser`` opens its pages under the policy."""
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    plain_context, plain_page = b.new_context, b.new_page

    def new_context(**options):
        options.setdefault("bypass_csp", True)
        return plain_context(**options)

    def new_page(**options):
        options.setdefault("bypass_csp", True)
        return plain_page(**options)

    b.new_context = new_context
    b.new_page = new_page
    return b


# a browser test module's ``pytestmark``: the ``browser`` fixture (conftest.py) gives Chromium
BROWSER_TESTS = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM),
                       reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
]
HUMAN_FIRST = {"catan": 4, "iceland": 3, "founders": 3, "imperial": 2}


class LiveServer:
    """uvicorn serving ``settings`` in a daemon thread, on ``port`` or a free one (the same
    port again after a restart: the browser's localStorage belongs to the origin)."""

    def __init__(self, settings, port: int | None = None) -> None:
        self.port = port or free_port()
        self.server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1",
                                                    port=self.port, log_level="warning",
                                                    lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + START_TIMEOUT  # the migration and start on a loaded machine
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.05)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def module_server(tmp_path_factory, name: str, **settings):
    """A test module's live server (for a module-scoped fixture to ``yield from``): its
    database in a fresh temporary folder, ``settings`` over the test defaults. The tables are
    played to their moments over HTTP at machine speed: the per-address bound on actions (10
    a second, the tests of the bound set their own) is lifted — at 10 a second, one test
    spent 150 of its 173 s waiting for it (CI, 2026-12-08)."""
    settings = {"ip_rate_per_second": 10_000.0, "ip_rate_burst": 100_000, **settings}
    with LiveServer(make_settings(tmp_path_factory.mktemp(name), **settings)) as base:
        yield base


def create(base, game, seats, seed=None, lang="en") -> dict:
    spec = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
    body = {"game": game, "seats": spec, "options": {}}
    if seed is not None:
        body["seed"] = seed
    r = httpx.post(f"{base}/api/games?lang={lang}", json=body, timeout=30)
    r.raise_for_status()
    return r.json()


def state(base, gid, token, lang="en") -> dict:
    r = httpx.get(f"{base}/api/games/{gid}?lang={lang}", headers={"x-seat-token": token}, timeout=30)
    r.raise_for_status()
    return r.json()


def built_message(base, gid, token, st, seat, lang="en") -> dict:
    """The page's state message for ``seat`` with the engine position ``st`` in it (a table made
    through the API gives the rest), as the server would send it: the position's view, its
    labelled legal actions and what the seat decides (``decision_text``)."""
    r = httpx.get(f"{base}/api/games/{gid}?lang={lang}", headers={"x-seat-token": token},
                  timeout=30)
    r.raise_for_status()
    msg = r.json()
    view = st.view(seat, lang=lang)
    view["events"] = []
    actions = [{"action": a.to_json(), "label": st.describe_action(a, lang)}
               for a in st.legal_actions(seat)]
    msg.update(view=view, log=[], log_from=0, version=st.version, over=False, seat=seat,
               actions=actions, decision=st.decision_text(seat, lang) if actions else "")
    return json.loads(json.dumps(msg))


# where a test's screenshots go when set (``shot``)
SHOTS = os.environ.get("SETTLERS_SHOTS")


def shot(page, name: str) -> None:
    """A screenshot of ``page`` as ``name`` in $SETTLERS_SHOTS, when that is set."""
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / name))


def boxes(page, selector: str) -> list[dict]:
    """The drawn boxes (edges, size), texts and font sizes of the elements ``selector`` finds
    that are rendered at all."""
    return page.eval_on_selector_all(selector, """ns => ns.filter(n => n.getClientRects().length).map(n => {
        const r = n.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
                height: r.height, text: n.innerText ?? n.textContent,
                px: parseFloat(getComputedStyle(n).fontSize)}; })""")


def position_page(browser, base, game: str, st, seat: int, size, lang="ru", bots=(),
                  wait="#game[data-version]", edit=None, before=None):
    """The table page of ``game`` at ``size`` showing the engine position ``st`` to ``seat``: a
    table made through the API (the seats in ``bots`` are bots, named «Бот N», the others
    people) whose socket is answered with the position's message (``built_message``; a
    finished position says so; ``edit(msg)``, when given, changes it before it is sent;
    ``before(page)``, when given, runs before the page is opened — to route its requests).
    Returns (ctx, page, the page's script errors)."""
    seats = [{"kind": "bot", "bot": "random"} if s in bots else {"kind": "human"}
             for s in range(st.players)]
    r = httpx.post(f"{base}/api/games?lang={lang}", json={"game": game, "seats": seats},
                   timeout=30)
    r.raise_for_status()
    made = r.json()
    gid, token = made["id"], made["tokens"][str(seat)]
    msg = built_message(base, gid, token, st, seat, lang)
    if st.over:
        msg["over"] = True
    if edit is not None:
        edit(msg)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=lang)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: ws.send(json.dumps(msg)))
    if before is not None:
        before(page)
    page.goto(f"{base}/games/{gid}?token={token}&lang={lang}")
    page.wait_for_selector(wait)
    page.evaluate("window.scrollTo(0, 0)")
    return ctx, page, errors


def act(base, gid, token, version, action, lang="en") -> httpx.Response:
    """Send ``action`` for the seat of ``token``, decided at ``version``."""
    return httpx.post(f"{base}/api/games/{gid}/actions?lang={lang}",
                      headers={"x-seat-token": token},
                      json={"version": version, "action": action}, timeout=30)


def compose(builder, resources: list[str], give: str, get: str) -> None:
    """In a trade builder (Catan's, Landnám's): one card of ``give`` given, one of ``get``
    asked, with the steppers of its two rows."""
    rows = builder.query_selector_all(".row")
    rows[0].query_selector_all(".stepper")[resources.index(give)].query_selector(".plus").click()
    rows[1].query_selector_all(".stepper")[resources.index(get)].query_selector(".plus").click()


def advance(base, gid, token, seat, turns, seed=0, lang="en", timeout=60.0) -> dict:
    """Play ``turns`` decisions for ``seat`` (random legal actions, ending the turn late) and
    return the last state in which the seat is to act."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    done = 0
    while time.monotonic() < deadline:
        msg = state(base, gid, token, lang)
        if msg["over"]:
            return msg
        if seat not in msg["view"]["to_act"] or not msg["actions"]:
            time.sleep(0.05)
            continue
        if done >= turns:
            return msg
        choices = msg["actions"]
        action = rng.choice(choices)["action"]
        httpx.post(f"{base}/api/games/{gid}/actions?lang={lang}", headers={"x-seat-token": token},
                   json={"version": msg["version"], "action": action}, timeout=30)
        done += 1
    raise TimeoutError("the game did not come back to the seat")


def open_table(browser, base, gid, token=None, lang="en", size=(1280, 800),
               wait_for="#game[data-version] #actions > *", timeout=20_000):
    """A page of the table in a new browser context — a seat's (``token``) or a spectator's
    (None) — once ``wait_for`` is drawn (by default the seat's actions): (context, page, the
    page's script errors)."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=lang)
    page = ctx.new_page()
    page.set_default_timeout(timeout)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seat = f"token={token}&" if token is not None else ""
    page.goto(f"{base}/games/{gid}?{seat}lang={lang}")
    page.wait_for_selector(wait_for)
    return ctx, page, errors
