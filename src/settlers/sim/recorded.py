"""The games recorded in a results file: find one by its index, rebuild it (replayed from its
log, or re-played by its bots when the log was not kept), export it as a save file for
`settlers replay`."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from settlers.core.saves import save, state_from_record
from settlers.core.state import GameState
from settlers.sim.results import ResultsError, iter_rows


def find_row(rows: Iterable[dict[str, Any]], index: int) -> dict[str, Any]:
    """The row of game ``index`` (``rows`` are read only until it is found: iter_rows)."""
    low = high = None
    for row in rows:
        if row.get("index") == index:
            return row
        number = row.get("index")
        if type(number) is int:
            low = number if low is None else min(low, number)
            high = number if high is None else max(high, number)
    raise ResultsError("sim.no_such_game", index=index,
                       known=f"{low}–{high}" if low is not None else "-")


# what re-playing a game without its log needs from its row, and of what type
REPLAY_FIELDS = (("game", str), ("players", int), ("seed", int), ("options", dict),
                 ("seats", list), ("bot_seeds", list))


def state_from_row(row: dict[str, Any]) -> GameState:
    """The game a row describes: replayed from its log, or re-played by its bots if the log
    was not kept (same seeds, same line-up; exact for iteration budgets, not for `ms`)."""
    if row.get("log") is not None:
        return state_from_record(row, f"game {row.get('index')}")
    from settlers.core import load
    from settlers.sim.play import play_out
    from settlers.sim.seating import parse_seat

    for name, kind in REPLAY_FIELDS:
        if type(row.get(name)) is not kind:
            raise ResultsError("sim.bad_row_field", index=row.get("index"), field=name)
    if not len(row["seats"]) == len(row["bot_seeds"]) == row["players"]:
        raise ResultsError("sim.bad_row_field", index=row.get("index"), field="seats")
    state = load(row["game"]).new_state(row["players"], row["seed"], row["options"])
    bots = [parse_seat(str(label)).build(seed)
            for label, seed in zip(row["seats"], row["bot_seeds"], strict=True)]
    with contextlib.suppress(Exception):  # a failed game stops where it failed in the run
        play_out(state, bots, max(int(row.get("actions") or 0), 1))
    return state


def extract_save(results: str | os.PathLike[str], index: int,
                 target: str | os.PathLike[str]) -> Path:
    """Write game `index` of a results file as a save file for `settlers replay`."""
    row = find_row(iter_rows(results), index)
    state = state_from_row(row)
    return save(state, target, meta={"results": str(results), "index": index,
                                     "seats": row["seats"]})

