"""`settlers serve` greets in the user's language; `make serve PORT=…` passes the port on."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from settlers.cli import main
from settlers.core import set_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("lang", "words"), [("en", "Settlers server"), ("ru", "Сервер «Поселенцы»")])
def test_the_start_up_line_speaks_the_language_given_on_the_command_line(
        monkeypatch, capsys, lang, words):
    from settlers.web import serve

    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: None)  # the line only
    monkeypatch.setenv("LANG", "ru_RU.UTF-8" if lang == "en" else "en_GB.UTF-8")
    port = _free_port()   # (the server holds it while it runs: not one port for every test)
    try:
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, "serve", "--port", str(port), "--db", "sqlite:///:memory:"])
        assert done.value.code in (0, None)
    finally:
        set_language(None)
    out = capsys.readouterr().out
    assert words in out and f":{port}/" in out


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_serve_takes_the_port():
    out = subprocess.run(["make", "-n", "serve", "PORT=9123"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert "settlers serve --open --host 127.0.0.1 --port 9123" in out



@pytest.mark.parametrize(("argv", "words"), [
    (["--port", "99999"], "--port"),
    (["--log-level", "loud"], "Unknown log level 'loud'"),
    (["--db", "nonsense://x"], "Cannot open the database 'nonsense://x'"),
    (["--db", "postgresql+nosuchdriver://me:secret@host/db"], "me:***@host"),
])
def test_a_bad_serve_option_is_refused_before_the_server_starts(monkeypatch, capsys, argv,
                                                               words):
    from settlers.web import serve

    started = []
    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: started.append(a))
    with pytest.raises(SystemExit) as done:
        main(["--lang", "en", "serve", *argv])
    assert done.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "secret" not in captured.err
    assert words in " ".join(captured.err.split()), captured.err
    assert not started and "Settlers server" not in captured.out


@pytest.fixture
def busy_port():
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Порт {port} на 127.0.0.1 уже занят другой программой"),
    ("en", "Port {port} on 127.0.0.1 is already taken by another program"),
])
def test_a_port_in_use_is_said_in_the_users_language_before_the_server_starts(
        monkeypatch, capsys, busy_port, lang, words):
    from settlers.web import serve

    started = []
    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: started.append(a))
    with pytest.raises(SystemExit) as done:
        main(["--lang", lang, "serve", "--port", str(busy_port), "--db", "sqlite:///:memory:"])
    assert done.value.code == 1
    captured = capsys.readouterr()
    err = " ".join(captured.err.split())
    assert words.format(port=busy_port) in err, err
    assert "--port" in err and "Errno" not in err and "Traceback" not in err
    assert not started and captured.out == ""   # no "listening" line, no server


def test_a_host_that_is_not_this_machine_is_refused_before_the_server_starts(
        monkeypatch, capsys):
    from settlers.web import serve

    started = []
    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: started.append(a))
    with pytest.raises(SystemExit) as done:
        main(["--lang", "ru", "serve", "--host", "nosuch.invalid", "--db",
              "sqlite:///:memory:"])
    assert done.value.code == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "Слушать на «nosuch.invalid» нельзя: это не имя и не адрес этой машины." in err
    assert not started


def test_the_server_is_handed_the_port_it_was_checked_on_so_none_can_take_it_between(
        monkeypatch, capsys):
    """The port is bound and listening before the greeting, and uvicorn is given that socket:
    another program that tries to take the port before uvicorn starts (the window between a
    check and uvicorn's own bind, where uvicorn would say «address already in use» in
    English) cannot have it."""
    import errno
    import socket

    import uvicorn

    port = _free_port()
    seen = {}

    def run(self, sockets=None):   # uvicorn.Server.run: the moment uvicorn would bind
        seen["sockets"] = sockets
        with socket.socket() as rival:
            try:
                rival.bind(("127.0.0.1", port))
                rival.listen()
                seen["rival"] = "took the port"
            except OSError as exc:
                seen["rival"] = errno.errorcode.get(exc.errno or 0)
        if sockets:
            seen["listening"] = [s.getsockname()[1] for s in sockets]
            seen["accepting"] = sockets[0].getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
        self.started = True

    monkeypatch.setattr(uvicorn.Server, "run", run)
    with pytest.raises(SystemExit) as done:
        main(["--lang", "en", "serve", "--port", str(port), "--db", "sqlite:///:memory:"])
    assert done.value.code in (0, None)
    assert "Settlers server" in capsys.readouterr().out
    assert seen["rival"] == "EADDRINUSE", seen
    assert seen["listening"] == [port] and seen["accepting"] == 1, seen
    with socket.socket() as after:   # let go when the server stops
        after.bind(("127.0.0.1", port))


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Cannot write the file '{db}': a part of its path is a file, not a folder."),
    ("ru", "Не удаётся записать файл «{db}»: часть его пути — файл, а не папка."),
])
def test_a_database_file_in_a_place_that_cannot_take_it_is_refused_before_the_server_starts(
        monkeypatch, capsys, tmp_path, lang, words):
    from settlers.web import serve

    started = []
    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: started.append(a))
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    db = tmp_path / "plain" / "web.db"
    try:
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, "serve", "--port", "1", "--db", f"sqlite:///{db}"])
    finally:
        set_language("en")
    assert done.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    # in Typer's box, which may break a long path: compared without the box and the spaces
    boxed = "".join(captured.err.replace("│", " ").split())
    assert "".join(words.format(db=db).split()) in boxed, captured.err
    assert not started
