"""Eleventh pass: a page's log is in one language, the page's own, after every reconnect.

A page that reconnected with ``?since=<lines it has>`` was sent only the lines after them —
in the language it asked for now, while it kept its old lines in the language they came in
(a page opened in English that reconnects in Russian showed English lines, then Russian
ones). A resume is now honoured only when the page says its lines are in the language it
asks for (``?since_lang=``); otherwise the whole log comes, in that language."""

from __future__ import annotations

import random

from web_helpers import make_settings, new_game, play_random_moves, recv_until, running, state

GAME, PLAYERS, SEED = "iceland", 3, 1
VIEWERS = (0, 1, 2, None)


def _keep(lines: dict[int, str], msg: dict) -> dict[int, str]:
    """What a page shows after ``msg`` (game.js renderLog)."""
    if msg["log_from"] == 0:
        lines = {}
    return {**lines, **{e["i"]: e["text"] for e in msg["log"]}}


def _url(gid, tokens, v, tail: str) -> str:
    q = f"token={tokens[v]}&" if v is not None else ""
    return f"/ws/games/{gid}?{q}{tail}"


def _first_state(client, url: str) -> dict:
    with client.websocket_connect(url) as ws:
        return recv_until(ws, lambda m: m["type"] == "state")


def _whole_log(client, gid, tokens, v, lang: str) -> dict[int, str]:
    msg = state(client, gid, tokens.get(v) if v is not None else None, lang=lang)
    return {e["i"]: e["text"] for e in msg["log"]}


def test_a_page_that_reconnects_in_another_language_shows_every_line_in_it(tmp_path):
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        gid, tokens = new_game(client, game=GAME, seats=("human",) * PLAYERS, seed=SEED)
        rng = random.Random(1)
        play_random_moves(client, gid, tokens, rng, 10)
        had = {v: _keep({}, _first_state(client, _url(gid, tokens, v, "lang=en")))
               for v in VIEWERS}
        play_random_moves(client, gid, tokens, rng, 10)
        for v in VIEWERS:
            n = len(had[v])
            # the page's lines are English; it comes back asking for Russian
            back = _first_state(client, _url(gid, tokens, v,
                                             f"lang=ru&since={n}&since_lang=en"))
            shown = _keep(had[v], back)
            assert back["log_from"] == 0, v   # (the old code: n, and only the lines after)
            ru = _whole_log(client, gid, tokens, v, "ru")
            assert shown == ru, v
            en = _whole_log(client, gid, tokens, v, "en")
            assert not set(shown.values()) & set(en.values()) - set(ru.values()), v


def test_a_resume_that_does_not_name_its_lines_language_gets_the_whole_log(tmp_path):
    """``since`` alone (an older page, any client) tells nothing of the lines' language:
    the whole log comes, so nothing shown can be in another one."""
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        gid, tokens = new_game(client, game=GAME, seats=("human",) * PLAYERS, seed=SEED)
        play_random_moves(client, gid, tokens, random.Random(1), 12)
        for tail in ("lang=ru&since=3", "lang=ru&since=3&since_lang=",
                     "lang=ru&since=3&since_lang=RU", "lang=ru&since=3&since_lang=ru,en"):
            back = _first_state(client, _url(gid, tokens, 0, tail))
            assert back["log_from"] == 0, tail
            assert _keep({}, back) == _whole_log(client, gid, tokens, 0, "ru"), tail


def test_a_page_whose_lines_are_in_its_language_still_gets_only_the_lines_it_missed(tmp_path):
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        gid, tokens = new_game(client, game=GAME, seats=("human",) * PLAYERS, seed=SEED)
        rng = random.Random(1)
        play_random_moves(client, gid, tokens, rng, 8)
        for lang in ("ru", "en"):
            had = _keep({}, _first_state(client, _url(gid, tokens, 1, f"lang={lang}")))
            play_random_moves(client, gid, tokens, rng, 4)
            n = len(had)
            back = _first_state(client, _url(gid, tokens, 1,
                                             f"lang={lang}&since={n}&since_lang={lang}"))
            assert back["log_from"] == n
            assert _keep(had, back) == _whole_log(client, gid, tokens, 1, lang)


def test_a_language_switch_on_the_socket_resends_every_line_in_the_new_language(tmp_path):
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        gid, tokens = new_game(client, game=GAME, seats=("human",) * PLAYERS, seed=SEED)
        rng = random.Random(1)
        play_random_moves(client, gid, tokens, rng, 6)
        with client.websocket_connect(_url(gid, tokens, 2, "lang=en")) as ws:
            shown = _keep({}, recv_until(ws, lambda m: m["type"] == "state"))
            ws.send_json({"type": "lang", "lang": "ru"})
            shown = _keep(shown, recv_until(ws, lambda m: m["type"] == "state"))
            assert shown == _whole_log(client, gid, tokens, 2, "ru")
            play_random_moves(client, gid, tokens, rng, 3)
            version = client.app.state.hub.rooms[gid].state.version
            while True:
                msg = recv_until(ws, lambda m: m["type"] == "state")
                shown = _keep(shown, msg)
                if msg["version"] == version:
                    break
            assert shown == _whole_log(client, gid, tokens, 2, "ru")
