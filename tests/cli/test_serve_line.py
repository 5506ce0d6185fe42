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



# a refusal after «Invalid value:» begins in lower case (fifteenth i18n round)
@pytest.mark.parametrize(("argv", "words"), [
    (["--port", "99999"], "--port"),
    (["--log-level", "loud"], "unknown log level 'loud'"),
    (["--db", "nonsense://x"], "cannot open the database 'nonsense://x'"),
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


# after «Invalid value:», in lower case (fifteenth i18n round)
@pytest.mark.parametrize(("lang", "words"), [
    ("en", "cannot write the file '{db}': a part of its path is a file, not a folder."),
    ("ru", "не удаётся записать файл «{db}»: часть его пути — файл, а не папка."),
])
def test_a_database_file_in_a_place_that_cannot_take_it_is_refused_before_the_server_starts(
        monkeypatch, capsys, tmp_path, lang, words):
    """Said on one line, the path whole, however narrow the terminal: Typer's error box
    broke a long path at its border, where it could not be copied."""
    from settlers.web import serve

    started = []
    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: started.append(a))
    monkeypatch.setenv("COLUMNS", "60")
    folder = tmp_path / "a-folder-whose-name-is-long" / "and-another-one-under-it"
    folder.mkdir(parents=True)
    (folder / "plain").write_text("x", encoding="utf-8")
    db = folder / "plain" / "web.db"
    assert len(str(db)) > 60
    try:
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, "serve", "--port", "1", "--db", f"sqlite:///{db}"])
    finally:
        set_language("en")
    assert done.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    line = next((x for x in captured.err.splitlines() if str(db) in x), None)
    assert line is not None, captured.err   # the path whole, on one line
    assert words.format(db=db) in line and "│" not in line, captured.err
    assert not started


def _has_ipv6_loopback() -> bool:
    import socket

    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


def _free_port_on_both() -> int:
    """A port free at 127.0.0.1 and (where the machine has it) at ::1."""
    import socket

    for _ in range(50):
        port = _free_port()
        if not _has_ipv6_loopback():
            return port
        with socket.socket(socket.AF_INET6) as probe:
            try:
                probe.bind(("::1", port))
            except OSError:
                continue
        return port
    raise AssertionError("no port free on both loopbacks")


LOOPBACKS = ["127.0.0.1", *(["::1"] if _has_ipv6_loopback() else [])]


def _reaches(address: str, port: int) -> bool:
    import socket

    try:
        with socket.create_connection((address, port), timeout=5):
            return True
    except OSError:
        return False


@pytest.mark.parametrize("argv", [
    [],
    ["--workers", "2"],
    ["--workers", "2", "--port-per-worker"],
], ids=["one-worker", "workers", "port-per-worker"])
def test_localhost_is_listened_on_at_every_loopback_address(monkeypatch, capsys, argv):
    """`--host localhost`: a browser may open http://localhost:PORT/ at ::1 or at 127.0.0.1
    (RFC 6761: localhost is the loopback, whatever /etc/hosts says); every server process is
    handed a listening socket at each, which a client reaches (the IPv6 half only where the
    machine has ::1)."""
    import socket

    # (the server module binds Store when first imported: imported here before Store is
    # replaced, so a later test in this process does not build its server on NoStore)
    import settlers.web.server  # noqa: F401
    from settlers.web import serve, storage

    class NoStore:   # --workers > 1 migrates a PostgreSQL database first: none here
        def __init__(self, url):
            pass

        migrate = close = lambda self: None

    monkeypatch.setattr(storage, "Store", NoStore)
    monkeypatch.setattr(serve, "check_database_answers", lambda *a, **k: None)  # (no server)
    monkeypatch.setattr("settlers.web.create_app", lambda *a, **k: "app")
    monkeypatch.setattr("settlers.web.multiport.run_on_ports",   # each port's process, here
                        lambda serve_one, ports: [serve_one(p) for p in ports])
    handed = []

    def run(app, sockets, **options):
        handed.append([(s.family, s.getsockname()[0], s.getsockname()[1],
                        s.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN),
                        _reaches(s.getsockname()[0], s.getsockname()[1])) for s in sockets])

    monkeypatch.setattr(serve, "run_uvicorn", run)
    port = _free_port_on_both()
    db = "postgresql+psycopg://me@nowhere/db" if argv else "sqlite:///:memory:"
    with pytest.raises(SystemExit) as done:
        main(["--lang", "en", "serve", "--host", "localhost", "--port", str(port),
              "--db", db, *argv])
    assert done.value.code in (0, None)
    assert f"http://localhost:{port}/" in capsys.readouterr().out
    ports = [port, port + 1] if "--port-per-worker" in argv else [port]
    assert len(handed) == len(ports), handed
    for one_port, sockets in zip(ports, handed, strict=True):
        assert sorted(address for _f, address, *_ in sockets) == sorted(LOOPBACKS), sockets
        assert all(p == one_port and listening == 1 and reached
                   for _f, _a, p, listening, reached in sockets), sockets
    for one_port in ports:   # let go when the server stops
        for address in LOOPBACKS:
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            with socket.socket(family) as after:
                after.bind((address, one_port))


