"""Train the Founders (2 players) afterstate value on the game's evaluation terms, to numpy.

    pip install -e .[train]
    PYTHONPATH=src nice -n 10 python examples/train_founders_value.py --minutes 30 \\
        --workers 2 --out founders-2p.npz

The value network reads :mod:`settlers.rl.founders_features` (the greedy evaluation's terms
for both seats, tokens, stacks, prizes, phase); its linear skip starts at greedy's evaluation,
so round 0 plays as greedy, and every round plays ``--games`` games against ``--opponent``
in ``--workers`` processes and refits on TD(λ) returns of every decision of both seats (see
settlers.rl.feature_value_training). ``--minutes`` is CPU time of the training process and
its workers together (``--minutes 30 --workers 2`` ≈ 15 wall-minutes on 2 free cores).
The best measured round is kept; the final games play that file. ``--tiny``: seconds (CI).
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402

from settlers.core.user_files import UnwritableFile  # noqa: E402
from settlers.rl.feature_value_training import train  # noqa: E402
from settlers.rl.policy import Policy, check_outputs  # noqa: E402
from settlers.rl.training import play_games  # noqa: E402


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="founders-2p.npz")
    parser.add_argument("--minutes", type=float, default=30.0,
                        help="CPU minutes of the training process and its workers")
    parser.add_argument("--wall-minutes", type=float, default=None)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--games", type=int, default=64, help="games per round")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--lam", type=float, default=0.8, help="TD(λ)")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--anchor", type=float, default=0.0,
                        help="L2 pull of the skip weights towards greedy's evaluation")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=1,
                        help="re-drawn worlds the policy averages each move's value over")
    parser.add_argument("--final-games", type=int, default=0,
                        help="games of the kept file against random and greedy at the end")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tiny", action="store_true", help="a few seconds, for CI")
    args = parser.parse_args(argv)
    try:   # a policy that cannot be written is refused now, not after the training
        check_outputs(args.out)
    except UnwritableFile as exc:
        parser.error(exc.message())
    if args.tiny:
        args.rounds, args.games, args.epochs, args.hidden = 2, 2, 1, 4
        args.workers, args.final_games = 1, 1
    result = train(args.out, rounds=args.rounds, games=args.games, opponent=args.opponent,
                   epsilon=args.epsilon, hidden=args.hidden, epochs=args.epochs,
                   lam=args.lam, lr=args.lr, anchor=args.anchor, workers=args.workers,
                   worlds=args.worlds,
                   seed=args.seed, cpu_budget=args.minutes * 60,
                   wall_budget=args.wall_minutes * 60 if args.wall_minutes else None)
    if args.final_games:
        policy = Policy.load(args.out)
        result["final"] = [play_games(policy, "founders", 2, opponent, args.final_games,
                                      seed=99) for opponent in ("random", "greedy")]
    print(json.dumps(result, indent=1))
    return result


if __name__ == "__main__":
    main()
