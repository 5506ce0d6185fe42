"""ICU-style plural and select messages for every catalog, with CLDR plural rules (Babel).

Shared by ``settlers.core.i18n.translate`` (game and core texts, whose plain fields then go
through ``str.format`` with the ``!t``/``!p``/``!n``/``!a`` conversions) and the web's texts.

A catalog text may hold ``{n, plural, one {# ход} few {# хода} many {# ходов} other {# хода}}``
(``=0 {…}`` for an exact number, ``#`` for the number, written as the language writes a count:
«1 000 ходов» with a no-break space, "1,000 moves", «2,5») or ``{kind, select, a {…} other {…}}``;
plain ``{name}`` fields are filled as usual. The page scripts format the same texts with the
browser's ``Intl.PluralRules`` (static/js/util.js), which follows the same CLDR rules.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import Any

from babel import Locale

from settlers.core.digits import write_number


def is_icu(template: str) -> bool:
    return ", plural," in template or ", select," in template


@functools.cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(lang: str, n: float) -> str:
    """CLDR category of ``n`` in ``lang``: ru 1 → one, 2 → few, 5 → many, 1.5 → other."""
    return _locale(lang).plural_form(abs(n))


def _number(value: Any) -> float | None:
    """The number a plural part counts: ``None`` counts 0; a value that is no finite number
    (a word, infinity) counts nothing, and takes the ``other`` form."""
    if value is None:
        return 0.0
    if isinstance(value, int):   # exactly, however large
        return value
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if math.isfinite(number) else None


def _match(text: str, start: int) -> int:
    """Index of the brace closing the one opened at ``start``."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unbalanced braces in {text!r}")


def _options(body: str) -> dict[str, str]:
    out: dict[str, str] = {}
    i = 0
    while i < len(body):
        if body[i].isspace():
            i += 1
            continue
        j = body.index("{", i)
        end = _match(body, j)
        out[body[i:j].strip()] = body[j + 1:end]
        i = end + 1
    return out


def format_icu(template: str, lang: str, params: Mapping[str, Any], *,
               keep_fields: bool = False) -> str:
    """``template`` with its plural and select parts resolved for ``params`` in ``lang``.

    Plain ``{name}`` fields are filled from ``params`` unless ``keep_fields`` is set, in which
    case they are left as they are (for ``str.format`` to fill, with conversions)."""
    out: list[str] = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch != "{":
            out.append(ch)
            i += 1
            continue
        end = _match(template, i)
        inner = template[i + 1:end]
        parts = inner.split(",", 2)
        name = parts[0].strip()
        if len(parts) == 3 and parts[1].strip() in ("plural", "select"):
            options = _options(parts[2])
            value = params.get(name)
            if parts[1].strip() == "plural":
                number = _number(value)
                category = plural_category(lang, number) if number is not None else "other"
                chosen = options.get(f"={value}") or options.get(category) \
                    or options.get("other", "")
                shown = write_number(value, lang, grouping=True) \
                    if isinstance(value, int | float) and not isinstance(value, bool) \
                    else str(value)
                out.append(format_icu(chosen, lang, params, keep_fields=keep_fields)
                           .replace("#", shown))
            else:
                chosen = options.get(str(value), options.get("other", ""))
                out.append(format_icu(chosen, lang, params, keep_fields=keep_fields))
        elif keep_fields or name not in params:
            out.append("{" + inner + "}")
        else:
            out.append(str(params[name]))
        i = end + 1
    return "".join(out)
