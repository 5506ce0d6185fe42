"""1. «Открыть квадрат»: the top tile of a chosen stack goes face up into that stack's row."""

from __future__ import annotations

from settlers.games.founders.actions import STACKS, Reveal
from settlers.games.founders.state import FoundersState

ROW_LIMIT = 5


def stacks_to_reveal(state: FoundersState) -> list[str]:
    """The stacks that still hold tiles («Выберите одну из трёх стопок»)."""
    return [s for i, s in enumerate(STACKS) if state.stacks[i]]


_STACK_INDEX = {s: i for i, s in enumerate(STACKS)}


def reveal(state: FoundersState, seat: int, action: Reveal) -> None:
    i = _STACK_INDEX[action.stack]
    tile = state.stacks[i].pop()
    row = state.rows[i]
    if len(row) >= ROW_LIMIT:
        # «Если в этом ряду уже лежат 5 квадратов, то уберите все их в коробку»
        state.box.extend(row)
        state.rows[i] = row = []
        state.emit("founders.event.row_cleared", stack=f"founders.stack.{action.stack}")
    row.append(tile)
    state.phase = "main"
    if state.record_events:
        state.emit("founders.event.reveal", seat=seat, tile=state.ts.tile_key(tile))
