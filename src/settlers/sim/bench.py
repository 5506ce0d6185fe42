"""Benchmarks for every registered game: random-playout throughput and bot decision latency.

Throughput: seeded games in which every seat plays a uniformly random legal action, applied
unchecked (`apply(check=False)`, as bots do), for a fixed wall-clock budget. Each game is
measured in a fresh process, so its peak RSS is its own.

Latency: the bot sits in one seat (rotating) against random bots; every `act()` with at least
two legal actions is timed (a forced move is answered instantly by every bot and would flatter
the median).
"""

from __future__ import annotations

import multiprocessing
import platform
import random
import resource
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

import settlers.core as core
from settlers.bots import make, supports
from settlers.bots.base import derive_seed
from settlers.sim.speed import ratio

PLAYOUT_STEP_LIMIT = 100_000


def default_players(game: Any) -> int:
    return max(game.min_players, min(4, game.max_players))


@dataclass
class Throughput:
    game: str
    players: int
    games: int
    unfinished: int
    actions: int
    seconds: float
    peak_rss_mb: float

    @property
    def games_per_s(self) -> float:
        return ratio(self.games, self.seconds)

    @property
    def actions_per_s(self) -> float:
        return ratio(self.actions, self.seconds)

    @property
    def actions_per_game(self) -> float:
        return ratio(self.actions, self.games)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out.update(games_per_s=self.games_per_s, actions_per_s=self.actions_per_s,
                   actions_per_game=self.actions_per_game)
        return out


def random_playout(state: Any, rng: random.Random, limit: int = PLAYOUT_STEP_LIMIT) -> bool:
    """Play `state` to the end with uniformly random legal actions; False if cut at `limit`."""
    for _ in range(limit):
        if state.over:
            return True
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))], check=False)
    return state.over


def measure_throughput(game_id: str, seconds: float = 5.0, players: int | None = None,
                       options: dict[str, Any] | None = None, seed: int = 0,
                       min_games: int = 3, modules: tuple[str, ...] = ()) -> Throughput:
    """Random playouts for about `seconds` (at least `min_games` games), in this process."""
    for name in modules:
        core.register(__import__(name, fromlist=["GAME"]).GAME)
    game = core.load(game_id)
    count = players or default_players(game)
    games = actions = unfinished = 0
    started = time.perf_counter()
    while games < min_games or time.perf_counter() - started < seconds:
        state = game.new_state(count, derive_seed("bench", seed, games), options)
        state.record_events = False
        rng = random.Random(derive_seed("bench-moves", seed, games))
        if not random_playout(state, rng):
            unfinished += 1
        games += 1
        actions += state.version
    elapsed = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return Throughput(game_id, count, games, unfinished, actions, elapsed, peak)


def measure_throughput_isolated(game_id: str, **kwargs: Any) -> Throughput:
    """`measure_throughput` in a fresh process (clean peak RSS, no warm caches)."""
    from settlers.sim.job import Job

    kwargs.setdefault("modules", Job.modules_for(game_id))
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        return pool.apply(measure_throughput, (game_id,), kwargs)


@dataclass
class Latency:
    game: str
    bot: str
    budget: str
    players: int
    decisions: int
    median_ms: float
    p99_ms: float
    mean_ms: float
    max_ms: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def measure_latency(game_id: str, bot: str, decisions: int = 200, seconds: float = 60.0,
                    players: int | None = None, options: dict[str, Any] | None = None,
                    seed: int = 0, budget: dict[str, Any] | None = None,
                    modules: tuple[str, ...] = (),
                    clock: Any = time.perf_counter) -> Latency:
    """Time `decisions` real decisions (≥2 legal actions) of `bot`, or stop after `seconds`.

    `clock` times each decision and the `seconds` cap: wall time by default;
    `time.process_time` gives the CPU time of this process, i.e. the time on one dedicated
    core of a shared machine."""
    for name in modules:
        core.register(__import__(name, fromlist=["GAME"]).GAME)
    game = core.load(game_id)
    count = players or default_players(game)
    timings: list[float] = []
    started = clock()
    index = 0
    while (len(timings) < decisions and index < 10_000
           and (clock() - started < seconds or not timings)):
        state = game.new_state(count, derive_seed("latency", seed, index), options)
        state.record_events = False
        measured = index % count
        player = make(bot, seed=derive_seed("bot", seed, index), **(budget or {}))
        rng = random.Random(derive_seed("latency-moves", seed, index))
        steps = 0
        while not state.over and steps < PLAYOUT_STEP_LIMIT and len(timings) < decisions:
            seat = state.to_act[0]
            options_now = state.legal_actions(seat)
            if seat == measured and len(options_now) > 1:
                tick = clock()
                action = player.act(state, seat)
                timings.append((clock() - tick) * 1000.0)
            else:
                action = options_now[rng.randrange(len(options_now))]
            state.apply(seat, action, check=False)
            steps += 1
            if clock() - started > seconds and timings:
                break
        index += 1
        if clock() - started > seconds and timings:
            break
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, max(0, round(0.99 * len(ordered)) - 1))]
    label = ",".join(f"{k}={v}" for k, v in sorted((budget or {}).items())) or "default"
    return Latency(game_id, bot, label, count, len(timings), statistics.median(ordered), p99,
                   statistics.fmean(ordered), ordered[-1])


def bots_for(game_id: str, names: list[str]) -> list[str]:
    return [name for name in names if supports(name, game_id)]


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        import os

        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        cores = multiprocessing.cpu_count()
    try:
        import os

        load = f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):  # pragma: no cover
        load = "?"
    return {"cpu": model, "cores": cores, "python": platform.python_version(),
            "system": f"{platform.system()} {platform.release()}", "load": load}