def test_a_server_on_localhost_answers_at_ipv4_and_ipv6(tmp_path):
    """The whole server, started as a user starts it: http://127.0.0.1:PORT/ and (where the
    machine has IPv6) http://[::1]:PORT/ both answer."""
    import json
    import os
    import sys
    import urllib.request

    port = _free_port_on_both()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    server = subprocess.Popen(
        [sys.executable, "-m", "settlers", "--lang", "en", "serve", "--host", "localhost",
         "--port", str(port), "--db", f"sqlite:///{tmp_path / 'web.db'}",
         "--bot-pool", "thread"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        greeting = server.stdout.readline() if server.stdout else ""
        assert f"http://localhost:{port}/" in greeting, (greeting, server.poll())
        for address in LOOPBACKS:
            host = f"[{address}]" if ":" in address else address
            with urllib.request.urlopen(f"http://{host}:{port}/api/meta", timeout=60) as r:
                assert r.status == 200 and "games" in json.load(r), address
    finally:
        server.terminate()
        server.wait(30)


@pytest.mark.skipif(not _has_ipv6_loopback(), reason="this machine has no ::1")
@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Порт {port} на localhost (::1) уже занят другой программой"),
    ("en", "Port {port} on localhost (::1) is already taken by another program"),
])
def test_a_port_taken_at_ipv6_localhost_only_is_refused_and_says_where(
        monkeypatch, capsys, lang, words):
    """Another program listens at [::1]:PORT (and not at 127.0.0.1:PORT): a browser opening
    localhost would reach it, so the port is refused, naming the address; the port suggested
    instead is free at both."""
    import re
    import socket

    from settlers.web import serve

    started = []
    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: started.append(a))
    port = _free_port_on_both()
    with socket.socket(socket.AF_INET6) as rival:
        rival.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        rival.bind(("::1", port))
        rival.listen()
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, "serve", "--host", "localhost", "--port", str(port),
                  "--db", "sqlite:///:memory:"])
        assert done.value.code == 1
        captured = capsys.readouterr()
        err = " ".join(captured.err.split())
        assert words.format(port=port) in err, err
        assert "Errno" not in err and "Traceback" not in err
        assert not started and captured.out == ""
        suggested = re.search(r"--port (\d+)", err)
        if suggested:
            free = int(suggested.group(1))
            assert free != port
            for address in LOOPBACKS:
                family = socket.AF_INET6 if ":" in address else socket.AF_INET
                with socket.socket(family) as probe:
                    probe.bind((address, free))


@pytest.mark.skipif(not _has_ipv6_loopback(), reason="this machine has no ::1")
def test_an_ipv6_host_is_greeted_with_a_url_that_opens(monkeypatch, capsys):
    """`--host ::1`: the greeting's address in brackets (http://[::1]:PORT/), the only form a
    browser opens."""
    from settlers.web import serve

    monkeypatch.setattr(serve, "run_uvicorn", lambda *a, **k: None)
    port = _free_port_on_both()
    with pytest.raises(SystemExit) as done:
        main(["--lang", "en", "serve", "--host", "::1", "--port", str(port),
              "--db", "sqlite:///:memory:"])
    assert done.value.code in (0, None)
    assert f"http://[::1]:{port}/" in capsys.readouterr().out
