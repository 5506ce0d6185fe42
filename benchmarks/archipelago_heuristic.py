"""Archipelago: the heuristic bot measured (issue 13). Not a timed test; run it with nice.

    nice -n 10 .venv/bin/python benchmarks/archipelago_heuristic.py --mode versus --games 200
    nice -n 10 .venv/bin/python benchmarks/archipelago_heuristic.py --mode self --games 200
    nice -n 10 .venv/bin/python benchmarks/archipelago_heuristic.py --mode others --games 4
    nice -n 10 .venv/bin/python benchmarks/archipelago_heuristic.py --mode versus --players 3
    nice -n 10 .venv/bin/python benchmarks/archipelago_heuristic.py --mode versus --crises-paid

* ``versus``: one heuristic bot against random bots (``--players``, 4 by default; seats
  rotate, default options); its win rate with a 95% Wilson interval. A shared win counts 1/k;
  a collective loss (independence without a Separatist) is a loss for everybody. Also the win
  rate among the games that did not end in a collective loss.
* ``--crises-paid`` (a counterfactual, not the game): every crisis ends without moving the
  rebellion marker, as if someone always paid every cube (L354-384). What still ends the
  game by independence then is the population results (boards I-IV) and the taxes — an upper
  bound on what any crisis policy of one seat can save.
* ``self``: four heuristic bots; the share of games ending by independence, by an objective's
  end condition and by the turn limit; mean turns and actions.
* ``table``: ``--players`` seats of ``--opponent`` alone (no heuristic; random by default):
  how often and how soon the colony falls without anybody minding it — the baseline the
  heuristic's one seat among random ones starts from.
* ``others``: greedy and mcts (small budgets) each in one seat with heuristic and random bots,
  to show they still play the game to its end.

Every mode also reports the heuristic's decision latency: wall clock (median, p99, max) and
the CPU time of the deciding process (``time.process_time``: median, p99, max, and the slowest
decision kinds), the figure the per-decision work cap bounds.

``--compare OLD... --against NEW...`` pairs the games two bots played on the same seeds (same
mode, seed sequence and game index): each one's figure on the shared games, the games where
only one of them lost the colony (self-play) or won (versus), and the exact two-sided sign
test on those discordant games.

``--start K`` plays games K..K+games-1 of the same sequence (same seeds, same seat rotation),
so shards run side by side add up to one run; ``--out FILE`` appends one JSON line per game
(outcome, the heuristic's share of the win, its CPU times) for ``--summary FILE...``, which
prints the figures of all the lines together.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter

import settlers
import settlers.bots as bots
from settlers.games.archipelago import balance, markers
from settlers.games.archipelago.heuristic import is_separatist, make_bot
from settlers.sim.stats import wilson

GAME = settlers.load("archipelago")


class Latency:
    """Decision times of the timed seats: wall clock and CPU time, the CPU time by step."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.by_step: dict[str, list[float]] = {}

    def add(self, step: str, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)
        self.by_step.setdefault(step, []).append(cpu)


def play(seats: list, seed: int, lat: Latency, timed: set[int]):  # type: ignore[no-untyped-def,type-arg]
    state = GAME.new_state(players=len(seats), seed=seed)
    while not state.over:
        seat = state.to_act[0]
        step = state.step  # type: ignore[attr-defined]
        t0, c0 = time.perf_counter(), time.process_time()
        action = seats[seat].act(state, seat)
        if seat in timed:
            lat.add(step, time.perf_counter() - t0, time.process_time() - c0)
        state.apply(seat, action, check=False)
    return state


def spread(xs: list[float]) -> str:
    ms = sorted(x * 1000 for x in xs)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return f"median {statistics.median(ms):.2f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms"


def latency_line(lat: Latency) -> str:
    if not lat.cpu:
        return "latency: -"
    return (f"decision latency over {len(lat.cpu)} decisions: CPU {spread(lat.cpu)}; "
            f"wall {spread(lat.wall)}")


def slowest_steps(lat: Latency) -> str:
    worst = sorted(lat.by_step.items(), key=lambda kv: -max(kv[1]))[:6]
    return "CPU by step: " + "; ".join(f"{k} ({len(v)}): {spread(v)}" for k, v in worst)


def record(out: str | None, row: dict) -> None:  # type: ignore[type-arg]
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")


def crises_paid() -> None:
    """The counterfactual of ``--crises-paid``: strikers and missing export cubes move
    nothing (the engine's ``balance.finish`` runs with a no-op rebellion move)."""
    finish = balance.finish

    def paid(state):  # type: ignore[no-untyped-def]
        balance.move_rebellion = lambda state, delta: None  # type: ignore[attr-defined]
        try:
            finish(state)
        finally:
            balance.move_rebellion = markers.move_rebellion  # type: ignore[attr-defined]

    balance.finish = paid


