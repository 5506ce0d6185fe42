"""Load on the web server: many concurrent games with bots and connected WebSocket clients.

Starts `settlers serve` on 127.0.0.1 (a fresh SQLite file, or --db), creates GAMES tables —
seat 0 a scripted "human" on a WebSocket, the other seats bots — plus SPECTATORS watching
sockets per table, optionally BUSY all-bot games already running, and lets everything play for
SECONDS. The human picks a uniformly random legal action whenever it may act; the round trip
is the time from sending an action to receiving the state that contains it (stored, then
broadcast).

It reports, per run: tables started (their human got a first state, and how fast),
progressing (moved during the run) and stalled (not over and unchanged for --stall seconds),
errors by kind, stored actions/s, round-trip p50/p95/p99, the server's CPU and memory — and
exits with status 1, saying why, if any table never started or stalled. ``--sweep`` runs
several sizes and prints the capacity: the most stored actions/s at a round-trip p99 under
100 ms.

    .venv/bin/python benchmarks/web_load.py --games 40 --seconds 30
    # the capacity headline (stored actions/s at a round-trip p99 under 100 ms):
    .venv/bin/python benchmarks/web_load.py --sweep 10,25,50,100,200 --seconds 20
    # issue 22 #3: 60 busy bot games, 20 players connect at once (first state p99 < 200 ms):
    .venv/bin/python benchmarks/web_load.py --games 20 --busy 60 --seconds 20
    # issue 16: 200 games, every seat a client plus one spectator (p99 < 100, p50 < 20 ms):
    .venv/bin/python benchmarks/web_load.py --games 200 --humans 4 --seconds 30

Bounded in count and time; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

from settlers.testing.web_server import free_port
from settlers.testing.web_server import start_server as launch

P99_TARGET_MS = 100.0
FIRST_STATE_TARGET_MS = 200.0


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive free TCP ports on 127.0.0.1."""
    for _ in range(200):
        first = free_port()
        if first + count > 65535:
            continue
        try:
            for p in range(first + 1, first + count):
                with socket.socket() as sock:
                    sock.bind(("127.0.0.1", p))
        except OSError:
            continue
        return first
    raise RuntimeError(f"no {count} consecutive free ports")


def route(gid: str, ports: list[int]) -> int:
    """The port a game's requests and sockets go to with ``--port-per-worker``: a hash of
    the game id, as the reverse proxy of docs/deploy.md does (any stable hash will do: what
    matters is that every socket of a game reaches the same process)."""
    return ports[zlib.crc32(gid.encode()) % len(ports)]


CLEANUP: list = []  # what a stopped benchmark still has to undo (the running server)
CGROUP_CPU = Path("/sys/fs/cgroup/cpu")  # the cgroup v1 cpu controller


