"""How flat Imperial's cost per action would be if the main turn's menu cost nothing: the
ceiling of any kept main-turn menu (docs/performance-engines/imperial.md, thirty-fifth session).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-before=getppid --callgrind-out-file=OUT/cg.%p \\
        .venv/bin/python benchmarks/imperial_menu_ceiling.py 0 30 recorded > OUT/actions.txt
    .venv/bin/python benchmarks/engine_tenths.py report OUT

Like ``engine_tenths.py run imperial START END --gc off``, but every game is first played once
in the set-up, recording the lists ``turn_actions`` gives. In the measured pass, with
``recorded`` the main turn's lists (before the main action; ``recorded-all``: every
``turn_actions`` list) are handed back as copies of the recording instead of being listed;
with ``listed`` they are listed as usual (the same driver's own baseline: its set-up warms the
memo tables with the measured games themselves).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

from engine_tenths import _step, play_tenths

import settlers
from settlers.games.imperial import rounds


def main(argv: list[str]) -> int:
    start, end, mode = int(argv[0]), int(argv[1]), argv[2]
    if mode not in ("listed", "recorded", "recorded-all"):
        raise SystemExit("mode: listed, recorded or recorded-all")
    every = mode == "recorded-all"
    game = settlers.load("imperial")
    seeds = range(start, end)
    listing = rounds.turn_actions
    recorded: dict[int, list[list[Any]]] = {}
    lengths = []
    for seed in seeds:
        state = game.new_state(4, seed, {})
        state.record_events = False
        rng = random.Random(seed)
        lists: list[list[Any]] = []

        def recording(st: Any, seat: int, lists: list[list[Any]] = lists) -> list[Any]:
            out = listing(st, seat)
            if every or not st.acted:
                lists.append(out[:])
            return out

        rounds.turn_actions = recording  # type: ignore[assignment]
        length = 0
        while not state.over:
            _step(state, rng)
            length += 1
        recorded[seed] = lists
        lengths.append(length)
    rounds.turn_actions = listing
    current: list[Iterator[list[Any]]] = []

    def replaying(st: Any, seat: int) -> list[Any]:
        if st.acted and not every:
            return listing(st, seat)
        return list(next(current[0]))   # a copy, as a kept menu would hand out

    if mode != "listed":
        rounds.turn_actions = replaying  # type: ignore[assignment]
    left = {seed: iter(recorded[seed]) for seed in seeds}

    def entering(seed: int) -> None:
        current[:] = [left[seed]]

    total = play_tenths(game, seeds, lengths, entering=entering)
    print("actions", total)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
