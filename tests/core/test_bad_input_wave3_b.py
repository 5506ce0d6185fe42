"""Bad input to Imperial Settlers and Archipelago through the public protocol (found by
fuzzing): each is refused with the project's own error, in both languages, and nothing
changes."""

from __future__ import annotations

import dataclasses
import json

import pytest

import settlers
from settlers.core import (
    CorruptSave,
    IllegalAction,
    InvalidOption,
    MalformedAction,
    UnknownGame,
    load_state,
)
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
    assert "cannot read the" in exc.value.message("en").lower()
    assert "не удаётся прочитать файл" in exc.value.message("ru").lower()


@pytest.mark.parametrize("value", ["/nonexistent/cards.json", "/dev/zero", "a\x00b"])
def test_a_save_whose_imperial_content_option_is_a_bad_file_is_a_corrupt_save(value):
    record = _played_record("imperial", 2)
    record["options"]["cards"] = value
    with pytest.raises(CorruptSave, match=r"(?i)cannot read the card file"):
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
    with pytest.raises(CorruptSave, match="no content set"):
        state_from_record(record, "g.json")


# --------------------------- the expected type of a bad field or option, in the user's language
@pytest.mark.parametrize(("game_id", "obj", "ru", "en"), [
    ("imperial", {"type": "build", "card": True}, "ожидается целое число", "must be an integer"),
    ("imperial", {"type": "pay", "gold": [1]}, "список длины 3: целое число, целое число",
     "a list of 3: an integer, an integer"),
    ("imperial", {"type": "choose", "option": [1, "a"]}, "каждый элемент — целое число",
     "a list in which each item is an integer"),
    ("imperial", {"type": "draw", "deck": 5}, "ожидается строка", "must be a string"),
    ("archipelago", {"type": "place_region", "hex": "7", "side": 0, "q": 1, "r": 0, "rot": 0,
                     "unit": -1}, "ожидается целое число", "must be an integer"),
])
def test_a_field_of_the_wrong_type_is_named_in_russian_too(game_id, obj, ru, en):
    with pytest.raises(MalformedAction) as exc:
        settlers.load(game_id).action_from_json(obj)
    assert ru in exc.value.message("ru")
    assert en in exc.value.message("en")
    assert "an integer" not in exc.value.message("ru") and "a string" not in exc.value.message("ru")


@pytest.mark.parametrize(("game_id", "options", "ru", "en"), [
    ("archipelago", {"max_turns": 1.5}, "ожидается целое число", "must be an integer"),
    ("archipelago", {"desert_start": "maybe"}, "ожидается true или false", "must be true or false"),
    ("imperial", {"peaceful": 1}, "ожидается true или false", "must be true or false"),
    ("imperial", {"cards": 5}, "ожидается строка", "must be a string"),
])
def test_an_option_of_the_wrong_type_is_named_in_russian_too(game_id, options, ru, en):
    game = settlers.load(game_id)
    with pytest.raises(InvalidOption) as exc:
        game.new_state(game.min_players, seed=1, options=options)
    assert ru in exc.value.message("ru")
    assert en in exc.value.message("en")


# ------------------------------------------------------------ options that are not an object
@pytest.mark.parametrize("game_id", ["imperial", "archipelago"])
@pytest.mark.parametrize("options", ["peaceful=true", 5, [("max_turns", 3)], True])
def test_options_that_are_not_an_object_are_an_option_error(game_id, options):
    game = settlers.load(game_id)
    with pytest.raises(InvalidOption) as exc:
        game.new_state(2, seed=1, options=options)
    assert "must be an object" in exc.value.message("en")
    assert "задаются объектом" in exc.value.message("ru")


# ------------------------------------------------------------------ JSON nested without end
@pytest.mark.parametrize("game_id", ["imperial", "archipelago"])
@pytest.mark.parametrize("text", ["[" * 100_000, '{"type": ' + "[" * 100_000,
                                  ('{"a":' * 50_000).encode()])