class CpuBudget:
    """``--cpu-quota Q``: each server process (with its bot worker processes) in a cgroup of
    its own with a CFS quota of Q cores, so that every process gets the same fixed CPU
    budget whatever else runs on the machine (the load client, PostgreSQL, other jobs).
    Where the cgroup v1 cpu controller is not writable it says so and does nothing."""

    # a short period: a process that used its quota waits at most the rest of 10 ms (with
    # the default 100 ms it stalled up to 65 ms at a time, which the round trip's p99 showed)
    PERIOD_US = 10_000

    def __init__(self, quota: float | None, shares: int | None = None):
        self.quota = quota
        # cpu.shares of every group (1024: as much weight as one ordinary process); on a
        # machine shared with other jobs a larger weight lets each process have its quota
        # (the quota still caps it), and the load client gets a group of its own with it
        self.shares = shares
        self.client_group: Path | None = None
        self.groups: list[Path] = []
        self.applied = False  # every serving process got its group
        self.problem: str | None = None
        if quota is None:
            return
        if not (CGROUP_CPU / "cgroup.procs").exists() or not os.access(CGROUP_CPU, os.W_OK):
            self.problem = f"{CGROUP_CPU} is not writable here: no CPU quota applied"
            print(f"note: {self.problem}", file=sys.stderr)

    def confine(self, pids: list[list[int]]) -> None:
        """One cgroup per entry of ``pids`` (a server process and its children)."""
        if self.quota is None or self.problem:
            return
        for members in pids:
            group = CGROUP_CPU / f"settlers-web-load-{os.getpid()}-{members[0]}"
            try:
                group.mkdir(exist_ok=True)
                (group / "cpu.cfs_period_us").write_text(str(self.PERIOD_US))
                (group / "cpu.cfs_quota_us").write_text(str(int(self.quota * self.PERIOD_US)))
                if self.shares:
                    (group / "cpu.shares").write_text(str(self.shares))
                self.groups.append(group)
                for pid in members:
                    with contextlib.suppress(ProcessLookupError, OSError):
                        (group / "cgroup.procs").write_text(str(pid))
            except OSError as exc:
                self.problem = f"cannot set a CPU quota in {group}: {exc}"
                print(f"note: {self.problem}", file=sys.stderr)
                return
        self.applied = bool(pids)
        if self.shares and self.client_group is None:
            group = CGROUP_CPU / f"settlers-web-load-{os.getpid()}-client"
            try:
                group.mkdir(exist_ok=True)
                (group / "cpu.shares").write_text(str(self.shares))
                (group / "cgroup.procs").write_text(str(os.getpid()))
                self.client_group = group
            except OSError as exc:
                print(f"note: the load client keeps its place: {exc}", file=sys.stderr)

    def weigh_database(self, url: str) -> int:
        """With ``--cpu-shares``: the PostgreSQL sessions of the run's database (when the
        database server runs on this machine) get a group with that weight too, no quota —
        on a busy machine the commits otherwise wait for the CPU and the server waits for
        them. Only this run's sessions: its database is its own. Returns how many."""
        if not self.shares or not self.applied or not url.startswith("postgresql"):
            return 0
        import psycopg
        from sqlalchemy.engine import make_url

        dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        try:
            with psycopg.connect(dsn, autocommit=True) as conn:
                pids = [r[0] for r in conn.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                    " AND pid <> pg_backend_pid()")]
        except psycopg.Error:
            return 0
        pids = [p for p in pids if Path(f"/proc/{p}").exists()]  # a local server only
        if not pids:
            return 0
        group = CGROUP_CPU / f"settlers-web-load-{os.getpid()}-db"
        try:
            group.mkdir(exist_ok=True)
            (group / "cpu.shares").write_text(str(self.shares))
            if group not in self.groups:
                self.groups.append(group)
            moved = 0
            for pid in pids:
                with contextlib.suppress(OSError):
                    (group / "cgroup.procs").write_text(str(pid))
                    moved += 1
            return moved
        except OSError as exc:
            print(f"note: the database sessions keep their place: {exc}", file=sys.stderr)
            return 0

    def throttled_seconds(self) -> float:
        """Time the processes spent throttled (waiting for their next period's quota)."""
        total = 0
        for group in self.groups:
            with contextlib.suppress(OSError):
                for line in (group / "cpu.stat").read_text().splitlines():
                    if line.startswith("throttled_time "):
                        total += int(line.split()[1])
        return round(total / 1e9, 2)

    def remove(self) -> None:
        if self.client_group is not None:  # the client back where it was, then its group
            with contextlib.suppress(OSError):
                (CGROUP_CPU / "cgroup.procs").write_text(str(os.getpid()))
            self.groups.append(self.client_group)
            self.client_group = None
        for group in self.groups:
            for attempt in range(50):  # the killed processes leave the group as they go
                try:
                    group.rmdir()
                    break
                except OSError:
                    if attempt == 30:  # still there (a database session): back to the root
                        with contextlib.suppress(OSError):
                            for pid in (group / "cgroup.procs").read_text().split():
                                with contextlib.suppress(OSError):
                                    (CGROUP_CPU / "cgroup.procs").write_text(pid)
                    time.sleep(0.1)
        self.groups = []


def server_processes(proc: subprocess.Popen, count: int, timeout: float = 20.0) -> list[int]:
    """The processes that serve requests: the one started, or with several, the children of
    its supervisor (uvicorn's workers, or ``--port-per-worker``'s processes)."""
    if count <= 1:
        return [proc.pid]
    deadline = time.monotonic() + timeout
    while True:
        kids = sorted(p for p in family(proc.pid) if parent_of(p) == proc.pid)
        if len(kids) >= count or time.monotonic() > deadline:
            return kids
        time.sleep(0.1)


