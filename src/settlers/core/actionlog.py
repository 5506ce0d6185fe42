"""The action log of a game in progress: ``(seat, action)`` entries in the order played.

A log only ever grows, so clones share what was played before them instead of copying it (a
search clones states thousands of times, and the log is the one part of a state that grows
with the game). An ``ActionLog`` is a frozen prefix — a chain of chunks shared by every clone
taken from it — and its own tail. ``share()`` (what a clone takes) first freezes the tail into
the chain, once: the next clones of the same state cost nothing, and no log ever sees another's
later entries. Chunks merge as they are frozen, so a log cloned after every action still has
O(log n) of them.

The entries are kept as parallel columns — the seats and the actions — not as one
``(seat, action)`` tuple each: recording an action allocates nothing (the actions are the
games' shared instances, the seats small integers), so a long game does not fill the heap with
thousands of live tuples for the garbage collector to walk and the caches to hold. The tuples
are made only when the log is read (``GameState.apply`` records through ``record``'s two
appends, inlined).

It reads like the list it replaced: ``len``, indexing, slicing (slices are plain lists),
iteration, ``in``, equality with lists and other logs, ``+``. It is append-only (``append``,
``extend``, ``+=``): the list methods that would rewrite entries raise ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, NoReturn, SupportsIndex, overload

from settlers.core.actions import Action

LogEntry = tuple[int, Action]
#: a frozen chunk: the seats and the actions of its entries, in order
Chunk = tuple[tuple[int, ...], tuple[Action, ...]]
#: a frozen prefix: None (empty) or (the prefix before it, its seats, its actions)
Prefix = tuple["Prefix", tuple[int, ...], tuple[Action, ...]] | None


class ActionLog(Sequence[LogEntry]):
    """An append-only sequence of log entries whose clones share their past (module text)."""

    __slots__ = ("_actions", "_base", "_prefix", "_seats")
    __hash__ = None  # type: ignore[assignment]  # mutable, as the list it replaced

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._seats: list[int] = []   # the tail's seats, then
        self._actions: list[Action] = []   # its actions: one column each
        self._prefix: Prefix = None
        self._base = 0  # entries in the prefix
        self.extend(entries)

    # ------------------------------------------------------------------ growing
    def record(self, seat: int, action: Action) -> None:
        """Add the entry ``(seat, action)`` (no tuple is made)."""
        self._seats.append(seat)
        self._actions.append(action)

    def append(self, entry: LogEntry) -> None:
        seat, action = entry
        self._seats.append(seat)
        self._actions.append(action)

    def extend(self, entries: Iterable[LogEntry]) -> None:
        seats, actions = self._seats, self._actions
        for seat, action in entries:
            seats.append(seat)
            actions.append(action)

    def __iadd__(self, entries: Iterable[LogEntry]) -> ActionLog:
        self.extend(entries)
        return self

    def share(self) -> ActionLog:
        """A log with the same entries, sharing them with this one (the tail is frozen into
        the shared prefix first, once; after that a share costs nothing)."""
        tail = self._actions
        if tail:
            # frozen chunks merge like a binary counter (a chunk absorbs the ones before it
            # that are not longer): O(log n) chunks however often a state is cloned
            seats, actions = tuple(self._seats), tuple(tail)
            node = self._prefix
            while node is not None and len(node[2]) <= len(actions):
                node, before_seats, before_actions = node
                seats = before_seats + seats
                actions = before_actions + actions
            self._prefix = (node, seats, actions)
            self._base += len(tail)
            self._seats.clear()
            tail.clear()
        twin = ActionLog()
        twin._prefix = self._prefix
        twin._base = self._base
        return twin

    # ------------------------------------------------------------------ reading
    def _chunks(self) -> list[Chunk]:
        """The frozen chunks, oldest first, then the tail (as lists)."""
        chunks: list[Chunk] = []
        node = self._prefix
        while node is not None:
            node, seats, actions = node
            chunks.append((seats, actions))
        chunks.reverse()
        return chunks

    def entries(self) -> list[LogEntry]:
        """Every entry, as a new plain list."""
        if self._prefix is None:
            return list(zip(self._seats, self._actions))
        return list(iter(self))

    def __len__(self) -> int:
        return self._base + len(self._actions)

    def __bool__(self) -> bool:
        return bool(self._base or self._actions)

    def __iter__(self) -> Iterator[LogEntry]:
        tail = zip(self._seats, self._actions)
        if self._prefix is None:
            return tail
        return chain(*[zip(seats, actions) for seats, actions in self._chunks()], tail)

    def __reversed__(self) -> Iterator[LogEntry]:
        return reversed(self.entries())

    @overload
    def __getitem__(self, index: SupportsIndex) -> LogEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[LogEntry]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> LogEntry | list[LogEntry]:
        base = self._base
        if isinstance(index, slice):
            start, stop, step = index.indices(base + len(self._actions))
            if start >= base and step == 1:  # a recent tail: no need to look at the prefix
                start -= base
                stop = max(stop - base, 0)
                return list(zip(self._seats[start:stop], self._actions[start:stop]))
            return self.entries()[index]
        i = index.__index__()
        n = base + len(self._actions)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log index out of range")
        if i >= base:
            i -= base
            return self._seats[i], self._actions[i]
        node = self._prefix
        end = base
        while node is not None:
            node, seats, actions = node
            end -= len(actions)
            if i >= end:
                return seats[i - end], actions[i - end]
        raise AssertionError("log prefix shorter than its count")

    def __contains__(self, entry: object) -> bool:
        return any(e == entry for e in self)

    def index(self, entry: Any, start: SupportsIndex = 0, stop: SupportsIndex = 2**62) -> int:
        return self.entries().index(entry, start, stop)

    def count(self, entry: Any) -> int:
        return self.entries().count(entry)

    def copy(self) -> list[LogEntry]:
        return self.entries()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionLog):
            return len(self) == len(other) and self.entries() == other.entries()
        if isinstance(other, list):
            return len(self) == len(other) and self.entries() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __add__(self, other: Iterable[LogEntry]) -> list[LogEntry]:
        return self.entries() + list(other)

    def __radd__(self, other: Iterable[LogEntry]) -> list[LogEntry]:
        return list(other) + self.entries()

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
