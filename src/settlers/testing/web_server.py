"""A real ``settlers serve`` process on loopback, with the sample game registered, for tests
and load benchmarks that must kill and restart the server or load it from outside.

    python -m settlers.testing.web_server serve --port 8123 --db sqlite:///x.db
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, db_url: str, extra_args: Sequence[str] = (),
                 env: Mapping[str, str] | None = None,
                 timeout: float = 30.0) -> subprocess.Popen[bytes]:
    """Start the server on 127.0.0.1:``port`` and return once /healthz answers."""
    import httpx

    proc = subprocess.Popen(
        [sys.executable, "-m", "settlers.testing.web_server", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--db", db_url, *extra_args],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
    )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    stderr = proc.stderr.read().decode() if proc.stderr else ""
    raise RuntimeError("the server did not start: " + stderr[-2000:])


def main() -> None:
    from settlers.core import register
    from settlers.testing.sample import GAME
    from settlers.web.__main__ import app

    register(GAME)
    sys.argv[0] = "settlers"
    app()


if __name__ == "__main__":
    main()
