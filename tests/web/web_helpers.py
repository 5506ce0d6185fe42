"""Helpers for the web server tests: an app on a temporary SQLite file, bots without pause."""

from __future__ import annotations

import contextlib

from fastapi.testclient import TestClient

from settlers.web import Settings, create_app


def make_settings(tmp_path, **overrides) -> Settings:
    values = {"db_url": f"sqlite:///{tmp_path / 'web.db'}", "bot_delay": 0.0, "bot_workers": 1}
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


def receive(ws) -> dict:
    """The next message on a game socket, read the way the page reads it: a broadcast's
    ``state_delta`` is merged into the last whole view["state"] seen on this socket."""
    msg = ws.receive_json()
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
