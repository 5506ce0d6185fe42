"""How far a sample's slowest / fastest tenth is from flat by chance: the per-game figures of
an ``engine_tenths.py run ... --in-turn`` callgrind run (one dump per game tenth), resampled.

    benchmarks/tenths_noise.py OUT [--draws 2000]

* **observed**: the run's slowest / fastest tenth (as ``engine_tenths.py report`` gives it);
* **flat null**: each game's ten tenths shuffled among themselves (a game keeps its own cost,
  its tenths lose their order), ``draws`` times: what the same games would give if no tenth
  were dearer than another — the median, the 5 % and 95 % quantiles and how often ≥ 0.8;
* **bootstrap**: the games drawn with replacement, ``draws`` times: how much the observed
  figure moves with the sample of games (median, 5 % and 95 %).

A 30-game figure whose flat null sits near the target cannot tell a flat engine from one with
a slope (docs/performance-engines/archipelago.md, «Round 21»).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engine_tenths

TENTHS = engine_tenths.TENTHS
#: per game, per tenth: (instructions, actions)
Games = list[list[tuple[int, int]]]


def per_game(out: Path) -> Games:
    """Each game's tenths of an ``--in-turn`` run: (instructions, actions) per tenth."""
    dumps = engine_tenths._dumps(out)
    totals = [engine_tenths._total(path, "Ir") for path in dumps]
    found = re.search(r"lengths ([\d ]+)", (out / "actions.txt").read_text())
    if found is None:
        raise SystemExit(f"{out}: not an --in-turn run (no lengths)")
    lengths = [int(n) for n in found.group(1).split()]
    if len(totals) < 1 + (TENTHS + 1) * len(lengths):
        raise SystemExit(f"{out}: not a complete run ({len(totals)} dumps)")
    # (as engine_tenths.report: the exit dump first, then per game its set-up and ten tenths)
    return [[(totals[1 + (TENTHS + 1) * g + 1 + d],
              (d + 1) * length // TENTHS - d * length // TENTHS) for d in range(TENTHS)]
            for g, length in enumerate(lengths)]


def ratio(games: Games, orders: list[list[int]] | None = None) -> float:
    """Slowest / fastest tenth of ``games`` (each game's tenth ``d`` counted in tenth
    ``orders[g][d]`` when given): the instructions of a tenth over its actions."""
    spent = [0] * TENTHS
    count = [0] * TENTHS
    for g, tenths in enumerate(games):
        for d, (cost, actions) in enumerate(tenths):
            t = d if orders is None else orders[g][d]
            spent[t] += cost
            count[t] += actions
    per = [s / c for s, c in zip(spent, count, strict=True)]
    return min(per) / max(per)


def _quantiles(values: list[float]) -> tuple[float, float, float]:
    values = sorted(values)
    n = len(values)
    return values[n // 2], values[n // 20], values[n - 1 - n // 20]


def noise(games: Games, draws: int = 2000, seed: int = 1) -> dict[str, float]:
    """The observed ratio, the flat null's and the bootstrap's quantiles (module docstring)."""
    rng = random.Random(seed)
    null = [ratio(games, [rng.sample(range(TENTHS), TENTHS) for _ in games])
            for _ in range(draws)]
    boot = [ratio([rng.choice(games) for _ in games]) for _ in range(draws)]
    n_med, n_lo, n_hi = _quantiles(null)
    b_med, b_lo, b_hi = _quantiles(boot)
    return {"observed": ratio(games), "null_median": n_med, "null_5": n_lo, "null_95": n_hi,
            "null_at_least_0.8": sum(x >= 0.8 for x in null) / draws,
            "boot_median": b_med, "boot_5": b_lo, "boot_95": b_hi}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the dumps of an --in-turn run")
    parser.add_argument("--draws", type=int, default=2000)
    args = parser.parse_args(argv)
    got = noise(per_game(args.out), args.draws)
    print(f"observed {got['observed']:.3f}; flat null median {got['null_median']:.3f} "
          f"(5 % {got['null_5']:.3f}, 95 % {got['null_95']:.3f}, ≥ 0.8 in "
          f"{got['null_at_least_0.8']:.0%}); bootstrap median {got['boot_median']:.3f} "
          f"(5 % {got['boot_5']:.3f}, 95 % {got['boot_95']:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
