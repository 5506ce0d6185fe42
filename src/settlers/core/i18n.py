"""Message catalogs and the current language.

Every user-facing text is a catalog key plus parameters. Keys are namespaced by their first
dotted component: ``core.*`` lives in ``settlers/core/messages``, ``catan.*`` in the package of
the game ``catan`` (registered by its Game), and any other ``x.*`` in ``settlers/x/messages``
(``cli``, ``web``, ``bots``, ``sim``). Each namespace has one JSON
file per language (``messages/ru.json``, ``messages/en.json``): a flat object of key -> text.

Figures in text people read go through ``settlers.core.numbers`` (``format_number``,
``format_percent``): «30 054», «159,53», «83,3 %» in Russian.

Texts are ``str.format`` templates. A field with the conversion ``!t`` is itself a catalog key
(or a list of keys) and is translated too: ``"{resource!t}"`` with ``resource="catan.res.ore"``.
A field with the conversion ``!p`` is a seat number and renders as the player's name: the key
``<namespace>.player.<seat>`` if the catalog has it (``catan.player.0`` = "Красный"), else
"Игрок 1" / "Player 1" (seats count from 0 in data, from 1 for people).
A field with the conversion ``!l`` is a ``{"ru": ..., "en": ...}`` mapping (names that come
from a user's data file rather than a catalog) and renders in the language (else English).

A field with the conversion ``!r`` (what a user wrote: a name, a value) is quoted as the
language quotes: «chess» in Russian, 'chess' in English (``repr``'s escapes kept in both).

A field with the conversion ``!f`` is a quantity (florins paid, a limit of turns, a population)
and is written as the language writes a figure, grouped as a plural's ``#`` is: «1 500»,
"1,500", «2,5». A plain field is written as Python writes it, which is right for what names
or orders rather than counts: a seat, a hex, a region, a turn's or a line's number.

A field with the conversion ``!j`` is a list of parameter mappings, each rendered by the catalog
key in the format spec and joined with ", ": ``"{bids!j:archipelago.event.bid}"`` with
``bids=[{"seat": 0, "amount": 3}, ...]`` and ``"archipelago.event.bid": "{seat!p} {amount}f"``
(a list of who did what, each named in the reader's language); plain text renders as it is.

A template may hold ICU plural and select parts (``{count, plural, one {# руда} few {# руды}
many {# руд} other {# руды}}``), resolved with the CLDR plural rules (settlers.core.plurals)
before the plain fields are filled.

Counted nouns ("1 руду", "2 зерна", "5 зёрен") come from ``!n`` (nominative) and ``!a``
(accusative, as after «за», «на», «сбрасывает»): the value is a catalog key with the count in
the field named by the format spec (``{resource!n:count}``) or written there
(``{get!a:1}``: "1 руду"), or a list of keys, one per card
(``{give!a}``: "2 глины, 1 руду"). The word forms live in the catalog under ``<key>.count``
and ``<key>.count_acc`` as plural patterns of ``count``; a key without them renders "2 name".
An entry of such a list may be a mapping ``{"key": ..., <params>}``: a noun with parameters of
its own (``{"key": "archipelago.item.permit_in", "region": 3}``: "1 разрешение (регион 3)").
"""

from __future__ import annotations

import json
import os
import string
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import Any

from settlers.core.digits import write_number
from settlers.core.plurals import format_icu, is_icu

LANGUAGES: tuple[str, ...] = ("ru", "en")
DEFAULT_LANGUAGE = "ru"

_namespaces: dict[str, str] = {"core": "settlers.core"}
_player_names: ContextVar[Sequence[str | None] | None] = ContextVar("player_names",
                                                                    default=None)
_language: str | None = None


