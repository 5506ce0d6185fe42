"""Intersections and paths named in the reader's language: the hex letter printed on the board
and a compass point of that hex, written with the language's letters — ``L·NE`` in English,
``L·СВ`` in Russian (С, Ю, З, В, as Archipelago writes its directions).

Only words change: actions, saves and replays name an intersection or a path by its number,
and ``topology.CORNER_LABELS`` / ``EDGE_LABELS`` (the English names) stay the
language-independent ids the view sends. A log line carries the name in every language (a
``!l`` parameter), so the same event reads right on any screen.

``menu_needle``: what a filter word typed in the terminal is looked for as, in a language's
labels. English compass letters are read in any language («ne» or «l.ne» finds ``L·СВ`` on a
Russian menu), as is a full stop or a colon for the middle dot, which a keyboard lacks.
"""

from __future__ import annotations

import re
from functools import cache

from settlers.core import translate
from settlers.core.hexgrid import CORNER_NAMES, SIDE_NAMES
from settlers.core.i18n import LANGUAGES

from .topology import CORNERS, EDGES, GRID, HEX_LABELS

#: the compass points a corner or a side is named by, English letters -> catalog key
POINTS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
assert set(CORNER_NAMES) | set(SIDE_NAMES) <= set(POINTS)


def point_name(point: str, lang: str) -> str:
    """A compass point («NE») in ``lang``'s letters («СВ»)."""
    return translate(f"catan.compass.{point.lower()}", lang)


def _named(h: int, point: str) -> dict[str, str]:
    return {lang: f"{HEX_LABELS[h]}·{point_name(point, lang)}" for lang in LANGUAGES}


@cache
def corner_names() -> tuple[dict[str, str], ...]:
    """Every intersection's name in every language (``{"ru": "L·СВ", "en": "L·NE"}``), by
    number; a log line's ``!l`` parameter."""
    return tuple(_named(*GRID.corner_name(c)) for c in range(CORNERS))


@cache
def edge_names() -> tuple[dict[str, str], ...]:
    """Every path's name in every language, by number."""
    return tuple(_named(*GRID.side_name(e)) for e in range(EDGES))


def corner_name(c: int, lang: str) -> str:
    return corner_names()[c][lang]


def edge_name(e: int, lang: str) -> str:
    return edge_names()[e][lang]


#: a hex letter or none, a dot, a compass point
_TYPED = re.compile(r"(?P<hex>[a-s]?)[·.:](?P<point>[^\W\d_]{1,2})")


@cache
def _typed_points(lang: str) -> dict[str, str]:
    """A typed compass point (either language's letters, lower case) -> ``lang``'s."""
    words: dict[str, str] = {}
    for point in POINTS:
        for code in LANGUAGES:
            words[point_name(point, code).lower()] = point_name(point, lang).lower()
    return words


def menu_needle(word: str, lang: str) -> str:
    """What the filter word ``word`` (lower case) is looked for as in ``lang``'s menu labels:
    a compass point named with the other language's letters in ``lang``'s — two letters alone
    («ne» on a Russian menu: any ``·СВ``; «св» there, or «ne» on an English one, stays a word
    looked for as it is), or after a dot, with or without a hex letter before it («l.ne»,
    «l·n», «.s», «l:св»); a full stop or a colon stands for the middle dot. A one-letter word
    stays as it is (``e`` is hex E), and so does any other word («one», «lne»)."""
    points = _typed_points(lang)
    if len(word) == 2 and points.get(word, word) != word:   # «ne» on a Russian menu
        return "·" + points[word]
    match = _TYPED.fullmatch(word)
    shown = None if match is None else points.get(match["point"])
    if match is None or shown is None:
        return word
    return f"{match['hex']}·{shown}"


__all__ = ["POINTS", "corner_name", "corner_names", "edge_name", "edge_names", "menu_needle",
           "point_name"]
