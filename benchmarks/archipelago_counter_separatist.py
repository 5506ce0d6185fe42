"""Archipelago: candidate counters to the Separatist, one change at a time, against the base
heuristic loaded from git (``bot_at_revision.load_at``). Not a timed test; run it with nice.

    nice -n 5 .venv/bin/python benchmarks/archipelago_counter_separatist.py play \
        --variant rebid0 --which new --games docs/results/archipelago-nineteenth/games.txt \
        --out runs/rebid0-new.jsonl
    ... --which mixed ...   # the candidate in seat i % 4, three base bots
    ... --variant base --which old --out runs/base-old.jsonl   # the base table, from git
    .venv/bin/python benchmarks/archipelago_counter_separatist.py summary runs
        # every <variant>-new/-mixed.jsonl of the folder against runs/base-old.jsonl

A variant is this tree's heuristic with one change applied in the process (a subclass of its
bot, or one of its module's functions replaced), so each run measures one change and the
heuristic module holds only what was kept. The candidates (docs/audits/
2026-12-08-nineteenth-arch.md): the eighteenth pass's four, one at a time —
``deck_crises`` (from phase 5 on the coming crisis is the odds over the deck's backs, the
top's back weighted ``TOP_STAYS``), ``rebid0`` (a loyal seat bids 0 when tied players bid
again, L256), ``suspect_last`` (a loyal decider orders a seat suspected of the Separatist's
play last and asks it for no cube in a crisis), ``tax_threat`` (a suspect's taxes a turn
shorten the colony's days in ``hurry``) — and ``wheel_guard`` (with a suspect at the table, a
loyal seat weighs a margin the taxes left on the wheel would break, L467-471 and L425,
``WHEEL_GUARD`` times as hard as without). Every variant reads only the seat's
determinized world (public tax events, the deck as a set and its top's back).

Game i is game i of ``benchmarks/archipelago_heuristic.py --mode self`` (seed + i, the bots'
seeds seed + 4i + seat), as in ``archipelago_heuristic_paired.py``, whose ``report`` reads
these rows.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from archipelago_heuristic_paired import indices, play_game
from bot_at_revision import load_at

import settlers
from settlers.games.archipelago import heuristic as H
from settlers.games.archipelago import wheel
from settlers.games.archipelago.actions import Action, Bid, Propose, SetOrder
from settlers.games.archipelago.heuristic_suspect import (
    SUSPECT_TAXES,
    taxes_taken,
)
from settlers.games.archipelago.state import ArchState

GAME = settlers.load("archipelago")
BASE_REV = "322c1f12"
MODULES = ["settlers.games.archipelago.heuristic_suspect", "settlers.games.archipelago.heuristic"]

TOP_STAYS = 0.1     # deck_crises: the share of turns the top seen in phase 5 is phase 4's crisis
WHEEL_GUARD = 8.0   # wheel_guard: the weight of a broken wheel margin with a suspect, x DANGER


def suspects(state: ArchState, seat: int) -> list[int]:
    """The other seats with at least ``SUSPECT_TAXES`` taxes and more than one per turn played
    (``heuristic_suspect``'s bar), from the public tax events of the seat's world."""
    bar = max(SUSPECT_TAXES, state.turn + 1)
    return sorted(s for s, n in taxes_taken(state).items() if s != seat and n >= bar)


class _Tracked(H.ArchipelagoBot):
    """Sets ``FLAGS`` for the decision under way from the seat's own world, for the patched
    module functions that have no bot at hand (only ``best`` and its probes call ``value``)."""

    def best(self, world: ArchState, seat: int, legal: list[Action]) -> Action:
        loyal = not H.is_separatist(world, seat)
        suspected = loyal and bool(suspects(world, seat))
        FLAGS["threat"] = wheel.limit(world, "taxes") if suspected else 0
        FLAGS["guard"] = suspected
        return super().best(world, seat, legal)


FLAGS: dict[str, Any] = {"threat": 0, "guard": False}


class Rebid0(H.ArchipelagoBot):
    def bid(self, world: ArchState, seat: int, legal: list[Action]) -> Action:
        bids = [a for a in legal if isinstance(a, Bid)]
        if world.rebid and not H.is_separatist(world, seat):
            return min(bids, key=lambda a: a.amount)
        return super().bid(world, seat, legal)


class SuspectLast(H.ArchipelagoBot):
    def order(self, world: ArchState, seat: int, legal: list[Action]) -> Action:
        bribes = world.ctx.get("bribes") or [0] * world.players
        last = set() if H.is_separatist(world, seat) else set(suspects(world, seat))
        want = (seat, *sorted((s for s in world.order if s != seat),
                              key=lambda s: (s in last, -bribes[s])))
        return next((a for a in legal if isinstance(a, SetOrder) and a.order == want),
                    next(a for a in legal if a.kind == "set_order"))

    @staticmethod
    def ask_for_cube(world: ArchState, seat: int, legal: list[Action]) -> Action | None:
        if world.money[seat] < H.OFFER_PRICE:
            return None
        order = world.order
        at = order.index(seat)
        shunned = set(suspects(world, seat))
        targets = [t for t in (order[(at + k) % len(order)] for k in range(1, len(order)))
                   if Propose(t) in legal and t not in shunned]
        made = H.negotiation.OFFERS_PER_MOMENT - world.offers_left
        return Propose(targets[made]) if 0 <= made < len(targets) else None


_DECK_PARTS: dict[Any, list[dict[str, Any]]] = {}


def _deck_crises(state: ArchState) -> list[dict[str, Any]]:
    deck = state.deck
    top = deck[-1]

    def keys(card: int) -> tuple[tuple[str, int, int], ...]:
        return tuple((p["kind"], int(p["res"]), int(p["ratio"] if p["kind"] == "domestic"
                                                     else p["n"]))
                     for p in H.card_crises(state, card))

    key = (state.content.name, frozenset(deck), keys(top))
    parts = _DECK_PARTS.get(key)
    if parts is None:
        if len(_DECK_PARTS) > 4096:
            _DECK_PARTS.clear()
        merged: dict[tuple[str, int, int], float] = {}
        rest = (1.0 - TOP_STAYS) / (len(deck) - 1)
        for card in deck:
            for k in keys(card):
                merged[k] = merged.get(k, 0.0) + (TOP_STAYS if card == top else rest)
        parts = [{"kind": kind, "res": res, "ratio": size, "n": size, "w": w}
                 for (kind, res, size), w in sorted(merged.items())]
        _DECK_PARTS[key] = parts
    return parts


def patch_deck_crises() -> None:
    base = H.coming_crises

    def coming_crises(state: ArchState) -> list[dict[str, Any]]:
        if (not (state.step in ("domestic", "export") and state.ctx) and state.deck
                and state.phase in ("actions", "buy") and len(state.deck) > 1):
            return _deck_crises(state)
        return base(state)
    H.coming_crises = coming_crises


def patch_tax_threat() -> None:
    base = H.hurry

    def hurry(state: ArchState, drifted: int | None = None, margin: int | None = None) -> float:
        if FLAGS["threat"] and drifted is not None:
            drifted += FLAGS["threat"] * H.DRIFT_TURNS
        return base(state, drifted, margin)
    H.hurry = hurry


def patch_wheel_guard() -> None:
    base = H.wheel_margin

    def wheel_margin(state: ArchState) -> int | float:
        edge = base(state)
        if FLAGS["guard"] and edge < 1:
            return 1 - (1 - edge) * WHEEL_GUARD   # colony(): DANGER * (1 - edge)
        return edge
    H.wheel_margin = wheel_margin  # type: ignore[assignment]


VARIANTS: dict[str, tuple[type[H.ArchipelagoBot], Callable[[], None] | None]] = {
    "base": (H.ArchipelagoBot, None),
    "rebid0": (Rebid0, None),
    "suspect_last": (SuspectLast, None),
    "deck_crises": (H.ArchipelagoBot, patch_deck_crises),
    "tax_threat": (_Tracked, patch_tax_threat),
    "wheel_guard": (_Tracked, patch_wheel_guard),
}


def play(args: argparse.Namespace) -> None:
    cls, patch = VARIANTS[args.variant]
    if patch is not None:
        patch()
    old: ModuleType = load_at(args.base_rev, MODULES)["settlers.games.archipelago.heuristic"]
    out = Path(args.out)
    done = ({json.loads(line)["game"] for line in out.read_text().splitlines()}
            if out.exists() else set())
    for i in indices(args.games, args.limit):
        if i in done:
            continue
        me = i % 4
        seats = [cls(args.seed + 4 * i + s)
                 if args.which == "new" or (args.which == "mixed" and s == me)
                 else old.make_bot(seed=args.seed + 4 * i + s) for s in range(4)]
        row = {"which": args.which, "variant": args.variant, "seed": args.seed, "game": i,
               "me": me, **play_game(seats, args.seed + i, me, mine_only=args.which == "mixed")}
        with out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")


def cpu(xs: list[float]) -> str:
    """CPU per decision (ms), or a note when the rows kept no times (the committed data)."""
    if not xs:
        return "CPU not kept"
    return (f"CPU median {statistics.median(xs):.2f} ms, mean {statistics.fmean(xs):.2f} ms, "
            f"p99 {xs[int(0.99 * len(xs))]:.1f} ms")


def sep_wins(rows: Iterable[dict[str, Any]]) -> int:
    """Games the Separatist won: by the fall (L425) or on points (L912)."""
    return sum(1 for r in rows if set(r["winners"]) & set(r["sep"]))


def summary(args: argparse.Namespace) -> None:
    """One line a variant: falls of the colony with the candidate in the loyal seats against
    the base table (same games), the discordant games and the sign test, the median CPU per
    decision, and the mixed check (the candidate's seat against the base bot in the same seat
    of the same games) — the figures of the record's tables."""
    from archipelago_heuristic_paired import load, mechanism, rate, share, sign_test

    folder = Path(args.runs)
    base = load(str(folder / "base-old.jsonl"))
    xs = sorted(x for r in base.values() for x in r.get("cpu_mine", []))
    falls = sum(r["ended_by"] == "independence" for r in base.values())
    print(f"base: falls {rate(falls, len(base))}; the Separatist won {sep_wins(base.values())}; "
          f"{cpu(xs)}")
    for v in VARIANTS:
        path = folder / f"{v}-new.jsonl"
        if v == "base" or not path.exists():
            continue
        new = load(str(path))
        gs = sorted(set(new) & set(base))
        fo = {g for g in gs if base[g]["ended_by"] == "independence"}
        fn = {g for g in gs if new[g]["ended_by"] == "independence"}
        alike = sum(new[g]["actions"] == base[g]["actions"] for g in gs)
        causes = Counter(mechanism(new[g]) for g in fn)
        ys = sorted(x for g in gs for x in new[g].get("cpu_mine", []))
        print(f"{v}: falls {rate(len(fn), len(gs))} (base {len(fo)}); only base fell "
              f"{len(fo - fn)}, only new {len(fn - fo)}, sign test p = "
              f"{sign_test(len(fo - fn), len(fn - fo)):.2f}; {alike} games alike; the Separatist won "
              f"{sep_wins(new[g] for g in gs)} (base {sep_wins(base[g] for g in gs)}); {cpu(ys)}; causes "
              + ", ".join(f"{k} {n}" for k, n in causes.most_common()))
        mpath = folder / f"{v}-mixed.jsonl"
        if mpath.exists():
            mixed = load(str(mpath))
            ms = sorted(set(mixed) & set(base))
            a = sum(share(base[g], mixed[g]["me"]) for g in ms)
            b = sum(share(mixed[g], mixed[g]["me"]) for g in ms)
            up = sum(share(mixed[g], mixed[g]["me"]) > share(base[g], mixed[g]["me"]) for g in ms)
            down = sum(share(mixed[g], mixed[g]["me"]) < share(base[g], mixed[g]["me"])
                       for g in ms)
            loyal = [g for g in ms if mixed[g]["me"] not in mixed[g]["sep"]]
            la = sum(share(base[g], mixed[g]["me"]) for g in loyal)
            lb = sum(share(mixed[g], mixed[g]["me"]) for g in loyal)
            mf = sum(mixed[g]["ended_by"] == "independence" for g in ms)
            bf = sum(base[g]["ended_by"] == "independence" for g in ms)
            zs = sorted(x for g in ms for x in mixed[g].get("cpu_mine", []))
            print(f"  mixed, {len(ms)} games: the seat's wins {b:.2f} against the base bot's "
                  f"{a:.2f}; better in {up}, worse in {down}, sign test p = "
                  f"{sign_test(up, down):.2f}; as a loyal seat ({len(loyal)} games) {lb:.2f} "
                  f"against {la:.2f}; the colony fell {mf} (base {bf}); "
                  f"the seat's {cpu(zs)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--variant", choices=sorted(VARIANTS), required=True)
    p.add_argument("--which", choices=("old", "new", "mixed"), required=True)
    p.add_argument("--games", required=True, help="a:b or a file of game indices")
    p.add_argument("--limit", type=int, default=None, help="the first N of --games only")
    p.add_argument("--seed", type=int, default=41_000)
    p.add_argument("--base-rev", default=BASE_REV)
    p.add_argument("--out", required=True)
    r = sub.add_parser("summary")
    r.add_argument("runs", help="the folder of <variant>-<which>.jsonl")
    args = parser.parse_args()
    (play if args.cmd == "play" else summary)(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
