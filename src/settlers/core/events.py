"""Events: the lines of the human-readable game log, each visible to everyone or to some seats.
Games add them with ``state.emit``; views carry the visible ones. Not part of equality."""

from __future__ import annotations

from typing import Any

from settlers.core.i18n import translate


class Event:
    """One line of the human-readable game log: a catalog key, its parameters, who sees it."""

    __slots__ = ("index", "key", "params", "visible_to")

    def __init__(self, index: int, key: str, params: dict[str, Any],
                 visible_to: tuple[int, ...] | None) -> None:
        self.index = index
        self.key = key
        self.params = params
        self.visible_to = visible_to

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"i": self.index, "key": self.key, "params": self.params}
        if lang is not None:
            out["text"] = translate(self.key, lang, **self.params)
        return out


__all__ = ["Event"]