def parent_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def wait_ports(ports: list[int], timeout: float = 30.0) -> None:
    """Every port's /healthz answers (the first one already did)."""
    deadline = time.monotonic() + timeout
    for port in ports:
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server process on port {port} did not start")
            time.sleep(0.1)


def start_server(port: int, db_url: str, args) -> subprocess.Popen:
    env = {  # every simulated player shares 127.0.0.1: lift the per-address limits
        "SETTLERS_IP_RATE_BURST": "100000", "SETTLERS_IP_RATE_PER_SECOND": "100000",
        "SETTLERS_READ_RATE_BURST": "100000", "SETTLERS_READ_RATE_PER_SECOND": "100000",
        "SETTLERS_MAX_SPECTATORS_PER_ADDRESS": "100",
        "SETTLERS_GAMES_PER_ADDRESS_PER_HOUR": "100000", "SETTLERS_MAX_SOCKETS_PER_ADDRESS": "100000",
        "SETTLERS_LIVE_GAMES_PER_ADDRESS": "0",
        "SETTLERS_GAME_LOADS_PER_SECOND": "100000", "SETTLERS_GAME_LOADS_BURST": "100000",
        # the busy all-bot games are the load, and no page watches them: they must not pause
        "SETTLERS_PAUSE_UNWATCHED_BOTS": "0",
    }
    env.update(dict(kv.split("=", 1) for kv in args.server_env))
    workers = getattr(args, "workers", 1)
    per_port = workers > 1 and getattr(args, "port_per_worker", False)
    return launch(port, db_url,
                  ["--bot-delay", str(args.bot_delay), "--bot-workers", str(args.bot_workers),
                   "--bot-pool", args.bot_pool,
                   *(["--workers", str(workers)] if workers > 1 else []),
                   *(["--port-per-worker"] if per_port else [])], env=env,
                  timeout=120)  # several processes starting on a busy machine take a while


@dataclass
class Table:
    gid: str
    first_state_ms: float | None = None
    first_version: int | None = None
    version: int = -1
    changed_at: float = 0.0
    over: bool = False


@dataclass
class Stats:
    rtts: list[float] = field(default_factory=list)
    stale: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    messages: int = 0
    firsts: list[float] = field(default_factory=list)  # every human socket's first state, ms

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


@dataclass(frozen=True)
class Pace:
    """How a scripted human paces itself: at most ``rate`` messages a second on its socket
    (under the server's per-connection limit, 20/s, so it is never refused for flooding),
    and a think time drawn uniformly from [0.5, 1.5] × ``think`` seconds before each action
    (0: act as soon as it may)."""
    rate: float = 15.0
    think: float = 0.0

    def delay(self, rng: random.Random) -> float:
        return rng.uniform(0.5, 1.5) * self.think if self.think > 0 else 0.0


