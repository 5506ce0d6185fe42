"""Figures written as the reader's language writes them: ``30,054``, ``159.53``, ``83.3%`` in
English; «30 054», «159,53», «83,3 %» in Russian.

Russian follows CLDR (and so the browser's ``Intl.NumberFormat("ru")``, the web's figures): a
decimal comma, thousands grouped by a no-break space (U+00A0, so a terminal or a wrapped
line never splits a number), and a no-break space before the per cent sign. English is what
Python's ``f"{x:,.1f}"`` and ``f"{x:.1f}%"`` give.

For text people read only. Machine-readable outputs (JSON, JSONL, CSV, parquet) and what a
user types (an option's bounds, a bot's budget ``mcts:iterations=400``) keep Python's digits.
"""

from __future__ import annotations

from settlers.core.digits import NBSP, write_number
from settlers.core.i18n import get_language

__all__ = ["NBSP", "format_number", "format_percent", "format_percent_range", "format_range"]


def format_number(value: float, lang: str | None = None, digits: int | None = None, *,
                  grouping: bool | None = None) -> str:
    """``value`` with ``digits`` decimals in ``lang`` (``None``: an int as it is, a float as
    ``:g`` writes it, 2.5 → «2,5», 3.0 → «3»).

    ``grouping`` None is the language's habit: Russian groups thousands («30 054»); English
    does not, as Python prints (and as the CLI printed every figure but one: actions per
    second, ``grouping=True``). A count in a plural text («1 000 партий», "1,000 games") is
    grouped in both (settlers.core.plurals)."""
    return write_number(value, lang or get_language(), digits, grouping=grouping)


def format_percent(fraction: float, lang: str | None = None, digits: int = 1) -> str:
    """``fraction`` (0.833) as a per cent: «83,3 %» in Russian, "83.3%" in English."""
    code = lang or get_language()
    number = format_number(100 * fraction, code, digits)
    return f"{number}{NBSP}%" if code == "ru" else f"{number}%"


def format_percent_range(low: float, high: float, lang: str | None = None, digits: int = 1) -> str:
    """An interval of fractions as per cents: «34,2–100,0 %», "34.2–100.0%"."""
    return f"{format_number(100 * low, lang, digits)}–{format_percent(high, lang, digits)}"


def format_range(low: float, high: float, lang: str | None = None, digits: int = 1) -> str:
    """An interval of numbers: «21,3–27,8», "21.3–27.8"."""
    return f"{format_number(low, lang, digits)}–{format_number(high, lang, digits)}"

