"""Phase 3, «Результаты изменения популяции» (archipelago.ru.txt L270-333): boards I to IV in
order move the surplus-labour and rebellion markers."""

from __future__ import annotations

from settlers.games.archipelago.markers import (
    labour_row,
    move_rebellion,
    move_surplus,
    stability_row,
)
from settlers.games.archipelago.state import ArchState


def market_row(state: ArchState, market: int, res: int):  # type: ignore[no-untyped-def]
    """The row holding the bottom-right cube of a zone, or None when the zone is empty."""
    count = state.market[market][res]
    if count == 0:
        return None
    rows = (state.content.domestic, state.content.export)[market][res]
    slot = count - 1
    for row in rows:
        if row.first <= slot < row.first + row.slots:
            return row
    return rows[-1]


def population_results(state: ArchState) -> None:
    moves = []
    # board I, the domestic market: each of the six zones (L288-294)
    for res in range(6):
        row = market_row(state, 0, res)
        if row is not None:
            move_surplus(state, row.surplus)
            move_rebellion(state, row.rebellion)
    # board II, the export market: surplus only (L300-304)
    for res in range(6):
        row = market_row(state, 1, res)
        if row is not None:
            move_surplus(state, row.surplus)
    # board III, stability: the row holding the population marker (L312-318)
    srow = stability_row(state)
    move_surplus(state, srow["surplus"])
    move_rebellion(state, srow["rebellion"])
    # board IV, labour: the row holding the surplus marker moves rebellion up or down (L328)
    move_rebellion(state, labour_row(state)["rebellion"])
    moves.append(state.surplus)
    state.emit("archipelago.event.population", surplus=state.surplus, rebellion=state.rebellion,
               population=state.population)
