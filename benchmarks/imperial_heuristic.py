"""Imperial Settlers: the heuristic bot against random and greedy, with 95% Wilson intervals.

    .venv/bin/python benchmarks/imperial_heuristic.py --games 200 --players 2

Each match: the heuristic in one seat, the opponent bot in the others; seats rotate every
game, empires are random (seeded per game). A tie shares the win. The heuristic is made by
``settlers.games.imperial.heuristic.make_bot`` (the bots registry may not list it yet).
"""

from __future__ import annotations

import argparse
import sys
import time

import settlers.bots as bots
from settlers.games.imperial import GAME
from settlers.games.imperial.heuristic import make_bot
from settlers.sim.stats import wilson


def match(opponent: str, games: int, players: int, seed: int) -> tuple[float, float, int]:
    wins = 0.0
    steps = 0
    t0 = time.perf_counter()
    for i in range(games):
        me = i % players
        st = GAME.new_state(players=players, seed=seed + i)
        seats = [bots.make(opponent, seed=seed + 7 * i + s) for s in range(players)]
        seats[me] = make_bot(seed=seed + i)
        while not st.over:
            seat = st.to_act[0]
            st.apply(seat, seats[seat].act(st, seat), check=False)
            steps += 1
        winners = st.winners()
        if me in winners:
            wins += 1 / len(winners)
    return wins, time.perf_counter() - t0, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--against", nargs="*", default=["random", "greedy"])
    args = parser.parse_args()
    print("| line-up | games | heuristic win rate | 95% Wilson | s/game |")
    print("|---|---:|---:|---|---:|")
    for opponent in args.against:
        wins, dt, _ = match(opponent, args.games, args.players, args.seed)
        lo, hi = wilson(wins, args.games)
        others = ", ".join([opponent] * (args.players - 1))
        print(f"| heuristic vs {others} | {args.games} | {100 * wins / args.games:.1f}% | "
              f"{100 * lo:.1f}–{100 * hi:.1f} | {dt / args.games:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
