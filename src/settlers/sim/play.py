"""Play one game of a job and describe it as a result row.

A row is also a save record (`settlers.core.saves` format): with its log it loads with
`settlers.load_state` / `state_from_record` and replays with `settlers replay`. Rows carry the
line-up and the bots' seeds too, so a game stored without its log can be re-played from them
(`settlers.sim.recorded.state_from_row`). A game that fails — a bot raises, a bot answers an illegal action, the game
exceeds the step limit — becomes a row with `error` set and its log kept; the run goes on.
"""

from __future__ import annotations

import time
import traceback
from typing import Any

import settlers.core as core
from settlers.core.collector import LongRun
from settlers.core.errors import IllegalAction, SettlersError
from settlers.core.i18n import LANGUAGES
from settlers.core.saves import FORMAT, FORMAT_VERSION
from settlers.sim.job import Job


class StepLimit(SettlersError):
    """The game did not end within the job's step limit."""


class TimeLimit(SettlersError):
    """The game did not end within the job's wall-clock cap."""


class Stuck(SettlersError):
    """The game is not over but nobody is to act."""


def play_game(job: Job, index: int) -> dict[str, Any]:
    game = core.load(job.game)
    lineup = job.lineup(index)
    seed = job.game_seed(index)
    bot_seeds = [job.bot_seed(index, seat) for seat in range(len(lineup))]
    row: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "index": index,
        "game": job.game,
        "rules": game.rules_version,
        "players": len(lineup),
        "seed": seed,
        "options": game.resolve_options(job.options),
        "seats": [spec.label for spec in lineup],
        "bot_seeds": bot_seeds,
        "scores": None,
        "winners": None,
        "actions": 0,
        "seconds": 0.0,
        "error": None,
        "log": None,
        "digest": None,
    }
    started = time.perf_counter()
    state = None
    current: list[Any] = [None, None]  # the seat asked last and its answer, for failures
    try:
        state = game.new_state(len(lineup), seed, job.options)
        bots = [spec.build(bot_seed) for spec, bot_seed in zip(lineup, bot_seeds, strict=True)]
        deadline = None if job.max_seconds is None else started + job.max_seconds
        play_out(state, bots, job.max_steps, current, deadline)
        row["scores"] = [float(s) for s in state.scores()]
        row["winners"] = list(state.winners())
    except Exception as exc:  # one broken game must not stop the tournament
        row["error"] = describe_failure(exc, current[0], current[1])
    row["seconds"] = time.perf_counter() - started
    if state is not None:
        row["actions"] = state.version
        if job.keep_logs or row["error"] is not None:
            row["log"] = state.log_json()
        if job.keep_logs and row["error"] is None:
            # not for a failed game: a game error may have left the state half-changed, and
            # the log (which ends before the failing action) must still replay
            row["digest"] = state.digest()
    return row


def play_out(state: Any, bots: list[Any], max_steps: int,
             current: list[Any] | None = None, deadline: float | None = None) -> None:
    """Let the bots play `state` to the end.

    Simultaneous decisions are asked one seat at a time, lowest seat first (`to_act[0]`);
    every action is checked, so an illegal answer raises IllegalAction. `current`, if given,
    holds the seat asked last and its answer (to describe a failure). `deadline`, if given,
    is a `time.perf_counter()` value after which the game stops with TimeLimit.
    """
    steps = 0
    while not state.over:
        to_act = state.to_act
        if not to_act:
            raise Stuck("sim.stuck", version=state.version)
        if steps >= max_steps:
            raise StepLimit("sim.step_limit", steps=max_steps)
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeLimit("sim.time_limit", version=state.version)
        seat = to_act[0]
        if current is not None:
            current[0], current[1] = seat, None
        action = bots[seat].act(state, seat)
        if current is not None:
            current[1] = action
        state.apply(seat, action)
        steps += 1


def describe_failure(exc: BaseException, seat: int | None, action: Any) -> dict[str, Any]:
    if isinstance(exc, IllegalAction):
        kind = "illegal_action"
    elif isinstance(exc, StepLimit):
        kind = "step_limit"
    elif isinstance(exc, TimeLimit):
        kind = "time_limit"
    elif isinstance(exc, Stuck):
        kind = "stuck"
    else:
        kind = "exception"
    out: dict[str, Any] = {
        "kind": kind,
        "type": type(exc).__name__,
        "message": exc.message("en") if isinstance(exc, SettlersError) else str(exc),
        "seat": seat,
        "action": None,
        "traceback": "".join(traceback.format_exception(exc)),
    }
    if isinstance(exc, SettlersError):   # ("message" stays English, as rows always had it)
        out["messages"] = {lang: exc.message(lang) for lang in LANGUAGES}   # for the screen
    if action is not None:
        try:
            out["action"] = action.to_json()
        except Exception:  # a bot may answer something that is not an Action
            out["action"] = repr(action)
    return out


def play_chunk(job: Job, indices: range | list[int],
               long_run: LongRun | None = None) -> list[dict[str, Any]]:
    """The games of ``indices``, in order; with ``long_run``, the process's garbage collector
    is told of each game's end (``settlers.core.collector.LongRun``)."""
    job.register_games()
    rows = []
    for index in indices:
        rows.append(play_game(job, index))
        if long_run is not None:
            long_run.game_over()
    return rows


#: the games this process has played as a worker of a pool (local processes or Ray)
_WORKER_RUN = LongRun()


def play_chunk_in_worker(job: Job, indices: range | list[int]) -> list[dict[str, Any]]:
    """``play_chunk`` in a worker process of ours, which plays chunk after chunk: what lives
    between its games (the engines' memo tables, interned actions) is frozen out of the
    collector's passes. A run in the caller's own process leaves its collector alone."""
    return play_chunk(job, indices, _WORKER_RUN)
