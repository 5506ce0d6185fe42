"""Checks of a text meant for a Russian reader: no English sentence left, and the numeral's
plural category (one / few / many), worked out apart from the catalogs' Babel rules."""

from __future__ import annotations

import re

_QUOTED = re.compile(r"«[^»]*»|'[^']*'|\"[^\"]*\"")
# JSON's own words and the name of an encoding, which a Russian text uses as they are
_TECHNICAL = frozenset({"JSON", "UTF", "true", "false", "null"})


ONE, FEW, MANY = "one", "few", "many"


def russian_category(n: int) -> str:
    """The Russian plural category of a whole number (one: 1, 21; few: 2–4, 22; many: 0, 5–20),
    which the noun after it must agree with."""
    if n % 10 == 1 and n % 100 != 11:
        return ONE
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return FEW
    return MANY


def english_left(text: str, ids: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of three letters or more left in ``text`` once the quoted parts (what
    a user wrote, names from a file), the ``ids`` (a game's id, an option's name) and JSON's
    own words are taken out: empty for a text with no English in it."""
    rest = _QUOTED.sub(" ", text)
    for name in ids:
        rest = rest.replace(name, " ")
    return [w for w in re.findall(r"[A-Za-z]{3,}", rest) if w not in _TECHNICAL]


def refused_content(game: str, option: str, path: str) -> tuple[str, str]:
    """The refusal of the content at ``path`` by ``settlers content install`` and a web upload
    (``content_sets.validate``), in Russian and English; the Russian is checked to hold no
    English (the game's id and the option's name aside)."""
    from settlers.core.content_sets import ContentSetError, validate

    try:
        validate(game, option, path)
    except ContentSetError as exc:
        ru, en = exc.message("ru"), exc.message("en")
    else:
        raise AssertionError(f"{game} {option}: {path} was accepted")
    assert english_left(ru, (game, option)) == [], ru
    return ru, en
