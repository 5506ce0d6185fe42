"""The search targets of issue 17: play the runs and make the table.

    # one bot alone against a field, seats rotated, CPU time of each of its decisions recorded
    .venv/bin/python benchmarks/strength_targets.py play catan search:cpu_ms=300 heuristic \\
        --players 4 -n 200 --seed 17 --out docs/results/issue17-runs/catan-search-vs-heur.jsonl
    # the table from any such files (or files of `settlers simulate`)
    .venv/bin/python benchmarks/strength_targets.py table docs/results/issue17-runs/*.jsonl \\
        --notes docs/results/issue17-runs/NOTES.md --out docs/results/targets.md

`play` appends one row per finished game (the `settlers simulate` row format plus
`decision_cpu_ms`: the lone bot's CPU time, `time.thread_time`, of every decision it had a
choice in), so a run can be stopped and resumed (`--start`). `table`: for each file the bot that
sits alone, the number of games and of games nobody won (Archipelago's collective loss: a loss
for every seat), its win share with the 95% Wilson interval, parity and the lone bot's mean /
99th-percentile / largest CPU time per decision.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from settlers.core import load
from settlers.sim import read_rows, summarize
from settlers.sim.bench import machine
from settlers.sim.report import machine_line
from settlers.sim.seating import alone, parse_seat


def play(game_id: str, lone: str, field: str, players: int, games: int, seed: int,
         start: int, out: Path | None) -> None:
    game = load(game_id)
    lone_spec, field_spec = parse_seat(lone), parse_seat(field)
    for index in range(start, start + games):
        seating = alone(lone_spec, field_spec, players, seed, index)
        lone_seat, specs, game_seed = seating.seat, seating.specs, seating.game_seed
        bots = seating.bots()
        state = game.new_state(players, seed=game_seed)
        cpu: list[float] = []
        started = time.perf_counter()
        error = None
        try:
            while not state.over:
                seat = state.to_act[0]
                if seat == lone_seat:
                    choice = len(state.legal_actions(seat)) > 1
                    t0 = time.thread_time()
                    action = bots[seat].act(state, seat)
                    if choice:
                        cpu.append(1000.0 * (time.thread_time() - t0))
                else:
                    action = bots[seat].act(state, seat)
                state.apply(seat, action)
                if state.version > 20000:
                    raise RuntimeError("step limit")
        except Exception as exc:  # a failure is a row, the run goes on
            error = {"kind": type(exc).__name__, "message": str(exc)}
        row = {"index": index, "game": game_id, "players": players, "seed": game_seed,
               "seats": [spec.label for spec in specs], "bot_seeds": list(seating.bot_seeds),
               "scores": [float(s) for s in state.scores()] if error is None else None,
               "winners": list(state.winners()) if error is None else None,
               "actions": state.version, "seconds": time.perf_counter() - started,
               "error": error, "decision_cpu_ms": [round(x, 2) for x in cpu]}
        line = json.dumps(row)
        if out is None:
            print(line, flush=True)
        else:
            with out.open("a", encoding="utf-8") as handle:
                handle.write(line + "\n")


def cpu_columns(rows: list[dict]) -> str:
    times = sorted(x for row in rows for x in row.get("decision_cpu_ms") or [])
    if not times:
        return "– | – | –"
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return f"{sum(times) / len(times):.0f} | {p99:.0f} | {times[-1]:.0f}"


def _lineup(rows: list[dict]) -> tuple[str, tuple[str, ...], int]:
    """The game, the seats of a file's first game sorted and the players: its line-up."""
    first = rows[0]
    return first["game"], tuple(sorted(first["seats"])), first["players"]


def table(files: list[Path], out: Path | None, notes: Path | None = None) -> None:
    lines = ["| Game | Bot and budget | Against | Games | No winner | Win rate | 95% interval | "
             "Parity | CPU ms / decision: mean | p99 | max |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    read = [(path, rows) for path in files if (rows := read_rows(path))]
    # the same line-up in two files (the bot's code changed between them): each row names
    # its file
    lineups = Counter(_lineup(rows) for _, rows in read)
    for path, rows in read:
        counts = Counter(rows[0]["seats"])
        # the lone bot is the one in the rotated seat (in two-player games both labels are alone)
        lone = rows[0]["seats"][rows[0]["index"] % rows[0]["players"]]
        field = ", ".join(f"{n} × `{label}`" for label, n in counts.items() if label != lone)
        if lineups[_lineup(rows)] > 1:
            field += f" ({path.stem})"
        summary = summarize(rows)
        line = next(b for b in summary.bots if b.label == lone)
        low, high = line.interval
        failed = f" ({summary.failed} failed)" if summary.failed else ""
        nobody = sum(1 for row in rows if row.get("error") is None and not row["winners"])
        lines.append(f"| {rows[0]['game']} | `{lone}` | {field} | {line.seats}{failed} | {nobody} | "
                     f"{100 * line.win_rate:.1f}% | {100 * low:.1f}–{100 * high:.1f}% | "
                     f"{100 / rows[0]['players']:.0f}% | {cpu_columns(rows)} |")
    text = ("### Search against the targets (issue 17)\n\n" + machine_line(machine()) + "\n\n"
            + "\n".join(lines) + "\n")
    if notes is not None:
        text += "\n" + notes.read_text(encoding="utf-8")
    print(text)
    if out:
        out.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("game")
    p.add_argument("lone")
    p.add_argument("field")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("-n", "--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--out", type=Path, default=None)
    t = sub.add_parser("table")
    t.add_argument("files", nargs="+", type=Path)
    t.add_argument("--out", type=Path, default=None)
    t.add_argument("--notes", type=Path, default=None, help="a text to put under the table")
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args.game, args.lone, args.field, args.players, args.games, args.seed,
             args.start, args.out)
    else:
        table(args.files, args.out, args.notes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
