"""Tournaments at scale: seeded games between bots on a local process pool or Ray.

    job = Job("catan", parse_seats("heuristic,random,random,random"), games=200, seed=1,
              rotate=True)
    rows, summary = run_tournament(job, backend="local", workers=2, out="results.jsonl")
"""

from settlers.core.i18n import register_namespace

register_namespace("sim", "settlers.sim")

from settlers.sim.job import Job  # noqa: E402
from settlers.sim.play import play_game  # noqa: E402
from settlers.sim.recorded import state_from_row  # noqa: E402
from settlers.sim.results import read_rows, write_rows  # noqa: E402
from settlers.sim.seating import SeatSpec, parse_seats  # noqa: E402
from settlers.sim.stats import summarize, wilson  # noqa: E402
from settlers.sim.tournament import run_tournament  # noqa: E402

__all__ = ["Job", "SeatSpec", "parse_seats", "play_game", "read_rows", "run_tournament",
           "state_from_row", "summarize", "wilson", "write_rows"]
