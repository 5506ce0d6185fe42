"""Imperial heuristic against its frozen predecessor: paired runs, their comparison and what
the Japanese seat's samurai guard.

    PYTHONPATH=src python benchmarks/imperial_heuristic_paired.py simulate imperial \\
        --seats heuristic,hold,hold,hold -n 400 --rotate-seats --workers 1 --seed S --out NEW.jsonl
    ... simulate imperial --seats hold,hold,hold,hold ... --out BASE.jsonl   (same -n, --seed)
    ... compare NEW.jsonl BASE.jsonl           # the lone seat of NEW against the same seat of BASE
    ... guards NEW.jsonl BASE.jsonl            # needs both runs made with --keep-logs
    ... rates BASE.jsonl                       # the raze rates heuristic_threat.py is read off

``simulate`` is ``settlers simulate`` with one more bot, ``hold``: the heuristic and its threat
reading as of 68cb2ba3, loaded from git by ``bot_at_revision.py`` (``HOLD_REV``). With ``--rotate-seats`` the game and bot
seeds of game i are the same in both runs, so game i of NEW and game i of BASE differ only by
the bot in NEW's lone seat. ``compare``: that seat's win rate in both (a shared win counts 1/k,
95 % Wilson), the mean of its score difference (NEW − BASE, game by game) and a two-sided sign
test over the games where its score differs, and over those where its win differs.
``guards``: replays both runs and follows the seat of the bot under test when it is Japanese:
each samurai it places (action phase or production window) and whether, at a later action
turn of an opponent, that opponent's raze tokens would have razed the location without the
samurai (``within reach``) or did raze it; and its empire locations razed, guarded or not.
``rates``: in every game of a run (with --keep-logs), at each opponent's first action turn of
a round while the Japanese seat still plays, how that opponent could raze the cheapest of the
Japanese seat's empire locations (``heuristic_threat``: tokens held, with a surplus of 0, 1,
2+; still to take as seen; the last token only from a hidden card; one short; none) and
whether it razed one of them in that turn or a later one of the round.
"""

from __future__ import annotations

import json
import math
import os
import sys
from collections import Counter
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))


HOLD_REV = "68cb2ba3"   # the heuristic before the seventeenth pass
HOLD_MODULES = ["settlers.games.imperial.heuristic", "settlers.games.imperial.heuristic_threat"]


def _register_old() -> None:
    sys.path.insert(0, HERE)
    from bot_at_revision import register_heuristic
    register_heuristic("hold", HOLD_REV, "imperial", HOLD_MODULES)


def _rows(path: str) -> dict[int, dict[str, Any]]:
    with open(path) as f:
        return {r["index"]: r for r in map(json.loads, f) if r.get("error") is None}


def _lone(row: dict[str, Any]) -> int:
    """The seat whose bot appears once in the line-up."""
    count = Counter(row["seats"])
    return next(s for s, b in enumerate(row["seats"]) if count[b] == 1)


def _win(row: dict[str, Any], seat: int) -> float:
    return 1 / len(row["winners"]) if seat in row["winners"] else 0.0


def sign_test(up: int, down: int) -> float:
    """Two-sided exact binomial p for ``up`` against ``down`` (p = 1/2)."""
    n = up + down
    if n == 0:
        return 1.0
    k = min(up, down)
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def _empires(row: dict[str, Any]) -> list[str]:
    from settlers.games.imperial import GAME
    st: Any = GAME.new_state(row["players"], row["seed"], row["options"])
    return list(st.emp)


def compare(new_path: str, base_path: str) -> None:
    from settlers.sim.stats import wilson
    new, base = _rows(new_path), _rows(base_path)
    both = sorted(set(new) & set(base))
    for a in both:
        if new[a]["seed"] != base[a]["seed"] or new[a]["bot_seeds"] != base[a]["bot_seeds"]:
            raise SystemExit(f"game {a}: the runs' seeds differ")
    print(f"paired games: {len(both)} (games without a pair, or failed in either run: "
          f"{len(set(new) ^ set(base))})")
    groups: dict[str, list[int]] = {"all": both}
    japanese = [a for a in both if _empires(new[a])[_lone(new[a])] == "japanese"]
    groups["lone seat Japanese"] = japanese
    groups["lone seat not Japanese"] = [a for a in both if a not in set(japanese)]
    for name, games in groups.items():
        if not games:
            continue
        n = len(games)
        wn = sum(_win(new[a], _lone(new[a])) for a in games)
        wb = sum(_win(base[a], _lone(new[a])) for a in games)
        diffs = [new[a]["scores"][_lone(new[a])] - base[a]["scores"][_lone(new[a])] for a in games]
        up, down = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
        wup = sum(_win(new[a], _lone(new[a])) > _win(base[a], _lone(new[a])) for a in games)
        wdown = sum(_win(new[a], _lone(new[a])) < _win(base[a], _lone(new[a])) for a in games)
        margin = [new[a]["scores"][_lone(new[a])]
                  - max(s for i, s in enumerate(new[a]["scores"]) if i != _lone(new[a]))
                  for a in games]
        lo, hi = wilson(wn, n)
        blo, bhi = wilson(wb, n)
        print(f"## {name}: {n} games")
        print(f"  win rate new {100 * wn / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}), "
              f"old in that seat {100 * wb / n:.1f}% ({100 * blo:.1f}-{100 * bhi:.1f})")
        print(f"  score new - old: mean {sum(diffs) / n:+.3f} (total {sum(diffs):+.0f}); "
              f"differing {up + down}: up {up}, down {down}, sign test p = "
              f"{sign_test(up, down):.3g}")
        print(f"  wins: new only {wup}, old only {wdown}, p = {sign_test(wup, wdown):.3g}; "
              f"new seat's margin over the best other {sum(margin) / n:+.2f}")


