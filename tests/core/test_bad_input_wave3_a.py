"""Bad input found by the third wave's fuzzing of Catan, Iceland and Founders (agent A): each
is refused by the project's own error, in words that say what is wrong, in ru and en."""

from __future__ import annotations

import random
import re

import pytest

import settlers
from settlers import CorruptSave, IllegalAction, InvalidOption, MalformedAction
from settlers.core.saves import state_from_record, state_record

GAMES = ("catan", "iceland", "founders")


def _deep(depth: int) -> list:
    outer: list = []
    inner = outer
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return outer


def _says(error: Exception, words: dict[str, str]) -> None:
    for lang, pattern in words.items():
        text = error.message(lang)  # type: ignore[attr-defined]
        assert re.search(pattern, text), (lang, text)
        assert "Exceeds the limit" not in text and "recursion" not in text, text


# --- the action codec: JSON text nested too deep, or with a number too long for Python ---
ACTION_TEXTS = [
    ("[" * 100_000, {"ru": "слишком глуб", "en": "nested too deep|nesting is too deep"}),
    ('{"type":' * 50_000, {"ru": "слишком глуб", "en": "nested too deep|nesting is too deep"}),
    ("1" * 5000, {"ru": "слишком много цифр", "en": "too many digits"}),
    ('{"type":"roll","x":' + "9" * 5000 + "}", {"ru": "слишком много цифр",
                                                "en": "too many digits"}),
]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(("text", "words"), ACTION_TEXTS, ids=["list", "object", "int", "field"])
def test_action_text_too_deep_or_too_long_is_malformed(game_id, text, words):
    with pytest.raises(MalformedAction) as caught:
        settlers.load(game_id).action_from_json(text)
    _says(caught.value, words)


# --- values the codec quotes in its message: ones json.dumps cannot print -------------------
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("value", [10**5000, _deep(5000)], ids=["long-int", "deep-list"])
@pytest.mark.parametrize("where", ["type", "field"])
def test_unprintable_value_is_named_by_its_type(game_id, value, where):
    game = settlers.load(game_id)
    if where == "type":
        obj = {"type": value}
    else:  # every field of an action whose first field takes neither integers nor lists
        kind, specs = next((k, specs) for k, specs in game._codec._fields.items() if specs
                           and "integer" not in specs[0][2]["en"]
                           and "list" not in specs[0][2]["en"])
        obj = {"type": kind} | {name: value for name, _, _ in specs}
    with pytest.raises(MalformedAction) as caught:
        game.action_from_json(obj)
    for lang in ("ru", "en"):
        assert "<" in caught.value.message(lang)


# --- a save file nested too deep, or with a number too long for Python ----------------------
SAVE_TEXTS = [
    ("[" * 100_000, {"ru": "слишком глуб", "en": "nested too deep|nesting is too deep"}),
    ('{"format":"settlers-save","log":' + "[" * 100_000, {"ru": "слишком глуб",
                                                          "en": "nested too deep|nesting is too deep"}),
    ('{"format":"settlers-save","seed":' + "1" * 5000 + "}", {"ru": "слишком много цифр",
                                                            "en": "too many digits"}),
]


@pytest.mark.parametrize(("text", "words"), SAVE_TEXTS, ids=["list", "log", "seed"])
def test_save_too_deep_or_too_long_is_corrupt(tmp_path, text, words):
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorruptSave) as caught:
        settlers.load_state(path)
    _says(caught.value, words)


# --- Iceland's data_dir: a folder that cannot be read or holds bad data ---------------------
ICELAND_DATA = {
    "fields": {"rules.json": b"{}"},
    "json": {"rules.json": b"{not json"},
    "encoding": {"rules.json": b"\xff\xfe{}"},
    "deep": {"rules.json": b"[" * 100_000},
    "long-name": None,
}


def _iceland_data_dir(tmp_path, case: str) -> str:
    files = ICELAND_DATA[case]
    if files is None:
        return str(tmp_path / ("a" * 3000))
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    return str(tmp_path)


