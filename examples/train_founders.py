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

from training_cli import parse, train_and_evaluate  # first: it sets the BLAS threads


def main(argv: list[str] | None = None) -> dict:
    args = parse(__doc__, argv, players=2, out="founders-2p.npz", timesteps=5_000_000,
                 opponents="random|random|random|greedy", eval_every=40_000, eval_games=30,
                 net="64,64", teacher_decisions=6000,
                 opponents_help="seat specs; a|b draws one per game (here: greedy 1 game in 4)")
    evaluators = ("random", "greedy")
    if args.tiny:
        args.opponents, evaluators = "random", ("random",)
    return train_and_evaluate("founders", args, evaluators=evaluators, n_steps=256)


if __name__ == "__main__":
    main()
