"""Finished games: states along the log for the replay page, and the record that proves it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

# snapshots one game in memory keeps for its replay pages (``replay_to``)
MAX_SNAPSHOTS = 32


def replay_to(room, step: int, every: int):
    """The state after ``step`` actions of a game (finished or running), rebuilt from its log.

    Snapshots every ``every`` steps are kept on the room so stepping back and forth is cheap
    — at most ``MAX_SNAPSHOTS`` of them (further apart in a longer game: a long Catan game
    kept 271, ≈ 14 MB, in every game in memory a client had stepped to the end of). Runs in a
    worker thread."""
    final = room.state
    every = max(every, 1)
    while len(final.log) > every * MAX_SNAPSHOTS:
        every *= 2   # (a power of two times the setting: half the snapshots stay as it grows)
    cache = getattr(room, "replay_cache", None)
    if cache is None:
        first = final.game.new_state(players=final.players, seed=final.seed, options=final.options)
        cache = room.replay_cache = {0: first}
    elif any(c % every for c in list(cache)):
        # a game still being played grows, and its snapshots grow apart with it: those
        # kept at the old spacing go, every other one (else a client replaying a running
        # game as it grows kept 139 snapshots of a 6,000-move game, past MAX_SNAPSHOTS).
        # A new dict, bound at once: a replay of the room in another thread reads the old
        cache = room.replay_cache = {c: s for c, s in list(cache.items()) if c % every == 0}
    k = max(c for c in list(cache) if c <= step)
    state = cache[k].clone()
    for i in range(k, step):
        seat, action = final.log[i]
        state.apply(seat, action, check=False)
        if (i + 1) % every == 0 and (i + 1) not in cache:
            cache[i + 1] = state.clone()
    return state


async def finished_once(room, compute: Callable[[Any], dict]) -> dict:
    """``compute(room)`` of a finished game (its timeline, its record's check: a pass along
    the whole log, ≈ 0.2 and 0.7 s for a long Catan game), in a worker thread once per game
    in memory — its state never changes — however many ask, together or one after another
    (each asking cost the whole pass: a client could queue seconds of CPU, at the read rate,
    on the threads loads and new games use). A failure is not kept."""
    memo = room.finished_results
    got = memo.get(compute)
    if got is None:
        got = memo[compute] = asyncio.ensure_future(asyncio.to_thread(compute, room))
        got.add_done_callback(lambda done: (done.cancelled() or done.exception() is not None)
                              and memo.pop(compute, None))
    return await asyncio.shield(got)


def score_timeline(room, max_points: int = 240) -> dict:
    """Every player's score along a finished (or stopped) game (the game-over chart):
    at most ``max_points`` evenly spaced steps, the first and the last always included.
    One pass along the log; runs in a worker thread."""
    final = room.state
    total = len(final.log)
    stride = max(1, -(-total // max_points))
    wanted = set(range(0, total + 1, stride)) | {total}
    state = final.game.new_state(players=final.players, seed=final.seed, options=final.options)
    steps, scores = [], []
    for i in range(total + 1):
        if i in wanted:
            steps.append(i)
            scores.append([float(x) for x in state.scores()])
        if i < total:
            seat, action = final.log[i]
            state.apply(seat, action, check=False)
    # (a game stopped at the most moves a game may have ends where it stopped: nobody won)
    return {"steps": steps, "scores": scores, "final": [float(x) for x in final.scores()],
            "winners": list(final.winners()) if final.over else []}


def score_breakdown(state, lang: str) -> dict | None:
    """The final scores by the rulebook's categories (the game's ``score_breakdown``), with
    each category's name in ``lang``: ``{"categories": [{key, label}], "rows": [[points]]}``
    (one row per seat, in the categories' order), or None if the game gives none."""
    from settlers.core import translate

    rows = state.score_breakdown()
    if not rows:
        return None
    keys = list(dict.fromkeys(k for row in rows for k in row))
    return {"categories": [{"key": k, "label": translate(k, lang)} for k in keys],
            "rows": [[row.get(k, 0) for k in keys] for row in rows]}


def verify_record(room) -> dict:
    """Replay the finished game from its revealed seed, options and log, from scratch, and
    say whether it ends where the stored game ended. Runs in a worker thread."""
    final = room.state
    state = final.game.replay(final.players, room.rec.seed, final.options, list(final.log))
    return {
        "actions": len(final.log),
        "replayed_scores": list(state.scores()) if state.over or not final.over else None,
        "stored_scores": list(final.scores()),
        # (a game stopped at the most moves it may have ends unfinished: so does its replay)
        "same_end": bool(state.over == final.over
                         and list(state.scores()) == list(final.scores())
                         and state.version == final.version),
    }


def game_record(room) -> dict:
    """Everything needed to check a finished game independently: the seed, its salt and
    commitment, the options and every action."""
    final = room.state
    return {
        "id": room.id,
        "game": room.rec.game,
        "players": final.players,
        "options": dict(final.options),
        "seed": str(room.rec.seed),
        "salt": room.rec.seed_salt,
        "commitment": room.rec.seed_commitment,
        "actions": [{"seat": s, "action": a.to_json()} for s, a in final.log],
    }