@pytest.mark.parametrize("case", ICELAND_DATA)
def test_iceland_bad_data_dir_is_an_invalid_option(tmp_path, case):
    data_dir = _iceland_data_dir(tmp_path, case)
    with pytest.raises(InvalidOption) as caught:
        settlers.load("iceland").new_state(3, 1, {"data_dir": data_dir})
    # once: the folder and its file at fault, or the file that cannot be read
    _says(caught.value, {"ru": "^(Папка данных «.*», файл «rules.json»|Не удаётся прочитать файл)",
                         "en": "^(Data folder '.*', file 'rules.json'|Cannot read the file)"})


@pytest.mark.parametrize("case", ICELAND_DATA)
def test_iceland_save_with_bad_data_dir_is_corrupt(tmp_path, case):
    record = state_record(settlers.load("iceland").new_state(3, 1))
    data_dir = _iceland_data_dir(tmp_path, case)
    record["options"] = {**record["options"], "data_dir": data_dir}
    with pytest.raises(CorruptSave) as caught:
        state_from_record(record)
    assert data_dir[:40] in str(caught.value)


# --- a save whose fields have the wrong type: said in the reader's language ------------------
SAVE_FIELDS = [
    ("game", 7, {"ru": "«game»: ожидается строка", "en": "'game'"}),
    ("players", "3", {"ru": "«players»: ожидается целое число",
                      "en": "'players'"}),
    ("seed", None, {"ru": "«seed»: ожидается целое число",
                    "en": "'seed'"}),
    ("options", [], {"ru": "«options»: ожидается объект",
                     "en": "'options'"}),
    ("log", {}, {"ru": "«log»: ожидается список", "en": "'log'"}),
    ("log", [[0]], {"ru": r"«log\[0\]»: ожидается \[место, действие\]",
                    "en": r"'log\[0\]': expected \[seat, action\]"}),
]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(("field", "value", "words"), SAVE_FIELDS,
                         ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(SAVE_FIELDS)])
def test_save_field_of_wrong_type_is_named_in_both_languages(game_id, field, value, words):
    game = settlers.load(game_id)
    record = state_record(game.new_state(game.min_players, 1))
    record[field] = value
    with pytest.raises(CorruptSave) as caught:
        state_from_record(record)
    _says(caught.value, words)


# --- JSON text that does not parse: the reason in the reader's language, not the parser's ----
PARSER_WORDS = re.compile(r"Expecting|Unterminated|Extra data|Invalid|codec|char \d")
BAD_TEXTS = [
    ("", {"ru": "текст пустой", "en": "the text is empty"}),
    ("{oops", {"ru": r"ожидается имя поля.*строка 1, позиция 2",
               "en": r"field name .* expected \(line 1, column 2\)"}),
    ('{"type" "roll"}', {"ru": "двоеточие", "en": "colon"}),
    ('{"type": "roll"', {"ru": "запятая", "en": "comma"}),
    ('{"type": "roll', {"ru": "не закрыта", "en": "not closed"}),
    ('{"type": "roll"} x', {"ru": "лишний текст", "en": "more text"}),
    ('{"type": "ro\\ql"}', {"ru": "escape", "en": "escape"}),
    ("nonsense", {"ru": "ожидается значение", "en": "a value is expected"}),
    (b"\xff\xfe\x00", {"ru": "UTF-8", "en": "UTF-8"}),
]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(("text", "words"), BAD_TEXTS, ids=[str(i) for i in range(len(BAD_TEXTS))])
def test_action_text_that_does_not_parse_is_explained(game_id, text, words):
    with pytest.raises(MalformedAction) as caught:
        settlers.load(game_id).action_from_json(text)
    _says(caught.value, words)
    assert not PARSER_WORDS.search(caught.value.message("ru")), caught.value.message("ru")


@pytest.mark.parametrize(("text", "words"), [t for t in BAD_TEXTS if isinstance(t[0], str)],
                         ids=[str(i) for i in range(len(BAD_TEXTS) - 1)])
def test_save_that_does_not_parse_is_explained(tmp_path, text, words):
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorruptSave) as caught:
        settlers.load_state(path)
    _says(caught.value, words)
    assert not PARSER_WORDS.search(caught.value.message("ru")), caught.value.message("ru")


