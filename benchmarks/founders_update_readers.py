"""Founders: which engine step brings each board's placement index up to date, by tenth of the
game, and how many updates would be left if only the steps that read the index's cells did —
the question «defer a board's index update until something reads it, and coalesce the
changes» (the seventeenth pass, docs/performance-engines/founders.md).

    PYTHONPATH=src .venv/bin/python benchmarks/founders_update_readers.py 0 30

Counts in plain Python (no timing): ``engine_tenths.py``'s seeded games of uniform random
actions, each played through. An update (``PlacementIndex.update``, made by ``index_of`` when
the board has changed since its index was last brought up to date) is counted under the engine
function that asked for the index. The «deferred» rows count what a lazier index would do:
the goods on the table (the reveal's «can anyone still score», ``board_goods``) and the
opponents' war and coin menus (``token_actions``) served without the index's cells, and a
board's changes kept until a step that reads its cells (the main and place steps of its owner,
its carts and masters, or any other caller of ``index_of``) brings it up to date, all its
changes since then in one update.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engine_tenths

TENTHS = engine_tenths.TENTHS
# the engine functions that read only what a lazier index would give without its cells
LIGHT = frozenset(("can_still_score", "board_goods", "token_actions"))
# the steps reading a board's cells that are counted on entry (their fast paths skip
# ``index_of`` when the board has not changed)
READING = frozenset(("choosable", "place_cells", "master_actions", "master_cells",
                     "_board_menu"))


@dataclass
class Counts:
    """Per tenth: actions; updates by the function that asked; changed cells updated (as
    listed, repeats included); the deferred updates and their distinct changed cells."""

    actions: list[int] = field(default_factory=lambda: [0] * TENTHS)
    updates: Counter[tuple[int, str]] = field(default_factory=Counter)
    changed: list[int] = field(default_factory=lambda: [0] * TENTHS)
    deferred: list[int] = field(default_factory=lambda: [0] * TENTHS)
    deferred_cells: list[int] = field(default_factory=lambda: [0] * TENTHS)


def count(seeds: range) -> Counts:
    """Play the seeded games with the counting wrappers in place (taken out afterwards)."""
    import settlers
    from settlers.games.founders import attaching, placement, scoring, tokens, turn

    game = settlers.load("founders")
    lengths = [engine_tenths._length(game, seed) for seed in seeds]  # (before the wrappers)
    counts = Counts()
    tenth = [0]
    pending: dict[int, list[int | None]] = {}  # id(board) -> changes a lazier index keeps
    original = placement.index_of
    saved: list[tuple[Any, str, Any]] = []

    def put(owner: Any, name: str, value: Any) -> None:
        saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    def flush(board: Any) -> None:
        """A step reading the board's cells: the lazier index's update, if any is due."""
        kept = pending.pop(id(board), [])
        changes = kept + list(board.changes)
        if changes:
            counts.deferred[tenth[0]] += 1
            counts.deferred_cells[tenth[0]] += len(set(changes))

    def index_of(board: Any, ts: Any) -> Any:
        asker = sys._getframe(1).f_code.co_name
        index = board.index
        if index is not None and index.table.ts is ts and board.changes:
            counts.updates[tenth[0], asker] += 1
            counts.changed[tenth[0]] += len(board.changes)
            if asker in LIGHT:
                pending.setdefault(id(board), []).extend(board.changes)
            elif asker not in READING:
                flush(board)
        elif asker not in LIGHT and asker not in READING:
            flush(board)
        return original(board, ts)

    def reading_current(f: Callable[..., Any]) -> Callable[..., Any]:
        def call(state: Any, *args: Any) -> Any:
            flush(state.boards[state.current])
            return f(state, *args)
        return call

    def reading_seat(f: Callable[..., Any]) -> Callable[..., Any]:
        def call(state: Any, seat: int, *args: Any) -> Any:
            flush(state.boards[seat])
            return f(state, seat, *args)
        return call

    for module in (placement, tokens, scoring, attaching):
        put(module, "index_of", index_of)
    for name in ("choosable", "place_cells"):   # (their fast paths skip index_of)
        put(turn, name, reading_current(getattr(turn, name)))
    put(turn, "master_actions", reading_seat(turn.master_actions))
    for name in ("master_actions", "master_cells", "_board_menu"):
        put(tokens, name, reading_seat(getattr(tokens, name)))
    try:
        for seed, length in zip(seeds, lengths, strict=True):
            state = game.new_state(4, seed, {})
            state.record_events = False
            rng = random.Random(seed)
            pending.clear()
            for done in range(length):
                tenth[0] = done * TENTHS // length
                counts.actions[tenth[0]] += 1
                engine_tenths._step(state, rng)
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)
    return counts


def table(counts: Counts) -> str:
    """The counts per action of each tenth, as a Markdown table."""
    acts = counts.actions
    askers = sorted({asker for _, asker in counts.updates})

    def row(name: str, values: list[float]) -> str:
        return f"| {name} | " + " | ".join(f"{v:.3f}" for v in values) + " |"

    lines = ["| per action | " + " | ".join(str(t + 1) for t in range(TENTHS)) + " |",
             "|---|" + "---:|" * TENTHS]
    for asker in askers:
        lines.append(row(f"updates asked by `{asker}`",
                         [counts.updates[t, asker] / max(acts[t], 1) for t in range(TENTHS)]))
    total = [sum(counts.updates[t, a] for a in askers) for t in range(TENTHS)]
    lines.append(row("updates", [total[t] / max(acts[t], 1) for t in range(TENTHS)]))
    lines.append(row("changed cells updated", [counts.changed[t] / max(acts[t], 1)
                                               for t in range(TENTHS)]))
    lines.append(row("deferred: updates", [counts.deferred[t] / max(acts[t], 1)
                                           for t in range(TENTHS)]))
    lines.append(row("deferred: distinct changed cells",
                     [counts.deferred_cells[t] / max(acts[t], 1) for t in range(TENTHS)]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("start", type=int)
    parser.add_argument("end", type=int)
    args = parser.parse_args(argv)
    counts = count(range(args.start, args.end))
    print(table(counts))
    print(f"({sum(counts.actions)} actions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
