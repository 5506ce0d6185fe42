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
from settlers.core.i18n import LANGUAGES, in_every_language


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
        _store_by_slots(made)
        return made


_FROZEN_SLOTTED: Callable[[type], type] = dataclass(frozen=True, slots=True)


class _Probe:
    __slots__ = ("slot",)


_MEMBER = type(_Probe.__dict__["slot"])  # the type of a slot's descriptor (``member_descriptor``)


def _store_by_slots(cls: type) -> None:
    """Give ``cls`` an ``__init__`` that stores each field through its slot's own setter.

    A frozen dataclass's ``__init__`` stores each field by ``object.__setattr__(self, name,
    value)`` (its ``__setattr__`` refuses every assignment): a look-up of the builtin, the
    generic attribute path, the slot found by name — ≈ 700 instructions a field, about half of
    building a first-met action (issue 19). The slot's descriptor (``cls.name``, its
    ``__set__`` bound once here) stores the same value in the same slot without the look-ups.
    Same signature (positional or keyword, the same defaults), same stores, nothing else
    changes: ``__setattr__`` still refuses assignment, equality, hashing, ``repr``, pickling
    and ``dataclasses.fields`` are the dataclass's. A class whose fields this cannot express
    (a default factory, a keyword-only or a non-init field, a field without its own slot)
    keeps the dataclass's ``__init__``."""
    names: list[str] = []
    params: list[str] = []
    scope: dict[str, Any] = {}
    for i, f in enumerate(fields(cls)):
        slot: Any = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if (type(slot) is not _MEMBER or not f.init or f.kw_only is True
                or f.default_factory is not MISSING or not f.name.isidentifier()
                or f.name.startswith("__")):
            return
        names.append(f.name)
        scope[f"__set{i}"] = slot.__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"__default{i}"] = f.default
            params.append(f"{f.name}=__default{i}")
    lines = [f"def __init__(__self, {', '.join(params)}):" if params
             else "def __init__(__self):"]
    lines += [f"    __set{i}(__self, {name})" for i, name in enumerate(names)]
    lines.append("    pass")
    made: dict[str, Any] = {}
    exec("\n".join(lines), scope, made)  # (code made from the field names only)
    init = made["__init__"]
    original = cls.__dict__["__init__"]
    init.__qualname__ = original.__qualname__
    init.__module__ = original.__module__
    init.__annotations__ = dict(original.__annotations__)
    type.__setattr__(cls, "__init__", init)


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
#: a readable name of a field's type in every language ({"ru": "целое число", "en": ...}),
#: shown with ``!l`` in the message of a bad field
Words = dict[str, str]


class _FieldError(Exception):
    pass


_EXACT: dict[Any, str] = {int: "core.type.int", bool: "core.type.bool", str: "core.type.str"}


def _exactly(tp: type) -> Converter:
    """A converter accepting values of exactly ``tp`` (so ``true`` is not an integer)."""
    def conv(v: Any) -> Any:
        if type(v) is not tp:
            raise _FieldError
        return v
    return conv


