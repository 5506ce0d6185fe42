"""Twelfth pass: ``settlers --lang en serve`` (or SETTLERS_LANG=en) starts a server whose pages
and API answer in English a request that names no language (no ``?lang=``, no cookie);
SETTLERS_DEFAULT_LANG, the server's own setting, still has the last word. Before, every such
request was answered in Russian whatever the command's language."""

from __future__ import annotations

import socket

import pytest

from settlers.cli import main
from settlers.core import set_language


def _started(monkeypatch, argv: list[str], env: dict[str, str]):
    from settlers.web import serve

    apps = []
    monkeypatch.setattr(serve, "run_uvicorn", lambda app, *a, **k: apps.append(app))
    for name in ("SETTLERS_LANG", "SETTLERS_DEFAULT_LANG", "SETTLERS_ACCEPT_LANGUAGE", "LANGUAGE",
                 "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    try:
        with pytest.raises(SystemExit) as done:
            main([*argv, "serve", "--port", str(port), "--db", "sqlite:///:memory:"])
        assert done.value.code in (0, None)
    finally:
        set_language(None)
    (app,) = apps
    return app.state.settings


CASES = [
    (["--lang", "en"], {}, "en"),
    ([], {"SETTLERS_LANG": "en"}, "en"),
    (["--lang", "ru"], {"SETTLERS_LANG": "en"}, "ru"),   # the command line over the variable
    ([], {}, "ru"),
    (["--lang", "en"], {"SETTLERS_DEFAULT_LANG": "ru"}, "ru"),   # the server's own setting
]


def test_the_server_defaults_to_the_language_it_was_started_in(monkeypatch):
    got = []
    for argv, env, _lang in CASES:
        with monkeypatch.context() as patch:
            got.append(_started(patch, argv, env).default_lang)
    assert got == [lang for _argv, _env, lang in CASES]


def test_only_settlers_default_lang_puts_the_servers_language_above_the_browsers(monkeypatch):
    """Thirteenth pass: the browser's Accept-Language comes before the language the command
    speaks (``--lang``, SETTLERS_LANG, the environment's), not before SETTLERS_DEFAULT_LANG,
    which fixes the site's language — for the workers of ``--workers N`` too."""
    got = []
    for argv, env, _lang in CASES:
        with monkeypatch.context() as patch:
            got.append(_started(patch, argv, env).accept_language)
    assert got == [True, True, True, True, False]
