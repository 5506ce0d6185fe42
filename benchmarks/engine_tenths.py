"""Instructions per random action by game tenth, load-independent: the driver that the engine
rounds of issue 19 ran under callgrind (docs/performance-engines/*.md).

    benchmarks/engine_tenths.py run GAME START END [--gc on|off]      # under callgrind:
    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-before=getppid --callgrind-out-file=OUT/cg.%p \\
        .venv/bin/python benchmarks/engine_tenths.py run founders 0 30 --gc off > OUT/actions.txt
    benchmarks/engine_tenths.py report OUT                            # the table

Seeded games of uniform random legal actions (``apply(check=False)``, no human-readable event
log) are first played through once to learn their lengths, in a forked child
(``settlers.sim.speed.lengths_apart``: the measured pass must not find the engine's memo
tables warmed by its own games; the child's callgrind file is left out of ``report``), after
``--warm`` other games (20 by default) have warmed those tables as a long simulation's earlier
games would, in the set-up's dump; then all of them are advanced side
by side one tenth at a time (each game's own tenth), and ``os.getppid()`` is called at every
tenth's end — a system call that callgrind's ``--dump-before=getppid`` turns into one counter
dump per tenth. ``report`` divides each dump's instruction total by the actions of that tenth.

``--gc off`` (the default) freezes the start-up heap and switches the collector off during
the measured pass: a collection costs 1–2 M instructions and lands in whichever tenth crosses
the allocation threshold, so a small change in allocations moves it from one tenth to another
and the per-tenth figures jump with it; total instructions are what the rounds compare.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from settlers.sim.speed import lengths_apart

TENTHS = 10
WARM_SEED = 1_000_000  # the warm-up games' first seed, far from any measured one


def _dumps(out: Path) -> list[Path]:
    """The measuring process's callgrind files in ``out``, in order: those of the process with
    the most files (``cg.<pid>.<n>`` per dump and ``cg.<pid>`` at exit; the forked child that
    worked out the lengths leaves one ``cg.<its pid>``)."""
    by_pid: dict[str, list[Path]] = {}
    for path in out.glob("cg.*"):
        by_pid.setdefault(path.name.split(".")[1], []).append(path)
    if not by_pid:
        return []
    mine = max(by_pid.values(), key=len)
    return sorted(mine, key=lambda p: (len(p.name), p.name))


def play(game_id: str, seeds: range, collector: bool, warm: int = 0) -> int:
    """Advance every seeded game tenth by tenth, marking each tenth's end; total actions.
    ``warm`` other games (seeds from ``WARM_SEED``) are played first, in the set-up, so the
    engine's memo tables are as warm as a long simulation's when the measured games start."""
    import settlers

    game = settlers.load(game_id)
    for seed in range(WARM_SEED, WARM_SEED + warm):
        _length(game, seed)
    lengths = lengths_apart(lambda seed: _length(game, seed), seeds)
    return play_tenths(game, seeds, lengths, freeze=not collector)


def play_tenths(game: Any, seeds: range, lengths: list[int], freeze: bool = True,
                entering: Callable[[int], None] | None = None,
                stepping: Callable[[int, int], None] | None = None) -> int:
    """The measured pass: every seeded game from its start, advanced a tenth at a time, with a
    mark (a ``getppid`` call: callgrind dumps there) after the set-up and at each tenth's end;
    total actions. ``freeze``: the collector's objects frozen and the collector off, as a
    simulation worker runs. ``entering(seed)`` runs before a game's share of a tenth and
    ``stepping(seed, done)`` before each of its actions (the ceiling drivers' bookkeeping)."""
    games = []
    for seed in seeds:
        state = game.new_state(4, seed, {})
        state.record_events = False
        games.append([state, random.Random(seed), 0, seed])
    if freeze:
        gc.collect()
        gc.freeze()
        gc.disable()
    os.getppid()    # the set-up ends here: dump 1
    for tenth in range(1, TENTHS + 1):
        for entry, length in zip(games, lengths, strict=True):
            state, rng, done, seed = entry
            if entering is not None:
                entering(seed)
            end = tenth * length // TENTHS
            while done < end:
                if stepping is not None:
                    stepping(seed, done)
                _step(state, rng)
                done += 1
            entry[2] = done
        os.getppid()    # the end of a tenth: one dump each
    return sum(lengths)


def _length(game: object, seed: int) -> int:
    """The actions of the seeded game, played through once (the same draws as ``play``)."""
    state = game.new_state(4, seed, {})  # type: ignore[attr-defined]
    state.record_events = False
    rng = random.Random(seed)
    length = 0
    while not state.over:
        _step(state, rng)
        length += 1
    return length


def _step(state: object, rng: random.Random) -> None:
    """One uniform random legal action of a uniformly chosen seat to act."""
    seat = rng.choice(state.to_act)  # type: ignore[attr-defined]
    state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)  # type: ignore[attr-defined]


def report(out: Path) -> str:
    """The per-tenth table of one callgrind run's dumps in ``out``."""
    dumps = _dumps(out)
    totals = []
    for path in dumps:
        for line in path.read_text().splitlines():
            if line.startswith(("totals:", "summary:")):
                totals.append(int(line.split()[1]))
                break
    match = re.search(r"actions (\d+)", (out / "actions.txt").read_text())
    if match is None or len(totals) < TENTHS + 2:
        raise SystemExit(f"{out}: not a complete run ({len(totals)} dumps)")
    actions = int(match.group(1))
    # dump 1: start-up (the lengths' pass ran in a child); dumps 2..11: the tenths; the last: exit
    per = [total / (actions / TENTHS) for total in totals[2:TENTHS + 2]]
    mean = sum(totals[2:TENTHS + 2]) / actions
    cells = " | ".join(f"{x / 1000:.1f}k" for x in per)
    return (f"| {cells} | {mean:,.0f} | {min(per) / max(per):.3f} |  "
            f"({actions} actions)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play the tenths (run it under callgrind)")
    run.add_argument("game")
    run.add_argument("start", type=int)
    run.add_argument("end", type=int)
    run.add_argument("--gc", choices=("on", "off"), default="off")
    run.add_argument("--warm", type=int, default=20,
                     help="other games played before the measured ones (memo tables warm)")
    rep = sub.add_parser("report", help="the table of one run's dumps")
    rep.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.command == "run":
        total = play(args.game, range(args.start, args.end), args.gc == "on", args.warm)
        print("actions", total)
    else:
        print(report(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
