"""The known name nearest to a mistyped one: ``Catan`` → ``catan``, ``catann`` → ``catan``."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def nearest(word: str, known: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The one of ``known`` closest to ``word`` (case ignored, so a different case is always
    found), or None when none is close enough (``difflib``'s ratio below ``cutoff``)."""
    by_folded = {name.casefold(): name for name in known}
    found = difflib.get_close_matches(word.casefold(), list(by_folded), n=1, cutoff=cutoff)
    return by_folded[found[0]] if found else None
