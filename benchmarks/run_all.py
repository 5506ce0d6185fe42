"""Run the benchmark suite for every registered game and write the README tables.

    .venv/bin/python benchmarks/run_all.py                # all games, 10 s of playouts each
    .venv/bin/python benchmarks/run_all.py --seconds 3 --games catan sample

* random-playout throughput (games/s, actions/s, actions/game, peak RSS; one process per game)
* bot decision latency (median, p99 ms) at the default budgets

Tables are printed and written to docs/results/throughput.md and docs/results/latency.md (in
English; `--lang ru` for Russian), with the machine they were measured on.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from rich.console import Console

import settlers.core as core
from settlers.bots import names as bot_names
from settlers.cli.bench import print_tables
from settlers.sim import bench
from settlers.sim.report import latency_markdown, throughput_markdown

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=10.0, help="playout seconds per game")
    parser.add_argument("--decisions", type=int, default=200, help="timed decisions per bot")
    parser.add_argument("--latency-seconds", type=float, default=120.0,
                        help="cap on latency measuring per bot and game")
    parser.add_argument("--bots", default=",".join(bot_names()))
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "results")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    core.set_language(args.lang)
    console = Console()
    games = args.games or core.game_ids()
    bots = [b for b in args.bots.split(",") if b]
    info = bench.machine()
    started = time.perf_counter()
    throughput = []
    for game_id in games:
        console.print(f"playouts: {game_id}")
        throughput.append(bench.measure_throughput_isolated(game_id, seconds=args.seconds,
                                                            seed=args.seed))
    latency = []
    for game_id in games:
        for bot in bench.bots_for(game_id, bots):
            console.print(f"latency: {game_id} / {bot}")
            latency.append(bench.measure_latency(game_id, bot, decisions=args.decisions,
                                                 seconds=args.latency_seconds, seed=args.seed))
    print_tables(console, throughput, latency)
    args.out.mkdir(parents=True, exist_ok=True)
    footer = (f"\nCommand: `.venv/bin/python benchmarks/run_all.py "
              f"{' '.join(argv if argv is not None else sys.argv[1:])}`; "
              f"total {time.perf_counter() - started:.0f} s.\n")
    (args.out / "throughput.md").write_text(
        throughput_markdown(throughput, info, args.lang) + footer, encoding="utf-8")
    (args.out / "latency.md").write_text(
        latency_markdown(latency, info, args.lang) + footer, encoding="utf-8")
    (args.out / "bench.json").write_text(json.dumps(
        {"machine": info, "throughput": [t.to_json() for t in throughput],
         "latency": [x.to_json() for x in latency]}, indent=1), encoding="utf-8")
    console.print(f"wrote {args.out / 'throughput.md'} and {args.out / 'latency.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
