"""The check every game's rule tests make on the illegal side of a rule."""

from __future__ import annotations

from typing import Any

import pytest

from settlers.core import Action, IllegalAction


def refused(state: Any, seat: int, action: Action, key: str | None = None) -> IllegalAction:
    """``action`` by ``seat`` is refused with an ``IllegalAction`` (whose message key is ``key``,
    when given) and leaves ``state`` untouched (its digest covers the hidden parts and the
    generator). Returns the refusal, for its key and parameters."""
    before = state.digest()
    with pytest.raises(IllegalAction) as exc:
        state.apply(seat, action)
    assert state.digest() == before, f"{action!r} was refused but changed the state"
    if key is not None:
        assert exc.value.key == key, exc.value.message("en")
    return exc.value


__all__ = ["refused"]
