"""What the training examples (``train_catan.py``, ``train_founders.py``) share: one BLAS
thread, the command line, the ``--tiny`` CI budget, and training then the final evaluation.

Import it before numpy or torch: setting the thread count later has no effect.
"""

from __future__ import annotations

import os

# one BLAS thread: the policy's small matrix-vector products are ~100× slower when OpenBLAS
# spreads them over threads on a busy machine (and torch trains on its own thread)
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402

from settlers.core.user_files import UnwritableFile  # noqa: E402
from settlers.rl.policy import Policy, check_outputs  # noqa: E402
from settlers.rl.training import play_games, train  # noqa: E402


def parse(doc: str, argv: list[str] | None, *, players: int, out: str, timesteps: int,
          opponents: str, eval_every: int, eval_games: int, net: str,
          teacher_decisions: int, opponents_help: str | None = None) -> argparse.Namespace:
    """The training command line with this game's defaults; ``--tiny`` shrinks every budget
    to a few seconds (the CI test)."""
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=players)
    parser.add_argument("--out", default=out)
    parser.add_argument("--minutes", type=float, default=30.0,
                        help="CPU minutes of the training process (evaluation included)")
    parser.add_argument("--wall-minutes", type=float, default=None,
                        help="also stop after this many minutes of wall time")
    parser.add_argument("--timesteps", type=int, default=timesteps)
    parser.add_argument("--opponents", default=opponents, help=opponents_help)
    parser.add_argument("--eval-every", type=int, default=eval_every)
    parser.add_argument("--eval-games", type=int, default=eval_games)
    parser.add_argument("--final-games", type=int, default=200)
    parser.add_argument("--n-envs", type=int, default=8)
    parser.add_argument("--net", default=net, help="hidden layer sizes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--teacher", default="heuristic",
                        help="bot the actor imitates first ('' for none)")
    parser.add_argument("--teacher-epochs", type=int, default=20)
    parser.add_argument("--teacher-decisions", type=int, default=teacher_decisions)
    parser.add_argument("--tiny", action="store_true", help="a few seconds, for CI")
    args = parser.parse_args(argv)
    try:   # a policy that cannot be written is refused now, not after the training
        check_outputs(args.out)
    except UnwritableFile as exc:
        parser.error(exc.message())
    if args.tiny:
        args.timesteps, args.eval_every, args.eval_games, args.final_games = 256, 128, 2, 2
        args.n_envs, args.teacher_decisions, args.teacher_epochs = 2, 64, 2
    return args


def train_and_evaluate(game_id: str, args: argparse.Namespace, *, evaluators: tuple[str, ...],
                       n_steps: int, options: dict | None = None) -> dict:
    """Train (shaped reward), keep the best policy by ``evaluators``, then play
    ``--final-games`` against each evaluator; prints and returns the figures."""
    result = train(game_id, args.players, args.out, opponents=args.opponents,
                   timesteps=args.timesteps, cpu_seconds=args.minutes * 60,
                   seconds=args.wall_minutes * 60 if args.wall_minutes else None,
                   n_envs=args.n_envs,
                   eval_every=args.eval_every, eval_games=args.eval_games,
                   eval_opponents=evaluators, reward="shaped", seed=args.seed,
                   n_steps=64 if args.tiny else n_steps, options=options,
                   net=tuple(int(x) for x in args.net.split(",")),
                   teacher=args.teacher or None, teacher_decisions=args.teacher_decisions,
                   teacher_epochs=args.teacher_epochs)
    policy = Policy.load(args.out)
    result["final"] = [play_games(policy, game_id, args.players, opponent, args.final_games,
                                  seed=99, options=options)
                       for opponent in evaluators]
    print(json.dumps(result, indent=1))
    return result
