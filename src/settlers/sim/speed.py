"""What the per-game speed benchmarks (``benchmarks/*_random_playout.py``, ``engine_speed.py``)
share: a uniformly random step, seeded games within a CPU-time budget, actions per CPU second
by tenth of each game, and the command-line switches that ask for those figures.

Times are CPU time of this process (``time.process_time``): the machine is shared, wall time
would measure the neighbours too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

DECILES = 10

SeatChoice = Callable[[Any, random.Random], int]


def any_seat(state: Any, rng: random.Random) -> int:
    """One of the seats to act, uniformly."""
    return int(rng.choice(state.to_act))


def first_seat(state: Any, rng: random.Random) -> int:
    """The first seat to act (no draw from ``rng``)."""
    return int(state.to_act[0])


def random_step(state: Any, rng: random.Random, seat_of: SeatChoice = any_seat) -> None:
    """Apply a uniformly random legal action of the seat ``seat_of`` picks, unchecked (as bots
    do with actions they took from ``legal_actions``)."""
    seat = seat_of(state, rng)
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.randrange(len(legal))], check=False)


def play_out(state: Any, rng: random.Random, seat_of: SeatChoice = any_seat,
             limit: int | None = None) -> int:
    """Random steps until the game is over (or ``limit`` steps); returns how many."""
    steps = 0
    while not state.over and (limit is None or steps < limit):
        random_step(state, rng, seat_of)
        steps += 1
    return steps


def walk(state: Any, rng: random.Random, every: int = 1,
         seat_of: SeatChoice = any_seat) -> Iterator[Any]:
    """``state`` itself before every ``every``-th of the random steps that play it out (the
    positions the tests of kept facts compare with the answer from scratch)."""
    step = 0
    while not state.over:
        if step % every == 0:
            yield state
        random_step(state, rng, seat_of)
        step += 1


def seeded_games(start: Callable[[int], Any], seed: int, seconds: float | None = None,
                 count: int | None = None) -> Iterator[tuple[Any, random.Random]]:
    """``start(k)`` for k = seed, seed+1, …, each with ``random.Random(k)`` for its moves:
    ``count`` games, or as many as begin within ``seconds`` of CPU time (the first always)."""
    started = time.process_time()
    k = seed
    while count is None or k - seed < count:
        if seconds is not None and k > seed and time.process_time() - started >= seconds:
            return
        yield start(k), random.Random(k)
        k += 1


def playout_rate(start: Callable[[int], Any], seed: int, seconds: float,
                 seat_of: SeatChoice = any_seat) -> tuple[int, int, float]:
    """Random playouts of ``seeded_games`` for about ``seconds`` of CPU time, with no timer
    inside the loop: (games, actions, CPU seconds)."""
    started = time.process_time()
    games = actions = 0
    for state, rng in seeded_games(start, seed, seconds):
        actions += play_out(state, rng, seat_of)
        games += 1
    return games, actions, time.process_time() - started


def lengths_apart(length: Callable[[int], int], seeds: Sequence[int]) -> list[int]:
    """``length(seed)`` for every seed, worked out in a forked child process.

    A benchmark that first plays a seeded game through to learn its length and then times it
    must not time the second pass in the process that ran the first: the engines keep memo
    tables for the process (menus and answers keyed by what a position looks like), and the
    timed pass would find every entry of its own game already made — faster than any game of
    a simulation, which meets such tables only as warm as its *earlier* games left them. The
    child inherits what the earlier timed games built and takes its own entries with it when
    it exits. Where there is no ``fork``, the lengths are worked out here."""
    if not hasattr(os, "fork"):
        return [length(seed) for seed in seeds]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: work the lengths out, send them, leave without clean-up
        status = 1
        try:
            os.close(read)
            with os.fdopen(write, "w") as out:
                json.dump([length(seed) for seed in seeds], out)
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    with os.fdopen(read) as got:
        text = got.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not text:
        raise RuntimeError(f"the child working out the games' lengths failed (status {status})")
    lengths: list[int] = json.loads(text)
    return lengths


def ratio(part: float, whole: float) -> float:
    """``part / whole``, 0 when there is no whole (no game played, no time spent)."""
    return part / whole if whole else 0.0


class DecileTally:
    """Actions per CPU second by tenth of each game: every action's CPU time (legal list and
    apply, the timer's own overhead included) goes to the tenth of its game it falls in. A
    flat row means the cost of an action does not grow with the game."""

    def __init__(self) -> None:
        self.spent = [0] * DECILES  # nanoseconds
        self.count = [0] * DECILES
        self.games = 0

    def play(self, state: Any, rng: random.Random, seat_of: SeatChoice = any_seat) -> int:
        """Play ``state`` out with random steps, timing each; returns the number of steps."""
        clock = time.process_time_ns
        times: list[int] = []
        while not state.over:
            started = clock()
            random_step(state, rng, seat_of)
            times.append(clock() - started)
        self.add(times)
        return len(times)

    def add(self, times: list[int]) -> None:
        """One game's action times, in nanoseconds, in the order they were played."""
        for i, spent in enumerate(times):
            tenth = i * DECILES // len(times)
            self.spent[tenth] += spent
            self.count[tenth] += 1
        self.games += 1

    def rates(self) -> list[float]:
        """Actions per CPU second in each tenth (0 where nothing was played)."""
        return [ratio(1e9 * c, t) for c, t in zip(self.count, self.spent, strict=True)]

    def row(self) -> str:
        return " ".join(f"{rate:.0f}" if rate else "-" for rate in self.rates())


def add_speed_switches(parser: argparse.ArgumentParser, *, mcts: bool = True) -> None:
    """The optional figures of a speed run: ``--deciles``, ``--state-bytes`` (and ``--mcts``)."""
    parser.add_argument("--deciles", action="store_true",
                        help="also actions per CPU second by tenth of each game")
    parser.add_argument("--state-bytes", action="store_true",
                        help="also the pickled size of a mid-game state and a determinization")
    if mcts:
        parser.add_argument("--mcts", action="store_true",
                            help="also MCTS iterations per CPU second (default MCTS bot)")