async def player(url: str, table: Table, stop: float, stats: Stats, rng: random.Random,
                 pace: Pace = Pace()) -> None:
    """The scripted human: acts on the latest state it has once its think time has passed
    and its pace allows (``Pace``), and keeps reading meanwhile. After an error that no
    state follows (rate_limited, say) it waits, longer each time, and decides again on the
    state it has (it used to wait for a state that never came, and stalled for good)."""
    opened = time.perf_counter()
    gap = 1.0 / pace.rate if pace.rate > 0 else 0.0
    try:
        async with websockets.connect(url, max_size=2**24) as ws:
            sent_at: float | None = None
            sent_version = -1
            backoff = 0.05
            last: dict | None = None
            got_first = False
            due: float | None = None  # when to act on ``last``
            next_send = 0.0  # the pace: no message before this (monotonic) time

            async def send(obj: dict) -> None:
                nonlocal next_send
                await ws.send(json.dumps(obj))
                next_send = time.monotonic() + gap

            while (now := time.monotonic()) < stop:
                if due is not None and now >= due:
                    due = None
                    if last is None:
                        await send({"type": "sync"})
                    elif last["actions"] and sent_at is None:
                        choice = rng.choice(last["actions"])["action"]
                        sent_version = last["version"]
                        sent_at = time.perf_counter()
                        await send({"type": "act", "version": sent_version, "action": choice})
                    continue
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(
                        0.001, (stop if due is None else min(due, stop)) - now))
                except TimeoutError:
                    continue
                msg = json.loads(raw)
                stats.messages += 1
                now = time.monotonic()
                if msg["type"] == "error":
                    sent_at = None
                    if msg["code"] == "stale_version":
                        stats.stale += 1  # a fresh state follows
                        continue
                    stats.error(msg["code"])
                    # growing pauses (the limit refills), then decide again on what it has
                    due = max(now + backoff, next_send)
                    backoff = min(2.0, backoff * 2)
                    continue
                if msg["type"] != "state":
                    continue
                last = msg
                if not got_first:  # this socket's first state
                    got_first = True
                    stats.firsts.append((time.perf_counter() - opened) * 1000)
                if table.first_state_ms is None:
                    table.first_state_ms = (time.perf_counter() - opened) * 1000
                    table.first_version = msg["version"]
                if msg["version"] != table.version:
                    table.version, table.changed_at = msg["version"], now
                    backoff = 0.05
                if sent_at is not None and msg["version"] > sent_version:
                    stats.rtts.append(time.perf_counter() - sent_at)
                    sent_at = None
                if msg["over"]:
                    table.over = True
                    return
                if msg["actions"] and sent_at is None and due is None:
                    due = max(now + pace.delay(rng), next_send)
    except (OSError, websockets.exceptions.WebSocketException) as exc:
        stats.error(f"connection:{type(exc).__name__}")


async def spectator(url: str, stop: float, stats: Stats) -> None:
    try:
        async with websockets.connect(url, max_size=2**24) as ws:
            while time.monotonic() < stop:
                try:
                    await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
                except TimeoutError:
                    break
                stats.messages += 1
    except (OSError, websockets.exceptions.WebSocketException) as exc:
        stats.error(f"spectator_connection:{type(exc).__name__}")


PROFILE_MODES = {
    # only the thread holding the GIL: where the Python CPU goes (on a busy machine it also
    # counts time the holder spends descheduled)
    "gil": ["--gil", "--nonblocking"],
    # every running thread, by thread, with native frames (uvloop, sqlite, orjson, syscalls);
    # py-spy pauses the process for each such sample
    "native": ["--native", "--threads"],
}


