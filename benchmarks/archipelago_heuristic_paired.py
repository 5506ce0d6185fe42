"""Archipelago: a changed heuristic against the one before it, on the same games. Not a timed
test; run it with nice.

    git archive <base> src | tar -x -C /tmp/old-arch
    nice -n 5 .venv/bin/python benchmarks/archipelago_heuristic_paired.py play \
        --old-src /tmp/old-arch/src --which old --games 0:100 --out runs/old.jsonl
    ... --which new ...     # four of this tree's heuristic
    ... --which mixed ...   # this tree's heuristic in seat i % 4, three old ones
    .venv/bin/python benchmarks/archipelago_heuristic_paired.py report runs/old.jsonl \
        runs/new.jsonl [runs/mixed.jsonl]

Game i is the game of ``benchmarks/archipelago_heuristic.py --mode self`` (seed + i, the
bots' seeds seed + 4i + seat), so ``--which old`` replays that benchmark's game i with the
old bot. ``--games`` is ``a:b`` or a file of indices (one a line). Each game appends one JSON
line: outcome, turns, actions, the Separatist's seat, the winners, what ended the colony
(``cause``: the seat, action and phase after which independence was declared) and the CPU
time of every decision of the measured seats (all four in ``old``/``new``, the new seat in ``mixed``).
``report`` pairs the games by index: the falls of the colony (independence, L425) of the old
and the new table, split by a Separatist at the table, the discordant games and the exact
two-sided sign test on them, and the new seat's win share in ``mixed`` against the same
seat's in the old table's game (a shared win counts 1/k).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import statistics
import sys
import time
import types
from collections import Counter
from pathlib import Path

import settlers
from settlers.games.archipelago import heuristic as new_heuristic
from settlers.sim.stats import wilson

GAME = settlers.load("archipelago")


def old_module(src: str) -> types.ModuleType:
    """The old tree's ``heuristic`` (and its ``heuristic_suspect``), loaded beside this one's
    under other names; the engine is this tree's."""
    base = Path(src) / "settlers" / "games" / "archipelago"
    mods: dict[str, types.ModuleType] = {}
    for name in ("heuristic_suspect", "heuristic"):
        text = (base / f"{name}.py").read_text(encoding="utf-8").replace(
            "settlers.games.archipelago.heuristic_suspect", "_old_arch_heuristic_suspect")
        spec = importlib.util.spec_from_loader(f"_old_arch_{name}", loader=None)
        assert spec is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod
        exec(compile(text, str(base / f"{name}.py"), "exec"), mod.__dict__)
        mods[name] = mod
    return mods["heuristic"]


def indices(spec: str, limit: int | None = None) -> list[int]:
    """The games of ``spec`` (``a:b``, or a file of game indices), the first ``limit`` only."""
    if ":" in spec:
        a, b = (int(x) for x in spec.split(":"))
        out = list(range(a, b))
    else:
        out = [int(line) for line in Path(spec).read_text().split() if line.strip()]
    return out[:limit] if limit else out



def play_game(seats: list, seed: int, me: int, mine_only: bool) -> dict:  # type: ignore[type-arg]
    """One 4-player game of ``seats`` (bots) on ``seed``: how it ended, who ended the colony
    and the CPU per decision (ms) of every seat, or of seat ``me`` alone (``mine_only``)."""
    state = GAME.new_state(players=4, seed=seed)
    cpu: list[float] = []
    cause: dict[str, object] = {}
    while not state.over:
        seat = state.to_act[0]
        c0 = time.process_time()
        action = seats[seat].act(state, seat)
        if not mine_only or seat == me:
            cpu.append(time.process_time() - c0)
        before = (state.phase, state.step)
        state.apply(seat, action, check=False)
        if state.over and state.ended_by == "independence":
            # who ended the colony (L425): the seat whose action moved the rebellion marker
            # past the population, its action and the phase it was taken in
            cause = {"seat": seat, "kind": action.kind, "phase": before[0], "step": before[1]}
    return {"ended_by": state.ended_by, "turns": state.turn, "actions": state.version,
            "sep": [s for s in range(4) if new_heuristic.is_separatist(state, s)],
            "winners": list(state.winners()), "collective_loss": state.collective_loss,
            "cause": cause, "cpu_mine": [round(x * 1000, 2) for x in cpu]}

def play(args: argparse.Namespace) -> None:
    old = old_module(args.old_src)
    out = Path(args.out)
    done = ({json.loads(line)["game"] for line in out.read_text().splitlines()}
            if out.exists() else set())
    for i in indices(args.games):
        if i in done:
            continue
        me = i % 4
        mods = [new_heuristic if args.which == "new" or (args.which == "mixed" and s == me)
                else old for s in range(4)]
        seats = [m.make_bot(seed=args.seed + 4 * i + s) for s, m in enumerate(mods)]
        row = {"which": args.which, "seed": args.seed, "game": i, "me": me,
               **play_game(seats, args.seed + i, me, mine_only=args.which == "mixed")}
        with out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")


