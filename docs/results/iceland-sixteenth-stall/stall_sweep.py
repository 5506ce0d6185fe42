"""Play Landnám games of one line-up with a step cap and report, per game, whether it ended,
its length and the longest stretch of actions without a change of score or house (a stall).

usage: stall_sweep.py SEATS SEED FIRST COUNT CAP OUT.jsonl
  SEATS: comma-separated seat labels, e.g. ``heuristic,heuristic,heuristic,heuristic`` or
  ``guided:iterations=30,heuristic,heuristic,heuristic`` (rotated like ``simulate
  --rotate-seats``); the game and bot seeds are those of ``settlers simulate`` with ``--seed
  SEED`` (``settlers.sim.job.Job``), indices FIRST .. FIRST+COUNT-1. One JSON line a game.
Run it with PYTHONPATH pointing at the tree to measure (the branch or the base).
"""
import json
import sys
import time

from settlers.core import load
from settlers.games.iceland.scoring import all_victory_points
from settlers.sim.job import Job
from settlers.sim.seating import parse_seat

labels, seed, first, count, cap, out = (sys.argv[1].split(","), int(sys.argv[2]),
                                        int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                                        sys.argv[6])
job = Job("iceland", tuple(parse_seat(x) for x in labels), first + count, seed, rotate=True)
game = load("iceland")
with open(out, "a") as f:
    for index in range(first, first + count):
        lineup = job.lineup(index)
        st = game.new_state(len(lineup), job.game_seed(index), {})
        bots = [spec.build(job.bot_seed(index, seat)) for seat, spec in enumerate(lineup)]
        started = time.perf_counter()
        steps = last = longest = 0
        key = None
        while not st.over and steps < cap:
            seat = st.to_act[0]
            st.apply(seat, bots[seat].act(st, seat))
            steps += 1
            now = (tuple(all_victory_points(st)), tuple(st.house_level))
            if now != key:
                key, last = now, steps
            longest = max(longest, steps - last)
        row = {"index": index, "seed": job.game_seed(index), "seats": [s.label for s in lineup],
               "rules": game.rules_version, "ended": st.over, "actions": steps,
               "longest_stall": longest, "points": all_victory_points(st),
               "winners": list(st.winners()) if st.over else None,
               "seconds": round(time.perf_counter() - started, 1)}
        f.write(json.dumps(row) + "\n")
        f.flush()
