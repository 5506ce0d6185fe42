"""Texts in the reader's language (ru first, en second) through settlers.core's catalogs.

Web texts are the ``web.*`` keys in settlers/web/messages/<lang>.json; game texts (the event
log, action labels, refusals) come from each game's own catalog via ``settlers.core``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from settlers.core.i18n import LANGUAGES, catalog, lookup, translate
from settlers.core.i18n import figure as core_figure
from settlers.core.plurals import format_icu, is_icu

LANGS = LANGUAGES
DEFAULT_LANG = "ru"
LANG_COOKIE = "settlers_lang"


def normalize_lang(lang: str | None, default: str = DEFAULT_LANG) -> str:
    if lang:
        code = str(lang).strip().lower().replace("-", "_").split("_")[0].split(".")[0]
        if code in LANGS:
            return code
    return default


def t(key: str, lang: str, **params) -> str:
    """The web text ``web.<key>`` in ``lang``; plural and select messages go through the
    CLDR plural rules (settlers.core.plurals)."""
    code = normalize_lang(lang)
    template = lookup(f"web.{key}", code)
    if template is not None and is_icu(template):
        return format_icu(template, code, params)
    return translate(f"web.{key}", code, **params)


def figure(value: Any, lang: str) -> Any:
    """A number (not a flag) as ``lang`` writes a figure: «10 000», "10,000", «2,5»; anything
    else as it is (the catalogs' ``!f``, settlers.core.i18n)."""
    return core_figure(value, lang)


def t_figures(key: str, lang: str, figures: Collection[str], **params) -> str:
    """``t`` with the numbers of the parameters named in ``figures`` written as figures (a
    limit, a length, a version: «предел 10 000», "limit 10,000"); plural parts still choose
    their form by the number. What a reader wrote or types back (a seat's number they asked
    for, a port) stays as it came."""
    code = normalize_lang(lang)
    shown = {k: figure(v, code) if k in figures else v for k, v in params.items()}
    template = lookup(f"web.{key}", code)
    if template is not None and is_icu(template):
        # the second pass fills plain fields only: a name by language (``{name!l}``, a
        # game's names) is given to it under its field as written, in the language
        shown.update({f"{k}!l": v.get(code) or v.get("en") or next(iter(v.values()), "")
                      for k, v in params.items() if isinstance(v, Mapping)})
        return format_icu(format_icu(template, code, params, keep_fields=True), code, shown)
    return translate(f"web.{key}", code, **shown)


def web_catalog(lang: str) -> dict[str, str]:
    """The web catalog without the ``web.`` prefix, for the page's scripts."""
    return {k[4:]: v for k, v in catalog("settlers.web", normalize_lang(lang)).items()}


def game_catalog(game, lang: str) -> dict[str, str]:
    """A game's whole catalog in ``lang`` (English where a text is missing), for its board."""
    if not game.package:
        return {}
    out = dict(catalog(game.package, "en"))
    out.update(catalog(game.package, normalize_lang(lang)))
    return out
