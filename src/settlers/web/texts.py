"""The words of one game's messages, built once per game instead of once per message.

- Log lines: an event never changes once emitted (the log only grows, and a state's clone
  shares its event objects), and the seats' names are fixed when the game is created, so each
  line's text is translated once per language.
- Menu labels: a game's view module may name, in ``ACTION_ONLY_LABELS``, the action kinds
  whose label depends on the action and the language alone (Catan's trade offers: dozens of
  them on every menu); those labels are described once per (language, action) per game.
  ``LABEL_FACTS`` names kinds whose label depends on the action, the language and one fact
  of the state (a bank trade's rate): described once per (language, action, fact). Every
  other label is described again for every state, as before. The kinds named in
  ``SHARED_LABELS`` (no board, no seat in their words) are kept once per process for every
  game of that kind.

What a seat receives is exactly what it received without the cache (tests/web/test_texts.py
compares both on played games of every game).

Numbers: a log line is numbered among the lines its VIEWER may see (``"i"``: 0, 1, 2, ... with
no gap), never by its place in the game's whole log — a gap there would tell a seat that a
line hidden from it (another seat's private draw) was written. A game's events are a function
of its log, so a viewer's numbers never change once given: a page that reconnects with the
number of lines it has (``since``) is sent exactly the ones it missed (``since_index``).
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections.abc import Callable, Hashable
from typing import Any

import orjson

# a bound on the labels one game keeps (Catan's offers: a few thousand distinct ones at most)
MAX_LABELS = 20_000

# Log texts shared by every game of the process: a line's text is a function of its catalog
# key, its parameters, the language and the seats' names (most tables name their seats the
# default way, so the same offer or production line recurs across games). Bounded.
_LINES: dict[tuple, str] = {}
MAX_SHARED_LINES = 50_000
# Labels a game declares the same in all its games (``SHARED_LABELS``: trade offers, cards),
# by (game, language, action[, fact]): a Catan menu's dozens of offers are described once per
# process, not once per game. Bounded.
_SHARED_LABELS: dict[tuple, dict] = {}
MAX_SHARED_LABELS = 50_000


def line_text(event, lang: str, names: tuple[str, ...]) -> dict:
    """``event.to_json(lang)`` (call it inside the game's player-names context ``names``)."""
    try:
        params = orjson.dumps(event.params, option=orjson.OPT_SORT_KEYS)
    except (TypeError, orjson.JSONEncodeError):  # parameters JSON cannot key: no sharing
        return event.to_json(lang)
    key = (lang, names, event.key, params)
    text = _LINES.get(key)
    if text is None:
        entry = event.to_json(lang)
        if len(_LINES) >= MAX_SHARED_LINES:
            _LINES.clear()
        _LINES[key] = entry["text"]
        return entry
    return {"i": event.index, "key": event.key, "params": event.params, "text": text}


def _view_module(state):
    view_fn = getattr(type(state), "_view", None)
    return sys.modules.get(getattr(view_fn, "__module__", "") or "")


def action_only_labels(state) -> frozenset[str]:
    """The kinds the game's view module declares label-pure (none if it declares nothing)."""
    return frozenset(getattr(_view_module(state), "ACTION_ONLY_LABELS", ()))


def shared_labels(state) -> frozenset[str]:
    """Of the cached kinds, those the game's view module declares the same in every game of
    it (``SHARED_LABELS``: no board, no seat named): kept once per process."""
    module = _view_module(state)
    cached = action_only_labels(state) | set(label_facts(state))
    return frozenset(getattr(module, "SHARED_LABELS", ())) & cached


def label_facts(state) -> dict[str, Callable[[Any, Any], Hashable]]:
    """The kinds whose label the game's view module declares a function of the action, the
    language and one fact of the state (``LABEL_FACTS``: kind -> fact(state, action))."""
    return dict(getattr(_view_module(state), "LABEL_FACTS", {}))


def viewer_counts(events, seat: int | None, counts: list[int] | None = None) -> list[int]:
    """``counts[k]``: how many of ``events[:k]`` ``seat`` may see (``counts`` extended in
    place when given: a game's log only grows)."""
    if counts is None:
        counts = [0]
    seen = counts[-1]
    for e in events[len(counts) - 1:]:
        if e.visible(seat):
            seen += 1
        counts.append(seen)
    return counts


class RoomTexts:
    """Log lines and action-only labels of one game, per language."""

    def __init__(self, state) -> None:
        # (lang, viewer) -> event index -> (event, its view entry, its log entry), numbered
        # among the viewer's own lines
        self._lines: dict[tuple[str, int | None], dict[int, tuple[Any, dict, dict]]] = {}
        # viewer -> viewer_counts of the game's events so far
        self._counts: dict[int | None, list[int]] = {}
        self._pure = action_only_labels(state)
        self._facts = label_facts(state)
        self._shared = shared_labels(state)
        self._game = state.game.id
        self._labels: dict[tuple, dict] = {}

    def events(self, state, seat: int | None, lang: str, since: int,
               names: tuple[str, ...]) -> tuple[list, list]:
        """``state.view(seat, events_since=since, lang=lang)["events"]`` and the log entries
        (``{i, text}``) of the same events, each numbered among ``seat``'s own lines
        (:meth:`number`). Call it inside the game's player-names context ``names``."""
        key = (lang, seat)
        lines = self._lines.get(key)
        if lines is None:
            lines = self._lines[key] = {}
        counts = self.counts(state, seat)
        events, log = [], []
        for e in state.events[since:]:
            if not e.visible(seat):
                continue
            got = lines.get(e.index)
            if got is None or got[0] is not e:
                entry = {**line_text(e, lang, names), "i": counts[e.index]}
                got = lines[e.index] = (e, entry, {"i": entry["i"], "text": entry["text"]})
            events.append(got[1])
            log.append(got[2])
        return events, log

    def kept_lines(self) -> int:
        """How many log lines are kept (every language and viewer together)."""
        return sum(len(lines) for lines in self._lines.values())

    def counts(self, state, seat: int | None) -> list[int]:
        """``viewer_counts`` of ``state``'s events for ``seat`` (kept, and extended as the
        log grows; a state of the same game with fewer events reads a prefix)."""
        counts = self._counts.get(seat)
        if counts is None:
            counts = self._counts[seat] = [0]
        if len(counts) <= len(state.events):
            viewer_counts(state.events, seat, counts)
        return counts

    def number(self, state, seat: int | None, index: int) -> int:
        """How many of ``state``'s first ``index`` events ``seat`` may see: the number its
        next line after them gets (a message's ``log_from``)."""
        return self.counts(state, seat)[index]

    def since_index(self, state, seat: int | None, number: int) -> int | None:
        """The first event index from which ``seat``'s lines are numbered ``number`` on (a
        reconnecting page has lines 0 .. number-1); None if ``seat`` has not that many."""
        counts = self.counts(state, seat)
        if not 0 <= number <= counts[len(state.events)]:
            return None
        return bisect_left(counts, number, 0, len(state.events) + 1)

    def actions(self, state, seat: int, lang: str) -> list[dict]:
        """``seat``'s legal actions with their labels (``{action, label}``)."""
        return [self.item(state, a, lang) for a in state.legal_actions(seat)]

    def item(self, state, action, lang: str) -> dict:
        """``{action, label}`` of one legal action of ``state`` (read-only: shared)."""
        kind = action.kind
        if kind in self._pure:
            key: tuple = (lang, action)
        elif kind in self._facts:
            key = (lang, action, self._facts[kind](state, action))
        else:
            return {"action": action.to_json(), "label": state.describe_action(action, lang)}
        if kind in self._shared:
            labels, key = _SHARED_LABELS, (self._game, *key)
            if len(labels) >= MAX_SHARED_LABELS:
                labels.clear()
        else:
            labels = self._labels
        got = labels.get(key)
        if got is None:
            got = {"action": action.to_json(), "label": state.describe_action(action, lang)}
            if len(labels) < MAX_LABELS or labels is _SHARED_LABELS:
                labels[key] = got
        return got
