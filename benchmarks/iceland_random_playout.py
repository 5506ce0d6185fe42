"""Landnám (iceland): seeded random games for speed and for the big verification run.

Speed (no checks)::

    .venv/bin/python benchmarks/iceland_random_playout.py --games 200

Verification (what the final report quotes): every ``--invariants-every``-th step keeps the
invariants of
``settlers.games.iceland.invariants``; every ``--check-every``-th step runs the
shared conformance ``check_step`` (clone, JSON round trips, illegal input untouched) and every
``--views-every``-th step also the view-leak check through determinize; every game ends with
``check_finished`` (replay == live, save/load, scores)::

    .venv/bin/python benchmarks/iceland_random_playout.py --games 10000 --verify \\
        --turn-limit 30 --invariants-every 5 --check-every 40 --views-every 200

Every game ends by the rules (12 points, or a table that can no longer score: ``progress.py``);
``--turn-limit`` (0 = none, the default) is there only to bound a speed run. ``--offer-limit``
(default 5) is the bound a bot table sets on trade offers per turn. The summary gives the length
distribution (actions, turns and rounds of ``players`` turns) and how each game ended;
``--max-steps`` only guards the run: a game that passes it is reported as NOT ENDED.

    .venv/bin/python benchmarks/iceland_random_playout.py --games 10000 --report-every 1000

Issue 19 (speed, default options, 4 players): actions per CPU-second, by game decile, the
pickled size of a mid-game state and of one determinization, and the cost of clone and
determinize (what MCTS pays per iteration)::

    .venv/bin/python benchmarks/iceland_random_playout.py --games 30 --players 4 \\
        --offer-limit 0 --deciles --state-bytes
"""

from __future__ import annotations

import argparse
import pickle
import random
import time

import settlers
from settlers.bots.base import search_root
from settlers.bots.mcts import MCTSBot
from settlers.core.invariants import invariant_problems
from settlers.testing.conformance import check_finished, check_step


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--turn-limit", type=int, default=0)
    ap.add_argument("--offer-limit", type=int, default=5)
    ap.add_argument("--players", type=int, default=0, help="0: 3, 4 and 5 by seed")
    ap.add_argument("--deciles", action="store_true",
                    help="actions per CPU-second in each tenth of every game")
    ap.add_argument("--state-bytes", action="store_true",
                    help="pickled bytes of a mid-game state and of a determinization")
    ap.add_argument("--max-steps", type=int, default=5_000_000)
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--check-every", type=int, default=40)
    ap.add_argument("--views-every", type=int, default=200)
    ap.add_argument("--invariants-every", type=int, default=1)
    ap.add_argument("--report-every", type=int, default=500)
    ap.add_argument("--lengths-file", help="append one line per game: seed actions turns")
    args = ap.parse_args()

    game = settlers.load("iceland")
    start = time.perf_counter()
    cpu_start = time.process_time()
    decile_time = [0.0] * 10
    decile_steps = [0] * 10
    steps = by_points = by_no_progress = by_limit = 0
    turns = 0
    lengths: list[tuple[int, int, float]] = []
    not_ended: list[int] = []
    for k in range(args.games):
        seed = args.seed + k
        players = args.players or 3 + seed % 3
        options = {"turn_limit": args.turn_limit, "offer_limit": args.offer_limit}
        state = game.new_state(players, seed, options)
        rng = random.Random(seed * 7919 + players)
        stamps: list[float] = []
        clock = time.process_time
        while not state.over:
            if args.deciles:
                stamps.append(clock())
            if state.version >= args.max_steps:
                break
            if args.verify:
                if state.version % args.invariants_every == 0:
                    check_invariants(state)
                if state.version % args.check_every == 0:
                    check_step(state, rng, views=state.version % args.views_every == 0)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        if args.deciles and stamps:
            stamps.append(clock())
            n = len(stamps) - 1
            for d in range(10):
                lo, hi = n * d // 10, n * (d + 1) // 10
                decile_time[d] += stamps[hi] - stamps[lo]
                decile_steps[d] += hi - lo
        if not state.over:
            not_ended.append(seed)
            print(f"NOT ENDED seed={seed} after {state.version} steps", flush=True)
            continue
        if args.verify:
            check_invariants(state)
            check_finished(game, state, options)
        steps += state.version
        turns += state.turn
        lengths.append((state.version, state.turn, state.turn / players))
        if args.lengths_file:
            with open(args.lengths_file, "a", encoding="utf-8") as f:
                f.write(f"{seed} {players} {state.version} {state.turn}\n")
        if max(state.scores()) >= state.c.victory_points:
            by_points += 1
        elif args.turn_limit and state.turn >= args.turn_limit:
            by_limit += 1
        else:
            by_no_progress += 1
        if args.report_every and (k + 1) % args.report_every == 0:
            elapsed = time.perf_counter() - start
            print(f"{k + 1} games, {steps} steps, {elapsed:.0f}s", flush=True)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(f"games={args.games} players={args.players or '3-5'} offer_limit={args.offer_limit}"
          f" turn_limit={args.turn_limit} verify={args.verify}")
    print(f"cpu={cpu:.2f}s  {steps / cpu:.0f} actions per CPU-second  "
          f"{args.games / cpu:.2f} games per CPU-second")
    if args.deciles:
        print("actions per CPU-second by game decile (timer overhead included): " + " ".join(
            f"{decile_steps[d] / decile_time[d]:.0f}" if decile_time[d] else "-"
            for d in range(10)))
    if args.state_bytes:
        state_sizes(game, args)
    print(f"steps={steps} turns={turns} ended_by_12_points={by_points} "
          f"ended_no_progress={by_no_progress} ended_by_turn_limit={by_limit} "
          f"not_ended={len(not_ended)} {not_ended[:20]}")
    print_lengths(lengths)
    print(f"time={elapsed:.1f}s  {steps / elapsed:.0f} steps/s  "
          f"{args.games / elapsed:.2f} games/s")


