"""A game that reaches ``max_game_actions`` ends "stopped": unfinished, without a winner.

The fifteenth server pass bounded a game's moves (a table of random bots may never end), but
left a game at the bound live for ever: it counted towards ``max_games``, its record and
replay stayed closed ("not finished"), a restart loaded it and tried its bots again, and its
players were told only refusals. Now its last move is stored with the status "stopped" (one
transaction: a crash loses nothing), which takes it out of the live games; its room is
treated as a finished game's, its pages say why in words, the lobby lists it as stopped and
its record can be read and downloaded."""

from __future__ import annotations

import random
import re
import time

from web_helpers import (
    act,
    make_settings,
    new_game,
    play_random_moves,
    receive,
    running,
    state,
    until,
)

CAP = 12   # the test's bound (the server's default is 30 000)


def _settings(tmp_path, db_url, **overrides):
    return make_settings(tmp_path, db_url=db_url, max_game_actions=CAP, **overrides)


def _bot_table(client) -> str:
    """Landnám with three random bots and no turn limit (it may never end): stopped at CAP."""
    gid, _ = new_game(client, game="iceland", seats=("random",) * 3, seed=7,
                      options={"turn_limit": 0})
    assert until(lambda: state(client, gid)["version"] >= CAP, 60)
    # the old server: the game stays "running" at the bound
    assert until(lambda: state(client, gid)["status"] == "stopped", 5), state(client, gid)["status"]
    return gid


def _listed(html: str, status: str) -> str:
    """The lobby's list of games of ``status`` (its <ul>), or ''."""
    got = re.search(rf'<ul class="game-list" data-status="{status}">(.*?)</ul>', html, re.S)
    return got.group(1) if got else ""


def test_a_bot_table_at_the_move_limit_ends_stopped_and_leaves_the_live_games(tmp_path, db_url):
    with running(_settings(tmp_path, db_url, max_games=1)) as client:
        hub = client.app.state.hub
        gid = _bot_table(client)
        time.sleep(0.5)
        msg = state(client, gid)
        assert (msg["version"], msg["over"], msg["actions"]) == (CAP, False, [])
        room = hub.rooms[gid]
        assert room.bot_task is None or room.bot_task.done()
        # stored as ended; no longer a live game: another one may be made (max_games 1)
        assert hub.store.load_game(gid).status == "stopped"
        assert hub.store.count_games(("open", "running")) == 0
        r = client.post("/api/games", json={"game": "sample", "options": {},
                                             "seats": [{"kind": "bot", "bot": "random"}] * 2})
        assert r.status_code == 200, r.text
        # the lobby lists it as stopped (with its replay), not among the live ones
        for lang, heading in (("en", "Stopped at the move limit"),
                              ("ru", "Остановлены на пределе числа ходов")):
            html = client.get(f"/?lang={lang}").text
            assert heading in html
            assert gid in _listed(html, "stopped") and f"/games/{gid}/replay" in html
            assert gid not in _listed(html, "running") + _listed(html, "open")
        listed = client.get("/api/games?status=stopped").json()["games"]
        assert gid in [g["id"] for g in listed]
        # its replay and its record: readable and checkable like a finished game's
        assert client.get(f"/games/{gid}/replay").status_code == 200
        step = client.get(f"/api/games/{gid}/replay/{CAP}").json()
        assert (step["step"], step["steps"]) == (CAP, CAP)
        record = client.get(f"/api/games/{gid}/record")
        assert record.status_code == 200, record.text
        record = record.json()
        assert len(record["actions"]) == CAP and record["verification"]["same_end"] is True


def test_a_move_past_the_limit_is_refused_in_words_and_the_pages_say_stopped(tmp_path, db_url):
    with running(_settings(tmp_path, db_url)) as client:
        hub = client.app.state.hub
        gid, tokens = new_game(client, game="iceland", seats=("human",) * 3,
                               options={"turn_limit": 0})
        rng = random.Random(3)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang=ru") as ws:
            first = receive(ws)
            assert first["status"] != "stopped"
            play_random_moves(client, gid, tokens, rng, CAP)
            # the open page is told: its last state says stopped, and offers nothing
            for _ in range(CAP + 5):
                msg = receive(ws)
                if msg.get("version") == CAP:
                    break
            assert msg["status"] == "stopped" and msg["actions"] == []
        room = hub.rooms[gid]
        assert not room.state.over and room.state.version == CAP
        seat = room.state.to_act[0]
        action = rng.choice(room.state.legal_actions(seat)).to_json()
        for lang, word in (("en", "stopped"), ("ru", "остановлена")):
            r = act(client, gid, tokens[seat], CAP, action, lang)
            assert r.status_code == 409 and r.json()["code"] == "game_too_long", r.text
            assert word in r.json()["message"] and str(CAP) in r.json()["message"]
            # the page: its status says stopped, in the page's language (game.js: game.stopped)
            html = client.get(f"/games/{gid}?lang={lang}").text
            said = {"en": "The game was stopped", "ru": "Партия остановлена: в ней"}[lang]
            assert re.search(r'"game\.stopped": "' + said, html), lang
            assert state(client, gid, tokens[seat], lang)["status"] == "stopped"
        assert room.state.version == CAP


def test_a_stopped_game_stays_stopped_after_a_restart(tmp_path, db_url):
    settings = _settings(tmp_path, db_url)
    with running(settings) as client:
        gid = _bot_table(client)
        # a game stored live at the bound (before games were stopped there)
        old, _ = new_game(client, game="iceland", seats=("random",) * 3, seed=8,
                          options={"turn_limit": 0})
        assert until(lambda: state(client, old)["status"] == "stopped", 60)
        client.app.state.hub.store.set_status(old, "running")
    with running(settings) as client:   # (nothing is lost: the status came with the move)
        hub = client.app.state.hub
        assert gid not in hub.rooms   # not loaded at start as a live game
        for game in (gid, old):
            msg = state(client, game)
            assert (msg["status"], msg["version"]) == ("stopped", CAP)
        assert hub.store.load_game(old).status == "stopped"
        assert hub.store.count_games(("open", "running")) == 0
        time.sleep(0.5)
        assert state(client, gid)["version"] == CAP   # its bots stay stopped
        assert client.get(f"/api/games/{gid}/record").status_code == 200
