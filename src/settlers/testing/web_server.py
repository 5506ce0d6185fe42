"""A real ``settlers serve`` process on loopback, with the sample game registered, for tests
and load benchmarks that must kill and restart the server or load it from outside.

    python -m settlers.testing.web_server serve --port 8123 --db sqlite:///x.db
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence

# how long a server may take to answer its first /healthz: a fresh process imports the app,
# migrates the database and rebuilds the unfinished games first. A few seconds on an idle
# machine; 20 s for an empty database and 46 s after a kill -9 with 11 live games were measured
# on a 2-core machine running the web tests beside other jobs (the former 30 s limit failed a
# test there). The wait ends as soon as the server answers, or exits.
START_TIMEOUT = 120.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, db_url: str, extra_args: Sequence[str] = (),
                 env: Mapping[str, str] | None = None,
                 timeout: float = START_TIMEOUT) -> subprocess.Popen[bytes]:
    """Start the server on 127.0.0.1:``port`` and return once /healthz answers."""
    import httpx

    # the server's log goes to a file, never a pipe nobody reads: a full pipe would block the
    # server on its next log line (it did, under load, in benchmarks/web_load.py)
    log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the server
    proc = subprocess.Popen(
        [sys.executable, "-m", "settlers.testing.web_server", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--db", db_url, *extra_args],
        stdout=subprocess.DEVNULL, stderr=log,
        # tables of bots only play on with no page open: tests and benchmarks follow them
        # over HTTP (a test of the pause sets SETTLERS_PAUSE_UNWATCHED_BOTS itself)
        env={"SETTLERS_PAUSE_UNWATCHED_BOTS": "0", **os.environ, **(env or {})},
    )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    code = proc.poll()
    proc.kill()
    proc.wait()
    log.seek(0)
    raise RuntimeError(f"the server did not answer in {timeout:.0f} s "
                       f"({'it exited with ' + str(code) if code is not None else 'still running'}): "
                       + log.read().decode(errors="replace")[-2000:])


def main() -> None:
    stacks = os.environ.get("SETTLERS_STACKS_FILE")
    if stacks:  # `kill -USR1 <pid>` writes every thread's stack there (load diagnosis)
        import faulthandler
        import signal

        faulthandler.register(signal.SIGUSR1, file=open(stacks, "a"), all_threads=True)  # noqa: SIM115
    from settlers.core import register
    from settlers.testing.sample import GAME
    from settlers.web.__main__ import app

    register(GAME)
    sys.argv[0] = "settlers"
    app()


if __name__ == "__main__":
    main()
