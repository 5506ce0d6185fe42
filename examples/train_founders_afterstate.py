"""Train an afterstate value network for 2-player Founders of the Empire, exported to numpy.

    pip install -e .[train]
    PYTHONPATH=src python examples/train_founders_afterstate.py --minutes 30 \
        --out founders-2p.npz

Stage 1 plays ``--teacher-games`` games (greedy against greedy / random) and regresses, for
every legal move of every decision, the game's own evaluation of the move's afterstate (what
the greedy bot maximises); stage 2 (``--rl-rounds``) lets the network play against random
and greedy with ε-exploration and mixes the games' results into the targets of the
afterstates it chose. The exported file plays as ``--seats rl:policy=founders-2p.npz``
(see settlers.rl.afterstate). ``--tiny`` runs a few seconds (the CI test).
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402

from settlers.core.user_files import UnwritableFile  # noqa: E402
from settlers.rl.afterstate_training import train  # noqa: E402
from settlers.rl.policy import Policy, check_outputs  # noqa: E402
from settlers.rl.training import play_games  # noqa: E402


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="founders-2p.npz")
    parser.add_argument("--minutes", type=float, default=30.0, help="CPU minutes")
    parser.add_argument("--teacher-games", type=int, default=80)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--rl-rounds", type=int, default=0)
    parser.add_argument("--rl-games", type=int, default=20)
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--final-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tiny", action="store_true", help="a few seconds, for CI")
    args = parser.parse_args(argv)
    try:   # a policy that cannot be written is refused now, not after the training
        check_outputs(args.out)
    except UnwritableFile as exc:
        parser.error(exc.message())
    if args.tiny:
        args.teacher_games, args.epochs, args.rl_rounds, args.rl_games = 1, 1, 1, 1
        args.eval_games, args.final_games, args.hidden = 1, 1, 8
    result = train("founders", 2, args.out, teacher_games=args.teacher_games,
                   hidden=args.hidden, epochs=args.epochs, rl_rounds=args.rl_rounds,
                   rl_games=args.rl_games, eval_games=args.eval_games, seed=args.seed,
                   cpu_seconds=args.minutes * 60)
    policy = Policy.load(args.out)
    result["final"] = [play_games(policy, "founders", 2, opponent, args.final_games, seed=99)
                       for opponent in ("random", "greedy")]
    print(json.dumps(result, indent=1))
    return result


if __name__ == "__main__":
    main()