def _converter(tp: Any) -> tuple[Converter, Words]:
    """A function turning a JSON value into a value of type ``tp`` and its readable name."""
    if isinstance(tp, type) and tp in _EXACT:
        exact = in_every_language(_EXACT[tp])
        return _exactly(tp), exact
    if tp is float:
        def conv_float(v: Any) -> float:
            if type(v) not in (int, float):
                raise _FieldError
            return float(v)
        return conv_float, in_every_language("core.type.float")
    if tp is type(None) or tp is None:
        def conv_none(v: Any) -> None:
            if v is not None:
                raise _FieldError
        return conv_none, in_every_language("core.type.null")
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [_converter(a) for a in typing.get_args(tp)]
        name = options[0][1]
        for _, other in options[1:]:
            name = in_every_language("core.type.or", first=name, second=other)

        def conv_union(v: Any) -> Any:
            for conv, _ in options:
                try:
                    return conv(v)
                except _FieldError:
                    continue
            raise _FieldError
        return conv_union, name
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item, item_name = _converter(args[0])
            name = in_every_language("core.type.list_of", item=item_name)

            def conv_var(v: Any) -> tuple[Any, ...]:
                if type(v) not in (list, tuple):
                    raise _FieldError
                return tuple(item(x) for x in v)
            return conv_var, name
        parts = [_converter(a) for a in args]
        name = in_every_language(
            "core.type.list_fixed", count=len(parts),
            items={lang: ", ".join(n[lang] for _, n in parts) for lang in LANGUAGES})

        def conv_fixed(v: Any) -> tuple[Any, ...]:
            if type(v) not in (list, tuple) or len(v) != len(parts):
                raise _FieldError
            return tuple(conv(x) for (conv, _), x in zip(parts, v, strict=True))
        return conv_fixed, name
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
                conv, name = _converter(hints[f.name])
                specs.append((f.name, conv, name))
                if f.default is not MISSING:
                    defaults[f.name] = f.default
            self.classes[cls.kind] = cls
            self._fields[cls.kind] = specs
            self._defaults[cls.kind] = defaults

    def known(self) -> str:
        return ", ".join(sorted(self.classes))

    def bad_field(self, action: Action) -> dict[str, Any] | None:
        """The parameters of ``core.action_bad_field`` for the first field of ``action`` (an
        action of this game made in Python, where construction checks nothing) that JSON could
        not carry — ``True`` or ``None`` where an integer is due, a list for a tuple — or None.
        (``True == 1``: such an action would pass for a legal one and be logged as ``true``.)"""
        for name, conv, expected in self._fields[action.kind]:
            value = getattr(action, name)
            try:
                same = conv(value)
            except _FieldError:
                same = _FieldError
            if same is not value and (type(same) is not type(value) or same != value):
                return {"kind": action.kind, "field": name, "expected": expected,
                        "value": _short(value)}
        return None

    def decode(self, obj: Any) -> Action:
        if isinstance(obj, str | bytes):
            try:
                obj = json.loads(obj)
            except RecursionError:   # ("[[[[…" a hundred thousand deep: a few bytes a level)
                raise MalformedAction("core.action_too_deep") from None
            except ValueError as exc:   # (JSONDecodeError, UnicodeDecodeError, a long integer)
                fault = json_fault(exc)
                raise MalformedAction("core.malformed_json" if "line" in fault
                                      else "core.malformed_json_why", **fault) from None
        if not isinstance(obj, dict):
            raise MalformedAction("core.action_not_object", value=_short(obj))
        kind = obj.get("type")
        if kind is None:
            raise MalformedAction("core.action_missing_type", known=self.known())
        if not isinstance(kind, str) or kind not in self.classes:
            # (a name as the player wrote it, quoted by the catalog as the language quotes)
            raise MalformedAction("core.action_unknown_type", known=self.known(),
                                  kind=_cut(kind) if isinstance(kind, str) else _short(kind))
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


# the parser's own (English) words -> the catalog key of what is wrong (core.json.*)
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


def json_fault(exc: ValueError) -> dict[str, Any]:
    """What is wrong with text ``json.loads`` refused, in words of the catalog (not the
    parser's English): ``reason`` (a core.json.* key) and, for a syntax error, ``line`` and
    ``column``."""
    if isinstance(exc, json.JSONDecodeError):
        if not exc.doc.strip():
            return {"reason": "core.json.empty"}
        reason = next((key for words, key in _JSON_REASONS if exc.msg.startswith(words)),
                      "syntax")
        return {"reason": f"core.json.{reason}", "line": exc.lineno, "column": exc.colno}
    if isinstance(exc, UnicodeDecodeError):
        return {"reason": "core.json.encoding"}
    return {"reason": "core.json.number_too_long"}   # more digits than Python converts


def _cut(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters, the cut shown."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short(value: Any, limit: int = 80) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, RecursionError):   # a number too long to print, a list nested too deep
        return f"<{type(value).__name__}>"
    return _cut(text, limit)
