"""Helpers for the web server tests: an app on a temporary SQLite file, bots without pause."""

from __future__ import annotations

import contextlib
import json
import random
import time
from importlib import resources

from fastapi.testclient import TestClient

import settlers
from settlers.core import content_sets
from settlers.web import Settings, create_app

# the operator's token for /healthz's counts in these tests (a TestClient is no loopback
# client: ``guard.operator_asks``); send ``HEALTH`` as the request's headers
HEALTH_TOKEN = "health-of-the-tests"
HEALTH = {"Authorization": f"Bearer {HEALTH_TOKEN}"}


def make_settings(tmp_path, **overrides) -> Settings:
    # the tests poll states and act far faster than a person: reads, per-socket messages and
    # uploads are not limited here (the limits' own tests set them)
    values = {"db_url": f"sqlite:///{tmp_path / 'web.db'}", "bot_delay": 0.0, "bot_workers": 1,
              "read_rate_per_second": 10_000.0, "read_rate_burst": 100_000,
              "rate_per_second": 10_000.0, "rate_burst": 100_000,
              "uploads_per_address_per_hour": 100_000,
              "live_games_per_address": 100_000,   # (its own tests: test_seventeenth_web_idle.py)
              "game_loads_per_second": 10_000.0, "game_loads_burst": 100_000,
              "whole_states_per_second": 10_000.0, "whole_states_burst": 100_000,
              # tables of bots are followed over HTTP, without a page (the pause's own tests
              # set it: test_sixteenth_web_server.py)
              "pause_unwatched_bots": False, "health_token": HEALTH_TOKEN,
              # a late bot thought is waited for (flows written for given boards need the
              # bots' own moves on a loaded machine); the fallback's tests set it on
              # (test_nineteenth_web.py)
              "bot_fallback": False}
    values.update(overrides)
    return Settings(**values)


@contextlib.contextmanager
def running(settings: Settings):
    app = create_app(settings)
    with TestClient(app) as client:
        yield client


def new_game(client, game="sample", seats=("human", "human"), seed=None, options=None,
             lang="en"):
    """Create a game through the API; returns (game id, {seat: token}).

    A seed may be chosen only for a table of bots (a table with a human seat gets a secret
    one from the server: see ``server_seed``)."""
    spec = []
    for s in seats:
        spec.append({"kind": "human"} if s == "human" else {"kind": "bot", "bot": s})
    body = {"game": game, "seats": spec, "options": options or {}}
    if seed is not None:
        body["seed"] = seed
    r = client.post(f"/api/games?lang={lang}", json=body)
    assert r.status_code == 200, r.text
    body = r.json()
    return body["id"], {int(k): v for k, v in body["tokens"].items()}


