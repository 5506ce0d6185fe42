"""Play chosen game indices of a simulate run (same seeds: a game depends on its index only).
usage: run_indices.py SEATS SEED FIRST LAST OUT [WORKERS]   (indices FIRST..LAST-1, rotated seats)
From the worktree root: PYTHONPATH=src:docs/results/archipelago-rules-5-heuristic python ..."""
import sys

import sim_variants  # noqa: F401  (registers hold and hnew)

from settlers.sim import Job, parse_seats
from settlers.sim.tournament import run_tournament

seats, seed, first, last, out = (sys.argv[1], int(sys.argv[2]), int(sys.argv[3]),
                                 int(sys.argv[4]), sys.argv[5])
workers = int(sys.argv[6]) if len(sys.argv) > 6 else 1
job = Job("archipelago", parse_seats(seats), games=last, seed=seed, rotate=True,
          indices=tuple(range(first, last)))
rows, summary = run_tournament(job, workers=workers, out=out, keep_rows=False)
print(summary)