def versus_game(i: int, seed: int, opponent: str, players: int) -> dict:  # type: ignore[type-arg]
    me = i % players
    seats = [bots.make(opponent, seed=seed + 7 * i + s) for s in range(players)]
    seats[me] = make_bot(seed=seed + i)
    lat = Latency()
    st = play(seats, seed + i, lat, {me})
    winners = st.winners()
    return {"mode": "versus", "players": players, "seed": seed, "game": i,
            "ended_by": st.ended_by, "turns": st.turn, "actions": st.version,
            "share": 1 / len(winners) if me in winners else 0.0,
            "collective_loss": st.collective_loss, "separatist": is_separatist(st, me),
            **lat_fields(lat)}


def self_game(i: int, seed: int) -> dict:  # type: ignore[type-arg]
    seats = [make_bot(seed=seed + 4 * i + s) for s in range(4)]
    lat = Latency()
    st = play(seats, seed + i, lat, {0, 1, 2, 3})
    return {"mode": "self", "players": 4, "seed": seed, "game": i, "ended_by": st.ended_by,
            "turns": st.turn, "actions": st.version,
            "separatist_at_table": any(is_separatist(st, s) for s in range(4)),
            **lat_fields(lat)}


def table_game(i: int, seed: int, opponent: str, players: int) -> dict:  # type: ignore[type-arg]
    seats = [bots.make(opponent, seed=seed + 7 * i + s) for s in range(players)]
    st = play(seats, seed + i, Latency(), set())
    return {"mode": "table", "players": players, "opponent": opponent, "seed": seed, "game": i,
            "ended_by": st.ended_by, "turns": st.turn, "actions": st.version,
            "collective_loss": st.collective_loss, "cpu": [], "wall": [], "steps": []}


def lat_fields(lat: Latency) -> dict:  # type: ignore[type-arg]
    return {"cpu": [round(x * 1000, 3) for x in lat.cpu],
            "wall": [round(x * 1000, 3) for x in lat.wall],
            "steps": [(k, round(x * 1000, 3)) for k, v in lat.by_step.items() for x in v]}


def summary(rows: list[dict]) -> None:  # type: ignore[type-arg]
    """The figures of a set of per-game rows (one mode)."""
    n = len(rows)
    if not n:
        print("no games")
        return
    ended = Counter(r["ended_by"] for r in rows)
    turns = sum(r["turns"] for r in rows) / n
    actions = sum(r["actions"] for r in rows) / n
    lat = Latency()
    for r in rows:   # a compact row (the committed records) has no per-decision timings
        for (k, c), w in zip(r.get("steps", ()), r.get("wall", ()), strict=False):
            lat.add(k, w / 1000, c / 1000)
    if rows[0]["mode"] == "table":
        indep = ended["independence"]
        lo, hi = wilson(indep, n)
        at = Counter(r["turns"] for r in rows if r["ended_by"] == "independence")
        print(f"{rows[0]['players']} x {rows[0]['opponent']}: {n} games; independence "
              f"{100 * indep / n:.1f}% (95% Wilson {100 * lo:.1f}-{100 * hi:.1f}); ended by "
              f"{dict(ended)}; mean turns {turns:.2f}; independence in turn "
              f"{dict(sorted(at.items()))}")
        return
    if rows[0]["mode"] == "versus":
        wins = sum(r["share"] for r in rows)
        alive = [r for r in rows if not r["collective_loss"]]
        wins_alive = sum(r["share"] for r in alive)
        lo, hi = wilson(wins, n)
        alo, ahi = wilson(wins_alive, len(alive))
        print(f"heuristic vs {rows[0]['players'] - 1} others: {n} games, win rate "
              f"{100 * wins / n:.1f}% (95% Wilson {100 * lo:.1f}-{100 * hi:.1f}); ended by "
              f"{dict(ended)}; mean turns {turns:.2f}, actions {actions:.0f}")
        print(f"without a collective loss: {len(alive)} games, win rate "
              f"{100 * wins_alive / max(1, len(alive)):.1f}% (95% Wilson {100 * alo:.1f}-"
              f"{100 * ahi:.1f}); the heuristic held the Separatist in "
              f"{sum(r['separatist'] for r in rows)}")
    else:
        indep = ended["independence"]
        lo, hi = wilson(indep, n)
        sep = [r for r in rows if r["separatist_at_table"]]
        print(f"4 heuristic bots: {n} games; independence {100 * indep / n:.1f}% "
              f"(95% Wilson {100 * lo:.1f}-{100 * hi:.1f}); ended by {dict(ended)}; mean "
              f"turns {turns:.2f}, mean actions {actions:.0f}; a Separatist at the table in "
              f"{len(sep)} games, {sum(r['ended_by'] == 'independence' for r in sep)} of them "
              f"ended by independence")
    print(latency_line(lat))
    print(slowest_steps(lat))


