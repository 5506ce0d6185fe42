"""Every engine's speed in one table: random actions per CPU-second, the same by game decile,
bytes per stored state and per determinization, and MCTS iterations per CPU-second.

    .venv/bin/python benchmarks/engine_speed.py                      # every game, ~1 min each
    .venv/bin/python benchmarks/engine_speed.py --games catan --seconds 20 --markdown

All times are CPU time of this process (``time.process_time``), i.e. one dedicated core,
whatever else the machine runs. Default options, 4 players (where a game allows 4).

* **actions/s**: seeded games of uniform random legal actions (``apply(check=False)``, no
  human-readable event log, as searches and simulations run them), as many as fit in
  ``--seconds``; the total actions over the total CPU time.
* **fresh games**: each game's length is learnt by playing it once in a forked child, so
  the timed pass meets the engine's memo tables as warm as the *earlier* games left them,
  never warmed by itself (``settlers.sim.speed.lengths_apart``).
* **by decile**: each game's actions are cut into tenths by position (the first tenth of
  every game, …, the last tenth); actions per CPU-second in each tenth over all games. A flat
  row means the cost of an action does not grow with the game.
* **bytes**: the memory a ``clone()`` of a state at the middle of a game allocates, and a
  ``determinize(seat, seed)`` of it (``tracemalloc``; content shared with the original, such
  as the board's tables, is not counted) — what a search pays per node or per world.
* **MCTS it/s**: the ``mcts`` bot at its default playout (random, depth 8) deciding at mid-game
  states of seeded games with a fixed budget of iterations; iterations over CPU time.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import settlers
from settlers.bots.mcts import MCTSBot
from settlers.core.collector import LongRun
from settlers.sim.bench import machine
from settlers.sim.speed import DECILES, lengths_apart, ratio

ROOT = Path(__file__).resolve().parents[1]
STEP_GUARD = 2_000_000
LENGTHS_AHEAD = 8  # games whose lengths the first forked child works out (then 16, 32, ...)


@dataclass
class EngineSpeed:
    game: str
    players: int
    decile_actions_per_s: list[float] = field(default_factory=list)
    games: int = 0
    actions: int = 0
    cpu_seconds: float = 0.0
    state_bytes: int = 0
    determinization_bytes: int = 0
    mcts_iterations: int = 0
    mcts_cpu_seconds: float = 0.0
    actions_per_s: float = 0.0  # the rates are set once the counts are in (``measure``)
    mcts_iterations_per_s: float = 0.0


def players_for(game: settlers.Game, wanted: int) -> int:
    return max(game.min_players, min(wanted, game.max_players))


def play(game: settlers.Game, players: int, seed: int, marks: tuple[int, ...] = (),
         keep_middle: bool = False) -> tuple[int, list[float], object]:
    """One seeded game of uniform random legal actions. Returns its length, the CPU time
    spent between consecutive ``marks`` (action counts), and (with ``keep_middle``) a clone at
    the middle mark.

    A clone is made only when one is wanted: though untimed itself, it leaves thousands of new
    objects for the garbage collector's next passes, which fall in the timed tenths after the
    middle (they made Archipelago's sixth to eighth tenths look ≈ 15 % slower)."""
    state = game.new_state(players, seed, {})
    state.record_events = False  # as in search and simulation: no human-readable log
    rng = random.Random(seed)
    clock = time.process_time
    spans: list[float] = []
    middle = None
    steps = 0
    bounds = iter(marks[1:])
    bound = next(bounds, -1)
    half = marks[len(marks) // 2] if marks and keep_middle else -1
    started = clock()
    while not state.over and steps < STEP_GUARD:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        steps += 1
        if steps == bound:
            now = clock()
            spans.append(now - started)
            bound = next(bounds, -1)
            if steps == half:
                middle = state.clone()  # not timed: the next span starts after it
            started = clock()
    return steps, spans, middle


def allocated(make: Callable[[], object]) -> int:
    """Bytes of memory that the object ``make()`` returns holds of its own (``tracemalloc``:
    what stays allocated while it lives; content shared with the original is not counted)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    made = make()
    size = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del made
    return size


def measure(game_id: str, players: int, seconds: float, mcts_decisions: int,
            mcts_iterations: int) -> EngineSpeed:
    game = settlers.load(game_id)
    result = EngineSpeed(game_id, players_for(game, players))
    decile_time = [0.0] * DECILES
    decile_count = [0] * DECILES
    # mid-game clones for the bytes and MCTS figures: only as many as those need, so the timed
    # games do not run beside a growing heap of kept states (the garbage collector's full
    # passes walk every live container: with ~1,500 kept clones they cost Founders ≈ 7 %)
    keep = max(5, mcts_decisions)
    middles: list = []
    seed = 0
    known: list[int] = []  # lengths of the next seeds' games, worked out ahead
    long_run = LongRun()  # between games, as a simulation worker (not timed)
    ahead = LENGTHS_AHEAD
    while result.cpu_seconds < seconds or result.games < 2:
        # the game is a function of its seed: its length is learnt by playing it in a forked
        # child (so the engine's memo tables here are not warmed by this very game), then it
        # is played here with the clock read only at the tenths (no per-action overhead)
        if not known:
            known = lengths_apart(lambda s: play(game, result.players, s)[0],
                                  range(seed, seed + ahead))
            ahead *= 2  # few forks: the parent pays a copy-on-write fault per page it writes after one
        n = known.pop(0)
        marks = tuple(k * n // DECILES for k in range(DECILES + 1))
        wanted = len(middles) < keep or any(m.over for m in middles)
        _, spans, middle = play(game, result.players, seed, marks, keep_middle=wanted)
        seed += 1
        long_run.game_over()
        result.games += 1
        result.actions += n
        result.cpu_seconds += sum(spans)
        for d in range(DECILES):
            decile_time[d] += spans[d]
            decile_count[d] += marks[d + 1] - marks[d]
        if middle is not None:
            if len(middles) < keep:
                middles.append(middle)
            elif not middle.over:  # prefer states with a decision left
                ended = next((i for i, m in enumerate(middles) if m.over), None)
                if ended is not None:
                    middles[ended] = middle
    result.actions_per_s = ratio(result.actions, result.cpu_seconds)
    result.decile_actions_per_s = [ratio(c, t)
                                   for c, t in zip(decile_count, decile_time, strict=True)]
    sample = [m for m in middles if not m.over][:5] or middles[:1]
    result.state_bytes = round(sum(allocated(m.clone) for m in sample) / len(sample))
    worlds = [m for m in sample if m.to_act]
    if worlds:
        result.determinization_bytes = round(sum(
            allocated(lambda m=m: m.determinize(m.to_act[0], 1)) for m in worlds) / len(worlds))
    live = [m for m in middles if not m.over]
    for k in range(mcts_decisions):
        if not live:
            break
        state = live[k % len(live)]
        seat = state.to_act[0]
        if len(state.legal_actions(seat)) < 2:
            continue  # an obvious choice runs no search
        bot = MCTSBot(seed=k, iterations=mcts_iterations)
        started = time.process_time()
        bot.act(state, seat)
        result.mcts_cpu_seconds += time.process_time() - started
        result.mcts_iterations += bot.last_iterations
    result.mcts_iterations_per_s = ratio(result.mcts_iterations, result.mcts_cpu_seconds)
    return result


def markdown(results: list[EngineSpeed]) -> str:
    lines = [
        "| game | players | games | actions per CPU-second | MCTS iterations per CPU-second "
        "| bytes per state | bytes per determinization |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(f"| {r.game} | {r.players} | {r.games} | {r.actions_per_s:,.0f} "
                     f"| {r.mcts_iterations_per_s:,.0f} | {r.state_bytes:,} "
                     f"| {r.determinization_bytes:,} |")
    lines += ["", "Actions per CPU-second by tenth of the game (first … last):", "",
              "| game | " + " | ".join(f"{d + 1}" for d in range(DECILES)) + " | last / first |",
              "|---|" + "---:|" * (DECILES + 1)]
    for r in results:
        row = r.decile_actions_per_s
        ratio = row[-1] / row[0] if row and row[0] else 0.0
        lines.append(f"| {r.game} | " + " | ".join(f"{v / 1000:,.0f}k" for v in row)
                     + f" | {ratio:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="CPU seconds of random games per game")
    parser.add_argument("--mcts-decisions", type=int, default=10)
    parser.add_argument("--mcts-iterations", type=int, default=200)
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args(argv)
    results = []
    for game_id in args.games or settlers.game_ids():
        r = measure(game_id, args.players, args.seconds, args.mcts_decisions,
                    args.mcts_iterations)
        results.append(r)
        deciles = " ".join(f"{v / 1000:.0f}k" for v in r.decile_actions_per_s)
        print(f"{r.game}: {r.actions_per_s:,.0f} actions/CPU-s over {r.games} games; "
              f"deciles {deciles}; state {r.state_bytes:,} B, determinization "
              f"{r.determinization_bytes:,} B; MCTS {r.mcts_iterations_per_s:,.0f} it/CPU-s",
              flush=True)
    if args.markdown:
        print()
        print(markdown(results))
    if args.json:
        payload = {"machine": machine(), "command": " ".join(sys.argv),
                   "results": [asdict(r) for r in results]}
        args.json.write_text(json.dumps(payload, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