def test_json_nested_too_deep_is_a_malformed_action(game_id, text):
    with pytest.raises(MalformedAction) as exc:
        settlers.load(game_id).action_from_json(text)
    assert "nested too deeply" in exc.value.message("en")
    assert "вложено слишком глубоко" in exc.value.message("ru")


# ------------------------------------------ illegal_reason asked about a non-seat or non-action
@pytest.mark.parametrize("game_id", ["imperial", "archipelago"])
@pytest.mark.parametrize("seat", [-1, 2, 99, 0.0, 1.0, True, None, "0"])
def test_illegal_reason_for_what_is_no_seat_names_the_seat(game_id, seat):
    state = settlers.load(game_id).new_state(2, seed=1)
    legal = state.legal_actions(state.to_act[0])[0]
    before = state.digest()
    reason = state.illegal_reason(seat, legal)   # 0.0 and True compare equal to seats 0 and 1
    assert reason is not None and reason.key == "core.bad_seat"
    assert state.digest() == before


@pytest.mark.parametrize("game_id", ["imperial", "archipelago"])
@pytest.mark.parametrize("action", [None, {"type": "pass"}, "pass", 5])
def test_illegal_reason_for_what_is_no_action_names_it(game_id, action):
    state = settlers.load(game_id).new_state(2, seed=1)
    reason = state.illegal_reason(state.to_act[0], action)
    assert reason is not None and reason.key == "core.not_an_action"


# ---------------------------------------- text that is not JSON: what is wrong, in both languages
@pytest.mark.parametrize("game_id", ["imperial", "archipelago"])
@pytest.mark.parametrize(("text", "en", "ru"), [
    ('{"type": "build", "card": ' + "1" * 5000 + "}", "a number has too many digits",
     "в числе слишком много цифр"),
    ('{"type": "pi', "a string is not closed with a double quote (line 1, column 10)",
     "строка не закрыта двойной кавычкой (строка 1, позиция 10)"),
    ('{"type" "pass"}', "a colon ':' is expected", "ожидается двоеточие"),
    ("", "the text is empty", "текст пустой"),
    (b"\xff", "not UTF-8", "не являются текстом в UTF-8"),
])
def test_text_that_is_not_json_is_refused_naming_the_fault(game_id, text, en, ru):
    with pytest.raises(MalformedAction) as exc:
        settlers.load(game_id).action_from_json(text)
    assert en in exc.value.message("en")
    assert ru in exc.value.message("ru")


# ----------------------------------------- a seat out of turn is told who is awaited, by name
@pytest.mark.parametrize("game_id", ["imperial", "archipelago"])
def test_a_seat_out_of_turn_is_told_who_is_awaited_as_a_player(game_id):
    state = settlers.load(game_id).new_state(2, seed=1)
    (awaited,) = state.to_act
    other = 1 - awaited
    action = state.legal_actions(awaited)[0]
    with pytest.raises(IllegalAction) as exc:
        state.apply(other, action)
    assert exc.value.key == "core.not_your_turn"
    assert exc.value.message("en") == (f"Player {other + 1} has no decision to make now "
                                       f"(waiting for: Player {awaited + 1}).")
    assert f"ждём: Игрок {awaited + 1}" in exc.value.message("ru")


# ------------------------------------------- a save file that is no JSON, or no file at all
@pytest.mark.parametrize(("content", "en", "ru"), [
    ("[" * 100_000, "the nesting is too deep", "слишком глубокая вложенность"),
    ('{"format": "settlers-save", "seed": ' + "9" * 5000 + "}", "a number has too many digits",
     "в числе слишком много цифр"),
    (b"\x00\xff" * 10, "the file is not UTF-8 text", "файл не в кодировке UTF-8"),
    ('{"format": ', "a value is expected here", "здесь ожидается значение"),
])
def test_a_save_file_that_is_not_json_names_the_fault(tmp_path, content, en, ru):
    path = tmp_path / "g.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(CorruptSave) as exc:
        load_state(path)
    assert en in exc.value.message("en")
    assert ru in exc.value.message("ru")


