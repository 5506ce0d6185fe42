"""Events: the lines of the human-readable game log, each visible to everyone, to some seats, or
to everyone but some seats (spectators included). Games add them with ``state.emit``; views
carry the visible ones. Not part of equality."""

from __future__ import annotations

from typing import Any

from settlers.core.i18n import translate


class Event:
    """One line of the human-readable game log: a catalog key, its parameters, who sees it —
    ``visible_to`` only those seats (None: everyone), and never the seats in ``hidden_from``
    (who are told the same happening in a line of their own, e.g. the card's kind)."""

    __slots__ = ("hidden_from", "index", "key", "params", "visible_to")

    def __init__(self, index: int, key: str, params: dict[str, Any],
                 visible_to: tuple[int, ...] | None,
                 hidden_from: tuple[int, ...] = ()) -> None:
        self.index = index
        self.key = key
        self.params = params
        self.visible_to = visible_to
        self.hidden_from = hidden_from

    def visible(self, seat: int | None) -> bool:
        if seat in self.hidden_from:
            return False
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def known_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may know the line: shown to it, or public (a spectator sees it — a
        line hidden from a seat tells it nothing it does not know in a line of its own), so a
        determinization for ``seat`` keeps it."""
        return self.visible(seat) or self.visible(None)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"i": self.index, "key": self.key, "params": self.params}
        if lang is not None:
            out["text"] = translate(self.key, lang, **self.params)
        return out


__all__ = ["Event"]
