"""The three markers of boards III and IV and the independence test (L209-218, L391)."""

from __future__ import annotations

from collections.abc import Sequence

from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of

SURPLUS_MAX = 30


def labour_row(state: ArchState) -> dict:  # type: ignore[type-arg]
    """The row of board III's labour track the surplus marker stands in."""
    rows = tables_of(state.content).labour
    v = state.surplus
    return rows[v] if 0 <= v < len(rows) else _row_of(state.content.labour, v)


def stability_row(state: ArchState) -> dict:  # type: ignore[type-arg]
    """The row of board IV's stability track the population marker stands in."""
    rows = tables_of(state.content).stability
    v = state.population
    return rows[v] if 0 <= v < len(rows) else _row_of(state.content.stability, v)


def _row_of(rows: Sequence[dict], value: int) -> dict:  # type: ignore[type-arg]
    """The row ``from``..``to`` of a track that holds ``value`` (the last row past its end)."""
    v = min(value, rows[-1]["to"])
    for row in rows:
        if row["from"] <= v <= row["to"]:
            return row
    return rows[-1]


def move_rebellion(state: ArchState, delta: int) -> None:
    state.rebellion = max(0, min(state.content.rebellion_max, state.rebellion + delta))


def move_surplus(state: ArchState, delta: int) -> None:
    top = state.content.labour[-1]["to"]
    state.surplus = max(0, min(top, state.surplus + delta))


def recruit_price(state: ArchState) -> int | None:
    """The price of one worker now (L567); None when the surplus is zero (L577)."""
    v = state.surplus
    if v <= 0:
        return None
    content = state.content
    try:   # (labour_row and tables_of, without a call)
        rows = content._tables.labour  # type: ignore[attr-defined]
    except AttributeError:
        rows = tables_of(content).labour
    price = (rows[v] if v < len(rows) else _row_of(content.labour, v))["price"]
    return None if price is None else int(price)


def independence(state: ArchState) -> bool:
    """L218/L391: the rebellion marker has passed the population marker."""
    return state.turn >= 1 and state.rebellion > state.population
