"""Fourteenth pass: Ctrl+C on ``settlers serve`` while bots think stops the server with one
line in the user's language and nothing on stderr. Before, each bot worker process (which
the terminal's SIGINT reaches too, being in the server's process group) printed Python's
``KeyboardInterrupt`` traceback, and the server logged the failed bot moves with theirs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx
import pytest

from settlers.testing.web_server import free_port

STOPPED = {"ru": "Сервер «Поселенцы» остановлен.", "en": "Settlers server stopped."}
LANG_VARIABLES = ("SETTLERS_LANG", "SETTLERS_DEFAULT_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")


def _serve(argv: list[str], port: int) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k not in LANG_VARIABLES}
    env["LANG"] = "C.UTF-8"   # no language named: Russian, the default
    # the four bots must be thinking when the signal comes, and no page watches their table
    # (a bot-only table pauses while none does)
    env["SETTLERS_PAUSE_UNWATCHED_BOTS"] = "0"
    return subprocess.Popen(
        [sys.executable, "-m", "settlers", *argv, "serve", "--port", str(port),
         "--db", "sqlite:///:memory:", "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True)   # a process group of its own, as a terminal's job has


def _wait_for_a_bot_move(base: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while True:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the server did not start"
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    # four search bots: a decision takes a while, so the signal finds a worker thinking
    made = httpx.post(f"{base}/api/games", timeout=30, json={
        "game": "catan", "seats": [{"kind": "bot", "bot": "mcts"}] * 4}).json()
    while httpx.get(f"{base}/api/games/{made['id']}", timeout=10).json()["version"] < 2:
        assert time.monotonic() < deadline, "the bots did not move"
        time.sleep(0.2)


@pytest.mark.parametrize(("argv", "lang"), [([], "ru"), (["--lang", "en"], "en")])
def test_ctrl_c_stops_the_server_in_words_without_a_traceback(argv, lang):
    port = free_port()
    proc = _serve(argv, port)
    try:
        _wait_for_a_bot_move(f"http://127.0.0.1:{port}", proc)
        os.killpg(proc.pid, signal.SIGINT)   # what Ctrl+C in the terminal sends
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 0, (proc.returncode, err)
    assert err == "", err
    assert out.splitlines()[-1] == STOPPED[lang], out


def test_a_service_managers_sigterm_to_the_group_leaves_no_traceback():
    """systemd (KillMode=control-group) sends SIGTERM to every process of the service: the
    bot workers and the upload checks' forkserver leave it to the server, which ends them.
    Before, each died of it, and the server logged every bot move that failed with them."""
    port = free_port()
    proc = _serve([], port)
    try:
        _wait_for_a_bot_move(f"http://127.0.0.1:{port}", proc)
        os.killpg(proc.pid, signal.SIGTERM)
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == -signal.SIGTERM, (proc.returncode, err)   # uvicorn's way
    assert err == "", err
