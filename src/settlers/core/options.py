"""Game options: declared per game with a default, a type and the allowed values."""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from settlers.core.errors import InvalidOption
from settlers.core.i18n import LANGUAGES, translate

_TRUE = {"true", "yes", "on", "1", "да"}
_FALSE = {"false", "no", "off", "0", "нет"}
_TYPE_NAMES = {int: "an integer", float: "a number", bool: "true or false", str: "a string"}
_TYPE_KEYS = {int: "core.type.int", float: "core.type.float", bool: "core.type.bool",
              str: "core.type.str"}


def _expected(tp: builtins.type) -> dict[str, str]:
    """The name of ``tp`` in every language, for the message of a value of another type."""
    key = _TYPE_KEYS.get(tp)
    return {lang: tp.__name__ if key is None else translate(key, lang) for lang in LANGUAGES}


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``type`` is inferred from ``default`` when not given. ``choices`` limits the values;
    ``minimum``/``maximum`` bound numbers. ``help`` is a catalog key (default
    ``<game>.option.<name>``). A default of ``None`` means "not set" (for example a path to a
    user's data file); then ``type`` must be given.

    ``content`` marks an option whose value is component data, chosen by the name of a content
    set (``settlers.core.content_sets``; a path only on the command line): one file, or — when
    ``content_files`` names the files it may hold — a folder. ``label`` is a catalog key that
    names the option in a message in a few words (what the data is: «файл карточек»); the
    option's name stands for it when there is none.

    Each of ``choices`` is named in words by the catalog key ``<choice_key>.<choice>``
    (``choice_key`` defaults to the option's ``<game>.option.<name>``: «Короткая» for
    ``archipelago.option.length.short``); with ``choice_separator`` a choice is a list of
    parts (``romans,egyptians``), each named so and joined (:meth:`choice_label`).
    """

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    type: builtins.type | None = None
    minimum: float | None = None
    maximum: float | None = None
    help: str | None = None
    content: bool = False
    label: str | None = None   # a catalog key naming the option in a message («файл карточек»)
    content_files: tuple[str, ...] = ()
    choice_key: str | None = None   # catalog key prefix of the choices' names
    choice_separator: str | None = None   # a choice is a list of parts joined by it

    @property
    def value_type(self) -> builtins.type:
        if self.type is not None:
            return self.type
        if self.default is None:
            return str
        return type(self.default)

    def choice_label(self, game_id: str, choice: Any, lang: str) -> str:
        """``choice`` in words in ``lang`` (see the class): each part by its catalog key."""
        prefix = self.choice_key or f"{game_id}.option.{self.name}"
        text = str(choice)
        parts = text.split(self.choice_separator) if self.choice_separator else [text]
        words = [translate(f"{prefix}.{part}", lang) for part in parts]
        return ", ".join(words)

    def choice_labels(self, game_id: str, lang: str) -> dict[str, str]:
        """Every choice (as text) in words in ``lang``; empty for an option without choices."""
        return {str(c): self.choice_label(game_id, c, lang) for c in self.choices or ()}

    def allowed(self) -> str:
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        if self.minimum is not None or self.maximum is not None:
            return f"{self.minimum}..{self.maximum}"
        return _TYPE_NAMES.get(self.value_type, self.value_type.__name__)

    def coerce(self, value: Any) -> Any:
        """The option's value from ``value`` (which may be the text of a ``k=v`` argument)."""
        if value is None and self.default is None:
            return None
        tp = self.value_type
        result: Any
        if isinstance(value, str) and tp is not str:
            text = value.strip().lower()
            try:
                if tp is bool:
                    if text in _TRUE:
                        result = True
                    elif text in _FALSE:
                        result = False
                    else:
                        raise ValueError(text)
                else:
                    result = tp(text)
            except ValueError:
                raise InvalidOption("core.bad_option_type", option=self.name,
                                    expected=_expected(tp), value=value) from None
        else:
            ok = isinstance(value, tp) and not (tp is int and isinstance(value, bool))
            if tp is float and isinstance(value, int) and not isinstance(value, bool):
                value, ok = float(value), True
            if not ok:
                raise InvalidOption("core.bad_option_type", option=self.name,
                                    expected=_expected(tp), value=value)
            result = value
        if self.choices is not None and result not in self.choices:
            raise InvalidOption("core.bad_option_value", option=self.name, value=value,
                                allowed=self.allowed())
        if (self.minimum is not None and result < self.minimum) or (
            self.maximum is not None and result > self.maximum
        ):
            raise InvalidOption("core.bad_option_range", option=self.name, value=result,
                                minimum=self.minimum, maximum=self.maximum)
        return result


def resolve_options(game: str | Mapping[str, str], declared: Iterable[Option],
                    given: Mapping[str, Any] | None) -> dict[str, Any]:
    """All options with defaults filled in; unknown or invalid ones raise InvalidOption.
    ``game`` names the game in the refusals: its id, or its names by language
    (``Game.label()``), which a reader sees in their language."""
    by_name = {o.name: o for o in declared}
    result = {o.name: o.default for o in by_name.values()}
    if given is not None and not isinstance(given, Mapping):
        raise InvalidOption("core.options_not_object", game=game, value=repr(given)[:80])
    for name, value in (given or {}).items():
        option = by_name.get(name)
        if option is None:
            raise InvalidOption("core.unknown_option", game=game, option=name,
                                known=", ".join(sorted(by_name)) or "-")
        result[name] = option.coerce(value)
    return result


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """``["board=beginner", "phases=combined"]`` -> a dict of texts (coerced later)."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidOption("core.bad_option_syntax", text=pair)
        out[name.strip()] = value.strip()
    return out
