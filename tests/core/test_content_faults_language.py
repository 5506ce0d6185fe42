"""A fault of a user's content file is said in the user's language, in every game.

Each case writes a faulty data file (a field of the wrong type, a missing field, an unknown
name, a wrong count, a file that cannot be read) and validates it the way ``settlers content
install`` and a web upload do (``content_sets.validate``), or starts a game with it the way the
command line does. The Russian text must hold no English sentence: once the quoted values and
ids are taken out, no Latin word of three letters or more is left. The English text must name
the fault in its own words.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import settlers
from settlers.core import InvalidOption, content_sets
from settlers.core.content_sets import ContentSetError
from settlers.core.user_files import MAX_FILE_BYTES
from settlers.testing.language import english_left


def _data(package: str, name: str) -> str:
    return (resources.files(package) / "data" / name).read_text("utf-8")


def _refusal(game: str, option: str, path: Path) -> ContentSetError:
    """The refusal of ``content_sets.validate``: said once, naming the file (or the folder)
    once — the game's own sentence, not inside a sentence of ours that names it again."""
    with pytest.raises(ContentSetError) as caught:
        content_sets.validate(game, option, str(path))
    for lang in ("ru", "en"):
        text = caught.value.message(lang)
        assert text.count(str(path)) == 1, text
        assert len(re.findall(r"непригодн|не подходит|Не удаётся|not usable|[Cc]annot read",
                              text)) <= 1, text
    return caught.value


def _check(exc: Exception, game: str, option: str, english: str) -> None:
    assert isinstance(exc, InvalidOption | ContentSetError)
    ru, en = exc.message("ru"), exc.message("en")
    assert english_left(ru, (game, option)) == [], ru
    assert english in en, en
    assert "Traceback" not in en and "Errno" not in en and "Errno" not in ru


# ------------------------------------------------------------------------------ Imperial
def _imperial_cards(edit: Callable[[list[dict[str, Any]]], Any]) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        rows = json.loads(_data("settlers.games.imperial", "cards.json"))["cards"]
        edit(rows)
        path.write_text(json.dumps({"cards": rows}), "utf-8")
    return write


def _set(row: dict[str, Any], key: str, value: Any) -> None:
    row[key] = value


IMPERIAL_CARDS = [
    ("wrong type", _imperial_cards(lambda rows: _set(rows[5], "cost", "two")),
     "card 'COM006': field 'cost' must be an object, not 'two'"),
    ("card not an object", _imperial_cards(lambda rows: rows.__setitem__(3, 7)),
     "field 'cards[3]' must be an object, not '7'"),
    ("missing field", _imperial_cards(lambda rows: rows[5].pop("deal")),
     "card 'COM006': missing field 'deal'"),
    ("unknown colour", _imperial_cards(lambda rows: _set(rows[5], "colours", ["green"])),
     "unknown colour 'green'; one of: 'black', 'purple'"),
    ("wrong count", _imperial_cards(lambda rows: rows.pop()),
     "deck sizes must be 84 common and 30 per empire, not 'common' 84"),
    ("not an integer", _imperial_cards(lambda rows: _set(rows[5], "cost", {"W": True})),
     "field 'cost.W' must be an integer in 1..15, not 'true'"),
]


@pytest.mark.parametrize(("case", "write", "english"), IMPERIAL_CARDS,
                         ids=[c[0] for c in IMPERIAL_CARDS])
def test_imperial_card_file_faults(tmp_path, case, write, english):
    path = tmp_path / "cards.json"
    write(path)
    _check(_refusal("imperial", "cards", path), "imperial", "cards", english)


def test_imperial_board_and_attack_card_faults(tmp_path):
    boards = json.loads(_data("settlers.games.imperial", "empires.json"))
    del boards["empires"]["romans"]["storage"]
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(boards), "utf-8")
    _check(_refusal("imperial", "boards", path), "imperial", "boards",
           "empire board 'romans': missing field 'storage'")
    attacks = json.loads(_data("settlers.games.imperial", "attack_cards.json"))
    attacks["attack_cards"] = attacks["attack_cards"][:15]
    path = tmp_path / "attacks.json"
    path.write_text(json.dumps(attacks), "utf-8")
    exc = _refusal("imperial", "attack_cards", path)
    _check(exc, "imperial", "attack_cards", "'attack_cards' must have 16 entries, not 15")


