"""The entries of a user's Landnám data folder carry ``name: {ru, en}``, as Founders' and
Archipelago's do: a fate card, terrain or resource whose id the catalog does not know is named
in the log, the menus and the board by the name its file gives (it showed as a raw key,
``iceland.card.my_card``); without a name such a file is refused, naming the entry. The
built-in ids keep their catalog names, or take the one the file gives."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from iceland_scenario import new

from settlers.core import translate
from settlers.games.iceland import actions
from settlers.testing.language import refused_content

SKALD = {"ru": "Сага скальда", "en": "Skald's saga"}


def _folder(tmp: Path, **edits: Any) -> str:
    for name, edit in edits.items():
        file = f"{name}.json"
        data = json.loads((resources.files("settlers.games.iceland") / "data" / file)
                          .read_text("utf-8"))
        edit(data)
        (tmp / file).write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return str(tmp)


def _new_card(name: dict[str, str] | None) -> Any:
    def edit(fate: dict[str, Any]) -> None:
        card = {"id": "skald", "label": "exploration", "count": 2, "effect": "choose_number"}
        if name is not None:
            card["name"] = name
        fate["cards"].append(card)
    return edit


def _holding_the_new_card(tmp: Path):
    s = new(data_dir=_folder(tmp, fate_cards=_new_card(SKALD)), phase="move")
    s.fate[0] = ["skald"]
    return s


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_new_fate_card_is_named_by_its_file_in_the_menu_and_the_board(tmp_path, lang):
    s = _holding_the_new_card(tmp_path)
    played = [a for a in s.legal_actions(0) if isinstance(a, actions.Explore)
              and a.card == "skald"]
    assert played, s.legal_actions(0)
    label = s.describe_action(played[0], lang)
    assert SKALD[lang] in label and "iceland." not in label, label
    board = s.render(0, lang)
    assert SKALD[lang] in board and "iceland.card" not in board


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_new_fate_card_is_named_by_its_file_in_the_log(tmp_path, lang):
    s = _holding_the_new_card(tmp_path)
    since = len(s.events)
    s.apply(0, next(a for a in s.legal_actions(0) if isinstance(a, actions.Explore)
                    and a.card == "skald"))
    lines = [e.to_json(lang)["text"] for e in s.visible_events(None, since)]
    assert any(SKALD[lang] in line for line in lines), lines
    assert not any("iceland.card" in line for line in lines), lines


def test_a_new_fate_card_without_a_name_is_refused_naming_the_entry(tmp_path):
    ru, en = refused_content("iceland", "data_dir", _folder(tmp_path,
                                                            fate_cards=_new_card(None)))
    assert "file 'fate_cards.json'" in en, en
    assert "entry 'cards[14]': the game does not know the id 'skald'" in en, en
    assert "запись «cards[14]»: игре не известно обозначение «skald»" in ru, ru


@pytest.mark.parametrize("name", [{"ru": "Сага"}, {"ru": "", "en": "Saga"}, "Saga"])
def test_a_name_not_in_both_languages_is_refused(tmp_path, name):
    ru, en = refused_content("iceland", "data_dir", _folder(tmp_path,
                                                            fate_cards=_new_card(name)))
    assert "field 'cards[14].name' must be a name in both languages" in en, en
    assert "«cards[14].name»" in ru, ru


def test_a_new_terrain_and_resource_are_named_by_their_files(tmp_path):
    def rules(r: dict[str, Any]) -> None:
        r["resources"][3] = {"id": "peat", "name": {"ru": "торф", "en": "peat"}}
        r["costs"]["town"]["peat"] = r["costs"]["town"].pop("iron")
        r["costs"]["settler"]["peat"] = r["costs"]["settler"].pop("iron")
        r["costs"]["boat"]["peat"] = r["costs"]["boat"].pop("iron")

    def terrain(t: dict[str, Any]) -> None:
        t["terrains"]["moor"] = {**t["terrains"].pop("bog"), "resource": "peat",
                                 "name": {"ru": "Торфяник", "en": "Moor"}}
        for row in t["exploration"]["green"]:
            if row["terrain"] == "bog":
                row["terrain"] = "moor"

    def harbours(h: dict[str, Any]) -> None:
        h["counts"]["peat"] = h["counts"].pop("iron")

    def fate(f: dict[str, Any]) -> None:
        for card in f["cards"]:
            if card.get("terrain") == "bog":
                card["terrain"] = "moor"

    path = _folder(tmp_path, rules=rules, terrain=terrain, harbours=harbours,
                   fate_cards=fate)
    s = new(data_dir=path)
    moor = s.c.terrains.index("moor")
    s.terrain[4] = moor
    s.harbour[3] = s.c.resource_index("peat")
    for lang, words in (("ru", ("Торфяник", "торф", "То")), ("en", ("Moor", "peat", "Mo"))):
        board = s.render(0, lang)
        assert all(w in board for w in words), board
        assert "iceland.terrain" not in board and "iceland.res" not in board
        assert "iceland.abbr" not in board, board
    assert translate(s.c.key("iceland.res.peat"), "ru") == "торф"


def test_a_built_in_id_keeps_its_catalog_name_or_takes_the_files(tmp_path):
    def fate(f: dict[str, Any]) -> None:
        f["cards"][0]["name"] = {"ru": "Открытое море!", "en": "Open sea!"}

    s = new(data_dir=_folder(tmp_path, fate_cards=fate))
    first, second = s.c.fate_deck[0], next(c for c in s.c.fate_deck if c != s.c.fate_deck[0])
    assert translate(s.c.key(f"iceland.card.{first}"), "en") == "Open sea!"
    assert translate(s.c.key(f"iceland.card.{second}"), "ru") == translate(
        f"iceland.card.{second}", "ru")
    # the built-in set itself needs no names
    assert new().c.renamed == {}


def test_two_files_may_name_one_new_id_differently(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    a = new(data_dir=_folder(one, fate_cards=_new_card(SKALD)))
    b = new(data_dir=_folder(two, fate_cards=_new_card({"ru": "Песнь", "en": "Lay"})))
    assert translate(a.c.key("iceland.card.skald"), "en") == "Skald's saga"
    assert translate(b.c.key("iceland.card.skald"), "en") == "Lay"


def test_a_brace_in_a_name_is_text(tmp_path):
    s = new(data_dir=_folder(tmp_path, fate_cards=_new_card({"ru": "Сага {seat!p}",
                                                              "en": "Saga {0}"})))
    assert translate(s.c.key("iceland.card.skald"), "en") == "Saga {0}"
    assert translate(s.c.key("iceland.card.skald"), "ru") == "Сага {seat!p}"
