"""Thirteenth pass: the browser's Accept-Language, read when the request names no language.

The order (settlers.web.server.request_lang): ``?lang=``; the language cookie; the server's
language when the operator fixed it (SETTLERS_DEFAULT_LANG: ``accept_language`` off);
Accept-Language (ru or en, by quality); the server's language (``--lang``, SETTLERS_LANG,
the environment's; ru). Before, Accept-Language was never read: a Russian browser on a server
started from an English shell got English. The header is a visitor's text: bounded, and
nothing in it raises."""

from __future__ import annotations

import pytest
from web_helpers import make_settings, running

from settlers.web.accept_language import MAX_HEADER, preferred_language
from settlers.web.config import Settings
from settlers.web.i18n import LANG_COOKIE, LANGS

NO_GAME = {"ru": "Такой партии нет на сервере.", "en": "There is no such game on this server."}


@pytest.mark.parametrize(("header", "lang"), [
    ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
    ("en-GB,en;q=0.9,ru;q=0.8", "en"),
    ("de-DE,de;q=0.9,en;q=0.5,ru;q=0.4", "en"),
    ("de-DE,de;q=0.9,ru;q=0.5,en;q=0.4", "ru"),
    ("en;q=0.5, ru;q=0.7", "ru"),            # the quality decides, not the order
    ("en;q=0.7, ru;q=0.7", "en"),            # a tie: the first
    ("RU", "ru"), ("ru_RU", "ru"), ("en-Latn-US", "en"),
    ("ru;q=1.000", "ru"), ("ru ; q=0.5", "ru"),
    ("de", None), ("*", None), ("", None), (None, None),
    ("ru;q=0", None), ("ru;q=0.000, de", None),   # q=0: not this one
    ("ru;q=abc, en;q=0.1", "en"),           # a malformed quality: the range is skipped
    ("ru;q=1.5", None), ("ru;q=-1", None), ("ru;q=0.0001", None), ("ru;q=", None),
    ("russian", None), ("ru\x00", None), ("ру", None), (";;;,,,;q=1", None),
])
def test_the_preferred_language(header, lang):
    assert preferred_language(header, LANGS) == lang


def test_a_hostile_header_is_read_within_bounds():
    assert preferred_language("x" * 10_000_000, LANGS) is None
    assert preferred_language("de," * 1_000_000 + "ru", LANGS) is None   # past the bound
    assert preferred_language("ru;" + "q=1;" * 100_000, LANGS) is None   # one range, cut
    assert preferred_language("ru," + "q=1;" * 100_000, LANGS) == "ru"
    # a range the bound cuts is not read: «en-GB;q=0.1» cut to «en» would say q=1
    cut = ",".join(["de"] * ((MAX_HEADER - 2) // 3)) + ",en-GB;q=0.1,ru;q=0.05"
    assert len(cut) > MAX_HEADER and cut[:MAX_HEADER].endswith(",en")
    assert preferred_language(cut, LANGS) is None


def _message(client, **kwargs) -> str:
    r = client.get("/api/games/nosuchgame", **kwargs)
    assert r.status_code == 404, r.text
    return r.json()["message"]


def test_the_browsers_language_comes_after_the_visitors_choice(tmp_path):
    russian = {"accept-language": "ru-RU,ru;q=0.9,en;q=0.5"}
    with running(make_settings(tmp_path, default_lang="en")) as client:
        assert _message(client) == NO_GAME["en"]                      # the server's
        assert _message(client, headers=russian) == NO_GAME["ru"]     # the browser's
        assert _message(client, headers={"accept-language": "de, fr;q=0.5"}) == NO_GAME["en"]
        assert _message(client, headers=russian, params={"lang": "en"}) == NO_GAME["en"]
        page = client.get("/", headers=russian)
        assert '<html lang="ru">' in page.text
        with client.websocket_connect("/ws/games/nosuchgame", headers=russian) as ws:
            assert ws.receive_json()["message"] == NO_GAME["ru"]
        huge = {"accept-language": "ru," + "x-y;q=0.5," * 2000}   # cut after 512 characters
        assert _message(client, headers=huge) == NO_GAME["ru"]
        client.cookies.set(LANG_COOKIE, "en")
        assert _message(client, headers=russian) == NO_GAME["en"]     # the cookie first


def test_a_language_the_operator_fixed_comes_before_the_browsers(tmp_path):
    settings = make_settings(tmp_path, default_lang="en", accept_language=False)
    with running(settings) as client:
        assert _message(client, headers={"accept-language": "ru"}) == NO_GAME["en"]
        assert _message(client, headers={"accept-language": "ru"},
                        params={"lang": "ru"}) == NO_GAME["ru"]


@pytest.mark.parametrize(("env", "accepts"), [
    ({}, True),
    ({"SETTLERS_DEFAULT_LANG": "ru"}, False),                       # fixed by the operator
    ({"SETTLERS_DEFAULT_LANG": "ru", "SETTLERS_ACCEPT_LANGUAGE": "1"}, True),
    ({"SETTLERS_ACCEPT_LANGUAGE": "0"}, False),
    ({"SETTLERS_DEFAULT_LANG": "en", "SETTLERS_ACCEPT_LANGUAGE": "False"}, False),
])
def test_settlers_default_lang_turns_the_browsers_language_off(monkeypatch, env, accepts):
    for name in ("SETTLERS_DEFAULT_LANG", "SETTLERS_ACCEPT_LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert Settings.from_env().accept_language is accepts


def test_a_language_the_server_has_not_passes_the_choice_on(tmp_path):
    """``?lang=de`` or a cookie saying ``de`` names no language of the server's: the next
    source decides (before, ``?lang=de`` gave the server's language over the cookie)."""
    with running(make_settings(tmp_path, default_lang="en")) as client:
        russian = {"accept-language": "ru"}
        assert _message(client, headers=russian, params={"lang": "de"}) == NO_GAME["ru"]
        client.cookies.set(LANG_COOKIE, "de")
        assert _message(client, headers=russian) == NO_GAME["ru"]
        client.cookies.set(LANG_COOKIE, "ru")
        assert _message(client, params={"lang": "xx"}) == NO_GAME["ru"]   # the cookie
