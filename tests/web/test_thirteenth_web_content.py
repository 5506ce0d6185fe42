"""Thirteenth pass: the uploaded sets kept on disk and in the database stay within bounds.

- A stored game's set put back from the database (settlers.web.stored_content.put_back) makes
  room as an upload does, under the same lock, and is refused while every kept set is needed:
  an option never holds more than ``max_uploads`` (it used to be put back past the bound).
- The database's copies (table ``content_sets``) have a total bound,
  ``max_kept_content_bytes``: rows no stored game names are removed, and past the bound new
  uploads (and games that would add a set) are refused in words; stored games still replay."""

from __future__ import annotations

import os
import shutil
import time
from importlib import resources
from pathlib import Path

import pytest
from web_helpers import make_settings, new_game, running, state

from settlers.core import content_sets

GOOD = (resources.files("settlers.games.imperial") / "data" / "cards.json").read_bytes()


@pytest.fixture(autouse=True)
def content_dir(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "content"
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(root))
    return root


def _upload(client, n: int):
    r = client.post("/api/content/imperial/cards?lang=en", content=GOOD + b"\n" * n)
    assert r.status_code == 200, r.text
    return r.json()["name"]


def _kept() -> set[str]:
    return {n for n in content_sets.names("imperial", "cards") if n.startswith("upload-")}


def _age(content_dir: Path, name: str, seconds: float = 10_000) -> None:
    then = time.time() - seconds
    os.utime(content_dir / "imperial" / "cards" / name, (then, then))


def test_a_set_put_back_never_holds_the_option_over_its_bound(tmp_path, db_url, content_dir):
    settings = make_settings(tmp_path, db_url=db_url, max_uploads=1, upload_keep_seconds=600)
    with running(settings) as client:
        hub = client.app.state.hub
        a = _upload(client, 1)
        gid, _tokens = new_game(client, game="imperial", seats=("human", "human"),
                                options={"cards": a})
        before = state(client, gid)
        del hub.rooms[gid]
        # the set left the disk (a new machine, an operator's hand); another upload, fresh,
        # now holds the option's only place
        shutil.rmtree(content_dir / "imperial" / "cards" / a)
        b = _upload(client, 2)
        assert _kept() == {b}
        # opening the game needs A back, and B may not go yet (uploaded just now): refused
        # for now, in words, and the option still holds one set (the old code: A put back
        # past the bound, two sets)
        r = client.get(f"/api/games/{gid}?lang=en")
        assert _kept() == {b}, _kept()
        assert r.status_code == 503, r.text
        assert r.json()["code"] == "too_many_uploads"
        assert "put back" in r.json()["message"]
        ru = client.get(f"/api/games/{gid}?lang=ru").json()["message"]
        assert "вернуть на сервер" in ru
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as ws:
            assert ws.receive_json()["code"] == "too_many_uploads"
        assert hub.store.load_game(gid).status != "broken"
        assert gid not in hub.loading   # (a refused load leaves nothing behind)
        # once B may go (its keep time passed), the game opens as it was, A in B's place
        _age(content_dir, b)
        assert state(client, gid) == before
        assert _kept() == {a}