# --- a field of the wrong type: what it must be, in the reader's language -----------------
BAD_FIELDS = [
    ("catan", {"type": "answer_trade", "accept": None},
     {"ru": "ожидается true или false, а не null", "en": "must be true or false, not null"}),
    ("catan", {"type": "build_road", "path": "7"},
     {"ru": "ожидается целое число, а не \"7\"", "en": "must be an integer, not \"7\""}),
    ("catan", {"type": "discard", "resource": 3},
     {"ru": "ожидается строка, а не 3", "en": "must be a string, not 3"}),
    ("catan", {"type": "move_robber", "hex": 3, "victim": "x"},
     {"ru": "ожидается целое число или null", "en": "must be an integer or null"}),
    ("catan", {"type": "offer_trade", "give": [1, "x"], "get": [0, 1]},
     {"ru": "ожидается список, в котором каждый элемент — целое число", "en": "must be a list in which each item is an integer"}),
    ("catan", {"type": "play_year_of_plenty", "resources": "ore"},
     {"ru": "ожидается список, в котором каждый элемент — строка", "en": "must be a list in which each item is a string"}),
    ("iceland", {"type": "answer_offer", "accept": 1},
     {"ru": "ожидается true или false, а не 1", "en": "must be true or false, not 1"}),
    ("iceland", {"type": "age_hex", "hex": 1.5},
     {"ru": "ожидается целое число, а не 1.5", "en": "must be an integer, not 1.5"}),
    ("founders", {"type": "draft_pick", "tile": [4]},
     {"ru": "ожидается целое число, а не \\[4\\]", "en": "must be an integer, not \\[4\\]"}),
]


@pytest.mark.parametrize(("game_id", "obj", "words"), BAD_FIELDS,
                         ids=[f"{g}-{o['type']}" for g, o, _ in BAD_FIELDS])
def test_bad_field_says_what_it_must_be_in_both_languages(game_id, obj, words):
    with pytest.raises(MalformedAction) as caught:
        settlers.load(game_id).action_from_json(obj)
    _says(caught.value, words)


# --- an option of the wrong type (a new game, a save's options): what it must be -------------
BAD_OPTIONS = [
    ("catan", {"turn_limit": "ten"}, {"ru": "ожидается целое число", "en": "must be an integer"}),
    ("catan", {"domestic_trade": "maybe"}, {"ru": "ожидается true или false",
                                            "en": "must be true or false"}),
    ("catan", {"board": 3}, {"ru": "ожидается строка", "en": "must be a string"}),
    ("iceland", {"offer_limit": [1]}, {"ru": "ожидается целое число",
                                       "en": "must be an integer"}),
    ("founders", {"tiles": 5}, {"ru": "ожидается строка", "en": "must be a string"}),
]


@pytest.mark.parametrize(("game_id", "options", "words"), BAD_OPTIONS,
                         ids=[f"{g}-{next(iter(o))}" for g, o, _ in BAD_OPTIONS])
def test_option_of_wrong_type_says_what_it_must_be(game_id, options, words):
    game = settlers.load(game_id)
    with pytest.raises(InvalidOption) as caught:
        game.new_state(game.min_players, 1, options)
    _says(caught.value, words)


# --- a save whose game refuses its players, seed or options: the field at fault is named -----
SAVE_REFUSED = [
    ("catan", "players", 9, "players"),
    ("catan", "options", {"board": "huge"}, "options"),
    ("catan", "options", {"no_such_option": 1}, "options"),
    ("iceland", "options", {"offer_limit": -5}, "options"),
    ("founders", "options", {"tiles": "/no/such/tiles.jsonl"}, "options"),
    ("founders", "game", "chess", "game"),
]


@pytest.mark.parametrize(("game_id", "field", "value", "named"), SAVE_REFUSED,
                         ids=[f"{g}-{f}-{i}" for i, (g, f, _, _) in enumerate(SAVE_REFUSED)])
