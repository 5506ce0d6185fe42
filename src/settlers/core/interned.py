"""One shared instance per action value (issue 19).

Actions are frozen values, so a menu can hand out the same object each time instead of
building a new one (a frozen dataclass costs a call per field to build). A table makes each
instance the first time it is asked for and keeps it for the life of the process.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from settlers.core.actions import Action

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
A = TypeVar("A", bound=Action)


class Interned(dict[K, V], Generic[K, V]):
    """``table[key]`` is the one value ``make(key)``, made when first asked."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        made = self[key] = self.make(key)
        return made


class Pool(dict[tuple[Any, ...], A], Generic[A]):
    """``pool[(field, ...)]`` is the one instance of ``cls(field, ...)``.

    ``limit``: for an action whose values are many (a position on a growing map), the pool is
    emptied when it holds that many — a long run keeps at most ``limit`` instances. Actions
    are values (compared by equality, never by identity), so an instance made before the
    emptying and one made after are the same action."""

    __slots__ = ("cls", "limit")

    def __init__(self, cls: type[A], limit: int | None = None) -> None:
        super().__init__()
        self.cls = cls
        self.limit = limit

    def __missing__(self, key: tuple[Any, ...]) -> A:
        limit = self.limit
        if limit is not None and len(self) >= limit:
            self.clear()
        made = self[key] = self.cls(*key)
        return made