#: where the language is read, first to last: ours, then gettext's list (``ru:en``), then the
#: locale's variables in POSIX order (LC_ALL above LC_MESSAGES above LANG)
LANGUAGE_VARIABLES = ("SETTLERS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The first of ru and en that the environment names (``en_GB.UTF-8`` -> ``en``), read
    in the order of ``LANGUAGE_VARIABLES``, else ru. A value naming neither (``C``,
    ``de_DE.UTF-8``) passes the choice on to the next variable."""
    env = os.environ if environ is None else environ
    for variable in LANGUAGE_VARIABLES:
        for value in env.get(variable, "").split(":"):
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


def set_language(lang: str | None) -> str:
    """Set the process-wide language; ``None`` means "from the environment"."""
    global _language
    if lang is None:
        _language = language_from_environment()
    else:
        _language = normalize_language(lang)
    return _language


def get_language() -> str:
    global _language
    if _language is None:
        _language = language_from_environment()
    return _language


def normalize_language(lang: str) -> str:
    code = lang.strip().lower().split("_")[0].split("-")[0]
    if code not in LANGUAGES:
        raise ValueError(
            f"unknown language {lang!r}; choose one of: {', '.join(LANGUAGES)}"
        )
    return code


def register_namespace(prefix: str, package: str) -> None:
    """Let keys ``<prefix>.*`` be looked up in ``<package>/messages/<lang>.json``."""
    _namespaces[prefix] = package


@cache
def catalog(package: str, lang: str) -> dict[str, str]:
    """The flat key -> text catalog of one package in one language (empty if absent)."""
    try:
        text = (resources.files(package) / "messages" / f"{lang}.json").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return {}
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"catalog {package}/messages/{lang}.json is not a JSON object")
    return {str(k): str(v) for k, v in data.items()}


def add_texts(package: str, texts: Mapping[str, Mapping[str, str]]) -> None:
    """Texts that come from a user's data file (``{key: {"ru": ..., "en": ...}}``) become
    entries of the catalog of ``package``, so the log, the menus and the board name them like
    built-in ones. Each is plain text, never a template: a brace stays a brace. The keys should
    be the file's own (a prefix from its digest): two files may name one id differently."""
    for lang in LANGUAGES:
        table = catalog(package, lang)
        for key, names in texts.items():
            text = names.get(lang) or names["en"]
            table[key] = text.replace("{", "{{").replace("}", "}}")


def lookup(key: str, lang: str) -> str | None:
    """The raw template of ``key`` in ``lang`` (falling back to English), or None."""
    prefix = key.split(".", 1)[0]
    package = _namespaces.get(prefix) or f"settlers.{prefix}"
    for code in (lang, "en"):
        text = catalog(package, code).get(key)
        if text is not None:
            return text
    return None


@contextmanager
def using_player_names(names: Sequence[str | None]) -> Iterator[None]:
    """Within the block, ``!p`` names seat ``i`` ``names[i]`` (people's own names in a web
    game, say); a seat whose entry is empty or None keeps its usual name."""
    token = _player_names.set(names)
    try:
        yield
    finally:
        _player_names.reset(token)


def player_name(seat: Any, lang: str | None = None, namespace: str = "core") -> str:
    """The name of the player in ``seat`` (see ``!p`` above)."""
    code = get_language() if lang is None else lang
    if isinstance(seat, list | tuple):
        return ", ".join(player_name(s, code, namespace) for s in seat)
    if seat is None:
        return translate("core.nobody", code)
    names = _player_names.get()
    if names is not None and type(seat) is int and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    own = lookup(f"{namespace}.player.{seat}", code)
    if own is not None:
        return own
    try:
        return translate("core.player", code, number=int(seat) + 1)
    except (TypeError, ValueError):
        return str(seat)


def counted(key: str, count: int, lang: str | None = None, *, accusative: bool = False,
            params: Mapping[str, Any] | None = None) -> str:
    """``count`` of the thing named by catalog ``key`` with the noun in the right form:
    ``counted("catan.res.ore", 1, "ru", accusative=True)`` is "1 руду", 5 → "5 руд";
    ``params`` fill the noun's own fields."""
    code = get_language() if lang is None else lang
    extra = params or {}
    forms = f"{key}.count_acc" if accusative else f"{key}.count"
    if accusative and lookup(forms, code) is None:
        forms = f"{key}.count"
    if lookup(forms, code) is None:
        return f"{write_number(count, code, grouping=True)} {translate(key, code, **extra)}"
    return translate(forms, code, **extra, count=count)


def counted_list(keys: Sequence[str | Mapping[str, Any]], lang: str | None = None, *,
                 accusative: bool = False, sep: str = ", ") -> str:
    """One key per card, grouped in first-seen order: ["a", "b", "a"] → "2 a, 1 b"; an entry
    ``{"key": k, **params}`` is the noun ``k`` with its own parameters (grouped with its
    equals)."""
    groups: dict[str, tuple[str, dict[str, Any], int]] = {}
    for entry in keys:
        if isinstance(entry, Mapping):
            params = {k: v for k, v in entry.items() if k != "key"}
            key, name = str(entry.get("key")), json.dumps(entry, sort_keys=True, default=str)
        else:
            key = name = str(entry)
            params = {}
        got = groups.get(name)
        groups[name] = (key, params, 1 if got is None else got[2] + 1)
    return sep.join(counted(k, n, lang, accusative=accusative, params=p)
                    for k, p, n in groups.values())


class _Counted:
    __slots__ = ("accusative", "value")

    def __init__(self, value: Any, accusative: bool) -> None:
        self.value = value
        self.accusative = accusative


class _Joined:
    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def figure(value: Any, lang: str) -> Any:
    """A quantity (an int or a float, not a flag) as ``lang`` writes it (``!f``), grouped:
    «1 500», "1,500", «2,5»; anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    return write_number(value, lang, grouping=True)


class _CatalogFormatter(string.Formatter):
    def __init__(self, lang: str, namespace: str = "core") -> None:
        self.lang = lang
        self.namespace = namespace
        self.params: Mapping[str, Any] = {}

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, _Joined):
            items = value.value
            if not isinstance(items, list | tuple) or not format_spec:
                return str(items)
            return ", ".join(translate(format_spec, self.lang, **item)
                             if isinstance(item, Mapping) else str(item) for item in items)
        if isinstance(value, _Counted):
            if isinstance(value.value, list | tuple):
                return counted_list(value.value, self.lang, accusative=value.accusative)
            if format_spec.isdigit():
                count = int(format_spec)
            else:
                count = int(self.params.get(format_spec, 1)) if format_spec else 1
            return counted(str(value.value), count, self.lang, accusative=value.accusative)
        return super().format_field(value, format_spec)

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion in ("n", "a"):
            return _Counted(value, conversion == "a")
        if conversion == "j":
            return _Joined(value)
        if conversion == "p":
            return player_name(value, self.lang, self.namespace)
        if conversion == "f":
            return figure(value, self.lang)
        if conversion == "l":
            if isinstance(value, Mapping):
                return value.get(self.lang) or value.get("en") or next(iter(value.values()), "")
            return value
        if conversion == "t":
            if isinstance(value, list | tuple):
                return ", ".join(translate(str(v), self.lang) for v in value)
            return translate(str(value), self.lang)
        if conversion == "r" and isinstance(value, str) and self.lang == "ru":
            # what a user wrote, quoted as Russian quotes it («chess», not 'chess'), with
            # repr's escapes (a control character shown, not acted on)
            return "«" + repr(value)[1:-1] + "»"
        return super().convert_field(value, conversion)

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs:
            return "{" + key + "}"
        return super().get_value(key, args, kwargs)


def translate(key: str, lang: str | None = None, /, **params: Any) -> str:
    """Render ``key`` with ``params`` in ``lang`` (default: the current language).

    An unknown key renders as the key itself followed by its parameters, so a missing catalog
    entry is visible rather than silent.
    """
    code = get_language() if lang is None else lang
    template = lookup(key, code)
    if template is None:
        if not params:
            return key
        return key + " " + ", ".join(f"{k}={v}" for k, v in params.items())
    if is_icu(template):
        template = format_icu(template, code, params, keep_fields=True)
    formatter = _CatalogFormatter(code, key.split(".", 1)[0])
    formatter.params = params
    try:
        return formatter.format(template, **params)
    except (IndexError, ValueError, AttributeError):
        return template


t = translate


def in_every_language(key: str, /, **params: Any) -> dict[str, str]:
    """``key`` rendered in every language, as a ``!l`` parameter of another message (a text
    composed in code, such as what an action's field must be). A parameter that is itself such
    a mapping is given in each language."""
    return {code: translate(key, code, **{k: v[code] if isinstance(v, Mapping) else v
                                          for k, v in params.items()})
            for code in LANGUAGES}