def profiler(path: str | None, pid: int, seconds: float,
             mode: str = "gil") -> subprocess.Popen | None:
    """py-spy sampling the server for the run (``--profile out.txt``: collapsed stacks)."""
    if not path:
        return None
    spy = Path(sys.executable).with_name("py-spy")  # the venv's, when not on PATH
    return subprocess.Popen([str(spy) if spy.exists() else "py-spy", "record", "--pid", str(pid),
                             "--duration", str(max(1, int(seconds))), "--format", "raw",
                             *PROFILE_MODES[mode], "--output", path],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def thread_cpu(pids: int | list[int]) -> dict[str, float]:
    """CPU seconds, user and system, of the main threads (the event loops) of ``pids`` and
    of their other threads (the database writer and readers, the listener, bot threads)
    together."""
    out: dict[str, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for pid in [pids] if isinstance(pids, int) else pids:
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/stat") as f:
                    rest = f.read().rpartition(")")[2]
                name = "event_loop" if tid == str(pid) else "other_threads"
                parts = rest.split()
                for kind, ticks in (("user", parts[11]), ("system", parts[12])):
                    out[f"{name}_{kind}"] = out.get(f"{name}_{kind}", 0.0) + int(ticks) / tick
            except (OSError, IndexError):
                continue
    return out


def cpu_seconds(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as f:
            parts = f.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return float("nan")


def family(pid: int) -> list[int]:
    """``pid`` and every process below it (uvicorn workers, bot worker processes)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += [c for c, pp in parents.items() if pp == p]
    return out


def family_cpu(pids: list[int]) -> float:
    return sum(cpu_seconds(p) for p in pids)


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return float("nan")


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(p * len(values)))], 1)


async def create(http, game: str, seats: list[dict], seed: int | None,
                 url: str = "/api/games") -> dict:
    body: dict = {"game": game, "seats": seats}
    if seed is not None:  # only for tables of bots: a human's table gets a secret seed
        body["seed"] = seed
    while True:
        r = await http.post(url, json=body)
        if r.status_code != 429:  # the server's flood limit: pace ourselves
            break
        await asyncio.sleep(0.2)
    r.raise_for_status()
    return r.json()


@contextlib.contextmanager
def fresh_database(url: str | None, tmp: str):
    """The run's database: a fresh SQLite file, or a fresh PostgreSQL database created next
    to the one ``--db`` names (same server and user, which needs the CREATE DATABASE right)
    and dropped after the run — a run never starts with another run's live games."""
    if not url:
        yield f"sqlite:///{Path(tmp) / 'load.db'}"
        return
    if not url.startswith("postgresql"):
        yield url
        return
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url)
    name = f"{u.database}_load_{os.getpid()}_{time.monotonic_ns() % 10**9}"
    admin = u.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield u.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def run(args, games: int) -> dict:
    workers = getattr(args, "workers", 1)
    per_port = workers > 1 and getattr(args, "port_per_worker", False)
    port = free_ports(workers) if per_port else free_port()
    ports = list(range(port, port + workers)) if per_port else [port]
    base = f"http://127.0.0.1:{port}"
    budget = CpuBudget(getattr(args, "cpu_quota", None), getattr(args, "cpu_shares", None))
    with tempfile.TemporaryDirectory() as tmp, fresh_database(args.db, tmp) as db_url:
        proc = start_server(port, db_url, args)

        def stop_server() -> None:
            # every process of the server: with --workers, uvicorn's workers (and their bot
            # processes) outlive a killed supervisor and keep their database sessions
            for pid in reversed(family(proc.pid)):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            proc.wait()
            budget.remove()

        CLEANUP.append(stop_server)  # also run when the benchmark is stopped (main)
        try:
            wait_ports(ports, 120)
            servers = server_processes(proc, workers)
            budget.confine([[p for p in family(s)] for s in servers])
            async with httpx.AsyncClient(base_url=base, timeout=60) as http:
                info = (await http.get("/api/meta")).json()
                game = next(g for g in info["games"] if g["id"] == args.game)
                players = max(game["min_players"], min(args.players, game["max_players"]))
                humans = max(1, min(getattr(args, "humans", 1), players))
                bot = {"kind": "bot", "bot": args.bot}
                for i in range(args.busy):  # all-bot games keeping the server busy
                    await create(http, args.game, [bot] * players, i)
                if args.busy:
                    await asyncio.sleep(args.warmup)
                seats = [{"kind": "human"}] * humans + [bot] * (players - humans)
                # with a process per port, new tables go round the processes (a lobby's
                # POST carries no game id), and each table's sockets to its game's process
                made = [await create(http, args.game, seats, None,
                                     f"http://127.0.0.1:{ports[i % len(ports)]}/api/games")
                        for i in range(games)]
                tables = [Table(g["id"]) for g in made]
                stats = Stats()
                pids = family(proc.pid)
                before = await versions_now(http)  # actions stored before the window
                cpu0, start = cpu_seconds(proc.pid), time.monotonic()
                all0 = family_cpu(pids)
                client0 = time.process_time()
                threads0 = thread_cpu(servers)
                spy = profiler(getattr(args, "profile", None), proc.pid, args.seconds,
                               getattr(args, "profile_mode", "gil"))
                stop = start + args.seconds
                rng = random.Random(args.seed)
                pace = Pace(getattr(args, "max_rate", 15.0), getattr(args, "think", 0.0))
                tasks = []
                for g, table in zip(made, tables):
                    ws_base = f"ws://127.0.0.1:{route(g['id'], ports)}/ws/games"
                    tasks += [player(f"{ws_base}/{g['id']}?token={g['tokens'][str(h)]}", table,
                                     stop, stats, random.Random(rng.random()), pace)
                              for h in range(humans)]
                    tasks += [spectator(f"{ws_base}/{g['id']}", stop, stats)
                              for _ in range(args.spectators)]
                running = asyncio.gather(*tasks)
                await asyncio.sleep(min(2.0, args.seconds / 4))
                t0 = time.perf_counter()
                try:
                    await http.get("/api/games", params={"limit": 50})
                    list_ms: float | None = (time.perf_counter() - t0) * 1000
                except httpx.HTTPError as exc:
                    stats.error(f"list_games:{type(exc).__name__}")
                    list_ms = None
                # the steady state: from the moment every human socket has its first state
                # (connecting hundreds of sockets costs the server more than their moves)
                sockets = games * humans
                while len(stats.firsts) < sockets and time.monotonic() < stop - 1.0 \
                        and not running.done():
                    await asyncio.sleep(0.05)
                db_sessions = budget.weigh_database(db_url)
                steady_at, steady_cpu = time.monotonic(), family_cpu(pids)
                steady_before = await versions_now(http)
                await running
                steady_all = family_cpu(pids) - steady_cpu
                if spy is not None:
                    spy.wait(30)
                elapsed = time.monotonic() - start
                cpu = cpu_seconds(proc.pid) - cpu0
                all_cpu = family_cpu(pids) - all0
                threads = {k: round(v - threads0.get(k, 0.0), 2)
                           for k, v in thread_cpu(servers).items()
                           if v - threads0.get(k, 0.0) >= 0.01}
                throttled = budget.throttled_seconds()
                client_cpu = time.process_time() - client0
                rss = rss_mb(proc.pid)
                all_rss = round(sum(rss_mb(p) for p in pids), 1)
                load = os.getloadavg()[0]
                try:
                    listing = (await http.get("/api/games", params={"limit": 500})).json()[
                        "games"]
                except httpx.HTTPError as exc:  # count it; the tables' own view is used
                    stats.error(f"final_listing:{type(exc).__name__}")
                    listing = [{"id": t.gid, "version": max(0, t.version)} for t in tables]
        finally:
            stop_server()
            CLEANUP.remove(stop_server)
    end = time.monotonic()
    versions = {g["id"]: g["version"] for g in listing}
    started = [t for t in tables if t.first_state_ms is not None]
    progressing = [t for t in started if t.version > (t.first_version or 0) or t.over]
    stalled = [t.gid for t in started
               if not t.over and end - t.changed_at > args.stall + (end - stop)]
    firsts = stats.firsts  # every human socket's (one per table: the table's)
    rtts = [r * 1000 for r in stats.rtts]
    stored = sum(versions.values()) - sum(v for g, v in before.items() if g in versions)
    steady = sum(versions.values()) - sum(v for g, v in steady_before.items() if g in versions)
    steady_s = max(1e-9, stop - steady_at)
    family_cpu_s = all_cpu if all_cpu == all_cpu else cpu  # NaN when a process went away
    return {
        "game": args.game,
        "tables": games,
        "busy_bot_games": args.busy,
        "bot_delay": args.bot_delay,
        "humans_per_table": humans,
        "human_max_rate": pace.rate,
        "human_think_seconds": pace.think,
        "connections": games * (humans + args.spectators),
        "seconds": round(elapsed, 1),
        "tables_started": len(started),
        "tables_never_started": [t.gid for t in tables if t.first_state_ms is None],
        "tables_progressing": len(progressing),
        "tables_stalled": stalled,
        "tables_finished": sum(1 for t in tables if t.over),
        "first_state_ms_p50": pct(firsts, 0.50),
        "first_state_ms_p99": pct(firsts, 0.99),
        "first_state_ms_max": round(max(firsts), 1) if firsts else None,
        "list_games_ms": None if list_ms is None else round(list_ms, 1),
        "actions_stored": stored,
        "actions_per_second": round(stored / elapsed, 1),
        "human_actions": len(rtts),
        "rtt_ms_p50": pct(rtts, 0.50),
        "rtt_ms_p95": pct(rtts, 0.95),
        "rtt_ms_p99": pct(rtts, 0.99),
        "rtt_ms_mean": round(statistics.fmean(rtts), 1) if rtts else None,
        "stale_refusals": stats.stale,
        "errors": stats.errors,
        "messages_received": stats.messages,
        "server_cpu_percent": round(100 * cpu / elapsed, 1),
        "server_rss_mb": rss,
        # with --workers or --bot-pool process: every process of the server together
        "server_processes": len(pids),
        "serving_processes": len(ports) if per_port else workers,
        "port_per_worker": per_port,
        # --cpu-quota: each serving process's budget, in cores, and whether it was applied
        "cpu_quota_per_process": budget.quota if budget.applied else None,
        "cpu_quota_note": budget.problem,
        "cpu_shares": budget.shares if budget.applied else None,
        "database_sessions_weighted": db_sessions,
        "throttled_seconds": throttled if budget.applied else None,
        "all_processes_cpu_percent": round(100 * all_cpu / elapsed, 1),
        "all_processes_rss_mb": all_rss,
        # the load client's own CPU (it shares the machine with the server)
        "client_cpu_percent": round(100 * client_cpu / elapsed, 1),
        "server_thread_cpu_seconds": threads,  # the serving processes' threads, by kind
        "load_average": round(load, 1),
        # the figure that does not depend on the share of the machine the server got
        "server_cpu_ms_per_stored_action": (round(1000 * family_cpu_s / stored, 3)
                                            if stored else None),
        "stored_actions_per_server_cpu_second": (round(stored / family_cpu_s)
                                                 if family_cpu_s > 0 else None),
        # the same after every human socket got its first state (no handshakes, no first
        # states): what a move costs once the tables are open
        "steady_seconds": round(steady_s, 1),
        "steady_actions_per_second": round(steady / steady_s, 1),
        "steady_server_cpu_ms_per_stored_action": (round(1000 * steady_all / steady, 3)
                                                   if steady and steady_all == steady_all
                                                   else None),
    }


async def versions_now(http) -> dict[str, int]:
    """Every listed game's stored version (its count of stored actions)."""
    try:
        games = (await http.get("/api/games", params={"limit": 500})).json()["games"]
    except (httpx.HTTPError, KeyError, ValueError):
        return {}
    return {g["id"]: g["version"] for g in games}


def problems(report: dict) -> list[str]:
    """Why a run failed: tables that never started, stalled, or made no progress at all, and
    clients cut off (closed for flooding, or their socket dropped)."""
    out = []
    if report["tables_never_started"]:
        out.append(f"{len(report['tables_never_started'])} of {report['tables']} tables never "
                   f"got a first state: {report['tables_never_started'][:5]}")
    if report["tables_stalled"]:
        out.append(f"{len(report['tables_stalled'])} tables stalled (unchanged for the last "
                   f"stall window): {report['tables_stalled'][:5]}")
    dropped = {k: v for k, v in report.get("errors", {}).items()
               if k == "flood" or "connection" in k}
    if dropped:
        out.append(f"clients were cut off: {dropped}")
    if report["tables_started"] and not report["tables_progressing"]:
        out.append("no table progressed")
    return out


def capacity(reports: list[dict]) -> str:
    ok = [r for r in reports if r["rtt_ms_p99"] is not None and r["rtt_ms_p99"] < P99_TARGET_MS
          and not problems(r)]
    if not ok:
        return f"capacity: no run kept the round-trip p99 under {P99_TARGET_MS:.0f} ms"
    best = max(ok, key=lambda r: r["actions_per_second"])
    return (f"capacity: {best['actions_per_second']} stored actions/s at a round-trip p99 of "
            f"{best['rtt_ms_p99']} ms ({best['tables']} tables, p99 target "
            f"{P99_TARGET_MS:.0f} ms)")


def first_state_line(reports: list[dict]) -> str:
    """How fast the players' sockets got their first state (issue 22 #3: p99 < 200 ms)."""
    runs = [f"{r['tables']} tables (+{r['busy_bot_games']} busy): p50 {r['first_state_ms_p50']} "
            f"/ p99 {r['first_state_ms_p99']} ms" for r in reports]
    return f"first state (target p99 < {FIRST_STATE_TARGET_MS:.0f} ms): " + "; ".join(runs)


def cpu_line(reports: list[dict]) -> str:
    """The server's CPU per stored action, every run (independent of the machine's load)."""
    runs = [f"{r['tables']} tables: {r['stored_actions_per_server_cpu_second']} stored actions "
            f"per server CPU-second ({r['server_cpu_ms_per_stored_action']} ms each; "
            f"{r.get('steady_server_cpu_ms_per_stored_action')} ms once the tables are open)"
            for r in reports if r["stored_actions_per_server_cpu_second"]]
    return "actions per server CPU-second: " + ("; ".join(runs) or "no action stored")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="catan")
    ap.add_argument("--games", type=int, default=40, help="tables with a scripted human")
    ap.add_argument("--sweep", default="", help="comma-separated table counts to run in turn")
    ap.add_argument("--busy", type=int, default=0, help="all-bot games running meanwhile")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds the busy games run first")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--humans", type=int, default=1,
                    help="scripted human seats per table (the others are bots); "
                         "--humans 4 makes every seat of a 4-player table a client")
    ap.add_argument("--spectators", type=int, default=1)
    ap.add_argument("--max-rate", type=float, default=15.0,
                    help="messages a second a scripted human sends at most (the server "
                         "refuses more than 20 a second per socket)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="a scripted human's mean think time before each action, seconds "
                         "(drawn from 0.5–1.5 times this; 0: act at once)")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--stall", type=float, default=10.0,
                    help="a table unchanged this long at the end counts as stalled")
    ap.add_argument("--bot", default="random")
    ap.add_argument("--bot-workers", type=int, default=2)
    ap.add_argument("--bot-delay", type=float, default=0.0,
                    help="visible pause before each bot move (the server default is 0.6)")
    ap.add_argument("--bot-pool", default="thread", choices=("thread", "process"))
    ap.add_argument("--db", default=None,
                    help="database URL (default: a fresh SQLite file); a PostgreSQL URL names "
                         "the server and user: each run creates a fresh database beside it "
                         "and drops it afterwards")
    ap.add_argument("--server-env", action="append", default=[], metavar="KEY=VALUE",
                    help="extra environment for the server (SETTLERS_* settings)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1,
                    help="server processes (more than one needs a PostgreSQL --db)")
    ap.add_argument("--port-per-worker", action="store_true",
                    help="with --workers N: N processes on N ports (settlers serve "
                         "--port-per-worker), the client routing each game's sockets to one "
                         "process by a hash of its id, as the proxy of docs/deploy.md does")
    ap.add_argument("--cpu-quota", type=float, default=None, metavar="CORES",
                    help="put each server process (with its bot processes) in a cgroup of "
                         "its own limited to CORES of CPU (cgroup v1 cpu controller; "
                         "skipped with a note where it is not writable)")
    ap.add_argument("--cpu-shares", type=int, default=None, metavar="WEIGHT",
                    help="with --cpu-quota: the cpu.shares of each server process's group, "
                         "and a group with it for the load client and one for the run "
                         "database's PostgreSQL sessions when that server is local (1024 = "
                         "one ordinary process); on a machine shared with other jobs, a "
                         "larger weight lets every server process have its quota")
    ap.add_argument("--profile", default=None, metavar="FILE",
                    help="sample the server with py-spy into FILE (collapsed stacks)")
    ap.add_argument("--profile-mode", default="gil", choices=sorted(PROFILE_MODES),
                    help="gil: the GIL holder's Python stacks; native: every running thread "
                         "with native frames")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.sweep.split(",") if x] or [args.games]
    if max(sizes) > 500 or args.busy > 500 or args.seconds > 600 or args.spectators > 10:
        raise SystemExit("bounded: at most 500 games, 10 spectators per game, 600 seconds")
    reports = []
    # SIGTERM or Ctrl-C: the server, its cgroups and its database go too
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        return sweep(args, sizes, reports)
    finally:
        while CLEANUP:
            with contextlib.suppress(Exception):
                CLEANUP.pop()()


def sweep(args, sizes: list[int], reports: list[dict]) -> int:
    failed = []
    for n in sizes:
        report = asyncio.run(run(args, n))
        reports.append(report)
        print(json.dumps(report, ensure_ascii=False, indent=2), flush=True)
        failed += [f"{n} tables: {p}" for p in problems(report)]
    print(capacity(reports))
    print(cpu_line(reports))
    print(first_state_line(reports))
    for line in failed:
        print(f"FAILED: {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
