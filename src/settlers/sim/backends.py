"""Where games run: in this process, in a local process pool, or on a Ray cluster.

All backends play the same `play_chunk(job, indices)` and hand back rows as chunks finish;
the tournament sorts them by game index, so the output does not depend on the backend. Pool
workers (local processes, Ray) play theirs through `play_chunk_in_worker`, which keeps the long
run's collector policy of `settlers.core.collector` in a process that is ours.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from settlers.core.errors import SettlersError
from settlers.sim.job import Job
from settlers.sim.play import play_chunk, play_chunk_in_worker

BACKENDS = ("local", "ray")
Rows = list[dict[str, Any]]


class BackendError(SettlersError, ValueError):
    """A backend that cannot run (unknown name, Ray missing or unreachable)."""


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def chunk_size(job: Job, workers: int) -> int:
    """Small enough for a smooth progress bar and balanced workers, big enough to amortise."""
    return max(1, min(25, len(job.index_list()) // (workers * 8) or 1))


def run_local(job: Job, workers: int) -> Iterator[Rows]:
    if workers <= 1 or len(job.index_list()) <= 1:
        for chunk in job.chunks(1):
            yield play_chunk(job, chunk)
        return
    chunks = job.chunks(chunk_size(job, workers))
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
        pending = {pool.submit(play_chunk_in_worker, job, chunk) for chunk in chunks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def run_ray(job: Job, workers: int, address: str | None = None) -> Iterator[Rows]:
    try:
        import ray
    except ImportError:
        raise BackendError("sim.ray_missing") from None
    started_here = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=max(1, workers), include_dashboard=False,
                         log_to_driver=False)
        except Exception as exc:  # ray raises many kinds
            raise BackendError("sim.ray_unreachable", address=address or "local",
                               error=str(exc)) from None
        started_here = True
    try:
        remote_chunk = ray.remote(play_chunk_in_worker)
        job_ref = ray.put(job)
        chunks = job.chunks(chunk_size(job, max(1, workers)))
        pending = [remote_chunk.remote(job_ref, list(chunk)) for chunk in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


RAY_PROBE_SECONDS = 5.0   # how long a named Ray address may take to accept a connection


def check_backend(backend: str, address: str | None = None) -> None:
    """BackendError now, before a game or a progress bar, if ``backend`` is not a backend's
    name, or if a Ray cluster's ``address`` (``host:port``, ``ray://host:port``) is not one
    or answers no connection: Ray itself retries an unreachable address for minutes,
    printing its own English lines, and the run never starts."""
    if backend not in BACKENDS:
        raise BackendError("sim.unknown_backend", backend=backend, known=", ".join(BACKENDS))
    if backend != "ray" or not address or address in ("auto", "local"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BackendError("sim.ray_bad_address", address=address)
    try:
        socket.create_connection((host.strip("[]"), int(port)), RAY_PROBE_SECONDS).close()
    except OSError:
        raise BackendError("sim.ray_no_answer", address=address,
                           seconds=f"{RAY_PROBE_SECONDS:g}") from None


def run_backend(job: Job, backend: str = "local", workers: int | None = None,
                address: str | None = None) -> Iterator[Rows]:
    check_backend(backend, address)
    count = default_workers() if workers is None else workers
    if backend == "local":
        return run_local(job, count)
    if backend == "ray":
        return run_ray(job, count, address)
    raise BackendError("sim.unknown_backend", backend=backend, known=", ".join(BACKENDS))
