"""Tenth pass: an uploaded content set is checked at every player count its game allows, in
a process of its own bounded in time and memory (uploads are anyone's data).

The ninth pass left it: data was checked by setting up one game at the smallest table only,
so data that could not seat a larger one was accepted and broke every such game created with
it; and the check ran in a server thread with no bound on its time or memory."""

from __future__ import annotations

import json
import time
from importlib import resources
from pathlib import Path

import pytest
import upload_check_targets
from web_helpers import make_settings, running

import settlers
from settlers.core import content_sets
from settlers.core.content_sets import ContentSetError
from settlers.core.errors import InvalidOption
from settlers.web import content_check
from settlers.web.errors import ActError

pytestmark = pytest.mark.usefixtures("content_dir")  # (uploads land in a fresh folder)


def _cards_file(tmp_path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text((resources.files("settlers.games.imperial") / "data" / "cards.json")
                    .read_text("utf-8"), "utf-8")
    return path


@pytest.mark.parametrize("game,option", [("imperial", "cards"), ("founders", "tiles")])
def test_a_set_is_checked_at_every_player_count(tmp_path, monkeypatch, game, option):
    """Data one table size cannot use is refused, whichever size it is (the old check set up
    only the smallest table, and took this data)."""
    g = settlers.load(game)
    real = type(g).new_state
    seated: list[int] = []

    def new_state(self, players, seed=0, options=None):
        seated.append(players)
        if players == g.max_players:   # data that cannot seat the largest table
            raise InvalidOption("core.content.invalid", game=game, option=option,
                                path=str((options or {}).get(option)), error="too few")
        return real(self, players=players, seed=seed, options=options)

    monkeypatch.setattr(type(g), "new_state", new_state)
    source = _cards_file(tmp_path) if game == "imperial" else \
        Path(str(resources.files("settlers.games.founders") / "data" / "tiles.jsonl"))
    with pytest.raises(ContentSetError):
        content_sets.install(game, option, source, "mine")
    assert content_sets.names(game, option) == ["builtin"]
    assert seated == list(range(g.min_players, g.max_players + 1))


def test_an_upload_is_checked_in_a_process_of_its_own(client_settings):
    """A real upload goes through the child process and comes out named as before; a refusal
    found there is the game's own words, in the uploader's language."""
    with running(client_settings) as client:
        good = (resources.files("settlers.games.imperial") / "data" / "cards.json").read_bytes()
        r = client.post("/api/content/imperial/cards?lang=en", content=good)
        assert r.status_code == 200, r.text
        bad = json.loads(good)
        bad["cards"][5]["colours"] = ["green"]
        r = client.post("/api/content/imperial/cards?lang=en&filename=x.json",
                        content=json.dumps(bad).encode())
        assert r.status_code == 422 and "unknown colour 'green'" in r.json()["message"], r.text


@pytest.fixture
def client_settings(tmp_path):
    return make_settings(tmp_path, upload_check_seconds=20.0)


def test_a_check_that_does_not_end_is_stopped_at_its_time(tmp_path):
    check = content_check.bounded_check(1.0, 256, target=upload_check_targets.sleeps)
    t0 = time.monotonic()
    with pytest.raises(ActError) as refused:
        check("imperial", "cards", str(_cards_file(tmp_path)), "cards.json")
    assert time.monotonic() - t0 < 8
    assert refused.value.code == "bad_upload"
    for lang, words in (("en", "more than 1 s"), ("ru", "больше 1 с")):
        assert words in refused.value.message(lang)


def test_a_check_that_takes_memory_without_end_is_stopped_at_its_bound(tmp_path):
    check = content_check.bounded_check(30.0, 128, target=upload_check_targets.grows)
    t0 = time.monotonic()
    with pytest.raises(ActError) as refused:
        check("imperial", "cards", str(_cards_file(tmp_path)), "cards.json")
    assert time.monotonic() - t0 < 25   # the memory bound stopped it, not the time
    assert "128 MB" in refused.value.message("en")


def test_a_slow_upload_is_refused_over_the_web_and_nothing_is_kept(tmp_path, monkeypatch):
    """Through the API: the check's bound (``upload_check_seconds``) refuses the upload, in
    the uploader's language, and no set is stored."""
    real = content_check.bounded_check
    monkeypatch.setattr("settlers.web.content.bounded_check",
                        lambda s, m: real(s, m, target=upload_check_targets.sleeps))
    with running(make_settings(tmp_path, upload_check_seconds=1.0)) as client:
        good = (resources.files("settlers.games.imperial") / "data" / "cards.json").read_bytes()
        r = client.post("/api/content/imperial/cards?lang=ru", content=good)
        assert r.status_code == 422 and r.json()["code"] == "bad_upload", r.text
        assert "больше 1 с" in r.json()["message"]
    assert content_sets.names("imperial", "cards") == ["builtin"]


def test_uploads_do_not_queue_behind_running_checks(tmp_path):
    """Two checks run at once; a third upload meanwhile is refused at once (``upload_busy``,
    503 over the web) instead of holding one of the threads game creation shares."""
    import threading

    slow = content_check.bounded_check(6.0, 256, target=upload_check_targets.sleeps)
    path = str(_cards_file(tmp_path))
    errors: list[str] = []

    def run() -> None:
        try:
            slow("imperial", "cards", path, "cards.json")
        except ActError as exc:
            errors.append(exc.code)

    busy = [threading.Thread(target=run) for _ in range(content_check.MAX_AT_ONCE)]
    for t in busy:
        t.start()
    time.sleep(0.5)
    t0 = time.monotonic()
    with pytest.raises(ActError) as refused:
        slow("imperial", "cards", path, "cards.json")
    assert refused.value.code == "upload_busy" and refused.value.status == 503
    assert time.monotonic() - t0 < 3
    for t in busy:
        t.join(20)
    assert errors == ["bad_upload"] * content_check.MAX_AT_ONCE
