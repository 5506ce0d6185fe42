"""Card data: 204 cards with copies, colours, costs, deals, raze bonuses; the validator."""

import json

import pytest

from settlers.games.imperial.content import (
    CardDataError,
    load_attack_cards,
    load_cards,
    load_empires,
    validate_cards,
)


def test_all_204_cards_with_decks_of_84_and_30():
    """«220 КАРТОЧЕК»: 4×30 empire cards, 84 common (+16 attack cards for the solo mode)."""
    cards = load_cards()
    assert len(cards) == 204
    assert sum(c.common for c in cards) == 84
    for empire in ("romans", "barbarians", "egyptians", "japanese"):
        assert sum(c.deck == empire for c in cards) == 30
    assert len(load_attack_cards()) == 16


def test_rulebook_names_in_russian():
    names = {c.name["ru"] for c in load_cards()}
    for name in ("Гарнизон", "Врата", "Посредник", "Ниндзя", "Часовня", "Торговый путь",
                 "Пустыня", "Строитель колесниц", "Оазис", "Святилище", "Сфинкс", "Храм Ра",
                 "Инженеры", "Фактория", "Шпионы", "Склады", "Диверсанты", "Тёмное капище",
                 "Банда", "Отребье", "Делегация", "Разбойники", "Руины", "Поселенцы",
                 "Таверна", "Имперский посланник", "Ганзейский союз", "Носильщики",
                 "Дровяной склад", "Мельница", "Оружейник", "Господские пашни",
                 "Гильдия каменщиков", "Замок", "Торговые ряды", "Игорный дом",
                 "Дозорная башня", "Рынок", "Столяр", "Столярная мастерская", "Лесозаготовка"):
        assert name in names, name


def test_rulebook_card_facts():
    """«Дровяной склад»: 2 wood + 1 stone, raze 2 wood; «Дозорная башня»: 2 wood + a location,
    produces a raze token and a worker, deal 1 worker; «Оружейник»: raze 1 stone + 1 VP."""
    by_name = {c.name["ru"]: c for c in load_cards()}
    assert by_name["Дровяной склад"].cost == {"W": 2, "S": 1}
    assert by_name["Дровяной склад"].raze == {"W": 2}
    tower = by_name["Дозорная башня"]
    assert tower.cost == {"W": 2} and tower.foundation and tower.deal == "Wk"
    assert tower.production == ({"goods": {"Raze": 1, "Wk": 1}},)
    assert by_name["Оружейник"].raze == {"VP": 1, "S": 1}
    assert by_name["Тёмное капище"].cost == {"W": 1, "S": 2} and by_name["Тёмное капище"].foundation
    assert by_name["Фактория"].colours == ("red", "brown", "gray")
    assert by_name["Руины"].colours == () and by_name["Руины"].unrazeable


def test_reconstructed_effects_are_marked():
    cards = load_cards()
    by_name = {c.name["ru"]: c for c in cards}
    assert by_name["Гарнизон"].reconstructed
    assert not by_name["Господские пашни"].reconstructed  # the rulebook's example fixes it
    assert any(c.reconstructed for c in cards) and not all(c.reconstructed for c in cards)


def test_empire_boards_from_the_facts():
    boards = load_empires()
    assert boards["japanese"]["production"] == {"Wk": 4, "W": 1, "Raze": 1, "Def": 1}
    assert boards["japanese"]["storage"] == "F"
    assert boards["barbarians"]["storage"] == "Wk"
    assert boards["romans"]["storage"] == "Raze"
    assert boards["egyptians"]["storage"] == "G"


def _rows():
    from importlib import resources
    text = (resources.files("settlers.games.imperial") / "data" / "cards.json").read_text("utf-8")
    return json.loads(text)["cards"]


def test_validator_accepts_the_shipped_data():
    validate_cards(_rows())


@pytest.mark.parametrize("field,value,message", [
    ("colours", ["green"], "unknown colour"),
    ("type", "magic", "unknown type"),
    ("cost", {"W": 0}, "positive integer"),
    ("deck", "vikings", "unknown deck"),
])
def test_validator_names_the_broken_card(field, value, message):
    rows = _rows()
    rows[5][field] = value
    with pytest.raises(CardDataError, match=message) as exc:
        validate_cards(rows)
    assert "COM006" in str(exc.value)


def test_validator_rejects_wrong_deck_sizes_and_unknown_ops():
    rows = _rows()
    with pytest.raises(CardDataError, match="deck sizes"):
        validate_cards(rows[:-1])
    rows = _rows()
    rows[20]["action"]["op"] = "teleport"
    with pytest.raises(CardDataError, match="unknown action op"):
        validate_cards(rows)


def test_users_own_card_file(tmp_path):
    """A reconstructed component must be replaceable by a user's own data file."""
    from settlers.games.imperial import GAME
    rows = _rows()
    rows[0]["name"]["en"] = "Big Statue"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"cards": rows}), encoding="utf-8")
    st = GAME.new_state(players=2, seed=1, options={"cards": str(path)})
    assert st.cards[0].name["en"] == "Big Statue"
    rows[0]["type"] = "magic"
    path.write_text(json.dumps({"cards": rows}), encoding="utf-8")
    with pytest.raises(CardDataError):
        GAME.new_state(players=2, seed=1, options={"cards": str(path)})
