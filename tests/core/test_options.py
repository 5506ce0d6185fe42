"""Options are declared with defaults and allowed values; bad ones are refused by name."""

from __future__ import annotations

import pytest

from settlers.core import InvalidOption, Option
from settlers.core.options import parse_option_pairs, resolve_options

DECLARED = (
    Option("board", "random", choices=("random", "beginner")),
    Option("target", 10, minimum=5, maximum=20),
    Option("friendly", False),
    Option("tiles", None, type=str),
)


def test_defaults_fill_in_and_text_values_are_coerced():
    assert resolve_options("g", DECLARED, None) == {
        "board": "random", "target": 10, "friendly": False, "tiles": None}
    got = resolve_options("g", DECLARED, {"target": "12", "friendly": "yes", "tiles": "a.json"})
    assert got["target"] == 12 and got["friendly"] is True and got["tiles"] == "a.json"


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"boards": "x"}, "no option 'boards'; its options are: board, friendly, target, tiles"),
        ({"board": "hex"}, "allowed: random, beginner"),
        ({"target": 30}, "between 5 and 20"),
        ({"target": "ten"}, "must be an integer"),
        ({"friendly": "maybe"}, "true or false"),
        ({"target": True}, "must be an integer"),
    ],
)
def test_bad_options_name_what_is_allowed(given, words):
    with pytest.raises(InvalidOption) as info:
        resolve_options("g", DECLARED, given)
    assert words in info.value.message("en")


def test_option_pairs_from_the_command_line():
    assert parse_option_pairs(["board=beginner", " target = 12 "]) == {
        "board": "beginner", "target": "12"}
    with pytest.raises(InvalidOption, match="name=value"):
        parse_option_pairs(["board"])