def _guards_of(path: str, seats: dict[int, int]) -> Counter[str]:
    """``seats``: game index -> the seat of the bot under test."""
    from settlers.games.imperial import GAME
    from settlers.games.imperial.actions import PlaceSamurai
    from settlers.games.imperial.content import RAZE, SAMURAI
    from settlers.games.imperial.razing import location_razeable, raze_cost
    out: Counter[str] = Counter()
    with open(path) as f:
        for row in map(json.loads, f):
            if row.get("error") is not None or not row.get("log"):
                continue
            if row["index"] not in seats:
                continue
            me = seats[row["index"]]
            st: Any = GAME.new_state(row["players"], row["seed"], row["options"])
            st.record_events = False
            if st.emp[me] != "japanese":
                continue
            out["games"] += 1
            watched: dict[int, list[bool]] = {}   # samurai placed: [within reach, razed]
            for seat, obj in row["log"]:
                action = GAME.action_from_json(obj)
                if seat != me and st.phase == "actions" and not st.passed[seat] \
                        and not st.passed[me] and not st.pending:
                    for cid, flags in watched.items():   # an opponent's action turn
                        if cid in st.locs[me] and location_razeable(st, cid) \
                                and st.goods[seat][RAZE] >= raze_cost(st, me, cid) - 1:
                            flags[0] = True
                before = set(st.locs[me])
                guarded = {c for c in before if st.info[c][SAMURAI]}
                if seat == me and isinstance(action, PlaceSamurai):
                    watched[action.card] = [False, False]
                    out["samurai placed"] += 1
                    out["  in the production window" if st.phase == "production"
                        else "  in the action phase"] += 1
                st.apply(seat, action, check=False)
                if seat != me:
                    for cid in before - set(st.locs[me]):
                        if not st.tables.japanese[cid]:
                            continue
                        out["empire locations razed by an opponent"] += 1
                        out["  with a samurai" if cid in guarded else "  without one"] += 1
                        if cid in watched:
                            watched[cid][1] = True
            for reach, razed in watched.values():
                out["samurai later within an opponent's reach without it"] += reach
                out["samurai whose location was razed anyway"] += razed
    return out


def guards(new_path: str, base_path: str) -> None:
    seats = {a: _lone(row) for a, row in _rows(new_path).items()}
    new, base = _guards_of(new_path, seats), _guards_of(base_path, seats)
    print(f"| (bot under test Japanese) | {new_path} | {base_path} |")
    print("|---|---:|---:|")
    for key in dict.fromkeys([*new, *base]):
        print(f"| {key} | {new[key]} | {base[key]} |")


def _rates_of(path: str) -> Counter[tuple[str, bool]]:
    from settlers.games.imperial import GAME
    from settlers.games.imperial.content import RAZE
    from settlers.games.imperial.heuristic_threat import raze_gains, raze_prices
    from settlers.games.imperial.razing import location_razeable
    out: Counter[tuple[str, bool]] = Counter()
    with open(path) as f:
        for row in map(json.loads, f):
            if row.get("error") is not None or not row.get("log"):
                continue
            st: Any = GAME.new_state(row["players"], row["seed"], row["options"])
            st.record_events = False
            j = st.emp.index("japanese")
            seen: dict[tuple[int, int], list[Any]] = {}   # (round, opponent) -> [kind, razed]
            for seat, obj in row["log"]:
                key = (st.round, seat)
                if seat != j and key not in seen and st.phase == "actions" and not st.pending \
                        and not st.passed[seat] and not st.passed[j] and not st.acted:
                    locs = [c for c in st.locs[j]
                            if st.tables.japanese[c] and location_razeable(st, c)]
                    if locs:
                        held = st.goods[seat][RAZE]
                        price = min(raze_prices(st, j, seat, c)[0] for c in locs)
                        sure, hidden = raze_gains(st, j, seat)
                        kind = (f"held, surplus {min(2, held - price)}" if held >= price
                                else "still to take" if held + sure >= price
                                else "hidden card" if held + sure + 1 >= price and hidden
                                else "one short" if held + sure + 1 >= price else "none")
                        when = "round 5" if st.round == 5 else "rounds 1-4"
                        seen[key] = [f"{kind}, {when}", False]
                before = set(st.locs[j])
                st.apply(seat, GAME.action_from_json(obj), check=False)
                if seat != j and key in seen and any(
                        st.tables.japanese[c] for c in before - set(st.locs[j])):
                    seen[key][1] = True
            for kind, razed in seen.values():
                out[(kind, razed)] += 1
    return out


def rates(path: str) -> None:
    out = _rates_of(path)
    print("| the opponent could raze | rounds | razed | rate |")
    print("|---|---:|---:|---:|")
    for kind in sorted({k for k, _ in out}):
        yes, n = out[(kind, True)], out[(kind, True)] + out[(kind, False)]
        print(f"| {kind} | {n} | {yes} | {100 * yes / n:.1f} % |")


def main() -> int:
    command, *args = sys.argv[1:] or ["help"]
    if command == "simulate":
        _register_old()
        from settlers.cli import main as cli
        cli(["simulate", *args])
    elif command == "compare":
        compare(*args)
    elif command == "guards":
        guards(*args)
    elif command == "rates":
        rates(*args)
    else:
        print(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main())
