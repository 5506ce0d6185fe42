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
from settlers.games.archipelago.tables import tables_of


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


def population_results(state: ArchState) -> bool:
    """Boards I to IV in order (L280 «на каждой доске от I до IV по порядку»). The rebellion
    marker is looked at after each of its moves: once it has passed the population marker the
    archipelago is independent and the game ends at once (L218, L425 «Игра заканчивается
    немедленно»), so the moves after it are not made. Returns True when that happened (the
    caller ends the game)."""
    content = state.content
    held = tables_of(content).held   # market_row for every count, per content set
    top, most = content.labour[-1]["to"], content.rebellion_max
    surplus, rebellion = state.surplus, state.rebellion
    population = state.population   # (phase 3 moves no inhabitant)
    # board I, the domestic market: each of the six zones (L288-294); board II, the export
    # market: surplus only (L300-304). Each move is clamped as markers.move_* clamps it.
    for market in (0, 1):
        counts = state.market[market]
        rows = held[market]
        for res in range(6):
            count = counts[res]
            if count == 0:
                continue
            table = rows[res]
            row = table[count] if count < len(table) else market_row(state, market, res)
            surplus += row.surplus
            surplus = 0 if surplus < 0 else top if surplus > top else surplus
            if market == 0 and row.rebellion:
                rebellion += row.rebellion
                rebellion = 0 if rebellion < 0 else most if rebellion > most else rebellion
                if rebellion > population:   # independence inside board I
                    state.surplus, state.rebellion = surplus, rebellion
                    return _results(state, True)
    state.surplus, state.rebellion = surplus, rebellion
    # board III, stability: the row holding the population marker (L312-318)
    srow = stability_row(state)
    move_surplus(state, srow["surplus"])
    move_rebellion(state, srow["rebellion"])
    if state.rebellion > population:   # independence at board III: board IV is not applied
        return _results(state, True)
    # board IV, labour: the row holding the surplus marker moves rebellion up or down (L328)
    move_rebellion(state, labour_row(state)["rebellion"])
    return _results(state, state.rebellion > population)


def _results(state: ArchState, independent: bool) -> bool:
    if state.record_events:
        state.emit("archipelago.event.population", surplus=state.surplus, rebellion=state.rebellion,
                   population=state.population)
    return independent
