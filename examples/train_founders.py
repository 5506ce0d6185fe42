# ruff: noqa: E402
"""Train a masked PPO policy for 2-player Founders of the Empire and export it to numpy.

    pip install -e .[train]          # torch (CPU), stable-baselines3, sb3-contrib, matplotlib
    PYTHONPATH=src python examples/train_founders.py --minutes 30 --out founders-2p.npz

The learner plays a random seat against the platform's bots (greedy one game in four, random
otherwise); every ``--eval-every``
steps the exported numpy policy plays ``--eval-games`` games against the random and the greedy
bot and the best policy is kept. Use the result as a bot: ``--seats rl:policy=founders-2p.npz``.
The actor first imitates the ``heuristic`` bot (``--teacher``; ``--teacher ''`` for none).
``--tiny`` runs a few seconds (the CI test).
"""

from __future__ import annotations

import os

# one BLAS thread: the policy's small matrix-vector products are ~100× slower when OpenBLAS
# spreads them over threads on a busy machine (and torch trains on its own thread)
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json

from settlers.rl.policy import Policy
from settlers.rl.training import play_games, train


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--out", default="founders-2p.npz")
    parser.add_argument("--minutes", type=float, default=30.0,
                        help="CPU minutes of the training process (evaluation included)")
    parser.add_argument("--wall-minutes", type=float, default=None,
                        help="also stop after this many minutes of wall time")
    parser.add_argument("--timesteps", type=int, default=5_000_000)
    parser.add_argument("--opponents", default="random|random|random|greedy",
                        help="seat specs; a|b draws one per game (here: greedy 1 game in 4)")
    parser.add_argument("--eval-every", type=int, default=40_000)
    parser.add_argument("--eval-games", type=int, default=30)
    parser.add_argument("--final-games", type=int, default=200)
    parser.add_argument("--n-envs", type=int, default=8)
    parser.add_argument("--net", default="64,64", help="hidden layer sizes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--teacher", default="heuristic",
                        help="bot the actor imitates first ('' for none)")
    parser.add_argument("--teacher-epochs", type=int, default=20)
    parser.add_argument("--teacher-decisions", type=int, default=6000)
    parser.add_argument("--tiny", action="store_true", help="a few seconds, for CI")
    args = parser.parse_args(argv)
    evaluators = ("random", "greedy")
    if args.tiny:
        args.timesteps, args.eval_every, args.eval_games, args.final_games = 256, 128, 2, 2
        args.n_envs, args.opponents, evaluators = 2, "random", ("random",)
        args.teacher_decisions, args.teacher_epochs = 64, 2
    result = train("founders", args.players, args.out, opponents=args.opponents,
                   timesteps=args.timesteps, cpu_seconds=args.minutes * 60,
                   seconds=args.wall_minutes * 60 if args.wall_minutes else None,
                   n_envs=args.n_envs,
                   eval_every=args.eval_every, eval_games=args.eval_games,
                   eval_opponents=evaluators, reward="shaped", seed=args.seed,
                   n_steps=64 if args.tiny else 256,
                   net=tuple(int(x) for x in args.net.split(",")),
                   teacher=args.teacher or None, teacher_decisions=args.teacher_decisions,
                   teacher_epochs=args.teacher_epochs)
    policy = Policy.load(args.out)
    result["final"] = [play_games(policy, "founders", args.players, opponent,
                                  args.final_games, seed=99)
                       for opponent in evaluators]
    print(json.dumps(result, indent=1))
    return result


if __name__ == "__main__":
    main()
