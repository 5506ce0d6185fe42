"""The branch's heuristic against the base's, in one process: one seat of one version and
three of the other, the lone seat rotated, same seeds both ways.

usage: head_to_head.py BASE_HEURISTIC_PY FIRST COUNT CAP OUT.jsonl
  BASE_HEURISTIC_PY: the base's ``src/settlers/games/iceland/heuristic.py`` (e.g. from
  ``git archive a71cda7b src``); it is loaded as its own module and imports the branch's
  other iceland modules, which the branch does not change (it adds ``heuristic_stall.py``).
Each index is played twice: a lone base bot vs three branch bots, and a lone branch bot vs
three base bots, the lone seat ``index % 4``. One JSON line a game.
"""
import importlib.util
import json
import sys
import time

from settlers.bots import derive_seed
from settlers.core import load
from settlers.games.iceland import heuristic as new_heuristic

path, first, count, cap, out = (sys.argv[1], int(sys.argv[2]), int(sys.argv[3]),
                                int(sys.argv[4]), sys.argv[5])
spec = importlib.util.spec_from_file_location("base_iceland_heuristic", path)
assert spec is not None and spec.loader is not None
old_heuristic = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old_heuristic)
game = load("iceland")
with open(out, "a") as f:
    for index in range(first, first + count):
        seed = derive_seed("h2h", 4663, index)
        lone_seat = index % 4
        for lone in ("base", "branch"):
            lone_mod, others = ((old_heuristic, new_heuristic) if lone == "base"
                                else (new_heuristic, old_heuristic))
            bots = [(lone_mod if seat == lone_seat else others).make_bot(seed + seat)
                    for seat in range(4)]
            st = game.new_state(4, seed, {})
            started = time.perf_counter()
            steps = 0
            while not st.over and steps < cap:
                seat = st.to_act[0]
                st.apply(seat, bots[seat].act(st, seat))
                steps += 1
            row = {"index": index, "seed": seed, "lone": lone, "lone_seat": lone_seat,
                   "ended": st.over, "actions": steps,
                   "winners": list(st.winners()) if st.over else None,
                   "seconds": round(time.perf_counter() - started, 1)}
            f.write(json.dumps(row) + "\n")
            f.flush()
