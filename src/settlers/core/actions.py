"""Actions: frozen, hashable values with a stable JSON form.

A game declares each action as a subclass of :class:`Action` naming its unique ``kind`` and
listing its fields::

    class MoveRobber(Action, kind="move_robber"):
        hex: int
        victim: int | None

The class is made a frozen, slotted dataclass (``@dataclass(frozen=True, slots=True)``, written
once here): construction does no validation (the engine builds actions it knows are well
formed); :class:`ActionCodec` checks JSON against the field types. Field types may be ``int``, ``bool``, ``str``, ``float``, ``None``, unions of those
(``int | None``) and tuples (``tuple[int, ...]``, ``tuple[str, int]``, nested). The JSON form is
``{"type": kind, <field>: <value>, ...}`` with tuples as lists.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import MISSING, dataclass, fields, is_dataclass
from typing import Any, ClassVar, Union, cast, dataclass_transform

from settlers.core.errors import MalformedAction
from settlers.core.i18n import in_every_language


@dataclass_transform(frozen_default=True)
class _ActionMeta(type):
    """Makes every ``class X(Action, kind="x")`` a frozen, slotted dataclass with that kind."""

    field_names: tuple[str, ...]  # in declaration order, read by ``to_json``

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                kind: str | None = None) -> _ActionMeta:
        if kind is not None:
            namespace["kind"] = kind
        cls = super().__new__(mcs, name, bases, namespace)
        if kind is None:  # the base itself, or dataclass re-creating the class with slots
            return cls
        made = cast(_ActionMeta, _FROZEN_SLOTTED(cls))
        made.field_names = tuple(f.name for f in fields(made))  # type: ignore[arg-type]
        return made


_FROZEN_SLOTTED: Callable[[type], type] = dataclass(frozen=True, slots=True)


class Action(metaclass=_ActionMeta):
    """Base of every game action: ``class X(Action, kind="x")`` with annotated fields."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    field_names: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for name in self.field_names:
            out[name] = _to_jsonable(getattr(self, name))
        return out

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    return value


Converter = Callable[[Any], Any]


class _FieldError(Exception):
    """A JSON value that is not of the field's type."""


#: what a field of a plain type must be, as a catalog key (``core.expect.*``); ``.many`` is
#: the plural, for lists of it
_EXPECT: dict[Any, str] = {int: "core.expect.int", bool: "core.expect.bool",
                           str: "core.expect.str", float: "core.expect.float",
                           type(None): "core.expect.null"}
#: a field type's description in every language (a ``!l`` parameter), and its plural or None
Words = dict[str, str]


def _exactly(tp: type) -> Converter:
    """A converter accepting values of exactly ``tp`` (so ``true`` is not an integer)."""
    def conv(v: Any) -> Any:
        if type(v) is not tp:
            raise _FieldError
        return v
    return conv


def _converter(tp: Any) -> tuple[Converter, Words, Words | None]:
    """A function turning a JSON value into a value of type ``tp``, and what such a value must
    be in words, in every language: singular, and plural (None for composite types)."""
    if tp is None:
        tp = type(None)
    if isinstance(tp, type) and tp in _EXPECT:
        key = _EXPECT[tp]
        one, many = in_every_language(key), in_every_language(key + ".many")
        if tp in (int, bool, str):
            return _exactly(tp), one, many
        if tp is float:
            def conv_float(v: Any) -> float:
                if type(v) not in (int, float):
                    raise _FieldError
                return float(v)
            return conv_float, one, many

        def conv_none(v: Any) -> None:
            if v is not None:
                raise _FieldError
        return conv_none, one, many
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [_converter(a) for a in typing.get_args(tp)]
        name = options[0][1]
        for _, other, _ in options[1:]:
            name = in_every_language("core.expect.or", first=name, second=other)

        def conv_union(v: Any) -> Any:
            for conv, _, _ in options:
                try:
                    return conv(v)
                except _FieldError:
                    continue
            raise _FieldError
        return conv_union, name, None
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item, item_one, item_many = _converter(args[0])
            name = (in_every_language("core.expect.list", items=item_many) if item_many
                    else in_every_language("core.expect.list_each", item=item_one))

            def conv_var(v: Any) -> tuple[Any, ...]:
                if type(v) not in (list, tuple):
                    raise _FieldError
                return tuple(item(x) for x in v)
            return conv_var, name, None
        parts = [_converter(a) for a in args]
        if all(a == args[0] for a in args) and parts[0][2]:
            name = in_every_language("core.expect.tuple_same", count=len(parts),
                                     items=parts[0][2])
        else:
            name = in_every_language("core.expect.tuple", count=len(parts), items={
                lang: ", ".join(one[lang] for _, one, _ in parts) for lang in parts[0][1]})

        def conv_fixed(v: Any) -> tuple[Any, ...]:
            if type(v) not in (list, tuple) or len(v) != len(parts):
                raise _FieldError
            return tuple(conv(x) for (conv, _, _), x in zip(parts, v, strict=True))
        return conv_fixed, name, None
    raise TypeError(f"action field type {tp!r} is not supported in JSON actions")


