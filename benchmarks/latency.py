"""Decision latency of every bot at its default budget, and of the lobby's difficulty levels,
per game, in CPU time of one process (= one dedicated core, whatever else the machine runs).

    .venv/bin/python benchmarks/latency.py --decisions 30 --seconds 30
    .venv/bin/python benchmarks/latency.py --levels-only --decisions 200 --seconds 60

Writes docs/results/latency.md (and latency.json). `--levels-only` measures only the lobby's
difficulty levels (and `--extra`), keeping every other row of latency.json as it was.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import settlers.core as core
from settlers.bots import names, supports
from settlers.bots.difficulty import LEVELS, level
from settlers.sim.bench import Latency, machine, measure_latency
from settlers.sim.report import latency_markdown
from settlers.sim.seating import parse_seat

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="cap per bot and game, in CPU seconds")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "results")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--rewrite", action="store_true",
                        help="measure nothing: rewrite latency.md from latency.json")
    parser.add_argument("--extra", default="",
                        help="comma-separated seat specs measured too (e.g. guided:iterations=30)")
    parser.add_argument("--levels-only", action="store_true",
                        help="measure only the difficulty levels and --extra; keep the other "
                             "rows of latency.json")
    args = parser.parse_args(argv)
    core.set_language(args.lang)
    started = time.perf_counter()
    if args.rewrite:
        old = json.loads((args.out / "latency.json").read_text(encoding="utf-8"))
        command = (args.out / "latency.md").read_text(encoding="utf-8").rsplit("Command: ", 1)
        write(args, [Latency(**row) for row in old], started, None,
              command[1].strip() if len(command) == 2 else None)
        return 0
    kept = []
    earlier = None  # the command of the rows kept
    if args.levels_only and (args.out / "latency.json").exists():
        kept = [Latency(**row) for row in
                json.loads((args.out / "latency.json").read_text(encoding="utf-8"))]
        footer = (args.out / "latency.md").read_text(encoding="utf-8").rsplit("Command: ", 1)
        earlier = footer[1].strip() if len(footer) == 2 else None
        if earlier and " The other rows: " in earlier:
            # the levels measured before are measured again: only the other rows' command stays
            earlier = earlier.split(" The other rows: ", 1)[1]
    results: list[Latency] = []
    for game_id in args.games or core.game_ids():
        plan = ([] if args.levels_only else
                [(bot, {}) for bot in names() if supports(bot, game_id)])
        plan += [level(game_id, name) for name in LEVELS]
        for spec in filter(None, args.extra.split(",")):
            seat = parse_seat(spec)
            if supports(seat.bot, game_id):
                plan.append((seat.bot, dict(seat.budget)))
        seen = set()
        for bot, budget in plan:
            key = (bot, tuple(sorted(budget.items())))
            if key in seen:
                continue
            seen.add(key)
            result = measure_latency(game_id, bot, args.decisions, args.seconds,
                                     budget=budget, clock=time.process_time)
            print(f"{game_id} {bot} {result.budget}: median {result.median_ms:.1f} ms, "
                  f"p99 {result.p99_ms:.1f} ms ({result.decisions} decisions)", flush=True)
            results.append(result)
            write(args, merged(kept, results), started, argv, earlier=earlier)
    return 0


def merged(kept: list[Latency], fresh: list[Latency]) -> list[Latency]:
    """`kept` with the rows measured again replaced, new rows after their game's last row."""
    def key(row: Latency) -> tuple[str, str, str]:
        return (row.game, row.bot, row.budget)

    fresh_by_key = {key(row): row for row in fresh}
    out = [fresh_by_key.pop(key(row), row) for row in kept]
    for row in fresh:
        if key(row) in fresh_by_key:
            last = max((i for i, r in enumerate(out) if r.game == row.game), default=len(out) - 1)
            out.insert(last + 1, row)
    return out


def write(args: argparse.Namespace, results: list, started: float,
          argv: list[str] | None, command_line: str | None = None,
          earlier: str | None = None) -> None:
    command = "benchmarks/latency.py " + " ".join(argv if argv is not None else sys.argv[1:])
    if earlier and command_line is None:
        # --levels-only: the rows of the levels are new, the others keep their command
        command_line = (f"`{command}`; {time.perf_counter() - started:.0f} s (the difficulty"
                        f" levels and extras). The other rows: {earlier}")
    text = (latency_markdown(results, machine(), args.lang, cpu=True)
            + "\nTimes are CPU time of the deciding process (`time.process_time`), i.e. on one"
            " dedicated core; wall time on the shared machine was several times longer. A bot"
            " with a time budget (`ms=`) stops on the wall clock, so on the loaded machine it"
            " got only part of a core during its budget: on a dedicated core its decisions take"
            " about the budget (700 ms for `ms=700`), not the CPU time shown. Fewer than the"
            " decisions asked: the bot hit the cap of CPU seconds per bot and game.\n"
            + (f"\nCommand: {command_line}\n" if command_line else
               f"\nCommand: `{command}`; {time.perf_counter() - started:.0f} s.\n"))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "latency.md").write_text(text, encoding="utf-8")
    (args.out / "latency.json").write_text(
        json.dumps([r.to_json() for r in results], indent=1), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
