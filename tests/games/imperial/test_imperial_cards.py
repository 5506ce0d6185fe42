"""Card data: 204 cards with copies, colours, costs, deals, raze bonuses; the validator."""

import json

import pytest
from imperial_scenario import printed_facts

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


def test_rulebook_cardprinted_facts():
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
    by_en = {c.name["en"]: c for c in cards}
    # common abilities the facts give whole («Spend 1 worker and 1 deal to get 2 VP», …)
    for name in ("Imperial Messenger", "Hanseatic League", "Porters"):
        assert not by_en[name].reconstructed, name
    assert by_en["Rubble"].reconstructed           # «Produce X stone»: X is not given
    assert any(c.reconstructed for c in cards) and not all(c.reconstructed for c in cards)


def test_empire_boards_from_theprinted_facts():
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
    ("cost", {"W": 0}, "integer in 1..15"),
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


# ------------------------------------------------------------------ data flags (issue 14)
FACT_GOODS = {"WOOD": "W", "STONE": "S", "FOOD": "F", "COIN": "G", "SETTLER": "Wk",
              "SWORD": "Raze", "COMMON_CARD": "CardC", "FACTION_CARD": "CardF", "POINT": "VP"}


def _yields_from_hint(hint):
    """The production a facts effect hint gives («OBTAIN_WOOD OBTAIN_WOOD», «OBTAIN_SETTLER ;
    cond: HAS_PINK_3_MAX», «…; on-build: OBTAIN_COMMON_CARD»), or None if it says more."""
    main, _, build = hint.partition("; on-build:")
    main, _, cond = main.partition("; cond:")
    if cond.strip() == "CHOICE_FROM_2_FACTION_CARDS":      # look at 2 empire cards, keep 1
        return [{"pick": 2}], []
    if " OR " in main:                                       # one of two yields
        options = [_yields_from_hint(part) for part in main.split(" OR ")]
        if None in options or cond or build:
            return None
        return [{"choice": [o[0][0]["goods"] for o in options]}], []
    goods = {}
    for token in main.split():
        token = token.removeprefix("OBTAIN_").removeprefix("SCORE_")
        count = 2 if token.startswith("TWO_") else 1
        good = FACT_GOODS.get(token.removeprefix("TWO_").removesuffix("S"))
        if good is None:
            return None
        goods[good] = goods.get(good, 0) + count
    if cond:
        words = cond.strip().removeprefix("HAS_").split("_")   # PINK_3_MAX, SAMURAI_3_MAX
        if len(goods) != 1 or words[-1] != "MAX":
            return None
        (good,) = goods
        production = [{"per": words[0].lower(), "good": good, "max": int(words[1])}]
    else:
        production = [{"goods": goods}]
    bonus = []
    for token in build.split():
        good = FACT_GOODS.get(token.removeprefix("OBTAIN_"))
        if good is None:
            return None
        bonus.append({"goods": {good: 1}})
    return production, bonus


def test_a_card_given_whole_by_the_facts_is_not_flagged_reconstructed():
    """Every empire production card whose effect the facts give whole (copies included) says
    so in its data; one that adds anything to the facts keeps the flag."""
    facts = printed_facts()
    given = 0
    for row in _rows():
        fact = facts[row["id"]]
        if row["deck"] == "common" or row["type"] != "production" or not fact["effect_hint"]:
            continue
        derived = _yields_from_hint(fact["effect_hint"])
        whole = derived is not None and (
            derived[0] == row["production"] and derived[1] == row.get("build_bonus", [])
            and not row.get("features") and not row.get("action"))
        assert row["reconstructed"] == (not whole), row["id"]
        given += whole
    assert given == 39            # every empire production card: the facts give them whole


def test_identical_copies_share_the_flag():
    facts = printed_facts()
    groups = {}
    for row in _rows():
        fact = dict(facts[row["id"]])
        fact.pop("id")
        data = {k: v for k, v in row.items() if k not in ("id", "reconstructed")}
        key = json.dumps([fact, data], sort_keys=True)
        groups.setdefault(key, set()).add(row["reconstructed"])
    assert all(len(flags) == 1 for flags in groups.values())


# ------------------------------------------------------------------ boards and attack cards
def _shipped(name):
    from importlib import resources
    text = (resources.files("settlers.games.imperial") / "data" / name).read_text("utf-8")
    return json.loads(text)


def test_boards_and_attack_cards_are_validated_data_files():
    from settlers.games.imperial.content import attack_cards_from, boards_from
    assert boards_from(_shipped("empires.json")) == load_empires()
    assert len(attack_cards_from(_shipped("attack_cards.json"))) == 16
    assert _shipped("attack_cards.json")["reconstructed"] is True
    assert _shipped("empires.json")["reconstructed"] is False
    bad = _shipped("empires.json")
    bad["empires"]["romans"]["storage"] = "Gems"
    with pytest.raises(CardDataError, match="Empire board 'romans': unknown storage good"):
        boards_from(bad)
    bad = _shipped("empires.json")
    del bad["empires"]["japanese"]
    with pytest.raises(CardDataError, match="exactly"):
        boards_from(bad)
    bad = _shipped("empires.json")
    del bad["reconstructed"]
    with pytest.raises(CardDataError, match="reconstructed"):
        boards_from(bad)
    bad = _shipped("attack_cards.json")
    bad["attack_cards"][3] = "Spice"
    with pytest.raises(CardDataError, match="Attack card 4: unknown good"):
        attack_cards_from(bad)
    bad["attack_cards"] = bad["attack_cards"][:15]
    with pytest.raises(CardDataError, match="16"):
        attack_cards_from(bad)


def test_users_own_boards_and_attack_cards(tmp_path):
    from settlers.games.imperial import GAME
    boards = _shipped("empires.json")
    boards["empires"]["romans"]["production"] = {"W": 3}
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(boards), encoding="utf-8")
    st = GAME.new_state(players=2, seed=1, options={"boards": str(path),
                                                     "empires": "romans,barbarians"})
    assert st.boards["romans"]["production"] == {"W": 3}
    attacks = _shipped("attack_cards.json")
    attacks["attack_cards"] = ["VP"] * 16
    path = tmp_path / "attacks.json"
    path.write_text(json.dumps(attacks), encoding="utf-8")
    st = GAME.new_state(players=1, seed=1, options={"attack_cards": str(path)})
    assert set(st.attack_goods) == {"VP"}
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CardDataError, match="Cannot read the attack card file"):
        GAME.new_state(players=1, seed=1, options={"attack_cards": str(path)})
