"""Twelfth pass: a request that names no language is answered in the server's.

``?lang=`` first, then the language cookie, then the server's own (``Settings.default_lang``:
``settlers --lang en serve``, SETTLERS_LANG — tests/cli/test_serve_default_lang.py). Before,
a server started in English answered such a request in Russian. The server reads no
Accept-Language then (the thirteenth pass reads it before the server's language)."""

from __future__ import annotations

from web_helpers import make_settings, running

from settlers.web.i18n import LANG_COOKIE

NO_GAME = {"ru": "Такой партии нет на сервере.", "en": "There is no such game on this server."}


def _message(client, **kwargs) -> str:
    r = client.get("/api/games/nosuchgame", **kwargs)
    assert r.status_code == 404, r.text
    return r.json()["message"]


def test_the_api_answers_in_the_servers_language_when_the_request_names_none(tmp_path):
    with running(make_settings(tmp_path, default_lang="en")) as client:
        assert _message(client) == NO_GAME["en"]
        # a browser's language list comes before the server's (thirteenth pass:
        # tests/web/test_thirteenth_web_accept_language.py)
        assert _message(client, headers={"accept-language": "ru;q=1"}) == NO_GAME["ru"]
        client.cookies.set(LANG_COOKIE, "ru")
        assert _message(client) == NO_GAME["ru"]          # the cookie, then
        assert _message(client, params={"lang": "en"}) == NO_GAME["en"]   # ?lang= first


def test_pages_and_sockets_are_in_the_servers_language_too(tmp_path):
    with running(make_settings(tmp_path, default_lang="en")) as client:
        page = client.get("/")
        assert page.status_code == 200 and '<html lang="en">' in page.text
        missing = client.get("/games/nosuchgame")
        assert NO_GAME["en"] in missing.text, missing.text
        with client.websocket_connect("/ws/games/nosuchgame") as ws:
            msg = ws.receive_json()
        assert msg["type"] == "error" and msg["message"] == NO_GAME["en"], msg


def test_only_a_language_the_server_has_is_its_default(tmp_path):
    """Russian for a server left to itself or told a language it has not (``de``); English
    for one told English — in one test, since the first two were so before."""
    said = {}
    for told in (None, "de", "en"):
        folder = tmp_path / str(told)
        folder.mkdir()
        settings = make_settings(folder, **({"default_lang": told} if told else {}))
        with running(settings) as client:
            said[told] = _message(client)
    assert said == {None: NO_GAME["ru"], "de": NO_GAME["ru"], "en": NO_GAME["en"]}
