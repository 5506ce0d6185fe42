"""A refusal quoted after a colon inside another refusal reads as a clause of it: its first
letter in lower case, as Russian and English typography write what follows a colon — «Неверное
значение у «--seat»: места 9 нет …», not «…: Места 9 нет»; "Seat «x»: bot mcts takes no …".

A proper name keeps its capital: a word written in capitals or with one inside (JSON,
PostgreSQL), a word of a game's name in either language (Колонизаторы, Catan), and the few
names the command line's refusals begin with (``NAMES``). A text that does not begin with a
word (a quote, an option, a path, a figure) is left as it is, and so is English "I".
"""

from __future__ import annotations

import re
from functools import cache

from settlers.core.i18n import LANGUAGES
from settlers.core.registry import games

#: names a refusal may begin with that are no game's: programs and formats
NAMES = frozenset({"Ray", "Python", "Markdown", "Typer", "Click", "Linux", "Windows", "Settlers",
                   "Поселенцы"})

_FIRST_WORD = re.compile(r"[^\W\d_]+")


@cache
def proper_names() -> frozenset[str]:
    """``NAMES`` and every word of every game's name, in every language."""
    words = set(NAMES)
    for game in games():
        for lang in LANGUAGES:
            words.update(_FIRST_WORD.findall(game.name(lang)))
    return frozenset(words)


def clause(text: str) -> str:
    """``text`` as a clause after a colon: its first letter in lower case unless it begins a
    proper name."""
    word = _FIRST_WORD.match(text)
    if word is None:
        return text
    first = word.group()
    if not (first[0].isupper() and (len(first) == 1 or first[1:].islower())):
        return text
    if first == "I" or first in proper_names():
        return text
    return text[0].lower() + text[1:]


__all__ = ["NAMES", "clause", "proper_names"]
