"""Save files round-trip; a corrupt or edited save is refused with the fault named."""

from __future__ import annotations

import json
import os

import pytest

from settlers.core import CorruptSave, load_state, save, saves
from settlers.testing.language import english_left


@pytest.fixture
def played(sample_game):
    state = sample_game.new_state(3, seed=4)
    for _ in range(7):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_save_and_load_round_trip(played, tmp_path):
    path = save(played, tmp_path / "deep" / "g.json", meta={"note": "x"})
    loaded = load_state(path)
    assert loaded == played
    assert json.loads(path.read_text())["meta"] == {"note": "x"}


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda r: r.update(format="other"), "not a settlers save file"),
        (lambda r: r.update(format_version=99), "format version 99"),
        (lambda r: r.update(players="3"), "bad field 'players'"),
        (lambda r: r.update(game="chess"), "unknown game 'chess'"),
        (lambda r: r["log"].__setitem__(2, [0, {"type": "fly"}]), "corrupt at action 2"),
        (lambda r: r["log"].__setitem__(0, "x"), "log[0]"),
        (lambda r: r.update(digest="0" * 64), "replays to a different state"),
        (lambda r: r.update(options={"prizes": 99}), "between 2 and 10"),
    ],
)
def test_corrupt_saves_are_refused_naming_the_fault(played, tmp_path, mutate, words):
    path = save(played, tmp_path / "g.json")
    record = json.loads(path.read_text())
    mutate(record)
    path.write_text(json.dumps(record))
    with pytest.raises(CorruptSave) as info:
        load_state(path)
    assert words in info.value.message("en")


def test_unreadable_and_non_json_files(tmp_path):
    with pytest.raises(CorruptSave, match="Cannot read"):
        load_state(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{oops")
    with pytest.raises(CorruptSave, match="not valid JSON"):
        load_state(tmp_path / "bad.json")


def _missing(tmp_path):
    return tmp_path / "missing.json"


def _folder(tmp_path):
    (tmp_path / "folder.json").mkdir()
    return tmp_path / "folder.json"


def _latin1(tmp_path):
    (tmp_path / "latin1.json").write_bytes('{"format": "Ход игрока"}'.encode("cp1251"))
    return tmp_path / "latin1.json"


def _large(tmp_path):
    (tmp_path / "large.json").write_text(" " * 50 + "{}")
    return tmp_path / "large.json"


def _unreadable(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads a file of any permissions")
    (tmp_path / "locked.json").write_text("{}")
    (tmp_path / "locked.json").chmod(0)
    return tmp_path / "locked.json"


@pytest.mark.parametrize(("make", "english", "russian"), [
    (_missing, "there is no such file", "такого файла нет"),
    (_folder, "it is not a regular file", "это не обычный файл"),
    (_latin1, "the file is not UTF-8 text", "файл не в кодировке UTF-8"),
    (_large, "the file is larger than 40 bytes", "файл больше предела (40 байт)"),
    (_unreadable, "no permission to read it", "нет прав на его чтение"),
], ids=["missing", "folder", "not utf-8", "too large", "no permission"])
def test_a_save_that_cannot_be_read_says_why_in_the_readers_language(
        tmp_path, monkeypatch, make, english, russian):
    """The reason is the one a user's content file gets (settlers.core.content_faults), not
    the system's English («[Errno 2] No such file or directory»)."""
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 40)
    path = make(tmp_path)
    with pytest.raises(CorruptSave) as info:
        load_state(path)
    ru, en = info.value.message("ru"), info.value.message("en")
    assert en.startswith(f"Cannot read the save file {path}: {english}"), en
    assert ru.startswith(f"Не удалось прочитать файл сохранения {path}: {russian}"), ru
    assert english_left(ru, (str(path),)) == []


def _resaved(path, mutate):
    record = json.loads(path.read_text())
    mutate(record)
    path.write_text(json.dumps(record))


@pytest.mark.parametrize("game_id", ["catan", "founders"])
def test_a_save_carries_its_rules_label_and_loads_under_the_same_rules(game_id, tmp_path):
    import settlers

    game = settlers.load(game_id)
    state = game.new_state(3, seed=11)
    for _ in range(12):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    path = save(state, tmp_path / "g.json")
    assert json.loads(path.read_text())["rules"] == game.rules_version != ""
    assert load_state(path) == state
    # a save of other rules that still replays to its digest loads: the change missed it
    _resaved(path, lambda r: r.update(rules="1999-01-01"))
    assert load_state(path) == state


@pytest.mark.parametrize(("rules", "words"), [
    ("1999-01-01", "rules of 1999-01-01; this program plays the rules of 2026-"),
    (None, "before the Catan rules had versions"),
])
@pytest.mark.parametrize("fault", ["digest", "action"])
def test_a_save_of_other_rules_that_replays_differently_names_both_rules(
        tmp_path, rules, words, fault):
    """A save that no longer replays because the rules changed is not called corrupt: the
    message names the rules it was played under and the rules of this program."""
    import settlers

    state = settlers.load("catan").new_state(3, seed=11)
    for _ in range(12):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    path = save(state, tmp_path / "g.json")

    def mutate(record):
        if rules is None:
            del record["rules"]
        else:
            record["rules"] = rules
        if fault == "digest":
            record["digest"] = "0" * 64
        else:
            record["log"][5] = [record["log"][5][0], {"type": "end_turn"}]
    _resaved(path, mutate)
    with pytest.raises(CorruptSave) as info:
        load_state(path)
    assert words in info.value.message("en")
    assert "Откройте его той версией settlers" in info.value.message("ru")
    # the same fault under the same rules is a corrupt file, said as before
    _resaved(path, lambda r: r.update(rules=settlers.load("catan").rules_version))
    with pytest.raises(CorruptSave) as info:
        load_state(path)
    assert ("replays to a different state" if fault == "digest" else "corrupt at action 5") \
        in info.value.message("en")
