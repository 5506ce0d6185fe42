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

Random play rarely reaches 12 points, so games end by the documented ``turn_limit`` safety
stop; the summary counts how many ended by victory points.
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
    ap.add_argument("--turn-limit", type=int, default=60)
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--check-every", type=int, default=40)
    ap.add_argument("--views-every", type=int, default=200)
    ap.add_argument("--invariants-every", type=int, default=1)
    ap.add_argument("--report-every", type=int, default=500)
    args = ap.parse_args()

    game = settlers.load("iceland")
    if args.verify:
        from test_iceland_playouts import check_invariants
    start = time.perf_counter()
    steps = by_points = 0
    turns = 0
    for k in range(args.games):
        seed = args.seed + k
        players = 3 + seed % 3
        options = {"turn_limit": args.turn_limit}
        state = game.new_state(players, seed, options)
        rng = random.Random(seed * 7919 + players)
        while not state.over:
            if args.verify:
                if state.version % args.invariants_every == 0:
                    check_invariants(state)
                if state.version % args.check_every == 0:
                    check_step(state, rng, views=state.version % args.views_every == 0)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        if args.verify:
            check_invariants(state)
            check_finished(state, options)
        steps += state.version
        turns += state.turn
        by_points += max(state.scores()) >= state.c.victory_points
        if args.report_every and (k + 1) % args.report_every == 0:
            elapsed = time.perf_counter() - start
            print(f"{k + 1} games, {steps} steps, {elapsed:.0f}s", flush=True)
    elapsed = time.perf_counter() - start
    print(f"games={args.games} players=3-5 turn_limit={args.turn_limit} verify={args.verify}")
    print(f"steps={steps} turns={turns} ended_by_12_points={by_points}")
    print(f"time={elapsed:.1f}s  {steps / elapsed:.0f} steps/s  "
          f"{args.games / elapsed:.2f} games/s")


if __name__ == "__main__":
    main()
