"""Games are found by id; an unknown id lists the known ones."""

from __future__ import annotations

import pytest

import settlers
from settlers.core import UnknownGame


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGame) as info:
        settlers.load("chess")
    message = info.value.message("en")
    assert "Unknown game 'chess'" in message
    for game_id in settlers.game_ids():
        assert game_id in message


def test_registered_games_describe_themselves_in_both_languages():
    for game_id in settlers.game_ids():
        game = settlers.load(game_id)
        assert game.name("ru") and game.name("en")
        info = game.info("ru")
        assert info["id"] == game_id and info["min_players"] <= info["max_players"]
