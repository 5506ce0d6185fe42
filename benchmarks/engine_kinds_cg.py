"""``engine_kinds.py`` by instructions: what each phase's listing and the applying cost per
action, by tenth of the game, counted by callgrind instead of timed (load-independent).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-before=getppid \\
        --callgrind-out-file=OUT/cg.%p .venv/bin/python benchmarks/engine_kinds_cg.py \\
        run founders 0 30 > OUT/actions.txt
    .venv/bin/python benchmarks/engine_kinds_cg.py report OUT

The games are ``engine_tenths.py``'s (the same seeds, warm-up, lengths learnt in a forked child,
the collector off, advanced side by side a tenth at a time, one dump per tenth). Each listing
is called through a C function of its own — the reveal step's through ``itertools.starmap``,
the main step's through ``takewhile``, the place step's through ``dropwhile``, every other
phase's through ``filterfalse`` — and each applying through ``operator.methodcaller``, none of
which the engines use; ``report`` reads each dump's inclusive cost of those functions
(``callgrind_annotate --inclusive=yes``) and divides it by the actions of that kind in that
tenth (counted by the run and printed). A kind's row: its share of the tenth's actions and its
instructions per action (listing, or applying every kind); «mix only» and «cost only» as in
``engine_kinds.py``, over the listing kinds with the applying and the driver spread evenly.
"""

from __future__ import annotations

import argparse
import itertools
import operator
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engine_tenths

TENTHS = engine_tenths.TENTHS
# listing kind -> the C function it is called through (and how callgrind names it)
WRAPPERS = {"reveal": "starmap_next", "main": "takewhile_next", "place": "dropwhile_next",
            "other": "filterfalse_next"}
APPLY = "methodcaller_call"
KINDS = (*WRAPPERS, "apply")


def _through(kind: str, f: Any, *args: Any) -> Any:
    """``f(*args)`` called inside the C function standing for ``kind``."""
    box: list[Any] = []

    def call(*_: Any) -> bool:
        box.append(f(*args))
        return kind != "place"   # (dropwhile calls it until it is false: once)

    if kind == "reveal":
        next(itertools.starmap(call, [()]))
    elif kind == "main":
        next(itertools.takewhile(call, [0]))
    elif kind == "place":
        next(itertools.dropwhile(call, [0]))
    else:
        next(itertools.filterfalse(call, [0]), None)
    return box[0]


def run(game_id: str, seeds: range, warm: int) -> list[dict[str, int]]:
    """Play ``engine_tenths.py``'s games with each listing and applying called through its
    C function; print and return the actions of each kind per tenth."""
    counts = [dict.fromkeys(KINDS, 0) for _ in range(TENTHS)]
    tenth = [0]
    marks = os.getppid

    def mark() -> int:
        tenth[0] += 1
        return marks()

    def step(state: Any, rng: Any) -> None:
        # the draws of engine_tenths._step: a seat among those to act, an action of its menu
        seat = rng.choice(state.to_act)
        phase = str(getattr(state, "phase", ""))
        kind = phase if phase in WRAPPERS else "other"
        menu = _through(kind, state.legal_actions, seat)
        action = rng.choice(menu)
        operator.methodcaller("apply", seat, action, check=False)(state)
        row = counts[max(tenth[0] - 1, 0)]
        row[kind] += 1
        row["apply"] += 1

    original_step, original_tenths = engine_tenths._step, engine_tenths.play_tenths

    def play_tenths(game: Any, seeds_: range, lengths: list[int], freeze: bool = True) -> int:
        tenth[0] = 0
        for row in counts:  # (the warm-up games' steps are not counted)
            row.update(dict.fromkeys(KINDS, 0))
        os.getppid = mark  # (engine_tenths marks the tenths through os.getppid)
        try:
            return original_tenths(game, seeds_, lengths, freeze)
        finally:
            os.getppid = marks

    # the lengths' pass (a forked child) and the warm-up games play the same draws
    engine_tenths._step = step
    engine_tenths.play_tenths = play_tenths  # type: ignore[assignment]
    try:
        actions = engine_tenths.play(game_id, seeds, collector=False, warm=warm)
    finally:
        engine_tenths._step, engine_tenths.play_tenths = original_step, original_tenths
    print("actions", actions)
    for t, row in enumerate(counts, 1):  # (mark 1 ends the set-up, mark t + 1 tenth t)
        print("tenth", t, " ".join(f"{k}={row[k]}" for k in KINDS))
    return counts


def _inclusive(path: Path) -> tuple[int, dict[str, int]]:
    """A dump's total and the inclusive cost of each wrapper."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100",
                           str(path)], capture_output=True, text=True, check=True).stdout
    total = 0
    found: dict[str, int] = {}
    names = {**{v: k for k, v in WRAPPERS.items()}, APPLY: "apply"}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) .*PROGRAM TOTALS", line)
        if m:
            total = int(m.group(1).replace(",", ""))
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+\S*:(\w+)\b", line)
        if m and m.group(2) in names and names[m.group(2)] not in found:
            found[names[m.group(2)]] = int(m.group(1).replace(",", ""))
    return total, found


def report(out: Path) -> str:
    """The table of one run's dumps in ``out`` (and its ``actions.txt``)."""
    dumps = engine_tenths._dumps(out)
    text = (out / "actions.txt").read_text()
    counts: list[dict[str, int]] = []
    for line in text.splitlines():
        if line.startswith("tenth "):
            counts.append({k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", line)})
    if len(dumps) < TENTHS + 2 or len(counts) != TENTHS:
        raise SystemExit(f"{out}: not a complete run")
    rows: dict[str, list[float]] = {k: [] for k in (*KINDS, "rest", "all")}
    shares: dict[str, list[float]] = {k: [] for k in KINDS}
    for t in range(TENTHS):
        total, found = _inclusive(dumps[2 + t])
        n = counts[t]["apply"]
        rest = total
        for k in KINDS:
            cost = found.get(k, 0)
            rest -= cost
            rows[k].append(cost / counts[t][k] if counts[t][k] else 0.0)
            shares[k].append(counts[t][k] / n)
        rows["rest"].append(rest / n)
        rows["all"].append(total / n)
    lines = ["| kind | share of the tenth's actions, first … last | k instructions per action "
             "by tenth | slowest/fastest |", "|---|---|---|---:|"]
    for k in (*KINDS, "rest", "all"):
        per = [x for x in rows[k] if x]
        share = " ".join(f"{s:.0%}" for s in shares[k]) if k in shares else ""
        ratio = f"{min(per) / max(per):.3f}" if per else ""
        lines.append(f"| {k} | {share} | {' '.join(f'{x / 1000:.1f}' for x in rows[k])} | "
                     f"{ratio} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play the tenths (run it under callgrind)")
    r.add_argument("game")
    r.add_argument("start", type=int)
    r.add_argument("end", type=int)
    r.add_argument("--warm", type=int, default=20)
    rep = sub.add_parser("report", help="the table of one run's dumps")
    rep.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.game, range(args.start, args.end), args.warm)
    else:
        print(report(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