def state(client, gid, token=None, lang="en"):
    headers = {"x-seat-token": token} if token else {}
    r = client.get(f"/api/games/{gid}?lang={lang}", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def act(client, gid, token, version, action, lang="en"):
    return client.post(f"/api/games/{gid}/actions?lang={lang}",
                       headers={"x-seat-token": token},
                       json={"version": version, "action": action})


def play_random_moves(client, gid, tokens, rng, moves: int) -> None:
    """``moves`` random legal moves of the game in memory through the HTTP API (fewer if it
    ends), each by the first seat to act with its token."""
    room = client.app.state.hub.rooms[gid]
    for _ in range(moves):
        st = room.state
        if st.over:
            return
        seat = st.to_act[0]
        action = rng.choice(st.legal_actions(seat)).to_json()
        r = client.post(f"/api/games/{gid}/actions", headers={"x-seat-token": tokens[seat]},
                        json={"version": st.version, "action": action})
        assert r.status_code == 200, r.text


def wait_over(client, gid, seconds=30.0):
    """Poll until the game is over (bots play in the server's worker pool)."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        msg = state(client, gid)
        if msg["over"]:
            return msg
        time.sleep(0.02)
    raise AssertionError(f"game {gid} did not finish in {seconds} s")


_followed: dict[int, dict] = {}
# while a test sets it to a list, every message text any socket receives is appended to it
RECORDED: list[str] | None = None


def receive(ws) -> dict:
    """The next message on a game socket, read the way the page reads it: a broadcast's
    ``state_delta`` is merged into the last whole view["state"] seen on this socket."""
    text = ws.receive_text()
    if RECORDED is not None:
        RECORDED.append(text)
    msg = json.loads(text)
    if msg.get("type") == "state":
        view = msg["view"]
        if "state_delta" in view:
            merged = dict(_followed[id(ws)])
            merged.update(view.pop("state_delta"))
            for key in view.pop("state_removed", []):
                merged.pop(key, None)
            view["state"] = merged
        _followed[id(ws)] = view["state"]
    return msg


def recv_until(ws, predicate, limit=50):
    for _ in range(limit):
        msg = receive(ws)
        if predicate(msg):
            return msg
    raise AssertionError("expected message did not come")


def server_seed(client, gid) -> int:
    """The secret seed the server drew for a game (read inside the server process: a test
    that must rebuild the game's hidden state for comparison)."""
    return client.app.state.hub.store.load_game(gid).seed


def is_state(msg):
    return msg["type"] == "state"


def play_watching_every_message(client, game_id, players, seed, options, max_actions):
    """Humans in every seat plus a spectator, all on sockets; random legal moves. Returns
    the game id and every state message each socket received (views merged as pages do)."""
    gid, tokens = new_game(client, game=game_id, seats=("human",) * players, options=options)
    urls = {s: f"/ws/games/{gid}?token={tokens[s]}&lang=en" for s in range(players)}
    urls[None] = f"/ws/games/{gid}?lang=en"
    seen: dict[int | None, list[dict]] = {s: [] for s in urls}
    rng = random.Random(seed)
    with contextlib.ExitStack() as stack:
        socks = {s: stack.enter_context(client.websocket_connect(u)) for s, u in urls.items()}
        latest = {s: recv_until(sock, is_state) for s, sock in socks.items()}
        for s, m in latest.items():
            seen[s].append(m)
        for _ in range(max_actions):
            if latest[None]["over"]:
                break
            movers = [s for s in range(players) if latest[s]["actions"]]
            s = rng.choice(movers)
            version = latest[s]["version"]
            socks[s].send_json({"type": "act", "version": version,
                                "action": rng.choice(latest[s]["actions"])["action"]})
            for seat, sock in socks.items():
                m = recv_until(sock, lambda m, v=version + 1: (is_state(m) and m["version"] == v)
                               or m["type"] == "error")
                assert m["type"] == "state", m  # a refusal would leave us waiting for good
                seen[seat].append(m)
                latest[seat] = m
    return gid, seen


def numbered_view(st, seat, log_from: int) -> dict:
    """``st.view(seat)`` as a page is sent it from its ``log_from``-th log line on: each line
    numbered among the lines ``seat`` may see (0, 1, 2, ... with no gap where a line hidden
    from it stands), never by its place in the whole log."""
    visible = [e for e in st.events if e.visible(seat)]
    since = visible[log_from].index if log_from < len(visible) else len(st.events)
    view = st.view(seat, events_since=since, lang="en")
    view["events"] = [{**e, "i": log_from + k} for k, e in enumerate(view["events"])]
    return view


def check_every_message_is_that_seats_view(client, game_id, gid, players, seed, options, seen):
    """Replay the stored log once; each message a seat got must be exactly view(seat) of the
    state at that version (the spectator's view(None)); the conformance suite proves those
    views hide what the seat may not see."""
    game = settlers.load(game_id)
    log = client.app.state.hub.store.load_log(gid)
    by_version: dict[int, list[tuple]] = {}
    for seat, msgs in seen.items():
        for m in msgs:
            by_version.setdefault(m["version"], []).append((seat, m))
    st = game.new_state(players=players, seed=server_seed(client, gid), options=options)
    checked = 0
    for v in range(len(log) + 1):
        for seat, m in by_version.get(v, []):
            assert m["seat"] == seat
            assert m["view"] == numbered_view(st, seat, m["log_from"])
            legal = [a.to_json() for a in st.legal_actions(seat)] if seat is not None and \
                seat in st.to_act else []
            assert [a["action"] for a in m["actions"]] == legal
            checked += 1
        if v < len(log):
            seat, action = log[v]
            st.apply(seat, game.action_from_json(action))
    return checked


def notify_moves(url: str, payload: str) -> None:
    """A NOTIFY on the moves channel from a session of the database that is no process of
    the server (PostgreSQL)."""
    import psycopg

    from settlers.web.fanout import conninfo

    with psycopg.connect(conninfo(url), autocommit=True) as conn:
        conn.execute("SELECT pg_notify('settlers_moves', %s)", (payload,))


def until(predicate, seconds: float = 5.0) -> bool:
    """Whether ``predicate()`` holds within ``seconds`` (asked every 20 ms)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


# Imperial's built-in card set: a valid upload (made distinct by blank lines after it)
CARDS = (resources.files("settlers.games.imperial") / "data" / "cards.json").read_bytes()


def post_cards(client, n: int, lang: str = "en"):
    """Upload the n-th distinct valid card set (the built-in one, n blank lines after it)."""
    return client.post(f"/api/content/imperial/cards?lang={lang}", content=CARDS + b"\n" * n)


def upload_cards(client, n: int) -> str:
    """``post_cards``, which must be taken: the kept set's name."""
    r = post_cards(client, n)
    assert r.status_code == 200, r.text
    return r.json()["name"]


def kept_card_uploads() -> set[str]:
    """The uploaded Imperial card sets kept now."""
    return {n for n in content_sets.names("imperial", "cards") if n.startswith("upload-")}


def run_util_js(script: str, tmp_path) -> object:
    """``script`` run by node after ``import * as util`` of the page's util.js; its stdout's
    JSON (the page's number and text writing, tested without a browser)."""
    import subprocess
    from pathlib import Path

    import settlers.web

    util = Path(settlers.web.__file__).resolve().parent / "static/js/util.js"
    module = tmp_path / "util.mjs"
    module.write_text(util.read_text("utf-8"), "utf-8")
    run = tmp_path / "run.mjs"
    run.write_text(f'import * as util from "./util.mjs";\n{script}\n', "utf-8")
    out = subprocess.run(["node", str(run)], capture_output=True, text=True, timeout=60,
                         check=True).stdout
    return json.loads(out)
