"""The ceiling of a speed idea: instructions per action by game tenth as ``engine_tenths.py``
measures them, with chosen engine functions answered from a recording instead of computed —
what the tenths would be if those parts cost nothing (their side effects left out too: work
they did for later steps is then paid where it is next needed, as a kept structure would).

    benchmarks/engine_ceiling.py record founders 0 30 FILE -p settlers.games.founders.turn:token_actions
    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-before=getppid --callgrind-out-file=OUT/cg.%p \\
        .venv/bin/python benchmarks/engine_ceiling.py replay founders 0 30 FILE \\
        -p settlers.games.founders.turn:token_actions > OUT/actions.txt
    benchmarks/engine_tenths.py report OUT

``-p MODULE:NAME`` (repeatable) names a module-level function as the module that calls it
looks it up. ``record`` plays the seeded games once (no measuring) and keeps every answer per
(seed, action, call); ``replay`` plays them as ``engine_tenths.py run`` does (warm-up games
with the real functions, lengths in a forked child, the tenths side by side, collector off)
but hands out the recorded answers (a copy of a list). ``replay`` without ``-p`` is the same
driver with nothing answered: compare with it, not with ``engine_tenths.py`` (the per-action
bookkeeping here costs ≈ 1–2k instructions). The games must play alike in both passes: the
replayed answers are those of the same positions only while nothing else differs.
"""

from __future__ import annotations

import argparse
import importlib
import pickle
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from engine_tenths import WARM_SEED, _step, play_tenths

from settlers.sim.speed import lengths_apart

# (seed, action) being played, and the calls of each target in it so far
_where: list[Any] = [None, 0, {}]


def _patch(targets: list[str], record: dict[Any, Any] | None,
           recorded: dict[Any, Any]) -> list[Callable[[], None]]:
    """Put the recording (``record`` given) or the replaying wrapper in place of each
    target; the functions that put the originals back."""
    undo = []
    for target in targets:
        module_name, name = target.split(":")
        module = importlib.import_module(module_name)
        original = getattr(module, name)

        def wrapper(*args: Any, _original: Any = original, _name: str = target) -> Any:
            calls = _where[2]
            n = calls[_name] = calls.get(_name, 0) + 1
            key = (_name, _where[0], _where[1], n)
            if record is not None:
                answer = record[key] = _original(*args)
                return list(answer) if isinstance(answer, list) else answer
            answer = recorded[key]
            return list(answer) if isinstance(answer, list) else answer

        setattr(module, name, wrapper)
        undo.append(lambda module=module, name=name, original=original:
                    setattr(module, name, original))
    return undo


def _play(game: Any, seed: int, stop: int | None = None) -> int:
    state = game.new_state(4, seed, {})
    state.record_events = False
    rng = random.Random(seed)
    done = 0
    while not state.over and (stop is None or done < stop):
        _where[0], _where[1], _where[2] = seed, done, {}
        _step(state, rng)
        done += 1
    return done


def record(game: Any, seeds: range, targets: list[str], out: Path) -> None:
    answers: dict[Any, Any] = {}
    undo = _patch(targets, answers, {})
    try:
        for seed in seeds:
            _play(game, seed)
    finally:
        for put_back in undo:
            put_back()
    out.write_bytes(pickle.dumps(answers))
    print("answers", len(answers))


def replay(game: Any, seeds: range, targets: list[str], recording: Path, warm: int) -> int:
    answers = pickle.loads(recording.read_bytes())
    for seed in range(WARM_SEED, WARM_SEED + warm):
        _play(game, seed)
    undo = _patch(targets, None, answers)
    try:
        return _measure(game, seeds)
    finally:
        for put_back in undo:
            put_back()


def _measure(game: Any, seeds: range) -> int:
    """``engine_tenths.play`` after the warm-up: the lengths in a forked child, then every
    game a tenth at a time, a mark at each tenth's end."""
    lengths = lengths_apart(lambda seed: _play(game, seed), seeds)

    def stepping(seed: int, done: int) -> None:
        _where[0], _where[1], _where[2] = seed, done, {}

    return play_tenths(game, seeds, lengths, stepping=stepping)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("record", "replay"))
    parser.add_argument("game")
    parser.add_argument("start", type=int)
    parser.add_argument("end", type=int)
    parser.add_argument("recording", type=Path)
    parser.add_argument("-p", "--patch", action="append", default=[],
                        help="MODULE:NAME of a function to answer from the recording")
    parser.add_argument("--warm", type=int, default=20)
    args = parser.parse_args(argv)
    import settlers

    game = settlers.load(args.game)
    seeds = range(args.start, args.end)
    if args.command == "record":
        record(game, seeds, args.patch, args.recording)
    else:
        print("actions", replay(game, seeds, args.patch, args.recording, args.warm))
    return 0


if __name__ == "__main__":
    sys.exit(main())
