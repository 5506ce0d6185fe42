"""Instructions per random action by game tenth, load-independent: the driver that the engine
rounds of issue 19 ran under callgrind (docs/performance-engines/*.md).

    benchmarks/engine_tenths.py run GAME START END [--gc on|off]      # under callgrind:
    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-before=getppid --callgrind-out-file=OUT/cg.%p \\
        .venv/bin/python benchmarks/engine_tenths.py run founders 0 30 --gc off > OUT/actions.txt
    benchmarks/engine_tenths.py report OUT                            # the table
    benchmarks/engine_tenths.py run archipelago 400 500 --in-turn --gc on --warm 400
    benchmarks/engine_tenths.py report OUT --event DLmr               # (--cache-sim=yes)

Seeded games of uniform random legal actions (``apply(check=False)``, no human-readable event
log) are first played through once to learn their lengths, in a forked child
(``settlers.sim.speed.lengths_apart``: the measured pass must not find the engine's memo
tables warmed by its own games; the child's callgrind file is left out of ``report``), after
``--warm`` other games (20 by default) have warmed those tables as a long simulation's earlier
games would, in the set-up's dump; then all of them are advanced side
by side one tenth at a time (each game's own tenth), and ``os.getppid()`` is called at every
tenth's end — a system call that callgrind's ``--dump-before=getppid`` turns into one counter
dump per tenth. ``report`` divides each dump's instruction total by the actions of that tenth.

``--in-turn`` plays the measured games one after another, each from its start to its end, as
``engine_speed.py`` does (there a game's first tenth comes after the previous game's last, not
after the other games' first tenths), with a mark after each game's set-up and at each of its
tenths' ends; with ``--gc on`` the long run's collector policy runs between games
(``LongRun``, as in ``engine_speed.py``). ``report`` adds each game's tenths up by tenth.
``report --event`` reads another of callgrind's events per action (with ``--cache-sim=yes``:
``D1mr``, ``DLmr``, ``DLmw``…).

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

from settlers.core.collector import LongRun
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


def play(game_id: str, seeds: range, collector: bool, warm: int = 0,
         in_turn: bool = False) -> int | list[int]:
    """Advance every seeded game tenth by tenth, marking each tenth's end; total actions.
    ``warm`` other games (seeds from ``WARM_SEED``) are played first, in the set-up, so the
    engine's memo tables are as warm as a long simulation's when the measured games start.
    ``in_turn``: the games one after another (``play_in_turn``); their lengths."""
    import settlers

    game = settlers.load(game_id)
    long_run = LongRun() if in_turn and collector else None
    for seed in range(WARM_SEED, WARM_SEED + warm):
        _length(game, seed)
        if long_run is not None:
            long_run.game_over()
    lengths = lengths_apart(lambda seed: _length(game, seed), seeds)
    if in_turn:
        play_in_turn(game, seeds, lengths, long_run)
        return lengths
    return play_tenths(game, seeds, lengths, freeze=not collector)


def play_in_turn(game: Any, seeds: range, lengths: list[int],
                 long_run: LongRun | None) -> None:
    """The measured pass as ``engine_speed.py`` plays it: each seeded game from its start to its
    end before the next, with a mark after its set-up and at each of its tenths' ends (11 a
    game). ``long_run``: the collector policy between games; None: the collector's objects
    frozen and the collector off."""
    if long_run is None:
        gc.collect()
        gc.freeze()
        gc.disable()
    for seed, length in zip(seeds, lengths, strict=True):
        state = game.new_state(4, seed, {})
        state.record_events = False
        rng = random.Random(seed)
        done = 0
        os.getppid()    # the game's set-up ends here
        for tenth in range(1, TENTHS + 1):
            end = tenth * length // TENTHS
            while done < end:
                _step(state, rng)
                done += 1
            os.getppid()    # the end of one of its tenths
        if long_run is not None:
            long_run.game_over()


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


def _total(path: Path, event: str) -> int:
    """The total of ``event`` in one callgrind file (0 where it has none)."""
    events: list[str] = ["Ir"]
    for line in path.read_text().splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith(("totals:", "summary:")):
            if event not in events:
                raise SystemExit(f"{path}: no event {event} (events: {' '.join(events)})")
            values = line.split()[1:]
            k = events.index(event)
            return int(values[k]) if k < len(values) else 0
    return 0


def report(out: Path, event: str = "Ir") -> str:
    """The per-tenth table of one callgrind run's dumps in ``out``: ``event`` per action."""
    dumps = _dumps(out)
    totals = [_total(path, event) for path in dumps]
    text = (out / "actions.txt").read_text()
    match = re.search(r"actions (\d+)", text)
    lengths_line = re.search(r"lengths ([\d ]+)", text)
    if lengths_line is not None:   # --in-turn: 11 dumps a game
        lengths = [int(n) for n in lengths_line.group(1).split()]
        # totals[0]: the exit dump (cg.<pid> sorts first); dump 1: up to game 0's set-up mark;
        # then per game its ten tenths and the next game's set-up
        if len(totals) < 1 + (TENTHS + 1) * len(lengths):
            raise SystemExit(f"{out}: not a complete run ({len(totals)} dumps)")
        spent = [0] * TENTHS
        count = [0] * TENTHS
        for g, length in enumerate(lengths):
            for d in range(TENTHS):
                spent[d] += totals[1 + (TENTHS + 1) * g + 1 + d]
                count[d] += (d + 1) * length // TENTHS - d * length // TENTHS
        actions = sum(lengths)
        per = [s / c for s, c in zip(spent, count, strict=True)]
        mean = sum(spent) / actions
    else:
        if match is None or len(totals) < TENTHS + 2:
            raise SystemExit(f"{out}: not a complete run ({len(totals)} dumps)")
        actions = int(match.group(1))
        # totals[0]: the exit dump; dump 1: start-up (the lengths' pass ran in a child);
        # dumps 2..11: the tenths
        per = [total / (actions / TENTHS) for total in totals[2:TENTHS + 2]]
        mean = sum(totals[2:TENTHS + 2]) / actions
    if event == "Ir":
        cells = " | ".join(f"{x / 1000:.1f}k" for x in per)
        return (f"| {cells} | {mean:,.0f} | {min(per) / max(per):.3f} |  "
                f"({actions} actions)")
    cells = " | ".join(f"{x:.2f}" for x in per)
    return f"| {cells} | {mean:.2f} |  ({event} per action, {actions} actions)"


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
    run.add_argument("--in-turn", action="store_true",
                     help="the games one after another, as engine_speed.py plays them")
    rep = sub.add_parser("report", help="the table of one run's dumps")
    rep.add_argument("out", type=Path)
    rep.add_argument("--event", default="Ir", help="callgrind event per action (default Ir)")
    args = parser.parse_args(argv)
    if args.command == "run":
        got = play(args.game, range(args.start, args.end), args.gc == "on", args.warm,
                   in_turn=args.in_turn)
        if isinstance(got, list):
            print("actions", sum(got))
            print("lengths", " ".join(map(str, got)))
        else:
            print("actions", got)
    else:
        print(report(args.out, args.event))
    return 0


if __name__ == "__main__":
    sys.exit(main())
