# ruff: noqa: E402
"""Win rate of a policy file (played by the `rl` bot) against a bot in every other seat.

    PYTHONPATH=src python benchmarks/rl_eval.py --policy founders-2p.npz --game founders \\
        --players 2 --opponents random,greedy --games 200

The learner's seat rotates with the game index; a win is being among the winners. Prints one
JSON line per opponent with the 95% Wilson interval.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--policy", required=True)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=123)
    args = parser.parse_args()
    policy = Policy.load(args.policy)
    for opponent in args.opponents.split(","):
        start = time.process_time()
        result = play_games(policy, args.game, args.players, opponent, args.games,
                            seed=args.seed)
        result.update(game=args.game, players=args.players, policy=args.policy,
                      wilson95=wilson(result["wins"], result["games"]),
                      cpu_seconds=round(time.process_time() - start, 1))
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
