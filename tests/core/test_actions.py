"""Actions are frozen values with a stable JSON form; bad JSON gets a clear error."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from typing import ClassVar

import pytest

from settlers.core import Action, ActionCodec, MalformedAction


class Trade(Action, kind="trade"):
    give: tuple[int, ...]
    get: tuple[int, ...]
    to: int | None
    note: str


class Pair(Action, kind="pair"):
    where: tuple[int, str]
    flag: bool


class Later(Action, kind="later"):
    what: str
    by: str = ""


CODEC = ActionCodec("test", [Trade, Pair, Later])


def test_round_trip_turns_lists_back_into_tuples():
    action = Trade(give=(1, 1), get=(2,), to=None, note="hi")
    data = action.to_json()
    assert data == {"type": "trade", "give": [1, 1], "get": [2], "to": None, "note": "hi"}
    back = CODEC.decode(data)
    assert back == action and hash(back) == hash(action)
    assert CODEC.decode(action.to_json_text()) == action
    assert CODEC.decode({"type": "pair", "where": [3, "x"], "flag": True}) == Pair((3, "x"), True)


def test_a_field_added_later_with_a_default_may_be_missing():
    """A saved action written before a field with a default was added still decodes (with
    that default); a field without a default must still be there."""
    assert CODEC.decode({"type": "later", "what": "port"}) == Later("port", "")
    assert CODEC.decode({"type": "later", "what": "port", "by": "ship"}) == Later("port", "ship")
    with pytest.raises(MalformedAction):
        CODEC.decode({"type": "later", "by": "ship"})


def test_actions_are_frozen():
    with pytest.raises(FrozenInstanceError):
        Pair((1, "a"), False).flag = True  # type: ignore[misc]


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("{nope", "not valid JSON"),
        ("[1]", "JSON object"),
        ({"give": []}, "no \"type\""),
        ({"type": "steal"}, "Unknown action type \"steal\"; known types: later, pair, trade"),
        ({"type": "pair", "where": [1, "a"]}, "lacks the field 'flag'"),
        ({"type": "pair", "where": [1, "a"], "flag": True, "x": 1}, "has no field 'x'"),
        ({"type": "pair", "where": [1, 2], "flag": True}, "field 'where'"),
        ({"type": "pair", "where": [1, "a"], "flag": 1}, "must be true or false"),
        ({"type": "trade", "give": [True], "get": [], "to": None, "note": ""}, "'give'"),
        ({"type": "trade", "give": [], "get": [], "to": "1", "note": ""}, "an integer or null"),
    ],
)
def test_malformed_input_names_the_fault(bad, words):
    with pytest.raises(MalformedAction) as info:
        CODEC.decode(bad)
    assert words in info.value.message("en")
    assert info.value.message("ru") != info.value.message("en")


def test_unsupported_field_types_are_refused_when_the_game_is_defined():
    @dataclass(frozen=True)
    class Bad(Action):
        kind: ClassVar[str] = "bad"
        cards: list[int]

    with pytest.raises(TypeError, match="not supported"):
        ActionCodec("test", [Bad])


def test_two_actions_with_one_kind_are_refused():
    @dataclass(frozen=True)
    class Again(Action):
        kind: ClassVar[str] = "pair"

    with pytest.raises(TypeError, match="share the kind"):
        ActionCodec("test", [Pair, Again])


class Defaults(Action, kind="defaults"):
    first: int
    second: str = "two"
    third: tuple[int, ...] = ()


class Child(Later, kind="child"):
    extra: int = 0


def test_the_constructor_stores_through_the_slots_and_keeps_the_dataclass_behaviour():
    """Every action class's ``__init__`` stores its fields through the slots' setters
    (cheaper than the frozen dataclass's ``object.__setattr__``), with the dataclass's
    signature and nothing else changed: equality, hashing, ``repr``, pickling, copying, JSON,
    ``dataclasses.fields``, pattern matching and frozen-ness."""
    import copy
    import inspect
    import pickle
    from dataclasses import fields, replace

    for cls in (Trade, Pair, Later, Defaults, Child):       # the new path is in place
        init = cls.__init__
        assert "__setattr__" not in init.__code__.co_names, cls
        for i, f in enumerate(fields(cls)):
            assert init.__globals__[f"__set{i}"].__self__ is getattr(cls, f.name)
        assert "__dict__" not in dir(cls(*(f.default for f in fields(cls)
                                          if False), **{f.name: 0 for f in fields(cls)}))
    assert str(inspect.signature(Defaults)) == (
        "(first: 'int', second: 'str' = 'two', third: 'tuple[int, ...]' = ()) -> None")
    made = [Trade((1, 2), (3,), None, "n"), Trade(give=(1, 2), get=(3,), to=None, note="n"),
            Defaults(1), Defaults(1, "two", ()), Defaults(first=1, third=()),
            Later("a"), Child("a", "b", 3), Child(what="a", extra=3, by="b")]
    assert made[0] == made[1] and hash(made[0]) == hash(made[1])
    assert made[2] == made[3] == made[4] and len({made[2], made[3], made[4]}) == 1
    assert made[6] == made[7] and made[5] != Child("a") and Later("a") == made[5]
    assert repr(made[2]) == "Defaults(first=1, second='two', third=())"
    assert repr(made[6]) == "Child(what='a', by='b', extra=3)"
    assert [f.name for f in fields(Child)] == ["what", "by", "extra"]
    for action in made:
        assert pickle.loads(pickle.dumps(action)) == action
        assert copy.copy(action) == action == copy.deepcopy(action)
        assert CODEC_ALL.decode(action.to_json_text()) == action
        name = action.field_names[0]
        with pytest.raises(FrozenInstanceError):
            setattr(action, name, 5)
        with pytest.raises(FrozenInstanceError):
            delattr(action, name)
    assert replace(made[2], second="x") == Defaults(1, "x")
    match made[6]:
        case Child(what, by, extra):
            assert (what, by, extra) == ("a", "b", 3)
        case _:
            raise AssertionError("no match")
    with pytest.raises(TypeError):
        Defaults()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Defaults(1, first=2)  # type: ignore[misc]
    with pytest.raises(TypeError):
        Pair((1, "a"), True, 3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pair((1, "a"), flag=True, other=1)  # type: ignore[call-arg]


def test_a_field_the_slots_cannot_store_keeps_the_dataclass_constructor():
    from dataclasses import field

    class Listed(Action, kind="listed"):
        items: tuple[int, ...] = field(default_factory=tuple)

    assert "__setattr__" in Listed.__init__.__code__.co_names
    assert Listed() == Listed(()) and Listed((1,)).items == (1,)


CODEC_ALL = ActionCodec("test-all", [Trade, Pair, Later, Defaults, Child])