def sign_test(a: int, b: int) -> float:
    """Exact two-sided binomial (sign) test of a against b discordant games, p = 1/2."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(old: list[dict], new: list[dict]) -> None:  # type: ignore[type-arg]
    """Paired figures of two bots on the games both played (see the module docstring)."""
    key = lambda r: (r["mode"], r["seed"], r["game"])  # noqa: E731
    olds, news = {key(r): r for r in old}, {key(r): r for r in new}
    shared = sorted(olds.keys() & news.keys())
    if not shared:
        print("no shared games")
        return
    mode = shared[0][0]
    if mode == "versus":
        hit = lambda r: r["share"] > 0  # noqa: E731
        what = "won"
    else:
        hit = lambda r: r["ended_by"] == "independence"  # noqa: E731
        what = "lost the colony"
    a = [hit(olds[k]) for k in shared]
    b = [hit(news[k]) for k in shared]
    only_old = sum(x and not y for x, y in zip(a, b, strict=True))
    only_new = sum(y and not x for x, y in zip(a, b, strict=True))
    n = len(shared)
    for name, xs in (("old", a), ("new", b)):
        lo, hi = wilson(sum(xs), n)
        print(f"{name}: {what} in {sum(xs)} of {n} shared games, {100 * sum(xs) / n:.1f}% "
              f"(95% Wilson {100 * lo:.1f}-{100 * hi:.1f})")
    print(f"discordant: only old {only_old}, only new {only_new}; exact two-sided sign test "
          f"p = {sign_test(only_old, only_new):.3f}")


def run(mode: str, games: int, start: int, seed: int, opponent: str, players: int,
        out: str | None) -> None:
    rows = []
    t0 = time.perf_counter()
    for i in range(start, start + games):
        row = (versus_game(i, seed, opponent, players) if mode == "versus"
               else table_game(i, seed, opponent, players) if mode == "table"
               else self_game(i, seed))
        record(out, row)
        rows.append(row)
        if len(rows) % 10 == 0:
            print(f"... {len(rows)} games, {time.perf_counter() - t0:.0f} s", flush=True)
            summary(rows)
    summary(rows)
    print(f"{(time.perf_counter() - t0) / max(1, games):.2f} s/game (wall)")


def others(games: int, seed: int) -> None:
    for name, budget in (("greedy", {"samples": 1}), ("mcts", {"iterations": 20})):
        ended: Counter[str] = Counter()
        t0 = time.perf_counter()
        for i in range(games):
            seats = [make_bot(seed=seed + i), bots.make(name, seed=seed + i, **budget),
                     bots.make("random", seed=seed + i), make_bot(seed=seed + i + 1)]
            st = play(seats, seed + i, Latency(), set())
            ended[st.ended_by] += 1
        print(f"{name} {budget} with heuristic/random: {games} games finished, ended by "
              f"{dict(ended)}, {(time.perf_counter() - t0) / games:.1f} s/game")


def read_rows(names: list[str]) -> list[dict]:  # type: ignore[type-arg]
    rows = []
    for name in names:
        with open(name, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=("versus", "self", "table", "others"),
                        default="versus")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=13_000)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5))
    parser.add_argument("--start", type=int, default=0, help="index of the first game")
    parser.add_argument("--out", help="append one JSON line per game to this file")
    parser.add_argument("--summary", nargs="+", metavar="FILE",
                        help="print the figures of the JSON lines in these files")
    parser.add_argument("--compare", nargs="+", metavar="FILE",
                        help="the old bot's JSON lines, paired with --against")
    parser.add_argument("--against", nargs="+", metavar="FILE",
                        help="the new bot's JSON lines (see --compare)")
    parser.add_argument("--crises-paid", action="store_true",
                        help="counterfactual: crises never move the rebellion marker")
    args = parser.parse_args()
    if args.compare:
        compare(read_rows(args.compare), read_rows(args.against or []))
        return 0
    if args.summary:
        rows = read_rows(args.summary)
        summary([r for r in rows if r["mode"] == args.mode])
        return 0
    if args.crises_paid:
        crises_paid()
    if args.mode in ("versus", "self", "table"):
        run(args.mode, args.games, args.start, args.seed, args.opponent, args.players,
            args.out)
    else:
        others(args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