# ------------------------------------------------------------ unreadable files (each game)
def _not_utf8(path: Path) -> None:
    path.write_bytes(b'{"cards": "\xff"}')


def _not_json(path: Path) -> None:
    path.write_text('{"cards": [1, 2,,]}', "utf-8")


def _too_large(path: Path) -> None:
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))


UNREADABLE = [
    ("not utf-8", _not_utf8, "the file is not UTF-8 text"),
    ("not json", _not_json, "a value is expected here"),
    ("too large", _too_large, f"the file is larger than {MAX_FILE_BYTES:,} bytes"),
]


@pytest.mark.parametrize(("case", "write", "english"), UNREADABLE, ids=[c[0] for c in UNREADABLE])
@pytest.mark.parametrize(("game", "option", "file"), [
    ("imperial", "cards", None), ("founders", "tiles", None),
    ("iceland", "data_dir", "rules.json"), ("archipelago", "content", "markets.json")])
def test_a_file_that_cannot_be_read_says_why_in_the_language(tmp_path, game, option, file,
                                                             case, write, english):
    if file is None:
        target = where = tmp_path / "data"
    else:
        where = _folder(tmp_path, game)
        target = where / file
    write(target)
    _check(_refusal(game, option, where), game, option, english)


@pytest.mark.parametrize(("game", "option", "name", "english"), [
    ("imperial", "cards", "nope.json", "there is no such file"),
    ("founders", "tiles", "nope.jsonl", "there is no such file"),
    ("imperial", "boards", ".", "it is not a regular file (a folder or a device)"),
    ("founders", "tiles", ".", "it is not a regular file (a folder or a device)"),
])
def test_a_path_that_names_no_file_is_said_in_words_on_the_command_line(tmp_path, game, option,
                                                                        name, english):
    with pytest.raises(InvalidOption) as caught:
        settlers.load(game).new_state(2, seed=1, options={option: str(tmp_path / name)})
    _check(caught.value, game, option, english)


# ------------------------------------------------------------------------------ Landnám
def _folder(tmp_path: Path, game: str) -> Path:
    """A user's folder holding a copy of the game's built-in files."""
    where = tmp_path / "set"
    if game == "archipelago":
        from settlers.games.archipelago.content import builtin_dir

        shutil.copytree(builtin_dir() / "standard", where)
    else:
        where.mkdir()
        for name in ("rules.json", "terrain.json", "numbers.json", "harbours.json",
                     "fate_cards.json"):
            (where / name).write_text(_data("settlers.games.iceland", name), "utf-8")
    return where


def _edit_json(path: Path, edit: Callable[[dict[str, Any]], Any]) -> None:
    data = json.loads(path.read_text("utf-8"))
    edit(data)
    path.write_text(json.dumps(data), "utf-8")


ICELAND = [
    ("wrong type", "rules.json", lambda d: _set(d["pieces"], "boat", "five"),
     "file 'rules.json': field 'pieces.boat' must be an integer in 1..5, not 'five'"),
    ("missing field", "rules.json", lambda d: d.pop("bank_rate"),
     "file 'rules.json': missing field 'bank_rate'"),
    ("unknown name", "terrain.json", lambda d: _set(d["terrains"]["forest"], "resource", "gold"),
     "unknown resource 'gold'; one of: 'grain', 'wood', 'wool', 'iron'"),
    ("wrong count", "rules.json", lambda d: d["resources"].pop(),
     "'resources' must name four different resources"),
    ("wrong shape", "fate_cards.json", lambda d: _set(d, "cards", {"a": 1}),
     "field 'cards' must be a list, not '{\"a\": 1}'"),
    ("fate deck", "fate_cards.json", lambda d: _set(d, "cards", [
        c for c in d["cards"] if c["label"] != "exploration"]),
     "at least 5 Exploration cards are needed"),
]


@pytest.mark.parametrize(("case", "file", "edit", "english"), ICELAND,
                         ids=[c[0] for c in ICELAND])