def load(path: str) -> dict[int, dict]:  # type: ignore[type-arg]
    return {r["game"]: r for r in map(json.loads, Path(path).read_text().splitlines())}


def sign_test(a: int, b: int) -> float:
    n, k = a + b, min(a, b)
    return 1.0 if n == 0 else min(1.0, 2 * sum(math.comb(n, j) for j in range(k + 1)) / 2**n)


def rate(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {100 * k / max(1, n):.1f} % (95 % Wilson {100 * lo:.1f}-{100 * hi:.1f})"


def share(row: dict, seat: int) -> float:  # type: ignore[type-arg]
    return 1 / len(row["winners"]) if seat in row["winners"] else 0.0


def mechanism(row: dict) -> str:  # type: ignore[type-arg]
    """What moved the rebellion marker past the population (L425), from the action after
    which the game ended: the population results of phase 3 (played on after the last bid or
    the order, L218), a crisis of phase 4 (L372, L384), a red crisis of phase 6 (L770), else
    the phase-5 action itself (a tax, L471) and whose it was."""
    cause = row.get("cause") or {}
    phase = cause.get("phase")
    if phase in ("bids", "order"):
        return "population results"
    if phase in ("crisis", "buy"):
        return f"crisis ({phase})"
    who = "Separatist" if cause.get("seat") in row["sep"] else "loyal seat"
    return f"{cause.get('kind')} by the {who}"


def report(args: argparse.Namespace) -> None:
    old, new = load(args.old), load(args.new)
    games = sorted(set(old) & set(new))
    for label, keep in (("all", lambda g: True), ("with a Separatist", lambda g: bool(old[g]["sep"])),
                        ("without", lambda g: not old[g]["sep"])):
        gs = [g for g in games if keep(g)]
        fo = {g for g in gs if old[g]["ended_by"] == "independence"}
        fn = {g for g in gs if new[g]["ended_by"] == "independence"}
        same = sum(1 for g in gs if (old[g]["ended_by"], old[g]["actions"])
                   == (new[g]["ended_by"], new[g]["actions"]))
        print(f"{label}: old {rate(len(fo), len(gs))}; new {rate(len(fn), len(gs))}; only old "
              f"fell {len(fo - fn)}, only new {len(fn - fo)}, sign test p = "
              f"{sign_test(len(fo - fn), len(fn - fo)):.2f}; {same} games played alike")
    for name, rows in (("old", old), ("new", new)):
        falls = Counter(mechanism(rows[g]) for g in games if rows[g]["ended_by"] == "independence")
        print(f"what ended the colony, {name}: "
              + ", ".join(f"{k} {v}" for k, v in falls.most_common()))
    for name, rows in (("old", old), ("new", new)):
        xs = sorted(x for g in games for x in rows[g]["cpu_mine"])
        if xs:
            print(f"CPU per decision, {name}: {len(xs)} decisions, median "
                  f"{statistics.median(xs):.2f} ms, mean {statistics.fmean(xs):.2f} ms, p99 "
                  f"{xs[int(0.99 * len(xs))]:.1f} ms, max {xs[-1]:.1f} ms")
    if args.mixed:
        mixed = load(args.mixed)
        gs = sorted(set(mixed) & set(old))
        a = sum(share(old[g], mixed[g]["me"]) for g in gs)
        b = sum(share(mixed[g], mixed[g]["me"]) for g in gs)
        up = sum(1 for g in gs if share(mixed[g], mixed[g]["me"]) > share(old[g], mixed[g]["me"]))
        down = sum(1 for g in gs if share(mixed[g], mixed[g]["me"]) < share(old[g], mixed[g]["me"]))
        falls = sum(1 for g in gs if mixed[g]["ended_by"] == "independence")
        print(f"one new against three old, {len(gs)} games: the seat's wins {b:.2f} "
              f"({100 * b / max(1, len(gs)):.1f} %) against the old bot's {a:.2f} in the same seat "
              f"of the same games ({100 * a / max(1, len(gs)):.1f} %); better in {up}, worse in "
              f"{down}, sign test p = {sign_test(up, down):.2f}; the colony fell in {falls}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--old-src", required=True, help="the old tree's src (git archive)")
    p.add_argument("--which", choices=("old", "new", "mixed"), required=True)
    p.add_argument("--games", required=True, help="a:b or a file of game indices")
    p.add_argument("--seed", type=int, default=41_000)
    p.add_argument("--out", required=True)
    r = sub.add_parser("report")
    r.add_argument("old")
    r.add_argument("new")
    r.add_argument("mixed", nargs="?")
    args = parser.parse_args()
    (play if args.cmd == "play" else report)(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
