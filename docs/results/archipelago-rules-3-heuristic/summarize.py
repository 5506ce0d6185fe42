"""Lone-seat win rate from simulate --out jsonl files: wins (a shared win counts 1/k), Wilson 95 %."""
import json, math, sys
from collections import Counter
def wilson(k, n, z=1.96):
    if n == 0: return (0, 0)
    p = k / n; d = 1 + z*z/n; c = p + z*z/(2*n); h = z*math.sqrt(p*(1-p)/n + z*z/(4*n*n))
    return ((c-h)/d, (c+h)/d)
lone = sys.argv[1]
for path in sys.argv[2:]:
    rows = [json.loads(l) for l in open(path)]
    n = len(rows); wins = 0.0; whole = 0; shared = 0; nobody = 0; idx = sorted(r["index"] for r in rows)
    seatwins = Counter()
    for r in rows:
        me = r["seats"].index(lone) if r["seats"].count(lone) == 1 else None
        w = r["winners"]
        if not w: nobody += 1
        if me is not None and me in w:
            wins += 1/len(w); whole += 1; shared += len(w) > 1
            seatwins[me] += 1
    lo, hi = wilson(whole, n)
    print(f"{path}: n={n} (indices {idx[0]}..{idx[-1]}, gaps={idx[-1]-idx[0]+1-n}) lone={lone} wins={whole} (shared {shared}, by share {wins:.1f}) "
          f"rate={whole/n:.1%} Wilson95 {lo:.1%}-{hi:.1%}; no winner {nobody}; by seat {dict(sorted(seatwins.items()))}; errors {sum(1 for r in rows if r.get('error'))}")
