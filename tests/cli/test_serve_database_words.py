"""`settlers serve` on a PostgreSQL URL, as docs/deploy.md's systemd unit gives it: the greeting
named the database with its password (the unit's password in the journal), and a database that
does not answer was a 125-line traceback after a greeting that said the server was running
(the eleventh fresh-user pass)."""

from __future__ import annotations

import socket

import pytest

from settlers.cli import main
from settlers.core import set_language

PASSWORD = "s3cr3tpw"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_greeting_never_shows_the_database_password(monkeypatch, capsys, lang):
    from settlers.web import serve

    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: None)     # the line only
    monkeypatch.setattr(serve, "check_database_answers", lambda *a, **k: None, raising=False)
    try:
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, "serve", "--port", str(_free_port()), "--db",
                  f"postgresql+psycopg://settlers:{PASSWORD}@127.0.0.1/settlers"])
        assert done.value.code in (0, None)
    finally:
        set_language(None)
    out = capsys.readouterr().out
    assert "settlers:***@127.0.0.1/settlers" in out and PASSWORD not in out, out


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Cannot connect to the database postgresql+psycopg://u:***@127.0.0.1:1/db: "),
    ("ru", "Не удаётся подключиться к базе данных postgresql+psycopg://u:***@127.0.0.1:1/db: "),
])
def test_a_database_that_does_not_answer_is_said_in_words_before_the_greeting(
        monkeypatch, capsys, lang, words):
    from settlers.web import serve

    started = []
    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: started.append(1))
    try:
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, "serve", "--port", str(_free_port()), "--db",
                  f"postgresql+psycopg://u:{PASSWORD}@127.0.0.1:1/db"])
    finally:
        set_language(None)
    captured = capsys.readouterr()
    assert done.value.code == 1 and not started
    assert words in captured.err, captured.err
    assert captured.out == "" and "Traceback" not in captured.err
    assert PASSWORD not in captured.err + captured.out
