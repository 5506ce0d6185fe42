"""Catan's trading heuristic against the old one: paired seeds, rotating seats, trade counts.

    PYTHONPATH=src python benchmarks/catan_trade_bots.py run --seats heuristic,heuristic_base,\
heuristic_base,heuristic_base -n 400 --seed 11 --out new.jsonl
    PYTHONPATH=src python benchmarks/catan_trade_bots.py run --seats heuristic_base -n 400 \
--seed 11 --out base.jsonl
    PYTHONPATH=src python benchmarks/catan_trade_bots.py report new.jsonl base.jsonl

``run`` is ``settlers simulate catan ... --rotate-seats --workers 1 --keep-logs --no-progress
--lang en`` with two more bot names registered in this process: ``heuristic_base`` (the
heuristic and its trade helper as of ``--base-rev``, 68cb2ba3 by default, loaded from git by
``bot_at_revision.py``) and
``heuristic_explicit`` (today's heuristic that also sends the two-kind offers the menu does
not list, ``explicit_terms=True``). ``report`` pairs two runs of the same seed and games: in
game i the first run's seat of its first bot (rotated) is compared with the same seat of the
second run (the same board, dice and bot seeds); it prints the first bot's win rate with its
Wilson interval, the paired difference of wins (with a normal interval over games), and per
run the domestic trade counts: offers made, offers that ended in a trade, offers made again in
the same turn after being refused, two-kind offers, counter-offers, counters taken and
counters made again in the turn after being left untaken.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_at_revision import register_heuristic, simulate

import settlers.bots as bots
from settlers.bots.heuristics import heuristic_games
from settlers.games.catan.heuristic import CatanHeuristic
from settlers.sim.stats import wilson


def explicit_bot(seed: int = 0) -> CatanHeuristic:
    return CatanHeuristic(seed=seed, explicit_terms=True)


BASE_REV = "68cb2ba3"   # before the seventeenth pass's trading changes
BOT_MODULES = ["settlers.games.catan.heuristic", "settlers.games.catan.trade_sense"]


def register(base_rev: str = BASE_REV) -> None:
    register_heuristic("heuristic_base", base_rev, "catan", BOT_MODULES)
    bots._KINDS["heuristic_explicit"] = bots.BotKind(explicit_bot, {}, heuristic_games)


def run(args: argparse.Namespace) -> None:
    register(args.base_rev)
    simulate("catan", args.seats, args.n, args.seed, args.out)


class _Game:
    """The trade counts of one game's log for the seats in ``mine``."""

    def __init__(self, mine: set[int], out: dict[str, int]) -> None:
        self.mine, self.out = mine, out
        self.refused: set[tuple[int, str]] = set()    # (seat, terms) refused this turn
        self.untaken: set[tuple[int, str]] = set()    # counters not taken this turn
        self.offer: tuple[int, str] | None = None
        self.counters: list[tuple[int, str]] = []

    def close(self, taken: int | None) -> None:
        if self.offer is None:
            return
        if taken is None:
            self.refused.add(self.offer)
        elif self.offer[0] in self.mine:
            self.out["traded"] += 1
        for c in self.counters:
            if c[0] != taken:
                self.untaken.add(c)
            elif c[0] in self.mine:
                self.out["counters_taken"] += 1
        self.offer, self.counters = None, []

    def see(self, seat: int, action: dict[str, Any]) -> None:
        out, kind = self.out, action["type"]
        terms = (seat, json.dumps(action, sort_keys=True))
        if kind == "answer_trade":
            return
        if kind == "counter_offer":
            if seat in self.mine:
                out["counters"] += 1
                out["counters_repeated"] += terms in self.untaken
            self.counters.append(terms)
            return
        if kind == "accept_trade":
            self.close(action["seat"])
            return
        self.close(None)   # withdrawn, or closed with no takers before this action
        if kind == "end_turn":
            self.refused, self.untaken = set(), set()
        elif kind == "offer_trade":
            if seat in self.mine:
                out["offers"] += 1
                out["repeated"] += terms in self.refused
                out["two_kind"] += (sum(1 for x in action["give"] if x) > 1
                                    or sum(1 for x in action["get"] if x) > 1)
            self.offer = terms


def trade_counts(rows: list[dict[str, Any]], label: str) -> dict[str, int]:
    """Domestic trade counts of the seats played by ``label`` over ``rows``."""
    out = dict.fromkeys(("offers", "traded", "repeated", "two_kind", "counters",
                         "counters_taken", "counters_repeated"), 0)
    for row in rows:
        game = _Game({s for s, name in enumerate(row["seats"]) if name == label}, out)
        for seat, action in row["log"]:
            game.see(seat, action)
    return out


def report(args: argparse.Namespace) -> None:
    first = [json.loads(x) for x in Path(args.first).read_text().splitlines()]
    second = [json.loads(x) for x in Path(args.second).read_text().splitlines()]
    assert len(first) == len(second), "the runs differ in length"
    label = first[0]["seats"][0] if not args.bot else args.bot
    wins = base_wins = 0.0
    diffs = []
    for a, b in zip(first, second, strict=True):
        assert a["seed"] == b["seed"] and a["index"] == b["index"], "not paired"
        assert a["error"] is None and b["error"] is None, (a["error"], b["error"])
        seat = a["seats"].index(label)
        w = 1.0 / len(a["winners"]) if seat in a["winners"] else 0.0
        v = 1.0 / len(b["winners"]) if seat in b["winners"] else 0.0
        wins += w
        base_wins += v
        diffs.append(w - v)
    n = len(first)
    lo, hi = wilson(wins, n)
    blo, bhi = wilson(base_wins, n)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    print(f"{label} in {args.first}: {wins:g}/{n} wins = {wins / n:.1%} "
          f"(Wilson 95% {lo:.1%}-{hi:.1%})")
    print(f"the same seats in {args.second}: {base_wins:g}/{n} = {base_wins / n:.1%} "
          f"(Wilson 95% {blo:.1%}-{bhi:.1%})")
    print(f"paired difference: {mean:+.3f} wins a game (95% {mean - half:+.3f}..{mean + half:+.3f})")
    for name, rows in ((args.first, first), (args.second, second)):
        for bot in sorted({s for r in rows for s in r["seats"]}):
            counts = trade_counts(rows, bot)
            seats = sum(r["seats"].count(bot) for r in rows)
            print(f"{name} {bot} ({seats} seats): " + ", ".join(
                f"{k} {v}" for k, v in counts.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run")
    p.add_argument("--seats", required=True)
    p.add_argument("-n", type=int, default=400)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--out", required=True)
    p.add_argument("--base-rev", default=BASE_REV, help="the revision heuristic_base is taken from")
    p = sub.add_parser("report")
    p.add_argument("first")
    p.add_argument("second")
    p.add_argument("--bot", default=None, help="the bot compared (default: the first seat's)")
    args = parser.parse_args()
    run(args) if args.command == "run" else report(args)


if __name__ == "__main__":
    main()
