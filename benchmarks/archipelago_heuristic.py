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
* ``others``: greedy and mcts (small budgets) each in one seat with heuristic and random bots,
  to show they still play the game to its end.

Every mode also reports the heuristic's decision latency (median and p99, wall clock).
"""

from __future__ import annotations

import argparse
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


def play(seats: list, seed: int, latencies: list[float], timed: set[int]):  # type: ignore[no-untyped-def,type-arg]
    state = GAME.new_state(players=len(seats), seed=seed)
    while not state.over:
        seat = state.to_act[0]
        t0 = time.perf_counter()
        action = seats[seat].act(state, seat)
        if seat in timed:
            latencies.append(time.perf_counter() - t0)
        state.apply(seat, action, check=False)
    return state


def latency_line(latencies: list[float]) -> str:
    if not latencies:
        return "latency: -"
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return (f"decision latency: median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, "
            f"max {ms[-1]:.1f} ms over {len(ms)} decisions")


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


def versus(games: int, seed: int, opponent: str, players: int) -> None:
    wins = 0.0
    wins_alive = 0.0
    alive = 0
    separatist = 0
    ended: Counter[str] = Counter()
    turns = 0
    lat: list[float] = []
    t0 = time.perf_counter()
    for i in range(games):
        me = i % players
        seats = [bots.make(opponent, seed=seed + 7 * i + s) for s in range(players)]
        seats[me] = make_bot(seed=seed + i)
        st = play(seats, seed + i, lat, {me})
        ended[st.ended_by] += 1
        turns += st.turn
        winners = st.winners()
        separatist += is_separatist(st, me)
        share = 1 / len(winners) if me in winners else 0.0
        wins += share
        if not st.collective_loss:
            alive += 1
            wins_alive += share
        if (i + 1) % 10 == 0:
            print(f"... {i + 1} games, win {100 * wins / (i + 1):.1f}%; {dict(ended)}; "
                  f"{latency_line(lat)}", flush=True)
    lo, hi = wilson(wins, games)
    alo, ahi = wilson(wins_alive, alive)
    print(f"heuristic vs {players - 1} {opponent}: {games} games, win rate "
          f"{100 * wins / games:.1f}% (95% Wilson {100 * lo:.1f}-{100 * hi:.1f}); ended by "
          f"{dict(ended)}; mean turns {turns / games:.2f}; "
          f"{(time.perf_counter() - t0) / games:.2f} s/game")
    print(f"without a collective loss: {alive} games, win rate "
          f"{100 * wins_alive / max(1, alive):.1f}% (95% Wilson {100 * alo:.1f}-{100 * ahi:.1f})"
          f"; the heuristic held the Separatist in {separatist}")
    print(latency_line(lat))


def self_play(games: int, seed: int) -> None:
    ended: Counter[str] = Counter()
    turns = actions = 0
    lat: list[float] = []
    t0 = time.perf_counter()
    for i in range(games):
        seats = [make_bot(seed=seed + 4 * i + s) for s in range(4)]
        st = play(seats, seed + i, lat, {0, 1, 2, 3})
        ended[st.ended_by] += 1
        turns += st.turn
        actions += st.version
        if (i + 1) % 10 == 0:
            print(f"... {i + 1} games, {dict(ended)}, mean turns {turns / (i + 1):.2f}; "
                  f"{latency_line(lat)}", flush=True)
    indep = ended["independence"]
    lo, hi = wilson(indep, games)
    print(f"4 heuristic bots: {games} games; independence {100 * indep / games:.1f}% "
          f"(95% Wilson {100 * lo:.1f}-{100 * hi:.1f}); ended by {dict(ended)}; mean turns "
          f"{turns / games:.2f}, mean actions {actions / games:.0f}; "
          f"{(time.perf_counter() - t0) / games:.2f} s/game")
    print(latency_line(lat))


def others(games: int, seed: int) -> None:
    for name, budget in (("greedy", {"samples": 1}), ("mcts", {"iterations": 20})):
        ended: Counter[str] = Counter()
        t0 = time.perf_counter()
        for i in range(games):
            seats = [make_bot(seed=seed + i), bots.make(name, seed=seed + i, **budget),
                     bots.make("random", seed=seed + i), make_bot(seed=seed + i + 1)]
            st = play(seats, seed + i, [], set())
            ended[st.ended_by] += 1
        print(f"{name} {budget} with heuristic/random: {games} games finished, ended by "
              f"{dict(ended)}, {(time.perf_counter() - t0) / games:.1f} s/game")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=("versus", "self", "others"), default="versus")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=13_000)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5))
    parser.add_argument("--crises-paid", action="store_true",
                        help="counterfactual: crises never move the rebellion marker")
    args = parser.parse_args()
    if args.crises_paid:
        crises_paid()
    if args.mode == "versus":
        versus(args.games, args.seed, args.opponent, args.players)
    elif args.mode == "self":
        self_play(args.games, args.seed)
    else:
        others(args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
