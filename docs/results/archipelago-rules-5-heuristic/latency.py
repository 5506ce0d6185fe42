"""Per-decision time of the old (ff6d8b2) and the new heuristic on the same positions: games of
four new heuristics; at every decision both bots act on the same state, in alternating order.
Also counts the round menus with a builder's shore to choose (Build(..., "shore0"/"shore1")).
usage (worktree root): PYTHONPATH=src:docs/results/archipelago-rules-5-heuristic python
    docs/results/archipelago-rules-5-heuristic/latency.py FIRST LAST"""
import sys
import time

import sim_variants as V

import settlers
from settlers.games.archipelago import building
from settlers.games.archipelago import heuristic as new

G = settlers.load("archipelago")
t_old: list[float] = []
t_new: list[float] = []
shore_menus = differ = rounds = 0
for g in range(int(sys.argv[1]), int(sys.argv[2])):
    newb = [new.make_bot(seed=g * 4 + s) for s in range(4)]
    oldb = [V.old.make_bot(seed=g * 4 + s) for s in range(4)]
    st = G.new_state(players=4, seed=9000 + g)
    k = 0
    while not st.over:
        seat = st.to_act[0]
        pair = [(oldb[seat], t_old), (newb[seat], t_new)]
        if k % 2:
            pair.reverse()
        got = {}
        for bot, times in pair:
            t = time.perf_counter()
            got[id(times)] = bot.act(st, seat)
            times.append(time.perf_counter() - t)
        a = got[id(t_new)]
        if st.step == "round" and seat == st.actor:
            rounds += 1
            differ += a != got[id(t_old)]
            shore_menus += any(x.kind == "build" and x.by in building.BY_SHORE
                               for x in st.legal_actions(seat))
        st.apply(seat, a, check=False)
        k += 1
for name, ts in (("old", t_old), ("new", t_new)):
    ts = sorted(ts)
    n = len(ts)
    print(f"{name}: {n} decisions, mean {1000 * sum(ts) / n:.2f} ms, median {1000 * ts[n // 2]:.2f}"
          f" ms, p99 {1000 * ts[int(n * 0.99)]:.1f} ms, max {1000 * ts[-1]:.1f} ms")
print(f"round decisions {rounds}, new differs from old in {differ}, menus with a builder's "
      f"shore {shore_menus}")
