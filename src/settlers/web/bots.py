"""Bot moves off the event loop: a thread or process pool that answers "what does seat s play?".

A seat's bot is one of the presets below: a ``settlers.bots`` bot name plus a budget, named by
strength in the lobby. A seat's bot is built with a seed derived from the game's seed and the
seat and kept between the seat's decisions (``seat_bot``), where the process that decides holds
it: a search bot carries the samples of the move it played into its next decision (issue 17,
"reuse ... between decisions"). A bot rebuilt after a restart or an eviction plays from the same
seed without those samples — its move is still a pure function of its view and its seed.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import multiprocessing
import multiprocessing.util  # (before the atexit hook below: see _end_workers)
import os
import signal
import threading
import weakref
import zlib
from collections import OrderedDict, deque
from concurrent.futures import Executor, ThreadPoolExecutor

import settlers.bots
from settlers.bots import BotError, derive_seed
from settlers.bots.difficulty import LEVELS, SEARCH, level
from settlers.web.listening import let_go

# preset -> (settlers.bots name, budget); weakest first. The difficulty levels
# (easy/medium/strong) are resolved per game by settlers.bots.difficulty.
PRESETS: dict[str, tuple[str, dict]] = {
    **{name: ("random", {}) for name in LEVELS},  # placeholders: see make_bot
    "random": ("random", {}),
    "greedy": ("greedy", {}),
    "heuristic": ("heuristic", {}),
    "search": ("search", {"iterations": 16}),  # in a game with a ladder budget: see resolve
    "mcts": ("mcts", {"ms": 400}),
    "mcts-strong": ("mcts", {"ms": 1500}),
    "rl": ("rl", {}),  # the shipped trained policy (settlers/rl/policies), where there is one
}


def bot_names(game_id: str | None = None) -> list[str]:
    """The presets that can play ``game_id`` (all presets if None)."""
    known = set(settlers.bots.names())
    out = []
    for preset, (name, _budget) in PRESETS.items():
        if name not in known:
            continue
        if game_id is not None and not settlers.bots.supports(name, game_id):
            continue
        out.append(preset)
    return out


def resolve(preset: str, game_id: str | None = None) -> tuple[str, dict]:
    """The ``settlers.bots`` name and budget a preset stands for in ``game_id``: a level is
    the game's difficulty level; ``search`` plays the budget the game's ladder measured."""
    if game_id is not None and preset in LEVELS:
        return level(game_id, preset)
    if game_id is not None and preset == "search" and game_id in SEARCH:
        name, budget = SEARCH[game_id]
        return name, dict(budget)
    return PRESETS[preset]


def check_preset(preset: str, game_id: str, players: int) -> None:
    """BotError unless ``preset`` plays ``game_id`` with ``players`` players (settlers.bots
    .check_plays: an ``rl`` seat's policy is loaded and checked when the table is made)."""
    name, budget = resolve(preset, game_id)
    settlers.bots.check_plays(name, game_id, players, **budget)


# a search bounded by playouts alone is given this CPU clock at the table too (it stops at
# whichever comes first): its decisions then have a bound its move can be held to
# (``think_hold``). The shipped budgets take far less (latency.md: p99 ≤ 230 ms but for
# Archipelago's ``search`` preset, ≈ 1.2 s a decision unclocked)
TABLE_SEARCH_CPU_MS = 400
# a bot's move is sent this long after the state it answers, whatever it thought: its
# clock's budget times THINK_SCALE plus THINK_SLACK (the hop to a worker, a loaded core),
# and never before the pause (``Settings.bot_delay``). A thought not back FALLBACK_LEAD
# before then is not waited for: the seat plays ``fallback_action`` instead
THINK_SCALE = 1.5
THINK_SLACK = 0.2
FALLBACK_LEAD = 0.1


def table_budget(preset: str, game_id: str | None = None) -> tuple[str, dict]:
    """The ``settlers.bots`` name and budget a seat of ``preset`` plays with at the table:
    ``resolve``'s, a playout-bounded search given ``TABLE_SEARCH_CPU_MS``."""
    name, budget = resolve(preset, game_id)
    if name == "search" and "ms" not in budget and "cpu_ms" not in budget:
        budget = {**budget, "cpu_ms": TABLE_SEARCH_CPU_MS}
    return name, budget


def make_bot(preset: str, seed: int, game_id: str | None = None):
    name, budget = table_budget(preset, game_id)
    return settlers.bots.make(name, seed=seed, **budget)


def think_floor(preset: str, game_id: str) -> float:
    """The seconds ``preset`` is given to think in ``game_id`` at the table (its ``ms`` or
    ``cpu_ms`` budget, ``table_budget``; 0 for a bot that has no clock: it decides in
    milliseconds)."""
    try:
        _name, budget = table_budget(preset, game_id)
    except (KeyError, ValueError, BotError):
        return 0.0
    ms = max((float(v) for k, v in budget.items()
              if k in ("ms", "cpu_ms") and isinstance(v, int | float)), default=0.0)
    return ms / 1000


def think_hold(preset: str, game_id: str, delay: float) -> float:
    """How long after the state it answers a move of ``preset`` is sent, at a table whose
    pause is ``delay`` (0: at once, nothing held): the same for every move of the seat,
    whatever its thought took — a forced move, a hand with few choices, a long search, a
    worker busy with other tables — so no page learns by the clock what the seat holds
    (Hub._drive_bots). At least ``delay``; a bot with a clock, its budget with room for
    the hop to its worker."""
    if delay <= 0:
        return 0.0
    budget = think_floor(preset, game_id)
    return max(delay, budget * THINK_SCALE + THINK_SLACK if budget > 0 else 0.0)


def fallback_action(state, seat: int):
    """The move a seat plays when its thought is not back in time (``think_hold``): the
    game's heuristic bot's, else a one-sample greedy's, else a random legal one — each
    deciding in milliseconds (on the hub's fallback thread), from what the seat sees (a
    fresh bot of the seat's seed: its kept bot may still be thinking in a worker)."""
    game_id = state.game.id
    seed = derive_seed("web-fallback", state.seed, seat)
    for name, budget in (("heuristic", {}), ("greedy", {"samples": 1}), ("random", {})):
        if name in settlers.bots.names() and settlers.bots.supports(name, game_id):
            return settlers.bots.make(name, seed=seed, **budget).act(state, seat)
    return last_resort(state, seat)


def last_resort(state, seat: int):
    """A legal move of ``seat`` drawn by its seed and the version (at once: a fallback that
    is itself late)."""
    options = state.legal_actions(seat)
    pick = derive_seed("web-last-resort", state.seed, seat * 1_000_003 + state.version)
    return options[pick % len(options)]


# bots whose decision only reads the state and costs less than any hop to a thread or a
# process (a random legal action): they decide on the event loop, without a clone
INLINE_BOTS = frozenset({"random"})


def inline(preset: str, game_id: str) -> bool:
    """Whether ``preset`` decides on the event loop (``INLINE_BOTS``)."""
    return resolve(preset, game_id)[0] in INLINE_BOTS


# the bots of the seats that decided lately, in this process: (table, game seed, seat, preset)
# -> bot, least recently used first. A seat decides one decision at a time, so one bot object
# is never used by two threads at once; the lock guards the dict itself.
KEPT_BOTS = 512
_bots: OrderedDict[tuple[str, int, int, str], object] = OrderedDict()
_bots_lock = threading.Lock()
# a seat's bot is used by one thought at a time: a thought given up on (not back in time:
# ``think_hold``) may still run in its thread when the seat's next one starts, which waits
_thinking: dict[tuple[str, int, int, str], threading.Lock] = {}


def seat_bot(table: str | None, state, seat: int, preset: str):
    """The bot of ``seat`` at ``table`` (kept from its last decision in this process), or a
    new one when ``table`` is None, the bot was evicted or the process restarted."""
    if table is None:
        return make_bot(preset, derive_seed("web", state.seed, seat), state.game.id)
    key = (table, state.seed, seat, preset)
    with _bots_lock:
        bot = _bots.pop(key, None)
        if bot is None:
            bot = make_bot(preset, derive_seed("web", state.seed, seat), state.game.id)
        _bots[key] = bot
        while len(_bots) > KEPT_BOTS:
            _bots.popitem(last=False)
    return bot


def forget_bots(table: str) -> None:
    """Drop the kept bots of ``table`` (the game ended, was deleted or left this process)."""
    with _bots_lock:
        for key in [k for k in _bots if k[0] == table]:
            del _bots[key]
        for key in [k for k in _thinking if k[0] == table and not _thinking[k].locked()]:
            del _thinking[key]


def decide(state, seat: int, preset: str, table: str | None = None):
    """The bot's action for ``seat`` (an ``Action``), decided here and now; with ``table``,
    by the seat's kept bot (``seat_bot``), never in two threads at once."""
    if table is None:
        return seat_bot(table, state, seat, preset).act(state, seat)
    key = (table, state.seed, seat, preset)
    with _bots_lock:
        lock = _thinking.setdefault(key, threading.Lock())
        if len(_thinking) > 2 * KEPT_BOTS:   # the evicted bots' locks nobody holds go
            for old in [k for k, held in _thinking.items()
                        if k not in _bots and k != key and not held.locked()]:
                del _thinking[old]
    with lock:
        return seat_bot(table, state, seat, preset).act(state, seat)


def choose_action(state, seat: int, preset: str, table: str | None = None) -> dict:
    """Run in a worker: the bot's action for ``seat`` as JSON."""
    return decide(state, seat, preset, table).to_json()


# ------------------------------------------------------------------ process workers
# Each game is pinned to one worker process, which keeps the game's state between decisions:
# a decision ships only the actions since the worker's last look (the whole log only when the
# worker lost the game from its cache). The event loop's process does no bot thinking at all.
CACHE_GAMES = 256
_cache: dict[str, object] = {}
RESYNC = "resync"


def _choose_in_process(key, game_id, players, seed, options, base, tail, seat, preset):
    """Process-pool entry point. ``tail`` is the log from action ``base`` on; answers RESYNC
    when this worker does not hold the game at version ``base`` (then the caller sends all)."""
    import settlers

    state = _cache.pop(key, None)
    if base == 0 and (state is None or state.version != 0):
        state = settlers.load(game_id).new_state(players=players, seed=seed, options=options)
        forget_bots(key)  # a game rebuilt from its start: its seats' bots start afresh too
    if state is None or state.version != base:
        return RESYNC
    game = state.game
    for s, a in tail:
        state.apply(s, game.action_from_json(a), check=False)
    _cache[key] = state
    while len(_cache) > CACHE_GAMES:
        _cache.pop(next(iter(_cache)))
    return choose_action(state.clone(), seat, preset, key)


def _serve(conn, parent_end, parent: int) -> None:
    """A bot worker process: answers requests from its pipe, in order, until it closes or the
    server process is gone (killed with -9, it closes nothing: the worker must notice).

    Ctrl+C in the server's terminal reaches the whole process group, so this process too (a
    service manager's SIGTERM, the whole control group): it leaves both to the server, which
    stops and then ends its workers (``Worker.close``: SIGKILL). A worker that took one died
    mid-decision, with a traceback for SIGINT, and the server logged the failed move and
    started the worker again while it shut down."""
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, signal.SIG_IGN)
    parent_end.close()  # else this process itself would keep its pipe open
    let_go()  # nor the server's port (forked after the server bound it)
    while True:
        try:
            if not conn.poll(1.0):
                if os.getppid() != parent:
                    return
                continue
            req = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send((True, _choose_in_process(*req)))
        except Exception as exc:  # a bot or game bug: the server logs it and tries again
            conn.send((False, f"{type(exc).__name__}: {exc}"))


