"""Draw learning curves (win rate of the exported policy vs learner steps) into one image.

    PYTHONPATH=src python examples/plot_curves.py docs/results/rl-curves.png \\
        "Founders 2p=founders-2p.curve.jsonl" "Catan 4p=catan-4p.curve.jsonl"
"""

from __future__ import annotations

import sys

from settlers.rl.training import plot_curves


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    curves = dict(item.split("=", 1) for item in argv[1:])
    plot_curves(curves, argv[0], title="Exported numpy policies (as the rl bot) vs the platform's bots")


if __name__ == "__main__":
    main(sys.argv[1:])
