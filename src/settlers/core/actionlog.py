"""The action log of a game in progress: ``(seat, action)`` entries in the order played.

A log only ever grows, so clones share one list instead of copying it (a search clones states
thousands of times, and the log is the one part of a state that grows with the game): each
``ActionLog`` sees the first ``len`` entries of a shared list. Appending to a log whose list
another log has already extended past it copies its own entries first (copy on divergent
write), so no log ever sees another's entries. It reads like a list: ``len``, indexing,
slicing (slices are plain lists), iteration, and equality with lists and other logs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any, SupportsIndex, overload

from settlers.core.actions import Action

LogEntry = tuple[int, Action]


class ActionLog:
    """An append-only list of log entries that clones share (see the module text)."""

    __slots__ = ("_items", "_n")

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._items: list[LogEntry] = list(entries)
        self._n = len(self._items)

    def share(self) -> ActionLog:
        """A log with the same entries that shares this one's list (no copy)."""
        twin = ActionLog.__new__(ActionLog)
        twin._items = self._items
        twin._n = self._n
        return twin

    def append(self, entry: LogEntry) -> None:
        items = self._items
        if len(items) != self._n:  # a log sharing the list went further: copy ours first
            items = self._items = items[:self._n]
        items.append(entry)
        self._n += 1

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: SupportsIndex) -> LogEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[LogEntry]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> LogEntry | list[LogEntry]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._n)
            return self._items[start:stop:step]
        i = index.__index__()
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("log index out of range")
        return self._items[i]

    def __iter__(self) -> Iterator[LogEntry]:
        return islice(self._items, self._n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionLog):
            return self._n == other._n and (self._items is other._items
                                            or self[:] == other[:])
        if isinstance(other, list):
            return self[:] == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return ActionLog, (self[:],)

    def __repr__(self) -> str:
        return f"ActionLog({self[:]!r})"


__all__ = ["ActionLog", "LogEntry"]
