"""Lone-seat wins with a Wilson interval and the paired counts, both seeds pooled.

    python docs/results/iceland-known-hands-heuristic/summary.py LONE RUN BASE [RUN BASE ...]
"""
import json
import math
import sys


def rows(path):
    return {r["index"]: r for r in map(json.loads, open(path))}


def wilson(k, n, z=1.96):
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


lone, pairs = sys.argv[1], sys.argv[2:]
n = new = old = only_new = only_old = 0
for run, base in zip(pairs[::2], pairs[1::2]):
    R, B = rows(run), rows(base)
    for i in sorted(set(R) & set(B)):
        if R[i]["winners"] is None or B[i]["winners"] is None:
            continue  # step limit: left out of both
        assert (R[i]["seed"], R[i]["bot_seeds"]) == (B[i]["seed"], B[i]["bot_seeds"])
        seat = R[i]["seats"].index(lone)
        a, b = seat in R[i]["winners"], seat in B[i]["winners"]
        n += 1; new += a; old += b; only_new += a and not b; only_old += b and not a
d = only_new + only_old
p = min(1.0, 2 * sum(math.comb(d, k) for k in range(min(only_new, only_old) + 1)) / 2 ** d)
lo, hi = wilson(new, n)
blo, bhi = wilson(old, n)
print(f"{n} paired games: {lone} in the lone seat won {new} ({new / n:.1%}, Wilson 95 % "
      f"{lo:.1%}-{hi:.1%}); an old heuristic in that seat won {old} ({old / n:.1%}, "
      f"{blo:.1%}-{bhi:.1%}); only with {lone}: {only_new}, only old: {only_old}; "
      f"sign test p = {p:.3f}")
