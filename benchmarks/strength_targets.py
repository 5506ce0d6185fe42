"""The search targets of issue 17 as a table, from result files of `settlers simulate`.

    settlers simulate catan --seats guided,heuristic,heuristic,heuristic -n 200 \\
        --rotate-seats --workers 1 --seed 17 --out runs/catan-guided-vs-heur.jsonl
    .venv/bin/python benchmarks/strength_targets.py runs/*.jsonl --out docs/results/targets.md

For each file: the bot that sits alone (one seat per game) against the field, its win share
with the 95% Wilson interval, the parity share and the number of finished games. A run stopped
early still counts: the file holds every finished game.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from settlers.sim import read_rows, summarize
from settlers.sim.bench import machine
from settlers.sim.report import machine_line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    lines = ["| Game | Bot | Against | Games | Win rate | 95% interval | Parity | Failed |",
             "|---|---|---|---:|---:|---:|---:|---:|"]
    for path in args.files:
        rows = read_rows(path)
        if not rows:
            continue
        counts = Counter(rows[0]["seats"])
        lone = next(label for label, n in counts.items() if n == 1)
        field = ", ".join(f"{n} × `{label}`" for label, n in counts.items() if label != lone)
        summary = summarize(rows)
        line = next(b for b in summary.bots if b.label == lone)
        low, high = line.interval
        lines.append(f"| {rows[0]['game']} | `{lone}` | {field} | {line.seats} | "
                     f"{100 * line.win_rate:.1f}% | {100 * low:.1f}–{100 * high:.1f}% | "
                     f"{100 / rows[0]['players']:.0f}% | {summary.failed} |")
    text = ("### Search against the targets (issue 17)\n\n" + machine_line(machine()) + "\n\n"
            + "\n".join(lines) + "\n")
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
