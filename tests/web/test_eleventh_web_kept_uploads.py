"""Eleventh pass: the uploads kept per option are bounded, and room is made for new ones.

``max_uploads`` sets are kept per option; once they were there every upload was refused
(``too_many_uploads``) until an operator removed some — per-address limits bound one address
only, so clients of many addresses together could shut uploads for good. Now a new upload
takes the place of the least recently used one that nothing needs (settlers.web.kept_uploads):
never a set a live game (of any process: the store) or a game in memory uses, nor one
uploaded or used within ``upload_keep_seconds``."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from web_helpers import CARDS as GOOD
from web_helpers import kept_card_uploads as _kept
from web_helpers import make_settings, new_game, running
from web_helpers import post_cards as _upload

from settlers.core import content_sets
from settlers.web import kept_uploads
from settlers.web.errors import ActError
from settlers.web.kept_uploads import Keeping

pytestmark = pytest.mark.usefixtures("content_dir")  # (uploads land in a fresh folder)


def _age(content_dir: Path, name: str, seconds: float) -> None:
    """Make set ``name`` look last used ``seconds`` ago."""
    folder = content_dir / "imperial" / "cards" / name
    then = time.time() - seconds
    os.utime(folder, (then, then))


def test_new_uploads_never_take_the_place_of_a_set_a_game_uses(tmp_path, db_url, content_dir):
    settings = make_settings(tmp_path, db_url=db_url, max_uploads=3, upload_keep_seconds=0)
    with running(settings) as client:
        hub = client.app.state.hub
        a, b, c = (_upload(client, n).json()["name"] for n in (1, 2, 3))
        assert _kept() == {a, b, c}
        # a live game with A, held by the store only (not in this process's memory)
        live, _ = new_game(client, game="imperial", options={"cards": a})
        del hub.rooms[live]
        # a finished game with B, still in memory (a replay being watched)
        shown, _ = new_game(client, game="imperial", options={"cards": b})
        hub.store.set_status(shown, "finished")
        for n, name in enumerate((a, b, c)):
            _age(content_dir, name, 100 + n)
        r = _upload(client, 4)   # the old code: 507 too_many_uploads
        assert r.status_code == 200, r.text
        d = r.json()["name"]
        assert _kept() == {a, b, d}   # C, which nothing used, made room
        _age(content_dir, d, 50)
        e = _upload(client, 5).json()["name"]
        assert _kept() == {a, b, e}
        # B's game leaves memory: a finished game's set may go, but after every set no
        # stored game names (E here, though B was used longer ago)
        del hub.rooms[shown]
        _age(content_dir, e, 10)
        f = _upload(client, 6).json()["name"]
        assert _kept() == {a, b, f}
        _age(content_dir, f, 10)
        # now the only one that may go is B (A's game is live)
        with_f = new_game(client, game="imperial", options={"cards": f})[0]
        g = _upload(client, 7).json()["name"]
        assert _kept() == {a, f, g}
        # the live games still load and play with their data
        for gid in (live, with_f):
            hub.rooms.pop(gid, None)
            got = client.get(f"/api/games/{gid}?lang=en")
            assert got.status_code == 200 and not got.json()["over"], got.text


def test_when_every_kept_set_is_needed_the_upload_is_refused_in_words(tmp_path, content_dir):
    settings = make_settings(tmp_path, max_uploads=2, upload_keep_seconds=600)
    with running(settings) as client:
        first = {_upload(client, n).json()["name"] for n in (1, 2)}
        for lang, words in (("en", "(limit: 2)"), ("ru", "(предел: 2)")):
            r = _upload(client, 3, lang)
            assert r.status_code == 503 and r.json()["code"] == "too_many_uploads", r.text
            assert words in r.json()["message"] and "10 " in r.json()["message"]
            assert str(content_dir) not in r.text
        assert _kept() == first   # nothing removed for a refused upload
        # used ten minutes ago and by nothing since: the older one makes room
        old, new = sorted(first)
        _age(content_dir, old, 700)
        _age(content_dir, new, 650)
        r = _upload(client, 3)
        assert r.status_code == 200 and _kept() == {new, r.json()["name"]}


def test_a_set_used_to_create_a_game_is_kept_as_freshly_used(tmp_path, content_dir):
    settings = make_settings(tmp_path, max_uploads=5, upload_keep_seconds=600)
    with running(settings) as client:
        name = _upload(client, 1).json()["name"]
        _age(content_dir, name, 5000)
        new_game(client, game="imperial", options={"cards": name})
        used = (content_dir / "imperial" / "cards" / name).stat().st_mtime
        assert time.time() - used < 60
        # the same file uploaded again is the same set, marked used again
        _age(content_dir, name, 5000)
        assert _upload(client, 1).json()["name"] == name
        assert time.time() - (content_dir / "imperial" / "cards" / name).stat().st_mtime < 60


def test_many_uploads_keep_the_bound(tmp_path):
    """Every upload is taken (the old ones, unused, make room) and at most ``max_uploads``
    are kept at any time."""
    settings = make_settings(tmp_path, max_uploads=3, upload_keep_seconds=0)
    with running(settings) as client:
        for n in range(1, 10):
            r = _upload(client, n)
            assert r.status_code == 200, r.text
            assert r.json()["name"] in _kept() and len(_kept()) <= 3


def test_making_room_removes_nothing_it_may_not(tmp_path, content_dir):
    for n in range(3):
        content_sets.install_bytes("imperial", "cards", {"data": GOOD + b"\n" * n},
                                   f"upload-{n:016x}", check=lambda *a: None)
        _age(content_dir, f"upload-{n:016x}", 1000 - n)
    names = sorted(_kept())
    assert len(names) == 3
    keeping = Keeping(3, 0, in_use={names[0]},
                      uses=lambda game, option: {names[1]: True, names[2]: False})
    with kept_uploads.locked("imperial", "cards"):
        # in memory, live, and (only finished games) the one that may go
        assert kept_uploads.make_room("imperial", "cards", keeping, dry_run=True) == [names[2]]
        assert _kept() == set(names)
    # the one that may go, used a second ago: kept (``keep_seconds``), and the upload refused
    fresh = Keeping(3, 600, in_use={names[0]}, uses=keeping.uses)
    _age(content_dir, names[2], 1)
    with kept_uploads.locked("imperial", "cards"), pytest.raises(ActError) as refused:
        kept_uploads.make_room("imperial", "cards", fresh)
    assert refused.value.code == "too_many_uploads" and _kept() == set(names)
    # the operator's own installed sets never count and never go
    content_sets.install_bytes("imperial", "cards", {"data": GOOD}, "club",
                               check=lambda *a: None)
    with kept_uploads.locked("imperial", "cards"):
        assert kept_uploads.make_room("imperial", "cards", keeping) == [names[2]]
    assert "club" in content_sets.names("imperial", "cards")
