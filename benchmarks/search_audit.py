"""Does `search` overrule its heuristic when it should? An audit of its verdicts.

    .venv/bin/python benchmarks/search_audit.py archipelago search:iterations=12:cpu_ms=700 \\
        heuristic --players 2 -n 8 --sample 20 --worlds 16 --out /tmp/audit.jsonl

Plays the games of `strength_targets.py play` (the same line-up, seeds and rotated seat) and
keeps, at random (a seeded reservoir of `--sample` each), decisions where the search compared
a finalist other than the heuristic's move with it (`SearchBot.last_verdict`): those where the
finalist was played (*overruled*) and those where the heuristic's move stood (*kept*). Each is
then played out again from the seat's information set: `--worlds` determinized worlds, both
moves in each (common random numbers: the same world, the same players), every seat played by
the heuristic to the end of the game; the gain is the finalist's win share less the heuristic
move's. Where the field is the heuristic, these play-outs are the games the search meets, to
the end and not cut off at a leaf — the reference the search's own estimate (its mean paired
gain from cut-off playouts) is set beside.

One JSON row per audited decision (`--out`, else stdout), and a summary per kind: decisions,
the search's mean gain, the mean gain found by the play-outs ± its standard error. Overruled
decisions should gain, kept ones should not: that is the margin doing its work.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from pathlib import Path
from typing import Any

from settlers.bots.base import derive_seed, search_root, win_shares
from settlers.bots.heuristics import heuristic_factory
from settlers.core import load
from settlers.sim.seating import alone, parse_seat

STEP_LIMIT = 20000  # actions a game may take (as in strength_targets.py)


class Reservoir:
    """A uniform sample of at most `size` items of a stream (Algorithm R), seeded."""

    def __init__(self, size: int, rng: random.Random) -> None:
        self.size, self.rng, self.items, self.seen = size, rng, [], 0

    def offer(self, item: Any) -> None:
        self.seen += 1
        if len(self.items) < self.size:
            self.items.append(item)
        else:
            k = self.rng.randrange(self.seen)
            if k < self.size:
                self.items[k] = item


def collect(game_id: str, lone: str, field: str, players: int, games: int, seed: int,
            start: int, sample: int) -> dict[bool, Reservoir]:
    """Play the games; a reservoir of (index, state before, seat, verdict) per kind (overruled
    or kept) of the decisions where a rival finalist was compared with the heuristic's move."""
    game = load(game_id)
    lone_spec, field_spec = parse_seat(lone), parse_seat(field)
    rng = random.Random(derive_seed(seed, "audit", "sample"))
    kept = {True: Reservoir(sample, rng), False: Reservoir(sample, rng)}
    for index in range(start, start + games):
        seating = alone(lone_spec, field_spec, players, seed, index)
        bots = seating.bots()
        searcher = bots[seating.seat]
        if not hasattr(searcher, "last_verdict"):
            raise SystemExit(f"search_audit: the lone bot {lone!r} is not a search bot")
        state = game.new_state(players, seed=seating.game_seed)
        while not state.over and state.version <= STEP_LIMIT:
            seat = state.to_act[0]
            if seat != seating.seat:
                state.apply(seat, bots[seat].act(state, seat))
                continue
            action = searcher.act(state, seat)  # (a bot reads the state, never changes it)
            verdict = searcher.last_verdict
            if verdict is not None and verdict.rival is not None:
                kept[verdict.overruled].offer((index, state.clone(), seat, verdict))
            state.apply(seat, action)
    return kept


def played_out(state: Any, seat: int, moves: tuple[Any, Any], worlds: int, seed: int,
               ) -> list[float]:
    """Per world: the win share of `moves[1]` less that of `moves[0]`, each move followed by
    the heuristic playing every seat to the end, in `worlds` determinizations of what `seat`
    knows (the same world and players for both moves)."""
    factory = heuristic_factory(state.game.id, state.game.package)
    root = search_root(state)
    gains = []
    for i in range(worlds):
        world = root.determinize(seat, derive_seed(seed, "world", i))
        shares = []
        for move in moves:
            game = world.clone()
            game.apply(seat, move, check=False)
            player = factory(derive_seed(seed, "players", i))
            while not game.over and game.version <= STEP_LIMIT:
                mover = game.to_act[0]
                game.apply(mover, player.act(game, mover), check=False)
            shares.append(win_shares(game)[seat] if game.over else 0.0)
        gains.append(shares[1] - shares[0])
    return gains


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (NaN for a single value)."""
    error = (statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1
             else math.nan)
    return statistics.fmean(values), error


def audit(game_id: str, lone: str, field: str, players: int, games: int, seed: int,
          start: int, sample: int, worlds: int, out: Path | None) -> list[dict]:
    found = collect(game_id, lone, field, players, games, seed, start, sample)
    rows = []
    for overruled in (True, False):
        for index, state, seat, verdict in found[overruled].items:
            gains = played_out(state, seat, (verdict.hint, verdict.rival), worlds,
                               derive_seed(seed, "audit", index, state.version))
            found_gain, error = mean_and_error(gains)
            rows.append({"index": index, "version": state.version,
                         "step": getattr(state, "step", None), "seat": seat,
                         "overruled": overruled, "hint": repr(verdict.hint),
                         "rival": repr(verdict.rival),
                         "search_gain": sum(verdict.gains) / len(verdict.gains)
                         if verdict.gains else None,
                         "playouts": len(verdict.gains), "worlds": worlds,
                         "gain": found_gain, "error": error})
    text = "".join(json.dumps(row) + "\n" for row in rows)
    if out is None:
        print(text, end="")
    else:
        with out.open("a", encoding="utf-8") as handle:
            handle.write(text)
    print(summary(rows, {k: v.seen for k, v in found.items()}))
    return rows


def summary(rows: list[dict], seen: dict[bool, int]) -> str:
    lines = ["| decisions | seen | audited | search's mean gain | gain to the end ± s.e. |",
             "|---|---:|---:|---:|---:|"]
    for overruled, name in ((True, "overruled (the rival played)"),
                            (False, "kept (the heuristic's move stood)")):
        part = [r for r in rows if r["overruled"] is overruled]
        if not part:
            lines.append(f"| {name} | {seen[overruled]} | 0 | – | – |")
            continue
        searched = [r["search_gain"] for r in part if r["search_gain"] is not None]
        gain, error = mean_and_error([r["gain"] for r in part])
        search = f"{sum(searched) / len(searched):+.3f}" if searched else "–"
        lines.append(f"| {name} | {seen[overruled]} | {len(part)} | {search} | "
                     f"{gain:+.3f} ± {error:.3f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("lone", help="a search bot's seat spec, e.g. search:iterations=12")
    parser.add_argument("field")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("-n", "--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--sample", type=int, default=20,
                        help="decisions audited of each kind (overruled, kept)")
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    audit(args.game, args.lone, args.field, args.players, args.games, args.seed, args.start,
          args.sample, args.worlds, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
