"""Summarize a spot check's rows against the ladder's head-to-head line-up of the same bots.

The lone bot is the bot of the row's first seat at index 0 (the line-up as given to
`settlers simulate --seats`, before `--rotate-seats` turns it); the ladder's figure is read from
docs/results/ladder-GAME.json. A shared win counts as a fraction (as in the ladder); Fisher's
exact test is on the win counts rounded to whole games. With FIRST_N, only the rows of indices
below it count (to keep every seat equally often after a run was stopped).

ROWS may name several runs of the same line-up (other seeds), comma-separated, to pool them;
`FILE@N` keeps that file's indices below N (FIRST_N, if given, applies to files without `@N`).
Each file is listed on its own, with the number of its game seeds that occur in any other
results file under docs/results/ (the ladders' rows, every other check's), then the pooled figure.

usage: summary.py ROWS.jsonl[@N][,MORE.jsonl[@N]...] LONE FIELD [FIRST_N]
   e.g. summary.py docs/results/founders-current-rules-check/founders-s8-vs-h.jsonl \
            search:iterations=8 heuristic
        summary.py docs/results/founders-current-rules-check/founders-h-vs-s8.jsonl@44,\
docs/results/founders-current-rules-check/founders-h-vs-s8-seed4402.jsonl@56 \
            heuristic search:iterations=8
"""
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from settlers.sim.stats import fisher_two_sided, summarize, wilson


def read(spec: str, default_first_n: int | None) -> tuple[str, list[dict[str, Any]]]:
    path, _, first = spec.partition("@")
    rows = [json.loads(line) for line in Path(path).read_text().splitlines()]
    first_n = int(first) if first else default_first_n
    if first_n is not None:
        rows = [r for r in rows if r["index"] < first_n]
    return path, rows


def seeds_elsewhere(exclude: str) -> set[int]:
    """Every game seed of the results files under docs/results/ but `exclude`."""
    seeds: set[int] = set()
    for other in Path(__file__).parents[1].rglob("*.jsonl"):
        if other.resolve() == Path(exclude).resolve():
            continue
        for line in other.read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(row, dict) and isinstance(row.get("seed"), int):
                seeds.add(row["seed"])
    return seeds


def report(name: str, rows: list[dict[str, Any]], lone: str, field: str) -> None:
    failed = [r for r in rows if r.get("error") is not None]
    rows = [r for r in rows if r.get("error") is None]
    game = rows[0]["game"]
    ladder = json.loads((Path(__file__).parents[1] / f"ladder-{game}.json").read_text())
    h2h = next(h for h in ladder["head_to_head"] if h["bot"] == lone and h["field"] == field)
    lw, ln = float(h2h["wins"]), int(h2h["games"])

    summary = summarize(rows)
    line = next(b for b in summary.bots if b.label == lone)
    wins = line.wins
    lo, hi = wilson(wins, line.seats)
    llo, lhi = wilson(lw, ln)
    seats = Counter(r["seats"].index(lone) for r in rows)
    print(f"{name}: game {game}, rules {sorted({r['rules'] for r in rows})}, games {len(rows)}"
          f" (failed {len(failed)}), indices {min(r['index'] for r in rows)}-{max(r['index'] for r in rows)},"
          f" lone seat counts {dict(sorted(seats.items()))}")
    print(f"  {lone} vs 3 x {field}: {wins:g}/{line.seats} = {100*wins/line.seats:.1f} % ({100*lo:.1f}-{100*hi:.1f})"
          f"; ladder {lw:g}/{ln} = {100*lw/ln:.1f} % ({100*llo:.1f}-{100*lhi:.1f})"
          f"; overlap {'yes' if lo <= lhi and llo <= hi else 'NO'}"
          f"; Fisher p = {fisher_two_sided(round(wins), line.seats, round(lw), ln):.2f}")
    lineup = [lone] + [field] * (len(rows[0]["seats"]) - 1)
    ladder_rows = [json.loads(line) for line in
                   (Path(__file__).parents[1] / f"ladder-{game}.jsonl").read_text().splitlines()]
    ladder_actions = [r["actions"] for r in ladder_rows
                      if r["ladder"]["lineup"] == lineup and r.get("error") is None]
    print(f"  no winner {summary.no_winner}, shared wins {summary.shared}, mean actions {summary.mean_actions:.0f}"
          f" (the ladder's line-up: {sum(ladder_actions) / len(ladder_actions):.0f} over {len(ladder_actions)} games),"
          f" mean seconds {summary.mean_seconds:.1f}, max actions {max(r['actions'] for r in rows)}")


specs, lone, field = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
default_first_n = int(sys.argv[4]) if len(sys.argv) > 4 else None
runs = [read(spec, default_first_n) for spec in specs]
for path, rows in runs:
    report(path, rows, lone, field)
    shared = {r["seed"] for r in rows} & seeds_elsewhere(path)
    print(f"  game seeds also in other results files: {len(shared)}")
if len(runs) > 1:
    seeds = [r["seed"] for _, rows in runs for r in rows]
    assert len(seeds) == len(set(seeds)), "a game seed repeats across the pooled runs"
    report("pooled", [r for _, rows in runs for r in rows], lone, field)
