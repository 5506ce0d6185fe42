"""What each empire's locations tell of it, kept per seat: ``ImperialState.marks``.

A seat's marks are the union of its locations' marks (``CardTables.marks``): the events their
features listen to («Каждый раз, …», ``content.TRIGGERS``), their passive features
(``content.PASSIVES``) and ``tables.FREE`` for a «Врата» or «Часовня». The questions asked
at nearly every action — does any location listen to this event, has the empire this passive,
may it place a card under a Gate or goods on a Shrine — are then one set look-up each, instead
of a walk over every location that grows with the empire. The marks change only where the
locations do: a location built (``building``) or taken out of an empire (``razing.
remove_location``); captures move no location.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from settlers.games.imperial.tables import CardTables


class ImperialState(Protocol):
    """What of ``state.ImperialState`` the marks read and keep (the state module loads old
    pickles through ``refresh_marks``, so this module does not import it)."""

    tables: CardTables
    locs: list[list[int]]
    marks: list[frozenset[str]]

NO_MARKS: frozenset[str] = frozenset()


def empire_marks(t: CardTables, locs: Iterable[int]) -> frozenset[str]:
    """The marks of an empire of these locations, from scratch."""
    marks = t.marks
    return NO_MARKS.union(*[marks[cid] for cid in locs])


def add_location_marks(st: ImperialState, seat: int, cid: int) -> None:
    """``cid`` has joined ``seat``'s locations."""
    mark = st.tables.marks[cid]
    if mark:   # most locations have none
        st.marks[seat] = st.marks[seat] | mark


def drop_location_marks(st: ImperialState, seat: int, cid: int) -> None:
    """``cid`` has left ``seat``'s locations: another may still give the same mark."""
    if st.tables.marks[cid]:
        st.marks[seat] = empire_marks(st.tables, st.locs[seat])


def refresh_marks(st: ImperialState) -> None:
    """Every seat's marks made anew from its locations (a state whose locations were set
    directly, a pickle from before the field)."""
    st.marks = [empire_marks(st.tables, locs) for locs in st.locs]


__all__ = ["NO_MARKS", "add_location_marks", "drop_location_marks", "empire_marks",
           "refresh_marks"]
