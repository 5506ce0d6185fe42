"""Train a masked PPO policy for 4-player Catan against three random bots; export it to numpy.

    pip install -e .[train]          # torch (CPU), stable-baselines3, sb3-contrib, matplotlib
    PYTHONPATH=src python examples/train_catan.py --minutes 30 --out catan-4p.npz

The learner plays a random seat; the reward is +1 for a win, -1 otherwise, plus 0.05 per
victory point gained (``reward="shaped"``). Every ``--eval-every`` steps the exported numpy
policy plays ``--eval-games`` games against three random bots and the best one is kept. Use it
as a bot: ``--seats rl:policy=catan-4p.npz,random,random,random``.
The actor first imitates the ``heuristic`` bot (``--teacher``; ``--teacher ''`` for none).
``--tiny``: a few seconds (the CI test).
"""

from __future__ import annotations

from training_cli import parse, train_and_evaluate  # first: it sets the BLAS threads


def main(argv: list[str] | None = None) -> dict:
    args = parse(__doc__, argv, players=4, out="catan-4p.npz", timesteps=10_000_000,
                 opponents="random", eval_every=50_000, eval_games=40, net="128,128",
                 teacher_decisions=20000)
    return train_and_evaluate("catan", args, evaluators=("random",), n_steps=512,
                              options={"turn_limit": 30} if args.tiny else None)


if __name__ == "__main__":
    main()
