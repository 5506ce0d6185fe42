"""Founders of the Empire's heuristic against greedy and against the old heuristic: paired seeds,
rotating seats, mean score differences, milliseconds per decision.

    PYTHONPATH=src python benchmarks/founders_bots.py run --seats heuristic,greedy:samples=1,\
greedy:samples=1,greedy:samples=1 -n 200 --seed 7 --out new.jsonl
    PYTHONPATH=src python benchmarks/founders_bots.py run --seats heuristic_base,\
greedy:samples=1,greedy:samples=1,greedy:samples=1 -n 200 --seed 7 --out base.jsonl
    PYTHONPATH=src python benchmarks/founders_bots.py report new.jsonl base.jsonl
    PYTHONPATH=src python benchmarks/founders_bots.py profile new.jsonl
    PYTHONPATH=src python benchmarks/founders_bots.py timing --bot heuristic -n 10

``run`` is ``settlers simulate founders ... --rotate-seats --workers 1 --keep-logs`` with
``heuristic_base`` registered in this process: the heuristic as of ``--base-rev`` (889d6799 by
default, before the seventeenth pass), loaded from git by ``bot_at_revision.py``. ``report``
prints the first seat's bot's win rate (Wilson 95 %), its mean score minus the best other score
and minus the mean other score; with a second run of the same seeds it also prints the paired
difference of wins (the same seat of the same game). ``profile`` replays a run's games and
prints per bot what its points are made of and how it played (tokens, prize tiles,
replacements, reveals, proposals) and how the games ended. ``timing`` plays games with the bot in
every seat and prints the mean, median, 95th percentile and maximum of its CPU milliseconds
per decision.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_at_revision import register_heuristic, simulate

import settlers.bots as bots
from settlers.sim.stats import wilson

BASE_REV = "889d6799"   # before the seventeenth pass's changes to the Founders heuristic
BOT_MODULES = ["settlers.games.founders.heuristic"]


def register(base_rev: str = BASE_REV) -> None:
    """``heuristic_base`` (the heuristic at ``base_rev``), and today's heuristic in two other
    settings: ``heuristic_w1`` (its reveal judged over one world instead of three: cheaper) and
    ``heuristic_noguard`` (no extra weight on prize tiles left open to war tokens in hand)."""
    from settlers.games.founders.heuristic import FoundersBot
    register_heuristic("heuristic_base", base_rev, "founders", BOT_MODULES)
    bots._KINDS["heuristic_w1"] = bots.BotKind(
        lambda seed=0: FoundersBot(seed=seed, reveal_worlds=1), {}, lambda: ("founders",))
    bots._KINDS["heuristic_noguard"] = bots.BotKind(
        lambda seed=0: FoundersBot(seed=seed, guard=0.0), {}, lambda: ("founders",))


def run(args: argparse.Namespace) -> None:
    register(args.base_rev)
    simulate("founders", args.seats, args.n, args.seed, args.out)


def _win(row: dict[str, Any], seat: int) -> float:
    return 1.0 / len(row["winners"]) if seat in row["winners"] else 0.0


def _scores(row: dict[str, Any]) -> list[float]:
    return [float(x) for x in row["scores"]]


def _mean_ci(xs: list[float]) -> str:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return f"{mean:+.3f} (95% {mean - half:+.3f}..{mean + half:+.3f})"


def report(args: argparse.Namespace) -> None:
    first = [json.loads(x) for x in Path(args.first).read_text().splitlines()]
    label = args.bot or first[0]["seats"][0]
    runs = [first]
    if args.second:
        runs.append([json.loads(x) for x in Path(args.second).read_text().splitlines()])
        assert len(runs[0]) == len(runs[1]), "the runs differ in length"
    seat_of = []
    for row in first:
        assert row["error"] is None, row["error"]
        seat_of.append(row["seats"].index(label))
    for name, rows in zip([args.first, args.second], runs):
        wins = 0.0
        lead, gap = [], []
        for row, seat in zip(rows, seat_of):
            wins += _win(row, seat)
            s = _scores(row)
            others = [v for i, v in enumerate(s) if i != seat]
            lead.append(s[seat] - max(others))
            gap.append(s[seat] - sum(others) / len(others))
        n = len(rows)
        lo, hi = wilson(wins, n)
        print(f"{name}: seat of {label} ({rows[0]['seats'][seat_of[0]]} in game 0): "
              f"{wins:g}/{n} wins = {wins / n:.1%} (Wilson 95% {lo:.1%}-{hi:.1%}); "
              f"score minus the best other {_mean_ci(lead)}; minus the others' mean "
              f"{_mean_ci(gap)}")
    if len(runs) == 2:
        diffs = []
        for a, b, seat in zip(runs[0], runs[1], seat_of, strict=True):
            assert a["seed"] == b["seed"] and a["index"] == b["index"], "not paired"
            diffs.append(_win(a, seat) - _win(b, seat))
        print(f"paired difference of wins: {_mean_ci(diffs)} a game")


def profile(args: argparse.Namespace) -> None:
    """Replays every game of a run and prints, per bot (means over its seats), what its points
    are made of and how it played: tokens played by kind, prize tiles attached (and razed
    later), replacements, stacks revealed, proposals to end; and how the games ended."""
    from collections import Counter, defaultdict

    from settlers.core.registry import load
    from settlers.games.founders.content import PRIZE
    from settlers.games.founders.scoring import breakdown

    game = load("founders")
    rows = [json.loads(x) for x in Path(args.run).read_text().splitlines()]
    per: dict[str, Counter[str]] = defaultdict(Counter)
    seats: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for row in rows:
        state: Any = game.new_state(row["players"], seed=row["seed"], options=row["options"])
        names = row["seats"]
        for seat, obj in row["log"]:
            action = game.action_from_json(obj)
            out = per[names[seat]]
            kind = obj["type"]
            if kind.startswith("play_") or kind in ("propose_end", "draw_nature"):
                out[kind] += 1
            elif kind == "reveal":
                out["reveal_" + obj["stack"]] += 1
            elif kind == "attach":
                tile = state.chosen
                if (obj["x"], obj["y"]) in state.boards[seat].cells:
                    out["replacements"] += 1
                if tile is not None and state.ts.tile_deck[tile] == PRIZE:
                    out["prize_tiles"] += 1
                    out["prize_points_taken"] += state.ts.tile_vp[tile]
            state.apply(seat, action)
        assert state.over and [float(x) for x in row["scores"]] == [
            float(x) for x in state.scores()], "the replay differs from the run"
        endings[state.ended_by] += 1
        for seat, parts in enumerate(breakdown(state)):
            seats[names[seat]] += 1
            out = per[names[seat]]
            for key, value in parts.items():
                out[key.rsplit(".", 1)[1]] += value
            board = state.boards[seat]
            out["prize_tiles_razed"] += sum(1 for c in board.war
                                            if state.ts.tile_deck[board.cells[c]] == PRIZE)
    print(f"{len(rows)} games; ended by: " + ", ".join(f"{k} {v}" for k, v in endings.items()))
    keys = sorted({k for c in per.values() for k in c})
    for name, out in per.items():
        print(f"{name} ({seats[name]} seats): " + ", ".join(
            f"{k} {out[k] / seats[name]:.2f}" for k in keys))


def timing(args: argparse.Namespace) -> None:
    """CPU milliseconds per decision of ``--bot`` in every seat: every decision the bot is
    asked, as a game asks it (the one-action menus included)."""
    register(args.base_rev)
    from settlers.core.registry import load
    from settlers.sim.seating import parse_seat
    game = load("founders")
    spent: list[float] = []
    for index in range(args.n):
        seed = args.seed * 1000 + index
        state = game.new_state(4, seed=seed)
        players = [parse_seat(args.bot).build(seed * 10 + s) for s in range(4)]
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act[rng.randrange(len(state.to_act))]
            start = time.process_time()   # CPU time: the machine's load does not count
            action = players[seat].act(state, seat)
            spent.append((time.process_time() - start) * 1000)
            state.apply(seat, action)
    spent.sort()
    print(f"{args.bot}: {len(spent)} decisions in {args.n} games, mean {sum(spent) / len(spent):.2f}"
          f" ms, median {spent[len(spent) // 2]:.2f} ms, 95th percentile "
          f"{spent[int(0.95 * len(spent))]:.2f} ms, max {spent[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run")
    p.add_argument("--seats", required=True)
    p.add_argument("-n", type=int, default=200)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--out", required=True)
    p.add_argument("--base-rev", default=BASE_REV, help="the revision heuristic_base is taken from")
    p = sub.add_parser("report")
    p.add_argument("first")
    p.add_argument("second", nargs="?")
    p.add_argument("--bot", default=None, help="the bot compared (default: the first seat's)")
    p = sub.add_parser("profile")
    p.add_argument("run")
    p = sub.add_parser("timing")
    p.add_argument("--bot", default="heuristic")
    p.add_argument("-n", type=int, default=10)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--base-rev", default=BASE_REV)
    args = parser.parse_args()
    {"run": run, "report": report, "profile": profile, "timing": timing}[args.command](args)


if __name__ == "__main__":
    main()
