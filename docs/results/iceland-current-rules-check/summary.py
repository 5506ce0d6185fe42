"""Summarize a check's rows: the lone bot's win share with a Wilson interval, against the ladder.

usage: summary.py ROWS.jsonl LONE_LABEL LADDER_WINS LADDER_GAMES [TRACE]
"""
import json
import sys
from collections import Counter
from pathlib import Path

from settlers.sim.stats import fisher_two_sided, summarize, wilson



path, lone, lw, ln = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rows = [json.loads(line) for line in Path(path).read_text().splitlines()]
rows = [r for r in rows if r.get("error") is None]
summary = summarize(rows)
line = next(b for b in summary.bots if b.label == lone)
wins = float(line.wins)
lo, hi = wilson(wins, line.seats)
llo, lhi = wilson(lw, ln)
nowin = sum(1 for r in rows if not r["winners"])
shared = sum(1 for r in rows if r["winners"] and len(r["winners"]) > 1)
seats = Counter(r["seats"].index(lone) for r in rows)
print(f"{path}: rules {sorted({r['rules'] for r in rows})}, games {len(rows)}, lone seat counts {dict(sorted(seats.items()))}")
print(f"  {lone}: {wins:g}/{line.seats} = {100*wins/line.seats:.1f} % ({100*lo:.1f}-{100*hi:.1f})"
      f"; ladder {lw}/{ln} = {100*lw/ln:.1f} % ({100*llo:.1f}-{100*lhi:.1f})"
      f"; overlap {'yes' if lo <= lhi and llo <= hi else 'NO'}"
      f"; Fisher p = {fisher_two_sided(round(wins), line.seats, lw, ln):.2f}")
print(f"  no winner {nowin}, shared wins {shared}, mean actions {summary.mean_actions:.0f},"
      f" mean seconds {summary.mean_seconds:.1f}")
if len(sys.argv) > 5:
    t = [json.loads(x) for x in Path(sys.argv[5]).read_text().splitlines()]
    stopped = sum(1 for x in t if x["clock_stopped"] or x["playouts"] < x["budget"])
    cpu = sorted(x["cpu_ms"] for x in t)
    print(f"  searched decisions {len(t)}: stopped by the clock {stopped}"
          f" ({100*stopped/max(1,len(t)):.2f} %), playouts {dict(Counter(x['playouts'] for x in t))},"
          f" CPU ms median {cpu[len(cpu)//2]:.0f}, p99 {cpu[int(0.99*len(cpu))]:.0f}, max {cpu[-1]:.0f}")
