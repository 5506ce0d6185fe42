"""Archipelago's CPU time per action with turn 0 apart, on ``engine_speed.py``'s footing: the
seeded 4-player games of uniform random legal actions played one after another from seed 0,
each game's length learnt first in a forked child (``lengths_apart``), the long run's
collector policy between games (``LongRun``), no warm-up games.

    PYTHONPATH=src python benchmarks/archipelago_turn_zero.py --games 1000 [--skip 200]
        [--warm-turn-zero]

Each action (the seat drawn, its menu listed, one action drawn and applied) is timed on its own
with ``time.process_time_ns`` (the clock's own ≈ 0.5 µs is in every figure alike) and counted
in one of: **turn 0** (the action is taken while ``state.turn == 0``: the start placements, the
cubes and shores chosen), **the rest of the first tenth**, and each later tenth (the tenths cut
as ``engine_speed.py`` cuts them). For each: actions, mean and median µs, and the mean over
the last tenth's mean — the first tenth's CPU excess read where it is (docs/performance-engines/
archipelago.md, «Sixteenth pass»). The first ``--skip`` games are played but not counted.

``--warm-turn-zero``: before each game, untimed, a throwaway game of another seed is played
through its turn 0 — the turn-0 code and the content set's turn-0 tables met just before, as a
ceiling of what keeping them warm could buy (the measured games' own draws are unchanged).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from settlers.core.collector import LongRun
from settlers.sim.speed import lengths_apart

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine_tenths import _length, _step  # (the same draws as engine_tenths.py)

TENTHS = 10
#: the throwaway games' seeds (``--warm-turn-zero``), far from any measured one
WARM_SEED = 10_000_000
#: the groups, in the order printed
GROUPS = ("turn 0", "tenth 1, rest", *(f"tenth {d}" for d in range(2, TENTHS + 1)))


def _turn_zero(game: Any, seed: int) -> None:
    """A throwaway game of ``seed`` played through its turn 0 (nothing of it is kept)."""
    state = game.new_state(4, seed, {})
    state.record_events = False
    rng = random.Random(seed)
    while state.turn == 0 and not state.over:
        _step(state, rng)


def group_of(action_index: int, length: int, turn_zero: bool) -> str:
    """The group of a game's action ``action_index`` (from 0) of ``length``: turn 0, else its
    tenth as ``engine_speed.py`` cuts them (tenth d holds the actions from d·n//10 on)."""
    if turn_zero:
        return GROUPS[0]
    tenth = next(d for d in range(TENTHS, 0, -1) if action_index >= (d - 1) * length // TENTHS)
    return GROUPS[1] if tenth == 1 else f"tenth {tenth}"


def measure(games: int, skip: int = 0, warm_turn_zero: bool = False,
            game_id: str = "archipelago") -> dict[str, list[int]]:
    """CPU nanoseconds of every counted action, by group."""
    import settlers

    game = settlers.load(game_id)
    lengths = lengths_apart(lambda s: _length(game, s), range(games))
    long_run = LongRun()
    clock = time.process_time_ns
    spent: dict[str, list[int]] = {g: [] for g in GROUPS}
    for seed, length in enumerate(lengths):
        if warm_turn_zero:
            _turn_zero(game, WARM_SEED + seed)
        state: Any = game.new_state(4, seed, {})
        state.record_events = False
        rng = random.Random(seed)
        for i in range(length):
            turn_zero = state.turn == 0
            started = clock()
            _step(state, rng)
            took = clock() - started
            if seed >= skip:
                spent[group_of(i, length, turn_zero)].append(took)
        if not state.over:
            raise RuntimeError(f"seed {seed}: not over after its {length} actions")
        long_run.game_over()
    return spent


def table(spent: dict[str, list[int]]) -> str:
    """The groups' actions, mean and median µs, and mean over the last tenth's mean."""
    last = statistics.fmean(spent[GROUPS[-1]]) if spent[GROUPS[-1]] else 0.0
    lines = ["| group | actions | mean µs | median µs | mean / last tenth's |",
             "|---|---:|---:|---:|---:|"]
    for name in GROUPS:
        got = spent[name]
        if not got:
            lines.append(f"| {name} | 0 | | | |")
            continue
        mean = statistics.fmean(got)
        over = f"{mean / last:.2f}" if last else ""
        lines.append(f"| {name} | {len(got)} | {mean / 1000:.2f} | "
                     f"{statistics.median(got) / 1000:.2f} | {over} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--skip", type=int, default=0, help="first games played, not counted")
    parser.add_argument("--warm-turn-zero", action="store_true",
                        help="a throwaway turn 0 of another seed before each game, untimed")
    args = parser.parse_args(argv)
    if not 0 <= args.skip < args.games:
        parser.error("--skip must be below --games")
    print(table(measure(args.games, args.skip, args.warm_turn_zero)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