def state_sizes(game, args: argparse.Namespace) -> None:
    """Pickled bytes (``own_bytes``) of the state half-way through the first game (seed ``--seed``) and of
    one determinization for the seat to act, and the CPU cost of clone and determinize there
    (MCTS pays one determinize per iteration)."""
    players = args.players or 3 + args.seed % 3
    options = {"turn_limit": args.turn_limit, "offer_limit": args.offer_limit}

    def play(until: int):
        state = game.new_state(players, args.seed, dict(options))
        rng = random.Random(args.seed * 7919 + players)
        while not state.over and state.version < until:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        return state

    length = play(args.max_steps).version
    for label, at in (("mid-game", length // 2), ("last action", length - 1)):
        state = play(at)
        seat = state.to_act[0]
        world = state.determinize(seat, 1)
        reps = 2000
        t = time.process_time()
        for _ in range(reps):
            state.clone()
        clone_us = (time.process_time() - t) / reps * 1e6
        t = time.process_time()
        for k in range(reps):
            state.determinize(seat, k)
        det_us = (time.process_time() - t) / reps * 1e6
        root = search_root(state)
        t = time.process_time()
        for k in range(reps):
            root.determinize(seat, k)
        root_us = (time.process_time() - t) / reps * 1e6
        bot = MCTSBot(seed=1, iterations=300)
        t = time.process_time()
        decisions = iterations = 0
        probe = state.clone()
        while time.process_time() - t < 2.0 and not probe.over:
            mover = probe.to_act[0]
            probe.apply(mover, bot.act(probe, mover), check=False)
            decisions += 1
            iterations += bot.last_iterations
        mcts_cpu = time.process_time() - t
        print(f"{label} (action {at} of {length}): state {own_bytes(state)} bytes, "
              f"determinization {own_bytes(world)} bytes, "
              f"log {len(state.log)} entries, events {len(state.events)}; "
              f"clone {clone_us:.1f} us, determinize {det_us:.1f} us "
              f"({root_us:.1f} us from a search root, events dropped, as MCTS does); "
              f"MCTS (300 iterations, default playout) {iterations / mcts_cpu:.0f} "
              f"iterations per CPU-second over {decisions} decisions")


SHARED = ("game", "c", "b", "_build_frame")  # the game definition, content and board (one per
# process) and the build frame (a cache of what the board says, left out of pickles)


def own_bytes(state) -> int:
    """Pickled bytes of what a state holds of its own (the shared parts left out)."""
    return len(pickle.dumps({k: v for k, v in state.__dict__.items() if k not in SHARED}))


def print_lengths(lengths: list[tuple[int, int, float]]) -> None:
    """min / median / p90 / p99 / max of actions, turns and rounds."""
    if not lengths:
        return
    for k, name in enumerate(("actions", "turns", "rounds")):
        values = sorted(x[k] for x in lengths)

        def at(q: float, values: list = values) -> float:
            return values[min(len(values) - 1, int(q * len(values)))]
        print(f"{name:>8}: min={values[0]:g} median={at(0.5):g} p90={at(0.9):g} "
              f"p99={at(0.99):g} max={values[-1]:g}")


def check_invariants(state) -> None:
    found = invariant_problems(state, scores=True)
    if found:
        raise AssertionError(f"seed {state.seed} step {state.version}: {found}")


if __name__ == "__main__":
    main()
