"""Run a job on a backend, stream rows to a results file, and summarise."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.sim.backends import run_backend
from settlers.sim.job import Job
from settlers.sim.results import ResultsWriter
from settlers.sim.stats import Summary, Tally


def run_tournament(
    job: Job,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    out: str | None = None,
    on_row: Callable[[dict[str, Any]], None] | None = None,
    keep_rows: bool = True,
) -> tuple[list[dict[str, Any]], Summary]:
    """Play every game of `job`; rows come back sorted by game index (none if not
    `keep_rows`: the summary is tallied as games finish, so big runs need no memory)."""
    rows: list[dict[str, Any]] = []
    tally = Tally(list(dict.fromkeys(spec.label for spec in job.seats)))
    writer = ResultsWriter(out) if out else None
    try:
        for chunk in run_backend(job, backend, workers, address):
            for row in chunk:
                tally.add(row)
                if keep_rows:
                    rows.append(row)
                if writer is not None:
                    writer.write(row)
                if on_row is not None:
                    on_row(row)
    finally:
        if writer is not None:
            writer.close()
    rows.sort(key=lambda r: r["index"])
    return rows, tally.summary()
