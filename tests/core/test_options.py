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


def test_every_choice_of_every_game_is_named_in_words_in_both_languages():
    """The choices of an option are listed by catalog labels (``<game>.option.<name>.<c>``),
    not by the ids a command line takes: no game leaves one unnamed, and the Russian is not
    the English."""
    from settlers.core import games
    from settlers.core.i18n import lookup

    seen = 0
    for game in games():
        for option in game.options:
            for choice in option.choices or ():
                parts = (str(choice).split(option.choice_separator) if option.choice_separator
                         else [str(choice)])
                for part in parts:
                    key = f"{option.choice_key or f'{game.id}.option.{option.name}'}.{part}"
                    ru, en = lookup(key, "ru"), lookup(key, "en")
                    assert ru and en, key
                    assert ru != en, key
                seen += 1
    assert seen > 80   # Catan's board and phases, Archipelago's length and trend, Imperial's


@pytest.mark.parametrize(("game_id", "option", "lang", "labels"), [
    ("archipelago", "length", "ru", {"short": "Короткая", "medium": "Средняя",
                                     "long": "Длинная"}),
    ("archipelago", "length", "en", {"short": "Short", "medium": "Medium", "long": "Long"}),
    ("imperial", "lookout", "ru", {"standard": "Обычная разведка",
                                   "alternative": "Альтернативная разведка",
                                   "advanced": "Усложнённая разведка"}),
    ("catan", "phases", "en", {"separate": "Trade, then build",
                               "combined": "Trade and build in any order"}),
])
def test_a_games_info_names_the_choices_of_an_option(game_id, option, lang, labels):
    from settlers.core import load

    info = load(game_id).info(lang)
    assert next(o for o in info["options"] if o["name"] == option)["choice_labels"] == labels


def test_a_choice_made_of_parts_is_named_part_by_part():
    """Imperial's ``empires`` is a list of empires by seat: «Римляне, Японцы»."""
    from settlers.core import load

    empires = next(o for o in load("imperial").options if o.name == "empires")
    assert empires.choice_label("imperial", "romans,japanese", "ru") == "Римляне, Японцы"
    assert empires.choice_label("imperial", "romans,japanese", "en") == "Romans, Japanese"
    assert empires.choice_label("imperial", "random", "ru") == "Случайно"
    trend = next(o for o in load("archipelago").options if o.name == "trend")
    assert trend.choice_labels("archipelago", "ru")["churches"] == "Церкви"


def test_the_archipelago_trend_labels_are_the_built_in_cards_names():
    """The catalog names the built-in trend cards as the content set does (no drift)."""
    from settlers.core import load
    from settlers.games.archipelago.content import builtin_content

    trend = next(o for o in load("archipelago").options if o.name == "trend")
    for lang in ("ru", "en"):
        labels = trend.choice_labels("archipelago", lang)
        for card in builtin_content().trends:
            assert labels[card["id"]] == card["name"][lang]


def test_an_option_without_choices_has_no_choice_labels():
    assert DECLARED[1].choice_labels("g", "en") == {}