@pytest.mark.parametrize("path", ["/dev/zero", "a\x00b"])
def test_a_save_path_that_is_no_file_is_refused_without_reading_it(path):
    with pytest.raises(CorruptSave):
        load_state(path)


# ------------------------------------------------------------- a game id that is no string
@pytest.mark.parametrize("game_id", [["imperial"], {"id": "archipelago"}, None, 5])
def test_a_game_id_that_is_no_string_is_an_unknown_game(game_id):
    with pytest.raises(UnknownGame):
        settlers.load(game_id)


# ------------------------------- a save's fault: the right field, whole in the language asked
@pytest.mark.parametrize(("mutate", "field", "ru"), [
    (lambda r: r["options"].update(zzz=1), "«options»", "нет параметра «zzz»"),
    (lambda r: r.update(players=9), "«players»", "игра для 1–4 игроков, а не для 9"),
    (lambda r: r.update(seed="x"), "«seed»", "ожидается целое число"),
    (lambda r: r["log"].__setitem__(1, "x"), "«log[1]»", "ожидается [место, действие]"),
    (lambda r: r["log"].__setitem__(2, [0, {"type": "fly"}]), "действии 2",
     "неизвестный тип действия"),
])
def test_a_corrupt_save_names_its_field_and_says_it_in_the_language_asked(mutate, field, ru):
    record = _played_record("imperial", 2)   # (the tests' language is English)
    mutate(record)
    with pytest.raises(CorruptSave) as exc:
        state_from_record(record, "g.json")
    text = exc.value.message("ru")
    assert field in text and ru in text
    assert not any(word in text for word in ("expected", "Unknown", "has no option", "played by"))


# ------------------- Archipelago: a content folder whose files cannot be read, said in ru too
def test_archipelago_content_folder_without_its_files_is_refused_in_both_languages(tmp_path):
    with pytest.raises(InvalidOption) as exc:
        settlers.load("archipelago").new_state(2, seed=1, options={"content": str(tmp_path)})
    assert "cannot be read" in exc.value.message("en")
    assert "Не удаётся прочитать файл содержимого" in exc.value.message("ru")
    assert "unreadable" not in exc.value.message("ru")


def test_archipelago_content_file_that_is_a_device_is_not_read(tmp_path):
    (tmp_path / "regions.json").symlink_to("/dev/zero")
    with pytest.raises(InvalidOption, match="not a regular file"):
        settlers.load("archipelago").new_state(2, seed=1, options={"content": str(tmp_path)})


# ------------- an action made in Python with a field JSON could not carry (74.0, True, None)
def _positions(game_id: str, players: int, steps: int):
    state = settlers.load(game_id).new_state(players, seed=5)
    for step in range(steps):
        if state.over:
            return
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if step % 4 == 0:
            yield state, seat, legal
        state.apply(seat, legal[step % len(legal)])


@pytest.mark.parametrize("game_id", ["imperial", "archipelago"])
def test_an_action_with_a_field_json_could_not_carry_is_refused_untouched(game_id):
    tried = 0
    for state, seat, legal in _positions(game_id, 3, 80):
        for action in legal[:6]:
            for field in dataclasses.fields(action):
                value = getattr(action, field.name)
                if type(value) is not int:
                    continue
                for odd in (float(value), None, value == 1):   # 74.0 == 74, True == 1
                    bad = dataclasses.replace(action, **{field.name: odd})
                    before, version = state.digest(), state.version
                    with pytest.raises(IllegalAction) as exc:
                        state.apply(seat, bad)
                    assert exc.value.key == "core.action_bad_field", bad
                    assert state.illegal_reason(seat, bad) is not None
                    assert (state.digest(), state.version) == (before, version)
                    tried += 1
    assert tried > 20


# --------------------------------------------------- Imperial: one raze token, not "1 tokens"
@pytest.mark.parametrize(("need", "words"), [(1, "You need 1 raze token and"),
                                             (2, "You need 2 raze tokens and")])
def test_imperial_no_raze_tokens_counts_in_english(need, words):
    settlers.load("imperial")   # (its catalog)
    assert words in IllegalAction("imperial.no_raze_tokens", need=need).message("en")
