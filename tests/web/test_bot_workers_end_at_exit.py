"""A process that built a server's bot pool of worker processes and never ran its shutdown
(the command line's tests build the app and stop there) still exits: its workers ignore
SIGTERM, which is what multiprocessing's exit hook sends daemon children before joining them,
so the exit used to wait for ever (tests/cli/test_serve_*.py, run alone, never ended)."""

import subprocess
import sys
import textwrap
import time

CODE = textwrap.dedent("""
    from settlers.web.bots import BotPool
    pool = BotPool(kind="process", workers=2)
    assert all(w.proc.is_alive() for w in pool.workers)
    print("started", flush=True)
""")


def test_a_process_with_live_bot_workers_exits():
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "started"
    assert time.monotonic() - started < 30