#: the bot worker processes alive in this process (Worker._start, Worker.close)
_LIVE_WORKERS: weakref.WeakSet[Worker] = weakref.WeakSet()


@atexit.register
def _end_workers() -> None:
    """Ends, at interpreter exit, the bot workers a server did not stop (an app built and
    never run to its shutdown, as tests of the command line do). They ignore SIGTERM, which
    is what ``multiprocessing``'s own exit hook sends its daemon children before joining
    them: without this the exit waited for ever. Registered after that hook (its module is
    imported above), so it runs first."""
    for worker in list(_LIVE_WORKERS):
        worker.close()


class Worker:
    """One bot process and the pipe to it. Requests go out with one write on the event loop;
    answers are read when the pipe is readable (``loop.add_reader``): no helper threads and
    no wake-up hops, which cost more than a cheap bot's decision in a ProcessPoolExecutor."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.waiting: deque[asyncio.Future] = deque()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.started = 0  # how many processes this worker has started (a restart: 2)
        self._start()

    def _start(self) -> None:
        self.conn, child = self.ctx.Pipe()
        self.proc = self.ctx.Process(target=_serve, args=(child, self.conn, os.getpid()),
                                     daemon=True, name="settlers-bot-worker")
        self.proc.start()
        _LIVE_WORKERS.add(self)
        child.close()
        self.loop = None
        self.started += 1

    def _readable(self) -> None:
        try:
            while self.conn.poll():
                ok, value = self.conn.recv()
                fut = self.waiting.popleft()
                if not fut.done():
                    if ok:
                        fut.set_result(value)
                    else:
                        fut.set_exception(RuntimeError(value))
        except (EOFError, OSError):
            self._broken()

    def _broken(self) -> None:
        if self.loop is not None:
            self.loop.remove_reader(self.conn.fileno())
        while self.waiting:
            fut = self.waiting.popleft()
            if not fut.done():
                fut.set_exception(RuntimeError("the bot worker process died"))

    async def call(self, *req):
        if not self.proc.is_alive():  # killed or crashed: a fresh one (it resyncs games)
            self._broken()
            with contextlib.suppress(Exception):
                self.conn.close()
            self._start()
            raise RuntimeError("the bot worker process was restarted")
        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self.loop = loop
            loop.add_reader(self.conn.fileno(), self._readable)
        fut = loop.create_future()
        self.waiting.append(fut)
        self.conn.send(req)
        return await fut

    def close(self) -> None:
        with contextlib.suppress(Exception):
            if self.loop is not None and not self.loop.is_closed():
                self.loop.remove_reader(self.conn.fileno())
        with contextlib.suppress(Exception):
            self.conn.close()
        self.proc.kill()
        self.proc.join(2)
        _LIVE_WORKERS.discard(self)


class BotPool:
    def __init__(self, kind: str = "thread", workers: int = 2):
        self.kind = kind
        self.workers: list[Worker] = []
        self.sent: dict[str, int] = {}  # game -> the version its worker holds
        self.executor: Executor | None = None
        if kind == "process":
            # forked now, while the server has hardly any thread: the workers inherit every
            # registered game (a game registered at run time included) and imported module
            ctx = multiprocessing.get_context("fork")
            self.workers = [Worker(ctx) for _ in range(max(1, workers))]
        else:
            self.executor = ThreadPoolExecutor(max_workers=workers,
                                               thread_name_prefix="settlers-bot")

    async def choose(self, room_key: str, state, seat: int, preset: str,
                     log_json: list | None = None) -> dict:
        """The bot's action for ``seat``; ``log_json`` is the game's log as stored (JSON),
        which saves encoding the actions again for a worker process."""
        if inline(preset, state.game.id):
            return choose_action(state, seat, preset)
        if self.executor is not None:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(
                self.executor, choose_action, state.clone(), seat, preset, room_key
            )
        worker = self.workers[zlib.crc32(room_key.encode()) % len(self.workers)]
        base = self.sent.get(room_key, 0)
        if base > state.version:
            base = 0
        for _attempt in range(2):
            # requests to a worker are answered in order: after this one it holds the game
            # at state.version (a concurrent request for the same game may build on that)
            self.sent[room_key] = state.version
            if log_json is not None and len(log_json) == state.version:
                tail = log_json[base:]
            else:
                tail = [(s, a.to_json()) for s, a in state.log[base:]]
            answer = await worker.call(room_key, state.game.id, state.players, state.seed,
                                       dict(state.options), base, tail, seat, preset)
            if answer != RESYNC:
                return answer
            base = 0
        raise RuntimeError(f"bot worker could not rebuild game {room_key}")

    def forget(self, room_key: str) -> None:
        self.sent.pop(room_key, None)
        forget_bots(room_key)  # thread pool: kept here; worker processes: on their rebuild

    def shutdown(self) -> None:
        for worker in self.workers:
            worker.close()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
