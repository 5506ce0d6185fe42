"""Summarize this check's rows: the lone bot's win share over the counted prefix, against the README.

usage: summary.py ROWS.jsonl LONE_LABEL README_WINS README_GAMES

The counted games are the longest run of indices 0, 1, ... whose length is a multiple of 4
(every seat equally often; the stopping rule in NOTES.md). Wilson's interval and Fisher's
test come from settlers.sim.stats. Also checks that no game seed of the rows occurs in any
other results file under docs/results/.
"""
import json
import sys
from collections import Counter
from pathlib import Path

from settlers.sim.stats import fisher_two_sided, summarize, wilson

path, lone, rw, rn = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
by_index = {r["index"]: r for r in rows}
prefix = 0
while prefix in by_index:
    prefix += 1
counted = [by_index[i] for i in range(prefix - prefix % 4)]
errors = [r for r in rows if r.get("error") is not None]
for r in errors:
    print(f"  ERROR index {r['index']} seed {r['seed']}: {r['error']}")
summary = summarize([r for r in counted if r.get("error") is None])
line = next(b for b in summary.bots if b.label == lone)
wins = float(line.wins)
lo, hi = wilson(wins, line.seats)
rlo, rhi = wilson(rw, rn)
nowin = sum(1 for r in counted if not r["winners"])
shared = sum(1 for r in counted if r["winners"] and len(r["winners"]) > 1)
seats = Counter(r["seats"].index(lone) for r in counted)
print(f"{path.name}: rows {len(rows)}, contiguous {prefix}, counted {len(counted)},"
      f" rules {sorted({r['rules'] for r in counted})}, lone seat counts {dict(sorted(seats.items()))}")
print(f"  {lone}: {wins:g}/{line.seats} = {100*wins/line.seats:.1f} % ({100*lo:.1f}-{100*hi:.1f})"
      f"; README {rw}/{rn} = {100*rw/rn:.1f} % ({100*rlo:.1f}-{100*rhi:.1f})"
      f"; overlap {'yes' if lo <= rhi and rlo <= hi else 'NO'}"
      f"; Fisher p = {fisher_two_sided(round(wins), line.seats, rw, rn):.2f}")
secs = sorted(r["seconds"] for r in counted)
print(f"  no winner {nowin}, shared wins {shared}, errors {len(errors)}, mean actions"
      f" {summary.mean_actions:.0f}, seconds a game mean {sum(secs)/max(1, len(secs)):.1f}"
      f" (min {secs[0]:.1f}, max {secs[-1]:.1f})")
mine = {r["seed"] for r in rows}
here = path.resolve()
clash = []
for other in Path("docs/results").rglob("*.jsonl"):
    if other.resolve().parent == here.parent:
        continue
    text = other.read_text(errors="replace")
    clash += [(other, s) for s in mine if f'"seed":{s},' in text or f'"seed": {s},' in text]
print(f"  game seeds found in other results files: {len(clash)} {clash[:3]}")
