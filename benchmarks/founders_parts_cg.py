"""Founders' engine parts by instructions: what each of a few engine functions costs per action,
inclusive, by tenth of the game, counted by callgrind (load-independent).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-instr=no --dump-before=getppid \\
        --callgrind-out-file=OUT/cg.%p .venv/bin/python benchmarks/founders_parts_cg.py \\
        run 0 30 [--parts menus|first-met] [--updates-first] > OUT/actions.txt
    .venv/bin/python benchmarks/founders_parts_cg.py report OUT [--parts ...]

The games are ``engine_tenths.py``'s (the same seeds, warm-up, lengths learnt in a forked child,
the collector off, advanced side by side a tenth at a time, one dump per tenth). Each function
measured is called through a C iterator of its own that the engine does not use, and
``report`` reads each dump's inclusive cost of those iterators (``callgrind_annotate
--inclusive=yes``) divided by all the actions of the tenth. The wrappers' own cost is counted
in (≈ 1k instructions a call: compare tenths, not absolute figures, where a part is called
often).

``--parts menus`` (default): the main step's token menus (``tokens.token_actions``), the main
step's tiles (``attaching.choosable``), the place step's cells (``attaching.place_cells``), the
reveal step's «can anyone still score» (``ending.may_propose_end``) and every index update
(``PlacementIndex.update``, wherever asked: inside the others too). ``--updates-first`` brings
every board's index up to date before each of the first four, so that their figures leave the
updates out (the updates then happen a little earlier, not more often).
``--parts first-met``: the coin pieces met first in the process (``_CoinPieces.__missing__``)
and the need table's misses (``NeedTable.settle``) — work that a long run's warm tables do not
repeat.

``report`` also gives the whole run's instructions per action (the wrappers' own cost in it)
and, where the parts measured do not nest (``--parts first-met``, or ``menus`` with
``--updates-first``, where no update runs inside another part), the rest: the run less its
parts — what every other piece of the engine and the driver costs together.
"""

from __future__ import annotations

import argparse
import itertools
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engine_tenths

TENTHS = engine_tenths.TENTHS
# part -> the C function it is called through (as callgrind names it), per set of parts
PARTS = {
    "menus": {"token_actions": "starmap_next", "place_cells": "filterfalse_next",
              "update": "takewhile_next", "choosable": "accumulate_next",
              "may_propose_end": "groupby_next"},
    "first-met": {"coin pieces": "starmap_next", "settle": "filterfalse_next"},
}


def through(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` called inside the C function named ``name``."""
    def call(*args: Any) -> Any:
        box: list[Any] = []
        if name == "starmap_next":
            return next(itertools.starmap(f, [args]))
        if name == "filterfalse_next":
            next(itertools.filterfalse(lambda _: box.append(f(*args)), [0]))
        elif name == "takewhile_next":
            next(itertools.takewhile(lambda _: box.append(f(*args)) is None, [0]))
        elif name == "accumulate_next":
            list(itertools.accumulate([0, 0], lambda _a, _b: box.append(f(*args))))
        else:  # groupby_next
            for _ in itertools.groupby([0], lambda _: box.append(f(*args))):
                pass
        return box[0]
    return call


def install(parts: str, updates_first: bool) -> Callable[[], None]:
    """Route the engine's calls of the measured functions through their C functions; what
    puts them back."""
    from settlers.games.founders import placement, tokens, turn

    names = PARTS[parts]
    saved: list[tuple[Any, str, Any]] = []

    def put(owner: Any, name: str, value: Any) -> None:
        saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    def undo() -> None:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)
        placement._TABLES.clear()  # (no table made with a wrapped ``settle`` stays)

    if parts == "first-met":
        put(tokens._CoinPieces, "__missing__",
            through(names["coin pieces"], tokens._CoinPieces.__missing__))
        settler = placement._settler

        def wrapped_settler(*args: Any) -> Callable[[int], int]:
            return through(names["settle"], settler(*args))

        put(placement, "_settler", wrapped_settler)
        placement._TABLES.clear()  # (tables made from now on settle through the wrapper)
        return undo

    def first(f: Callable[..., Any]) -> Callable[..., Any]:
        if not updates_first:
            return f

        def call(state: Any, *args: Any) -> Any:
            for board in state.boards:
                placement.index_of(board, state.ts)
            return f(state, *args)
        return call

    put(placement.PlacementIndex, "update",
        through(names["update"], placement.PlacementIndex.update))
    for name in ("token_actions", "place_cells", "choosable", "may_propose_end"):
        put(turn, name, first(through(names[name], getattr(turn, name))))
    return undo


def run(seeds: range, warm: int, parts: str, updates_first: bool) -> int:
    """``engine_tenths.py``'s measured pass with the parts routed; the actions played."""
    undo = install(parts, updates_first)
    try:
        return int(engine_tenths.play("founders", seeds, False, warm))  # type: ignore[arg-type]
    finally:
        undo()


def _inclusive(path: Path, wanted: set[str]) -> dict[str, int]:
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100",
                           str(path)], capture_output=True, text=True, check=True).stdout
    found: dict[str, int] = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+\S*:(\w+)\b", line)
        if m and m.group(2) in wanted and m.group(2) not in found:
            found[m.group(2)] = int(m.group(1).replace(",", ""))
    return found


def report(out: Path, parts: str) -> str:
    dumps = engine_tenths._dumps(out)
    m = re.search(r"actions (\d+)", (out / "actions.txt").read_text())
    if m is None or len(dumps) < TENTHS + 2:
        raise SystemExit(f"{out}: not a complete run")
    per_tenth = int(m.group(1)) / TENTHS
    names = PARTS[parts]
    found = [_inclusive(dumps[2 + t], set(names.values())) for t in range(TENTHS)]
    lines = ["| part | k instructions per action by tenth (inclusive) |", "|---|---|"]
    for part, name in names.items():
        cells = " ".join(f"{f.get(name, 0) / per_tenth / 1000:.1f}" for f in found)
        lines.append(f"| {part} | {cells} |")
    totals = [engine_tenths._total(dumps[2 + t], "Ir") for t in range(TENTHS)]
    lines.append("| the whole run | " + " ".join(f"{x / per_tenth / 1000:.1f}" for x in totals)
                 + " |")
    disjoint = parts != "menus" or "updates-first" in (out / "actions.txt").read_text()
    if disjoint:
        rest = [x - sum(f.get(name, 0) for name in names.values())
                for x, f in zip(totals, found, strict=True)]
        lines.append("| the rest (the run less its parts) | "
                     + " ".join(f"{x / per_tenth / 1000:.1f}" for x in rest) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play the tenths (run it under callgrind)")
    r.add_argument("start", type=int)
    r.add_argument("end", type=int)
    r.add_argument("--warm", type=int, default=20)
    r.add_argument("--parts", choices=tuple(PARTS), default="menus")
    r.add_argument("--updates-first", action="store_true")
    rep = sub.add_parser("report", help="the table of one run's dumps")
    rep.add_argument("out", type=Path)
    rep.add_argument("--parts", choices=tuple(PARTS), default="menus")
    args = parser.parse_args(argv)
    if args.command == "run":
        print("actions", run(range(args.start, args.end), args.warm, args.parts,
                             args.updates_first))
        if args.updates_first:
            print("updates-first")  # (the parts do not nest: ``report`` gives the rest)
    else:
        print(report(args.out, args.parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
