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
