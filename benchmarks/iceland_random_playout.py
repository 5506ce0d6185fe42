"""Landnám (iceland): seeded random games for speed and for the big verification run.

Speed (no checks)::

    .venv/bin/python benchmarks/iceland_random_playout.py --games 200

Verification (what the final report quotes): every ``--invariants-every``-th step keeps the
invariants of
``tests/games/iceland/test_iceland_playouts.py``; every ``--check-every``-th step runs the
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
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import settlers
from settlers.testing.conformance import check_finished, check_step

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "games" / "iceland"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--turn-limit", type=int, default=0)
    ap.add_argument("--offer-limit", type=int, default=5)
    ap.add_argument("--max-steps", type=int, default=5_000_000)
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--check-every", type=int, default=40)
    ap.add_argument("--views-every", type=int, default=200)
    ap.add_argument("--invariants-every", type=int, default=1)
    ap.add_argument("--report-every", type=int, default=500)
    ap.add_argument("--lengths-file", help="append one line per game: seed actions turns")
    args = ap.parse_args()

    game = settlers.load("iceland")
    if args.verify:
        from test_iceland_playouts import check_invariants
    start = time.perf_counter()
    steps = by_points = by_no_progress = by_limit = 0
    turns = 0
    lengths: list[tuple[int, int, float]] = []
    not_ended: list[int] = []
    for k in range(args.games):
        seed = args.seed + k
        players = 3 + seed % 3
        options = {"turn_limit": args.turn_limit, "offer_limit": args.offer_limit}
        state = game.new_state(players, seed, options)
        rng = random.Random(seed * 7919 + players)
        while not state.over:
            if state.version >= args.max_steps:
                break
            if args.verify:
                if state.version % args.invariants_every == 0:
                    check_invariants(state)
                if state.version % args.check_every == 0:
                    check_step(state, rng, views=state.version % args.views_every == 0)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        if not state.over:
            not_ended.append(seed)
            print(f"NOT ENDED seed={seed} after {state.version} steps", flush=True)
            continue
        if args.verify:
            check_invariants(state)
            check_finished(state, options)
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
    print(f"games={args.games} players=3-5 turn_limit={args.turn_limit} verify={args.verify}")
    print(f"steps={steps} turns={turns} ended_by_12_points={by_points} "
          f"ended_no_progress={by_no_progress} ended_by_turn_limit={by_limit} "
          f"not_ended={len(not_ended)} {not_ended[:20]}")
    print_lengths(lengths)
    print(f"time={elapsed:.1f}s  {steps / elapsed:.0f} steps/s  "
          f"{args.games / elapsed:.2f} games/s")


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


if __name__ == "__main__":
    main()
