"""The heuristic's reading of raze threats: who could raze one of a seat's locations before
the seat can guard it. Shared by the action phase's defence tokens and samurai and by the
production turn's samurai window (``heuristic.samurai_window_worth``)."""

from __future__ import annotations

from settlers.games.imperial.content import RAZE
from settlers.games.imperial.razing import (
    RAZE_LOCATION_COST,
    location_razeable,
    raze_cost,
    targetable,
)
from settlers.games.imperial.state import ImperialState


def razers(st: ImperialState, opponents: list[int], cost: int = RAZE_LOCATION_COST) -> list[int]:
    """The ``opponents`` holding the raze tokens a location costing ``cost`` asks for."""
    return [t for t in opponents if st.goods[t][RAZE] >= cost]


def raze_threat(st: ImperialState, seat: int) -> bool:
    """In the action phase: an opponent still playing could raze an unguarded location of
    ``seat`` (the solo opponent always may, at the round's end)."""
    return bool(razers(st, targetable(st, seat))) or st.solo


def acting_before(st: ImperialState, seat: int) -> list[int]:
    """The opponents whose first action-phase turn comes before ``seat``'s: the first player
    and those after it up to ``seat`` (the action phase starts with the first player). They
    have produced already when ``seat`` produces, so their supplies are what they will act on;
    the others act after ``seat`` has had a turn of its own to guard."""
    out = []
    for k in range(st.players):
        t = (st.first + k) % st.players
        if t == seat:
            break
        out.append(t)
    return out


def threatened(st: ImperialState, seat: int, cid: int, opponents: list[int]) -> bool:
    """Whether one of ``opponents`` holds the tokens to raze ``seat``'s location ``cid``."""
    return location_razeable(st, cid) and bool(razers(st, opponents, raze_cost(st, seat, cid)))
