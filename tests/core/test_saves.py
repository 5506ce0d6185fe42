"""Save files round-trip; a corrupt or edited save is refused with the fault named."""

from __future__ import annotations

import json

import pytest

from settlers.core import CorruptSave, load_state, save


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
        (lambda r: r.update(game="chess"), "Unknown game 'chess'"),
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
