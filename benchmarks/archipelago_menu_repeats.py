"""How much of Archipelago's first round menus is a repeat: per part of a seat's round menu
(``wheel.round_legal``), in one tenth of seeded random games, the bytecodes it runs and how
often it gives what it gave that seat's previous call; and per kept structure (``SeatUnits``,
``cards._Usable``, the harvest search) how often it is built from the same inputs as its
previous build for that seat (issue 19, docs/performance-engines/archipelago.md, round 20).

    PYTHONPATH=src .venv/bin/python benchmarks/archipelago_menu_repeats.py 100 130 8
    PYTHONPATH=src .venv/bin/python benchmarks/archipelago_menu_repeats.py 0 30 7 --warm 20

A round menu is a *first* one when the seat's disc-menu facts (``wheel._PieceMenu``, under
``("disc", seat)`` in the pieces' facts) are not kept when it is listed. The games are those of
``engine_tenths.py`` (4 players, ``random.Random(seed)`` picking a seat to act and its action);
each is played through once for its length, then again with the counters on for the chosen
tenth (each game's own, as ``engine_tenths`` cuts it). Bytecodes are counted with
``sys.settrace`` opcode events, each to the innermost measured part it runs in (a part's own
count: the parts it calls are counted to them); instructions are ``engine_tenths.py``'s job.
"Same" is an upper bound on what a carry could keep: the same answer can come from different
inputs, and a carry must prove its inputs unchanged before it reuses one.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import settlers
from settlers.games.archipelago import (
    cards,
    explorer_tokens,
    flow,
    harvest,
    markets,
    negotiation,
    pieces,
    wheel,
)
from settlers.games.archipelago.memo import KEY

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine_tenths import WARM_SEED, _length, _step  # (the same games and draws)

#: the parts of a round menu: (module, function, label)
PARTS: tuple[tuple[Any, str, str], ...] = (
    (wheel, "disc_actions", "disc menu (its own code, the harvest search included)"),
    (pieces, "seat_units", "SeatUnits"),
    (cards, "options", "card menu"),
    (cards, "may_use_some", "a card it might use"),
    (negotiation, "openings", "openings (gifts, offers)"),
    (markets, "building_options", "markets and ports"),
    (pieces, "expel_options", "strikers to expel"),
    (explorer_tokens, "options", "explorer tokens"),
)


def _units_of(state: Any, seat: int) -> list[list[Any]]:
    per = len(state.units) // state.players
    return [u[:] for u in state.units[seat * per:(seat + 1) * per]]


def _cards_in_play(state: Any, _seat: int) -> list[list[tuple[int, int]]]:
    return [[(rec[0], rec[1]) for rec in recs] for recs in state.owned]


def _harvest_inputs(state: Any, _seat: int) -> tuple[Any, ...]:
    return ([u[:] for u in state.units],
            [(sorted(r["buildings"]), r["plundered"], r["hex"]) for r in state.regions],
            [p[:] for p in state.permits])


#: the kept structures: (owner, attribute, label, inputs of (state, seat)); an ``__init__``
#: when the owner is a class
BUILDS: tuple[tuple[Any, str, str, Callable[[Any, int], Any]], ...] = (
    (pieces.SeatUnits, "__init__", "SeatUnits built", _units_of),
    (cards._Usable, "__init__", "_Usable built", _cards_in_play),
    (harvest, "_find_harvesters", "harvest search", _harvest_inputs),
)


#: the rows of the round menus' own code (``round_legal``'s body, with a few bytecodes of the
#: wrappers around its parts), a first menu's and the others' (all of theirs: not split by part)
FIRST, LATER = "first round menus (own code)", "later round menus (all)"
#: the label of this script's own bytecodes (its wrappers' bookkeeping), left out of the table
MEASURING = "(measuring)"


class Counts:
    """The counters of one run."""

    def __init__(self) -> None:
        self.active = False
        self.first = False
        self.stack = ["(rest)"]
        self.bytecodes: collections.Counter[str] = collections.Counter()
        self.calls: collections.Counter[str] = collections.Counter()
        self.same: collections.Counter[str] = collections.Counter()
        self.same_bytecodes: collections.Counter[str] = collections.Counter()
        self.last: dict[tuple[Any, ...], Any] = {}
        self.actions = 0

    def tracer(self, frame: FrameType, event: str, _arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            self.bytecodes[self.stack[-1]] += 1
        return self.tracer

    def seen(self, label: str, key: tuple[Any, ...], answer: Callable[[], Any],
             bytecodes: int = 0) -> None:
        """One call of ``label`` answering ``answer()`` (or built from it): same as last time?
        (The bookkeeping's own bytecodes are counted apart, under ``MEASURING``.)"""
        self.stack.append(MEASURING)
        try:
            self._seen(label, key, answer(), bytecodes)
        finally:
            self.stack.pop()

    def _seen(self, label: str, key: tuple[Any, ...], answer: Any, bytecodes: int) -> None:
        self.calls[label] += 1
        if self.last.get(key, self) == answer:
            self.same[label] += 1
            self.same_bytecodes[label] += bytecodes
        self.last[key] = answer


def _answer(got: Any) -> Any:
    """A comparable copy of a part's answer."""
    if isinstance(got, list | tuple):
        return list(got)
    if isinstance(got, pieces.SeatUnits):
        return (got.free[:], got.housed[:], got.mobile, got.inhabitant_in_box, got.ship_in_box,
                {k: v[:] for k, v in got.inhabitants.items()}, set(got.standing))
    return got


@contextmanager
def measuring(counts: Counts) -> Iterator[None]:
    """The round menu and its parts wrapped to count into ``counts``; put back on leaving."""
    saved: list[tuple[Any, str, Any]] = []

    def wrap_part(mod: Any, name: str, label: str) -> None:
        real = getattr(mod, name)

        def part(state: Any, seat: int, *args: Any, **kwargs: Any) -> Any:
            if not (counts.active and counts.first):
                return real(state, seat, *args, **kwargs)
            counts.stack.append(label)
            before = counts.bytecodes[label]
            try:
                got = real(state, seat, *args, **kwargs)
            finally:
                counts.stack.pop()
            counts.seen(label, (label, id(state), seat), lambda: _answer(got),
                        counts.bytecodes[label] - before)
            return got
        saved.append((mod, name, real))
        setattr(mod, name, part)

    def wrap_build(owner: Any, name: str, label: str,
                   inputs: Callable[[Any, int], Any]) -> None:
        real = getattr(owner, name)

        def build(*args: Any) -> Any:
            got = real(*args)
            if counts.active:
                state, seat = (args[1], args[2]) if name == "__init__" else (args[0], args[1])
                extra = () if name == "__init__" else (args[2],)   # (the search's resource)
                counts.seen(label, (label, id(state), seat, *extra),
                            lambda: inputs(state, seat))
            return got
        saved.append((owner, name, real))
        setattr(owner, name, build)

    real_menu = wheel.round_legal

    def round_legal(state: Any, seat: int) -> list[Any]:
        known = state._cache.get(KEY)
        counts.first = not known or ("disc", seat) not in known
        label = FIRST if counts.first else LATER
        counts.stack.append(label if counts.active else counts.stack[-1])
        try:
            got = real_menu(state, seat)
        finally:
            counts.stack.pop()
            first, counts.first = counts.first, False
        if counts.active and first:
            counts.seen("a whole first round menu", ("menu", id(state), seat),
                        lambda: list(got))
        return got

    for mod, name, label in PARTS:
        wrap_part(mod, name, label)
    for owner, name, label, inputs in BUILDS:
        wrap_build(owner, name, label, inputs)
    saved.append((wheel, "round_legal", real_menu))
    wheel.round_legal = round_legal
    steps = flow.LEGAL_OF_STEP
    steps["round"] = round_legal
    try:
        yield
    finally:
        steps["round"] = real_menu
        for owner, name, real in reversed(saved):
            setattr(owner, name, real)


def run(seeds: range, tenth: int, warm: int = 20) -> Counts:
    """The counts of ``tenth`` (1-10) of the seeded games, after ``warm`` warm-up games."""
    game = settlers.load("archipelago")
    for seed in range(WARM_SEED, WARM_SEED + warm):
        _length(game, seed)
    counts = Counts()
    with measuring(counts):
        for seed in seeds:
            length = _length(game, seed)
            state = game.new_state(4, seed, {})
            state.record_events = False
            rng = random.Random(seed)
            lo, hi = (tenth - 1) * length // 10, tenth * length // 10
            for i in range(hi):
                if i == lo:
                    counts.active = True
                    sys.settrace(counts.tracer)
                _step(state, rng)
            sys.settrace(None)
            counts.active = False
            counts.actions += hi - lo
    return counts


def report(counts: Counts) -> str:
    n = max(counts.actions, 1)
    total = sum(counts.bytecodes.values()) - counts.bytecodes[MEASURING]
    lines = [f"{counts.actions} actions, {total / n:.1f} bytecodes an action (traced; this "
             f"script's own {counts.bytecodes[MEASURING] / n:.1f} left out)", "",
             "| part | bytecodes an action | calls an action | same answer as last time "
             "| bytecodes an action of those |", "|---|---:|---:|---:|---:|"]
    labels = [label for _m, _n, label in PARTS]
    for label in [FIRST, *labels, LATER, "(rest)"]:
        calls = counts.calls[label]
        same = f"{counts.same[label]} of {calls}" if calls else ""
        lines.append(f"| {label} | {counts.bytecodes[label] / n:.1f} | {calls / n:.4f} | {same} "
                     f"| {counts.same_bytecodes[label] / n:.1f} |")
    lines += ["", "| built | builds an action | from the same inputs as last time |",
              "|---|---:|---:|"]
    for label in ["a whole first round menu", *(label for *_x, label, _i in BUILDS)]:
        calls = counts.calls[label]
        lines.append(f"| {label} | {calls / n:.4f} | {counts.same[label]} of {calls} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("start", type=int)
    parser.add_argument("end", type=int)
    parser.add_argument("tenth", type=int)
    parser.add_argument("--warm", type=int, default=20)
    args = parser.parse_args()
    print(report(run(range(args.start, args.end), args.tenth, args.warm)))


if __name__ == "__main__":
    main()