class ActionCodec:
    """Turns JSON into the actions of one game, with a clear error for anything else."""

    def __init__(self, game_id: str, classes: Iterable[type[Action]]) -> None:
        self.game_id = game_id
        self.classes: dict[str, type[Action]] = {}
        self._fields: dict[str, list[tuple[str, Converter, Words]]] = {}
        #: per kind, the fields with a default value: JSON without them (an action written
        #: before the field was added) decodes with the default
        self._defaults: dict[str, dict[str, Any]] = {}
        for cls in classes:
            if not is_dataclass(cls) or not cls.kind:
                raise TypeError(f"{cls.__name__} must be a dataclass with a non-empty kind")
            if cls.kind in self.classes:
                raise TypeError(f"two action classes share the kind {cls.kind!r}")
            hints = typing.get_type_hints(cls)
            specs = []
            defaults = {}
            for f in fields(cls):
                conv, name, _ = _converter(hints[f.name])
                specs.append((f.name, conv, name))
                if f.default is not MISSING:
                    defaults[f.name] = f.default
            self.classes[cls.kind] = cls
            self._fields[cls.kind] = specs
            self._defaults[cls.kind] = defaults

    def known(self) -> str:
        return ", ".join(sorted(self.classes))

    def decode(self, obj: Any) -> Action:
        if isinstance(obj, str | bytes):
            try:
                obj = parse_json(obj)
            except JsonTextError as exc:
                key, params = exc.error("core.malformed_json")
                raise MalformedAction(key, **params) from None
        if not isinstance(obj, dict):
            raise MalformedAction("core.action_not_object", value=_short(obj))
        kind = obj.get("type")
        if kind is None:
            raise MalformedAction("core.action_missing_type", known=self.known())
        if not isinstance(kind, str) or kind not in self.classes:
            raise MalformedAction("core.action_unknown_type", kind=_short(kind),
                                  known=self.known())
        specs = self._fields[kind]
        names = {name for name, _, _ in specs}
        for key in obj:
            if key != "type" and key not in names:
                raise MalformedAction("core.action_unknown_field", kind=kind, field=key,
                                      fields=", ".join(sorted(names)) or "-")
        values = {}
        defaults = self._defaults[kind]
        for name, conv, expected in specs:
            if name not in obj:
                if name in defaults:
                    values[name] = defaults[name]
                    continue
                raise MalformedAction("core.action_missing_field", kind=kind, field=name)
            try:
                values[name] = conv(obj[name])
            except _FieldError:
                raise MalformedAction("core.action_bad_field", kind=kind, field=name,
                                      expected=expected, value=_short(obj[name])) from None
        return self.classes[kind](**values)


# the parser's own (English) words -> the catalog key (core.json.*) of the reason shown
_JSON_REASONS = (
    ("Expecting value", "expecting_value"),
    ("Expecting property name", "property_name"),
    ("Expecting ':'", "colon"),
    ("Expecting ','", "comma"),
    ("Unterminated string", "unterminated_string"),
    ("Extra data", "extra_data"),
    ("Invalid control character", "control_character"),
    ("Invalid \\", "bad_escape"),
)


class JsonTextError(Exception):
    """Why JSON text did not parse: ``reason`` a catalog key, with the place when known."""

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(reason)
        self.reason, self.line, self.column = reason, line, column

    def error(self, key: str) -> tuple[str, dict[str, Any]]:
        """The catalog key and parameters of the error: ``key`` (with line and column) or,
        when the parser names no place, ``key + "_why"``."""
        if self.line is None:
            return key + "_why", {"reason": self.reason}
        return key, {"reason": self.reason, "line": self.line, "column": self.column}


def parse_json(text: str | bytes) -> Any:
    """``text`` parsed, or JsonTextError naming what is wrong in the user's language (not the
    parser's English): invalid text or bytes, nesting too deep, numbers too long for Python."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if not exc.doc.strip():
            raise JsonTextError("core.json.empty") from None
        reason = next((key for words, key in _JSON_REASONS if exc.msg.startswith(words)),
                      "syntax")
        raise JsonTextError(f"core.json.{reason}", exc.lineno, exc.colno) from None
    except UnicodeDecodeError:
        raise JsonTextError("core.json.encoding") from None
    except RecursionError:
        raise JsonTextError("core.json.too_deep") from None
    except ValueError:  # an integer with more digits than Python converts
        raise JsonTextError("core.json.number_too_long") from None


def _short(value: Any, limit: int = 80) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, RecursionError):  # an integer too long to print, or nesting too deep
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
