# ruff: noqa: E402
"""Win rate of a policy file (played by the `rl` bot) against a bot in every other seat.

    PYTHONPATH=src python benchmarks/rl_eval.py --policy founders-2p.npz --game founders \\
        --players 2 --opponents random,greedy --games 200

The learner's seat rotates with the game index; a win is being among the winners. Prints one
JSON line per opponent with the 95% Wilson interval. ``--workers N`` plays the games in N
processes (game i always has the same seed and seats, whatever N); ``cpu_seconds`` adds the
workers' CPU time; ``--log FILE`` appends each game's result as it finishes.
"""

from __future__ import annotations

import os

# one BLAS thread: the policy's small matrix-vector products are ~100× slower when OpenBLAS
# spreads them over threads on a busy machine (and torch trains on its own thread)
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json
import math
import multiprocessing
import resource
import time

from settlers.rl.policy import Policy
from settlers.rl.training import play_games


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return round(centre - half, 3), round(centre + half, 3)


def cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _one(job: tuple) -> tuple[int, dict]:
    path, game, players, opponent, index, seed = job
    return index, play_games(Policy.load(path), game, players, opponent, 1, seed=seed,
                             first=index)


def play(path: str, game: str, players: int, opponent: str, games: int, seed: int,
         workers: int, log: str | None = None) -> dict:
    """``games`` games over ``workers`` processes, one game a job; with ``log``, each game's
    result is appended to that JSON-lines file as soon as it is known."""
    jobs = [(path, game, players, opponent, i, seed) for i in range(games)]
    wins = unfinished = 0
    with multiprocessing.get_context("fork").Pool(max(1, workers)) as pool:
        for index, part in pool.imap_unordered(_one, jobs, chunksize=1):
            wins += part["wins"]
            unfinished += part["unfinished"]
            if log:
                with open(log, "a") as fh:
                    fh.write(json.dumps({"opponent": opponent, "game": index, "seed": seed,
                                         "seat": index % players, "win": part["wins"],
                                         "policy": path}) + "\n")
        pool.close()
        pool.join()
    return {"opponent": opponent, "games": games, "wins": wins, "unfinished": unfinished,
            "win_rate": wins / games if games else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--policy", required=True)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=123)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log", default=None, help="JSON lines, one per finished game")
    args = parser.parse_args()
    for opponent in args.opponents.split(","):
        start, wall = cpu_seconds(), time.time()
        result = play(args.policy, args.game, args.players, opponent, args.games, args.seed,
                      args.workers, args.log)
        result.update(game=args.game, players=args.players, policy=args.policy,
                      seed=args.seed, wilson95=wilson(result["wins"], result["games"]),
                      cpu_seconds=round(cpu_seconds() - start, 1),
                      wall_seconds=round(time.time() - wall, 1))
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
