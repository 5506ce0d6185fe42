"""Play more games of a `settlers simulate` line-up: the indices a stopped run lacks.

The seeds come from (job seed, index) only, so index i here is index i of
`settlers simulate GAME --seats ... --seed SEED --rotate-seats -n N`.

usage: resume.py GAME SEATS SEED FIRST LAST OUT
"""
import sys

from settlers.core import load
from settlers.sim import Job, parse_seats, run_tournament

game, seats, seed, first, last, out = sys.argv[1:7]
options = load(game).resolve_options({})
job = Job(game, parse_seats(seats), int(last), int(seed), options, True, False,
          indices=tuple(range(int(first), int(last))), game_modules=Job.modules_for(game))
run_tournament(job, "local", 1, None, out, keep_rows=False)
