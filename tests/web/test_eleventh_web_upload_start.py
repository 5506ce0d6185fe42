"""Eleventh pass: the process upload checks run in is started with the server.

The tenth pass ran each upload's check in a child of a ``forkserver`` process, which started
(and loaded every game, ≈ 3 s) when the first upload came: that upload took ≈ 3 s, the next
ones 0.05–0.15 s. The app's start-up now starts it on a thread of its own, without waiting
for it, so the first upload is as fast as the next."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from fastapi.testclient import TestClient
from web_helpers import make_settings, running

from settlers.web import create_app

HERE = Path(__file__).resolve().parent


def test_the_server_starts_without_waiting_for_the_checks_process(tmp_path, monkeypatch):
    started: list[str] = []
    done = threading.Event()

    def slow_start(timeout: float = 120.0) -> bool:
        started.append(threading.current_thread().name)
        time.sleep(3.0)   # as long as the real one takes on a loaded machine
        done.set()
        return True

    monkeypatch.setattr("settlers.web.content_check.start_checker", slow_start)
    app = create_app(make_settings(tmp_path))   # (games loaded: settlers.web.warmup)
    t0 = time.monotonic()
    with TestClient(app) as client:   # the lifespan's start-up
        ready_in = time.monotonic() - t0
        assert client.get("/healthz").status_code == 200
        assert started and not done.is_set()   # it runs, and the server serves meanwhile
        assert started[0] != threading.main_thread().name
    assert ready_in < 2.5, ready_in


def test_a_server_that_takes_no_uploads_starts_no_checks_process(tmp_path, monkeypatch):
    started: list[int] = []
    monkeypatch.setattr("settlers.web.content_check.start_checker",
                        lambda timeout=120.0: started.append(1) or True)
    for settings in (make_settings(tmp_path, max_uploads=0),
                     make_settings(tmp_path, upload_checker_at_start=False)):
        with running(settings) as client:
            assert client.get("/healthz").status_code == 200
    assert started == []


_SCRIPT = r"""
import json, sys, time
from importlib import resources
sys.path.insert(0, sys.argv[1])
from fastapi.testclient import TestClient
from web_helpers import make_settings, running

from settlers.web import create_app
from pathlib import Path
from settlers.web import content_check

good = (resources.files("settlers.games.imperial") / "data" / "cards.json").read_bytes()
out = {}
with running(make_settings(Path(sys.argv[2]))) as client:
    # an upload at once: it works (it waits for the checks' process if need be)
    r = client.post("/api/content/imperial/cards?lang=en", content=good)
    out["at_once"] = r.status_code
    bad = json.loads(good)
    bad["cards"][5]["colours"] = ["green"]
    r = client.post("/api/content/imperial/cards?lang=en", content=json.dumps(bad).encode())
    out["bad"] = [r.status_code, r.json()["message"]]
with running(make_settings(Path(sys.argv[3]))) as client:
    # a second server of the same process: its checks' process is the same one
    ready = getattr(content_check, "ready", None)
    if ready is not None:
        ready.wait(60)
    times = []
    for n in range(1, 4):   # every one a new set (a new file)
        t0 = time.monotonic()
        r = client.post("/api/content/imperial/cards?lang=en", content=good + b"\n" * n)
        times.append(time.monotonic() - t0)
        assert r.status_code == 200, r.text
    out["times"] = times
print(json.dumps(out))
"""

_FIRST_SCRIPT = r"""
import json, sys, time
from importlib import resources
sys.path.insert(0, sys.argv[1])
from fastapi.testclient import TestClient
from web_helpers import make_settings, running

from settlers.web import create_app
from pathlib import Path
from settlers.web import content_check

good = (resources.files("settlers.games.imperial") / "data" / "cards.json").read_bytes()
with running(make_settings(Path(sys.argv[2]))) as client:
    ready = getattr(content_check, "ready", None)
    if ready is not None:   # the server started it: wait until it is up
        ready.wait(60)
    else:                   # (the old code: nothing starts it; give it the same time)
        time.sleep(8)
    times = []
    for n in range(3):
        t0 = time.monotonic()
        r = client.post("/api/content/imperial/cards?lang=en", content=good + b"\n" * n)
        times.append(time.monotonic() - t0)
        assert r.status_code == 200, r.text
print(json.dumps(times))
"""


def _run(script: str, tmp_path, *dirs: str):
    env = {**os.environ, "SETTLERS_CONTENT_DIR": str(tmp_path / "content")}
    for d in dirs:
        (tmp_path / d).mkdir()
    done = subprocess.run([sys.executable, "-c", script, str(HERE),
                           *(str(tmp_path / d) for d in dirs)],
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_an_upload_right_after_the_start_is_checked(tmp_path):
    """In a process of its own (the checks' process is one per process): an upload made
    the moment the server is up is checked and kept; a bad one is refused with its reason."""
    got = _run(_SCRIPT, tmp_path, "a", "b")
    assert got["at_once"] == 200
    assert got["bad"][0] == 422 and "unknown colour 'green'" in got["bad"][1]


def test_the_first_upload_is_as_fast_as_the_next(tmp_path):
    """The first upload of a fresh server process, once the server is up, takes about what
    the next ones do (the old code: ≈ 3 s against ≈ 0.1 s — the forkserver started then)."""
    first, *later = _run(_FIRST_SCRIPT, tmp_path, "a")
    assert first < max(1.0, 3 * max(later)), (first, later)
