"""Helpers for describing a game in words (menu labels, log lines, the terminal board).

Every game wrote the same three things: a translate that prefixes its own namespace, a list of
catalog keys for a bundle of cards (for ``{cards!t}`` in event texts), and "2 brick + 1 wool"
for menus.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.core.cardcounts import Counts, expand
from settlers.core.i18n import counted, translate


class Words:
    """Catalog look-ups of one namespace (a game id) in one language:
    ``Words("imperial", "ru")("action.pass")`` is ``translate("imperial.action.pass", "ru")``."""

    __slots__ = ("lang", "namespace")

    def __init__(self, namespace: str, lang: str) -> None:
        self.namespace = namespace
        self.lang = lang

    def __call__(self, key: str, **params: Any) -> str:
        return translate(f"{self.namespace}.{key}", self.lang, **params)


def count_keys(counts: Counts, key_of: Callable[[int], str]) -> list[str]:
    """One catalog key per card of a count bundle, in kind order (for ``{x!t}`` parameters)."""
    return [key_of(kind) for kind in expand(counts)]


def count_words(counts: Counts, key_of: Callable[[int], str], lang: str, *,
                sep: str = " + ", empty: str = "—", accusative: bool = False) -> str:
    """"2 brick + 1 wool": each kind held with its count and its noun in the form the number
    asks for (the catalog's ``<key>.count`` / ``<key>.count_acc`` plural patterns, see
    ``settlers.core.i18n.counted``: «2 глины + 1 руду»); ``empty`` (a text, not a key) when
    there is nothing."""
    parts = [counted(key_of(kind), n, lang, accusative=accusative)
             for kind, n in enumerate(counts) if n]
    return sep.join(parts) or empty


__all__ = ["Words", "count_keys", "count_words"]
