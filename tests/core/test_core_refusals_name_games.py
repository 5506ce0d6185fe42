"""Core refusals name a game by its name in the reader's language, not by its id (fourteenth
language pass: «У игры catan нет параметра «nope»» read the id a user never sees on a
screen; the names come from ``Game.label()``, rendered by ``{game!l}``)."""

from __future__ import annotations

import pytest

from settlers.core import CorruptSave, IllegalAction, InvalidOption, load
from settlers.core.i18n import translate
from settlers.core.saves import state_from_record, state_record


def _texts(exc: Exception) -> dict[str, str]:
    key, params = exc.key, exc.params   # type: ignore[attr-defined]
    return {lang: translate(key, lang, **params) for lang in ("ru", "en")}


def test_an_unknown_option_names_the_game() -> None:
    with pytest.raises(InvalidOption) as caught:
        load("catan").new_state(4, 1, {"nope": 1})
    texts = _texts(caught.value)
    assert "У игры «Колонизаторы» нет параметра «nope»" in texts["ru"]
    assert "The game Catan has no option 'nope'" in texts["en"]


def test_options_that_are_no_object_name_the_game() -> None:
    with pytest.raises(InvalidOption) as caught:
        load("founders").resolve_options([1, 2])   # type: ignore[arg-type]
    texts = _texts(caught.value)
    assert "Параметры игры «Поселенцы: Основатели Империи»" in texts["ru"]
    assert "The options of Founders of the Empire" in texts["en"]


def test_a_bad_player_count_names_the_game_in_each_language() -> None:
    with pytest.raises(InvalidOption) as caught:
        load("archipelago").new_state(9, 1)
    texts = _texts(caught.value)
    assert texts["ru"].startswith("«Архипелаг» — игра для 2–5 игроков")
    assert texts["en"].startswith("Archipelago is played by 2 to 5 players")


def test_a_foreign_action_names_the_game() -> None:
    state = load("imperial").new_state(2, 3)
    catan = load("catan").new_state(4, 1)
    catan_action = catan.legal_actions(catan.to_act[0])[0]
    refusal = state.input_refusal(state.to_act[0], catan_action)
    assert isinstance(refusal, IllegalAction)
    texts = _texts(refusal)
    assert "не действие игры «Поселенцы (Imperial Settlers)»" in texts["ru"]
    assert "is not an action of the game Imperial Settlers" in texts["en"]
    assert "imperial." not in texts["en"] and " imperial" not in texts["ru"]


def test_a_save_of_other_rules_names_the_game() -> None:
    state = load("catan").new_state(4, 2)
    for _ in range(30):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    record = state_record(state)
    record["rules"] = "1999-01-01"
    record["digest"] = "0" * len(str(record["digest"]))   # it no longer replays to its digest
    with pytest.raises(CorruptSave) as caught:
        state_from_record(record, "game.json")
    assert caught.value.key == "core.save_other_rules"   # type: ignore[attr-defined]
    texts = _texts(caught.value)
    assert "по правилам игры «Колонизаторы» от 1999-01-01" in texts["ru"]
    assert "under the Catan rules of 1999-01-01" in texts["en"]


def test_a_save_of_unlabelled_rules_names_the_game() -> None:
    record = state_record(load("founders").new_state(3, 2))
    del record["rules"]
    record["digest"] = "0"
    with pytest.raises(CorruptSave) as caught:
        state_from_record(record, "game.json")
    assert caught.value.key == "core.save_unlabelled_rules"   # type: ignore[attr-defined]
    texts = _texts(caught.value)
    assert "у правил игры «Поселенцы: Основатели Империи» ещё не было версий" in texts["ru"]
    assert "before the Founders of the Empire rules had versions" in texts["en"]
