"""What is wrong with a user's content file, in words of the catalog.

A game that reads component data from a user's file (``Option(content=True)``) names each fault
by a catalog key and parameters, never by a sentence written in code. The shapes every game
shares live here, ``core.content.fault.*`` (a missing field, a field of the wrong type, an
integer out of range, an unknown name, a wrong count...); a game's own rules live in its
catalog. A fault is given to the game's message as a ``!l`` parameter (:func:`fault`: the text
in every language), beside the place it concerns (a card id, an entry, an empire), so the
message reads in the reader's language.

Whatever the user wrote (a value, a field name, an id) is shown verbatim and the catalog quotes
it («green» / 'green'): :func:`shown` gives its text, :func:`names` a list of allowed names.

Reading the file, and why it cannot be read: settlers.core.user_files.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from settlers.core.errors import SettlersError
from settlers.core.i18n import in_every_language


def fault(key: str, /, **params: Any) -> dict[str, str]:
    """The problem ``key`` with ``params`` in every language (a ``!l`` parameter)."""
    return in_every_language(key, **params)


def shown(value: Any, limit: int = 60) -> str:
    """What the user wrote, verbatim and short: a text as it is, anything else as JSON."""
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=repr)
        except (ValueError, RecursionError):   # a number too long to print, nested too deep
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def names(items: Iterable[Any]) -> list[dict[str, str]]:
    """Names for ``{known!j:core.content.quoted}``: each quoted in the reader's language."""
    return [{"value": shown(item)} for item in items]


def missing(field: str) -> dict[str, str]:
    return fault("core.content.fault.missing", field=field)


def wrong_type(field: str, expected: str, value: Any) -> dict[str, str]:
    """``expected`` is a ``core.type.*`` key (core.type.object, core.type.list...)."""
    return fault("core.content.fault.type", field=field, expected=expected, value=shown(value))


def not_integer(field: str, value: Any, lo: int, hi: int) -> dict[str, str]:
    """Not an integer in ``lo..hi``. Every number of a user's file has an upper bound: one
    that sizes a list, a loop, a board or a deck must not be the file's to choose (a few times
    the rulebook's value, stated where the game's checks name it)."""
    return fault("core.content.fault.integer", field=field, lo=lo, hi=hi, value=shown(value))


def unknown(what: str, value: Any, known: Iterable[Any], field: str | None = None
            ) -> dict[str, str]:
    """``what`` is a catalog key naming the kind of thing (a colour, a resource...); ``field``
    the place of the value, if the message does not name it otherwise."""
    if field is None:
        return fault("core.content.fault.unknown", what=what, value=shown(value),
                     known=names(known))
    return fault("core.content.fault.unknown_in", field=field, what=what, value=shown(value),
                 known=names(known))


def bilingual_name(value: Any) -> dict[str, str] | None:
    """A name a user's file gives an entry, ``{"ru": ..., "en": ...}`` (both non-empty
    texts), as ``{"ru", "en"}``; None if ``value`` is not one (:func:`bad_name`)."""
    if not isinstance(value, dict) or not all(isinstance(value.get(k), str) and value[k].strip()
                                              for k in ("ru", "en")):
        return None
    return {"ru": value["ru"], "en": value["en"]}


def bad_name(field: str) -> dict[str, str]:
    """``field`` is not a name in both languages."""
    return fault("core.content.fault.name", field=field)


def name_needed(field: str, value: Any) -> dict[str, str]:
    """The entry ``field`` has an id (``value``) the game's catalog does not name, and no
    ``name`` of its own: it would show as a raw key in the log and the menus."""
    return fault("core.content.fault.name_needed", field=field, value=shown(value))


def count(field: str, expected: Any, got: int) -> dict[str, str]:
    return fault("core.content.fault.count", field=field, expected=expected, count=got)


def too_many(field: str, limit: int, got: int) -> dict[str, str]:
    """More than ``limit`` entries in ``field`` (a bound that keeps a hostile file from sizing
    a list, a loop or a table of the server's)."""
    return fault("core.content.fault.too_many", field=field, limit=limit, count=got)


def duplicate(field: str, value: Any) -> dict[str, str]:
    return fault("core.content.fault.duplicate", field=field, value=shown(value))


def is_integer(value: Any, lo: int, hi: int | None = None) -> bool:
    """An integer (not a bool) in ``lo..hi`` (no upper bound if ``hi`` is None)."""
    return type(value) is int and lo <= value and (hi is None or value <= hi)


@contextmanager
def unforeseen_shapes(refusal: Callable[[dict[str, str]], SettlersError]) -> Iterator[None]:
    """Within the block, an error a loader did not foresee in a user's data (a KeyError, a
    TypeError... of a file of another shape than the checks expect) is raised as
    ``refusal(problem)``: said in words, not a traceback nor the interpreter's English."""
    try:
        yield
    except SettlersError:
        raise
    except (LookupError, TypeError, AttributeError, ValueError):
        raise refusal(fault("core.content.fault.unexpected")) from None
