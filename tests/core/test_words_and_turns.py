"""settlers.core.words and settlers.core.turns."""

from __future__ import annotations

import pytest

from settlers.core import InvalidOption
from settlers.core.options import resolve_options
from settlers.core.turns import turn_limit_option, turn_limit_reached
from settlers.core.words import Words, count_keys, count_words


def test_words_prefix_the_namespace(sample_game):
    assert Words("sample", "en")("action.draw") == "Draw a card"
    assert Words("sample", "en")("action.bid", card=4) == "Bid 4"
    assert Words("sample", "ru")("action.draw") != "Draw a card"


def test_count_keys_and_words(sample_game):
    key_of = {0: "sample.action.draw", 1: "sample.action.pass"}.__getitem__
    assert count_keys((2, 1), key_of) == ["sample.action.draw"] * 2 + ["sample.action.pass"]
    assert count_words((2, 0), key_of, "en") == "2 Draw a card"
    assert count_words((1, 1), key_of, "en", sep=", ") == "1 Draw a card, 1 Pass"
    assert count_words((0, 0), key_of, "en") == "—"


def test_turn_limit_zero_means_none():
    assert not turn_limit_reached({"turn_limit": 0}, 10_000)
    assert not turn_limit_reached({}, 10_000)
    assert not turn_limit_reached({"turn_limit": 60}, 59)
    assert turn_limit_reached({"turn_limit": 60}, 60)


def test_turn_limit_option_is_bounded():
    option = turn_limit_option(default=500, maximum=1000)
    assert resolve_options("x", [option], None) == {"turn_limit": 500}
    with pytest.raises(InvalidOption):
        resolve_options("x", [option], {"turn_limit": -1})
