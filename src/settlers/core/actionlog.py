"""The action log of a game in progress: ``(seat, action)`` entries in the order played.

A log only ever grows, so clones share what was played before them instead of copying it (a
search clones states thousands of times, and the log is the one part of a state that grows
with the game). An ``ActionLog`` is a frozen prefix — a chain of tuples shared by every clone
taken from it — and its own tail, the list itself: ``append`` is the plain list append of the
tail. ``share()`` (what a clone takes) first freezes the tail into the chain, once: the next
clones of the same state cost nothing, and no log ever sees another's later entries. Chunks
merge as they are frozen, so a log cloned after every action still has O(log n) of them.

It reads like the list it replaces: ``len``, indexing, slicing (slices are plain lists),
iteration, ``in``, equality with lists and other logs. It is append-only: the list methods that
would rewrite entries raise ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any, NoReturn, SupportsIndex, overload

from settlers.core.actions import Action

LogEntry = tuple[int, Action]
#: a frozen prefix: None (empty) or (the prefix before it, a tuple of entries)
Prefix = tuple["Prefix", tuple[LogEntry, ...]] | None


class ActionLog(list[LogEntry]):
    """An append-only list of log entries whose clones share their past (module text)."""

    __slots__ = ("_base", "_prefix")

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        super().__init__(entries)
        self._prefix: Prefix = None
        self._base = 0  # entries in the prefix

    def share(self) -> ActionLog:
        """A log with the same entries, sharing them with this one (the tail is frozen into
        the shared prefix first, once; after that a share costs nothing)."""
        if list.__len__(self):
            # frozen chunks merge like a binary counter (a chunk absorbs the ones before it
            # that are not longer): O(log n) chunks however often a state is cloned
            chunk = tuple(list.__iter__(self))
            node = self._prefix
            while node is not None and len(node[1]) <= len(chunk):
                chunk = node[1] + chunk
                node = node[0]
            self._prefix = (node, chunk)
            self._base += list.__len__(self)
            list.clear(self)
        twin = ActionLog()
        twin._prefix = self._prefix
        twin._base = self._base
        return twin

    def _chunks(self) -> list[tuple[LogEntry, ...]]:
        chunks = []
        node = self._prefix
        while node is not None:
            node, chunk = node
            chunks.append(chunk)
        chunks.reverse()
        return chunks

    def entries(self) -> list[LogEntry]:
        """Every entry, as a new plain list."""
        if self._prefix is None:
            return list(list.__iter__(self))
        return list(chain(*self._chunks(), list.__iter__(self)))

    def __len__(self) -> int:
        return self._base + list.__len__(self)

    def __iter__(self) -> Iterator[LogEntry]:
        if self._prefix is None:
            return list.__iter__(self)
        return chain(*self._chunks(), list.__iter__(self))

    def __reversed__(self) -> Iterator[LogEntry]:
        return reversed(self.entries())

    @overload
    def __getitem__(self, index: SupportsIndex) -> LogEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[LogEntry]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> LogEntry | list[LogEntry]:
        base = self._base
        if isinstance(index, slice):
            start, stop, step = index.indices(self._base + list.__len__(self))
            if start >= base and step == 1:  # a recent tail: no need to look at the prefix
                return list.__getitem__(self, slice(start - base, max(stop - base, 0)))
            return self.entries()[index]
        i = index.__index__()
        n = base + list.__len__(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log index out of range")
        if i >= base:
            return list.__getitem__(self, i - base)
        node = self._prefix
        end = base
        while node is not None:
            node, chunk = node
            end -= len(chunk)
            if i >= end:
                return chunk[i - end]
        raise AssertionError("log prefix shorter than its count")

    def __contains__(self, entry: object) -> bool:
        return any(e == entry for e in self)

    def index(self, entry: LogEntry, start: SupportsIndex = 0,
              stop: SupportsIndex = 2**62) -> int:
        return self.entries().index(entry, start, stop)

    def count(self, entry: LogEntry) -> int:
        return self.entries().count(entry)

    def copy(self) -> list[LogEntry]:
        return self.entries()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list):
            return len(self) == len(other) and self.entries() == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __add__(self, other: list[LogEntry]) -> list[LogEntry]:  # type: ignore[override]
        return self.entries() + list(other)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        return ActionLog, (self.entries(),)

    def __repr__(self) -> str:
        return f"ActionLog({self.entries()!r})"

    # ---------------------------------------------------------------- append-only
    def _rewrite(self, *_args: object, **_kwargs: object) -> NoReturn:
        raise TypeError("the action log is append-only")

    __setitem__ = __delitem__ = __imul__ = _rewrite
    pop = insert = remove = clear = sort = reverse = _rewrite


__all__ = ["ActionLog", "LogEntry"]
