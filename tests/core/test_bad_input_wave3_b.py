"""Bad input to Imperial Settlers and Archipelago through the public protocol (found by
fuzzing): each is refused with the project's own error, in both languages, and nothing
changes."""

from __future__ import annotations

import json

import pytest

import settlers
from settlers.core import CorruptSave, InvalidOption
from settlers.core.saves import state_from_record, state_record


def _played_record(game_id: str, players: int) -> dict:
    state = settlers.load(game_id).new_state(players, seed=3)
    for _ in range(12):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return json.loads(json.dumps(state_record(state)))


# ------------------------------------------------ Imperial: a content option naming a bad path
@pytest.mark.parametrize("value", ["/nonexistent/cards.json", "/etc/passwd", "/tmp", "/dev/zero",
                                   "a\x00b", "standard", "x" * 5000])
@pytest.mark.parametrize("option", ["cards", "boards", "attack_cards"])
def test_imperial_content_option_naming_a_bad_file_is_an_option_error(option, value):
    game = settlers.load("imperial")
    with pytest.raises(InvalidOption) as exc:
        game.new_state(1, seed=1, options={option: value})   # (solo reads the attack cards)
    assert "cannot read the" in exc.value.message("en")
    assert "не удаётся прочитать файл" in exc.value.message("ru")


@pytest.mark.parametrize("value", ["/nonexistent/cards.json", "/dev/zero", "a\x00b"])
def test_a_save_whose_imperial_content_option_is_a_bad_file_is_a_corrupt_save(value):
    record = _played_record("imperial", 2)
    record["options"]["cards"] = value
    with pytest.raises(CorruptSave, match="cannot read the card file"):
        state_from_record(record, "g.json")


# ------------------------------------- Archipelago: a content name that cannot be a path at all
@pytest.mark.parametrize("value", ["x" * 5000, "/tmp/" + "y" * 300, "a\x00b"])
def test_archipelago_content_name_that_cannot_be_a_path_is_an_unknown_set(value):
    game = settlers.load("archipelago")
    with pytest.raises(InvalidOption, match="No content set"):
        game.new_state(2, seed=1, options={"content": value})


def test_a_save_whose_archipelago_content_is_too_long_a_name_is_a_corrupt_save():
    record = _played_record("archipelago", 2)
    record["options"]["content"] = "x" * 5000
    with pytest.raises(CorruptSave, match="No content set"):
        state_from_record(record, "g.json")
