"""Win rate of the lone bot LONE in RUN (share of ties counted as a win; 95 % Wilson interval),
on the indices listed in both RUN and BASE when BASE is given (the baseline's same seat too)."""
import json
import math
import sys


def wilson(k, n, z=1.96):
    if not n:
        return 0.0, 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, c - h, c + h


lone, run = sys.argv[1], sys.argv[2]
R = {r["index"]: r for r in map(json.loads, open(run))}
B = {r["index"]: r for r in map(json.loads, open(sys.argv[3]))} if len(sys.argv) > 3 else None
idx = sorted(set(R) & set(B)) if B else sorted(R)
for name, rows in (("run", R), ("base", B)) if B else (("run", R),):
    wins = shared = nowin = 0
    for i in idx:
        r, seat = rows[i], R[i]["seats"].index(lone)
        w = r["winners"]
        nowin += not w
        if seat in w:
            wins += 1
            shared += len(w) > 1
    p, lo, hi = wilson(wins, len(idx))
    print(f"{name}: {len(idx)} games (indices {idx[0]}-{idx[-1]}), seat of {lone} won {wins} "
          f"({shared} shared) = {100 * p:.1f} % (95 % {100 * lo:.1f}-{100 * hi:.1f}); "
          f"no winner {nowin}; mean actions {sum(rows[i]['actions'] for i in idx) / len(idx):.0f}")
