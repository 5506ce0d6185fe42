"""Pending sub-decisions: a question on top of a stack, answered by Pick/Draw/Pay/Choose.

A multi-step decision (paying with gold, choosing a target, a card, a deck) is a dict with its
``kind``, the ``seat`` that answers, what it ``await``s and the ``options``; ``rounds`` hands
the answer to the module that asked.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.state import ImperialState


def push(st: ImperialState, kind: str, seat: int, awaits: str, options: list[tuple[Any, ...]],
         **data: Any) -> None:
    """Ask ``seat`` a sub-decision; answers are Pick/Draw/Pay/Choose of ``options``."""
    st.pending.append({"kind": kind, "seat": seat, "await": awaits, "options": options, **data})


def drop(st: ImperialState, p: dict[str, Any]) -> None:
    """Remove exactly this pending decision (two may be equal, e.g. a doubled action)."""
    pending = st.pending
    if pending and pending[-1] is p:   # nearly always the top: no range to walk
        pending.pop()
        return
    for i in range(len(pending) - 2, -1, -1):
        if pending[i] is p:
            del pending[i]
            return


def await_or_auto(st: ImperialState, p: dict[str, Any], awaits: str, slot: str,
                  options: list[Any]) -> bool:
    """Set ``p[slot]`` when only one option exists; else make ``p`` wait for an answer.
    Returns True when the slot is filled."""
    if len(options) == 1:
        p[slot] = options[0]
        return True
    p["await"] = awaits
    p["options"] = options
    p["slot"] = slot
    return False
