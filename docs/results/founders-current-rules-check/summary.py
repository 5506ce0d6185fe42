"""Summarize a spot check's rows against the ladder's head-to-head line-up of the same bots.

The lone bot is the bot of the row's first seat at index 0 (the line-up as given to
`settlers simulate --seats`, before `--rotate-seats` turns it); the ladder's figure is read from
docs/results/ladder-GAME.json. A shared win counts as a fraction (as in the ladder); Fisher's
exact test is on the win counts rounded to whole games. With FIRST_N, only the rows of indices
below it count (to keep every seat equally often after a run was stopped).

usage: summary.py ROWS.jsonl LONE FIELD [FIRST_N]
   e.g. summary.py docs/results/founders-current-rules-check/founders-s8-vs-h.jsonl \
            search:iterations=8 heuristic
"""
import json
import sys
from collections import Counter
from pathlib import Path

from settlers.sim.stats import fisher_two_sided, summarize, wilson



path, lone, field = sys.argv[1], sys.argv[2], sys.argv[3]
rows = [json.loads(line) for line in Path(path).read_text().splitlines()]
if len(sys.argv) > 4:
    rows = [r for r in rows if r["index"] < int(sys.argv[4])]
failed = [r for r in rows if r.get("error") is not None]
rows = [r for r in rows if r.get("error") is None]
game = rows[0]["game"]
ladder = json.loads((Path(__file__).parents[1] / f"ladder-{game}.json").read_text())
h2h = next(h for h in ladder["head_to_head"] if h["bot"] == lone and h["field"] == field)
lw, ln = float(h2h["wins"]), int(h2h["games"])

summary = summarize(rows)
line = next(b for b in summary.bots if b.label == lone)
wins = line.wins
lo, hi = wilson(wins, line.seats)
llo, lhi = wilson(lw, ln)
seats = Counter(r["seats"].index(lone) for r in rows)
print(f"{path}: game {game}, rules {sorted({r['rules'] for r in rows})}, games {len(rows)}"
      f" (failed {len(failed)}), indices {min(r['index'] for r in rows)}-{max(r['index'] for r in rows)},"
      f" lone seat counts {dict(sorted(seats.items()))}")
print(f"  {lone} vs 3 x {field}: {wins:g}/{line.seats} = {100*wins/line.seats:.1f} % ({100*lo:.1f}-{100*hi:.1f})"
      f"; ladder {lw:g}/{ln} = {100*lw/ln:.1f} % ({100*llo:.1f}-{100*lhi:.1f})"
      f"; overlap {'yes' if lo <= lhi and llo <= hi else 'NO'}"
      f"; Fisher p = {fisher_two_sided(round(wins), line.seats, round(lw), ln):.2f}")
print(f"  no winner {summary.no_winner}, shared wins {summary.shared}, mean actions {summary.mean_actions:.0f},"
      f" mean seconds {summary.mean_seconds:.1f}, max actions {max(r['actions'] for r in rows)}")
