"""«Ход игры»: who owes a decision now — the protocol's ``to_act`` and ``over``.

Both are plain attributes of a state, not properties: every driver reads them before each
action, and a property costs a Python call per read (~800 machine instructions in CPython 3.11
before its body runs). The rules keep them as they change the phase or the seat to move:
``keep_to_act`` where it may change (set-up, founding, a 7, discards, domestic trade), direct
stores on the hot paths (``turn.end_turn``, ``scoring``). ``play.apply_action`` also calls
``keep_to_act`` before checking an action, for callers that set ``phase`` or ``current``
themselves; any other code that does so calls ``keep_to_act`` after.
"""

from __future__ import annotations

from itertools import compress

from .phases import DISCARD, NAMES, OVER, TRADE_ANSWERS
from .state import CatanState

#: ``(seat,)`` for each seat: ``to_act`` when one seat is to act, not rebuilt
ONE_SEAT = tuple((p,) for p in range(4))
#: the phases in which the player to move alone decides
ONE_SEAT_PHASES = frozenset(range(len(NAMES))) - {DISCARD, TRADE_ANSWERS, OVER}


def to_act(st: CatanState) -> tuple[int, ...]:
    """The seats that owe a decision now, from the phase (what ``st.to_act`` holds)."""
    phase = st.phase
    if phase in ONE_SEAT_PHASES:
        return ONE_SEAT[st.current]
    if phase == DISCARD:
        return tuple(compress(range(st.players), st.discard_owed))  # the seats still owing
    if phase == TRADE_ANSWERS:
        answers = st.trade["answers"]
        return tuple(q for q in range(st.players) if q != st.current and answers[q] is None)
    return ()


def keep_to_act(st: CatanState) -> None:
    """Set ``st.to_act`` and ``st.over`` from the phase, the seat to move and what is owed."""
    st.to_act = to_act(st)
    st.over = st.phase == OVER
