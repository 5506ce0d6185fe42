"""A figure's digits in a language's separators: the arithmetic of ``settlers.core.numbers``,
without its default language, so that ``settlers.core.plurals`` (which ``settlers.core.i18n``
imports) writes the ``#`` of a plural text as the language writes numbers («1 000 партий»,
"1,000 games") without an import circle."""

from __future__ import annotations

#: Russian's thousands separator and the space before «%»: a no-break space
NBSP = "\u00a0"

SEPARATORS = {"ru": (NBSP, ","), "en": (",", ".")}


def write_number(value: float, lang: str, digits: int | None = None, *,
                 grouping: bool | None = None) -> str:
    """``value`` with ``digits`` decimals in ``lang`` (``None``: an int as it is, a float as
    ``:g`` writes it); ``grouping`` None groups thousands in Russian only."""
    group, point = SEPARATORS.get(lang, SEPARATORS["en"])
    if grouping is None:
        grouping = lang == "ru"
    if digits is not None:
        text = f"{value:,.{digits}f}" if grouping else f"{value:.{digits}f}"
    elif isinstance(value, int):
        text = f"{value:,}" if grouping else str(value)
    else:
        text = f"{value:,g}" if grouping else f"{value:g}"
    return text.translate({ord(","): group, ord("."): point})