def test_iceland_data_folder_faults(tmp_path, case, file, edit, english):
    where = _folder(tmp_path, "iceland")
    _edit_json(where / file, edit)
    _check(_refusal("iceland", "data_dir", where), "iceland", "data_dir", english)
    # the command line names the folder and the same fault
    with pytest.raises(InvalidOption) as caught:
        settlers.load("iceland").new_state(3, seed=1, options={"data_dir": str(where)})
    assert caught.value.key == "iceland.content.bad_in_folder"
    _check(caught.value, "iceland", "data_dir", english)


# --------------------------------------------------------------------------- Archipelago
ARCHIPELAGO = [
    ("wrong type", "regions.json",
     lambda d: _set(d["hexes"][0]["faces"][0], "huts", "two"),
     "field 'hexes[0].faces[0].huts' must be an integer in 0..5, not 'two'"),
    ("missing part", "evolution.json", lambda d: d["cards"][2].pop("back"),
     ".back': needs a normal part ('normal')"),
    ("unknown name", "markets.json", lambda d: _set(d["domestic"], "gold", d["domestic"]["iron"]),
     "'domestic': needs one zone per resource: 'fruit', 'wood'"),
    ("unknown criterion", "trends.json", lambda d: _set(d["cards"][0], "criterion", "luck"),
     "unknown criterion 'luck'; one of: 'iron_cubes'"),
    ("wrong count", "objectives.json", lambda d: d["cards"].pop(),
     "'cards' must have 30 entries, not 29"),
    ("cube count", "boards.json", lambda d: _set(d["cubes"], "iron", 11),
     "'cubes': sum to 83, the box has 82 (L44)"),
    ("unforeseen shape", "boards.json", lambda d: _set(d, "taxes", 5),
     "the data does not follow the file format"),
]


@pytest.mark.parametrize(("case", "file", "edit", "english"), ARCHIPELAGO,
                         ids=[c[0] for c in ARCHIPELAGO])
def test_archipelago_content_folder_faults(tmp_path, case, file, edit, english):
    where = _folder(tmp_path, "archipelago")
    _edit_json(where / file, edit)
    _check(_refusal("archipelago", "content", where), "archipelago", "content", english)