def test_save_refused_by_its_game_names_the_field(game_id, field, value, named):
    game = settlers.load(game_id)
    record = state_record(game.new_state(game.min_players, 1))
    record[field] = value
    with pytest.raises(CorruptSave) as caught:
        state_from_record(record)
    for lang, quoted in (("ru", f"«{named}»"), ("en", f"'{named}'")):   # as each quotes
        text = caught.value.message(lang)
        assert quoted in text and ".." not in text, text


# --- an action sent in the wrong phase: named in words, not by its protocol kind --------------
WRONG_PHASE = [
    ("catan", {"type": "roll_dice"}, {"ru": "Сейчас нельзя бросить кубики \\(фаза: ",
                                      "en": "You cannot roll the dice now \\(phase: "}),
    ("catan", {"type": "move_robber", "hex": 3, "victim": None},
     {"ru": "Сейчас нельзя переставить разбойника", "en": "You cannot move the robber now"}),
    ("iceland", {"type": "end_turn"}, {"ru": "Сейчас нельзя закончить ход \\(сейчас: ",
                                       "en": "You cannot end the turn now \\(now: "}),
    ("iceland", {"type": "choose_number", "number": 5},
     {"ru": "Сейчас нельзя выбрать числовую метку", "en": "You cannot choose a number token"}),
    ("founders", {"type": "end_turn"}, {"ru": "Сейчас нельзя закончить ход: идёт шаг «",
                                        "en": "You cannot end the turn now: the game is at"}),
    ("founders", {"type": "play_war", "target": 1, "x": 0, "y": 0},
     {"ru": "Сейчас нельзя сыграть жетон войны", "en": "You cannot play a war token now"}),
]


@pytest.mark.parametrize(("game_id", "obj", "words"), WRONG_PHASE,
                         ids=[f"{g}-{o['type']}" for g, o, _ in WRONG_PHASE])
def test_wrong_phase_names_the_action_in_words(game_id, obj, words):
    game = settlers.load(game_id)
    state = game.new_state(game.min_players, 1)
    seat = state.to_act[0]
    before = (state.digest(), state.version)
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, game.action_from_json(obj))
    assert (state.digest(), state.version) == before
    _says(caught.value, words)
    assert obj["type"] not in caught.value.message("ru")


# --- Founders: the nature stack's state in words, not Python's True/False ---------------------
def test_founders_nature_stack_refusal_says_yes_or_no():
    game = settlers.load("founders")
    state = game.new_state(2, 1)
    rng = random.Random(1)
    found = None
    for _ in range(3000):
        if state.over:
            break
        seat = state.to_act[0]
        for obj in ({"type": "end_turn"}, {"type": "draw_nature"}):
            reason = state.illegal_reason(seat, game.action_from_json(obj))
            if reason is not None and reason.key == "founders.illegal.nature_stack":
                found = reason
                break
        if found:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert found is not None
    for lang, words in (("ru", r"стопка пуста: (да|нет)\)"), ("en", r"stack empty: (yes|no)\)")):
        assert re.search(words, found.message(lang)), found.message(lang)


# --- Founders: a tiles file with a line nested too deep or a number too long for Python -------
TILE_LINES = [
    ("[" * 100_000, {"ru": "слишком глуб", "en": "nested too deep|nesting is too deep"}),
    ('{"format": ' + "9" * 5000 + "}", {"ru": "слишком много цифр", "en": "too many digits"}),
    ('{"tile": "river"', {"ru": "запятая", "en": "comma"}),
    ("[1, 2]", {"ru": "это список или одиночное значение", "en": "a list or a single value"}),
]


@pytest.mark.parametrize(("line", "words"), TILE_LINES, ids=["deep", "long", "comma", "list"])
def test_founders_tiles_line_that_does_not_parse_is_an_invalid_option(tmp_path, line, words):
    path = tmp_path / "tiles.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(InvalidOption) as caught:
        settlers.load("founders").new_state(2, 1, {"tiles": str(path)})
    assert caught.value.key == "founders.tiles.bad_json"
    _says(caught.value, words)
    assert not PARSER_WORDS.search(caught.value.message("ru")), caught.value.message("ru")
