"""One shared instance per action value (issue 19): actions are frozen values, so the menus
hand out the same object each time instead of building a new one (a frozen dataclass costs a
call per field to build)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from settlers.core import Action

A = TypeVar("A", bound=Action)


class Pool(dict[tuple[Any, ...], A], Generic[A]):
    """``pool[(field, ...)]`` is the one instance of ``cls(field, ...)``."""

    def __init__(self, cls: type[A]) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, key: tuple[Any, ...]) -> A:
        made = self[key] = self.cls(*key)
        return made