# ------------------------------------------------------------------------------ Founders
def _tiles(old: str, new: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        text = _data("settlers.games.founders", "tiles.jsonl")
        assert old in text
        path.write_text(text.replace(old, new, 1), "utf-8")
    return write


FOUNDERS = [
    ("wrong type", _tiles('"count": 5', '"count": "five"'),
     "field 'count' — must be an integer from 1 to 24 (value: 'five')"),
    ("empty name", _tiles('"en": "Cliff"', '"en": ""'),
     "field 'en' — must be a non-empty string"),
    ("unknown good", _tiles('"needs": ["wood", "stone"]', '"needs": ["wood", "gold"]'),
     "names a good that is not defined (value: 'gold')"),
    ("unknown deck", _tiles('"deck": "nature"', '"deck": "green"'),
     "must be 'nature', 'village', 'city' or 'prize' (value: 'green')"),
    ("wrong count", _tiles('"count": 5', '"count": 4'),
     "the 'village' deck has 23 tiles; the rulebook has 24"),
]


@pytest.mark.parametrize(("case", "write", "english"), FOUNDERS, ids=[c[0] for c in FOUNDERS])
def test_founders_tile_file_faults(tmp_path, case, write, english):
    path = tmp_path / "tiles.jsonl"
    write(path)
    _check(_refusal("founders", "tiles", path), "founders", "tiles", english)


# ------------------------------------------------------------------------------- catalogs
_PACKAGES = {"core": "settlers.core", "imperial": "settlers.games.imperial",
             "iceland": "settlers.games.iceland", "archipelago": "settlers.games.archipelago",
             "founders": "settlers.games.founders"}
_LITERAL = re.compile(r'"((?:core\.content|core\.type|imperial\.content|iceland\.content|'
                      r'iceland\.error|archipelago\.content|founders\.tiles)\.[a-z_.]*[a-z_])"')
# keys made in code from a prefix and a name: r.fail(entry, "gaps"), _what("colour")...
_MADE = {"archipelago": [(r'\.fail\([^,()]+, "([a-z_]+)"', "archipelago.content.fault."),
                         (r'\.unknown\([^,()]+, "([a-z_]+)"', "archipelago.content.what.")],
         "imperial": [(r'_what\("([a-z_]+)"\)', "imperial.content.what."),
                      (r'_file_fault\("([a-z_]+)"', "imperial.content.{}_file")],
         "founders": [(r'\.fail\([^,()]+, "([a-z_]+)"', "founders.tiles.problem."),
                      (r'"(tile|good|master|token)"', "founders.tiles.entry.")]}


def test_every_fault_key_in_the_code_is_in_both_catalogs():
    from settlers.core.i18n import catalog

    src = Path(settlers.__file__).parent
    sources = {"core": (src / "core" / "content_faults.py").read_text("utf-8")
               + (src / "core" / "content_sets.py").read_text("utf-8")}
    for game in ("imperial", "iceland", "archipelago", "founders"):
        sources[game] = (src / "games" / game / "content.py").read_text("utf-8")
    sources["iceland"] += (src / "games" / "iceland" / "setup.py").read_text("utf-8")
    keys = set()
    for name, source in sources.items():
        keys |= set(_LITERAL.findall(source))
        for pattern, prefix in _MADE.get(name, []):
            keys |= {prefix.format(m) if "{}" in prefix else prefix + m
                     for m in re.findall(pattern, source)}
    assert len(keys) > 80
    for key in sorted(keys):
        package = _PACKAGES[key.split(".", 1)[0]]
        for lang in ("ru", "en"):
            assert key in catalog(package, lang), (key, lang)


# ------------------------------------------------------------- a refusal says it once
@pytest.mark.parametrize(("game", "option", "ru", "en"), [
    ("imperial", "cards", "Файл карточек «{path}»: поле «cards» должно быть таким: список",
     "Card file '{path}': field 'cards' must be a list"),
    ("imperial", "boards", "Файл планшетов империй «{path}»: файл должен содержать объект JSON.",
     "Empire board file '{path}': the file must hold a JSON object."),
    ("imperial", "attack_cards", "Файл карточек атаки «{path}»: файл должен содержать объект JSON.",
     "Attack card file '{path}': the file must hold a JSON object."),
    ("founders", "tiles", "Файл квадратов «{path}», строка 1: это не объект JSON",
     "Tile file '{path}', line 1: not a JSON object"),
    ("iceland", "data_dir", "Папка данных «{path}», файл «rules.json»: файл должен содержать",
     "Data folder '{path}', file 'rules.json': the file must hold a JSON object."),
    ("archipelago", "content", "Файл содержимого «{path}/regions.json»: файл должен содержать",
     "Content file '{path}/regions.json': the file must hold a JSON object."),
])
def test_a_refusal_names_the_file_and_the_fault_once(tmp_path, game, option, ru, en):
    """The game's sentence is the refusal: not inside a sentence of core's that says again
    that the file (the card file, the data folder...) is not usable."""
    if option in ("data_dir", "content"):
        where = tmp_path / "set"
        where.mkdir()
        (where / ("rules.json" if game == "iceland" else "regions.json")).write_text("[]")
    else:
        where = tmp_path / "data.json"
        where.write_text("[]")
    exc = _refusal(game, option, where)
    assert exc.message("ru").startswith(ru.format(path=where)), exc.message("ru")
    assert exc.message("en").startswith(en.format(path=where)), exc.message("en")
    assert english_left(exc.message("ru"), (str(where),)) == [], exc.message("ru")


def test_a_shape_the_game_did_not_foresee_names_the_file_the_game_and_the_option(
        tmp_path, monkeypatch):
    """Where the game has no sentence of its own (an error its loader did not foresee): the
    file, the game's name and the option's label in the reader's words (never their ids)."""
    from settlers.games.founders import setup

    def unforeseen(path):
        raise KeyError(path)

    monkeypatch.setattr(setup, "load_tiles", unforeseen)
    where = tmp_path / "data.jsonl"
    where.write_text("{}")
    exc = _refusal("founders", "tiles", where)
    assert exc.message("ru") == (
        f"Не подходит файл квадратов «{where}» для игры «Поселенцы: Основатели Империи»: "
        "данные не следуют формату файла (сравните со встроенным файлом игры).")
    assert exc.message("en") == (
        f"The tile file '{where}' for Founders of the Empire is not usable: the data does "
        "not follow the file format (compare it with the game's built-in file).")
