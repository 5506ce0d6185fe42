"""The reconstructed components satisfy every constraint of the rulebook
(../shared/content-facts/archipelago.md) and a user's content set is validated on load."""

from __future__ import annotations

import json
import shutil

import pytest

from settlers.core import InvalidOption
from settlers.games.archipelago import GAME
from settlers.games.archipelago.content import (
    RESOURCES,
    builtin_dir,
    load_content,
    load_content_dir,
)

C = load_content()


def test_counts_from_the_box():
    # L24-60
    assert len(C.hexes) == 24 and len(C.cards) == 48 and len(C.trends) == 12
    assert len(C.objectives) == 30
    assert sum(c.type == "character" for c in C.cards) == 24
    assert sum(C.cubes) == 82
    # L36-40: «51 монета (флорины, f)» — 21 gold coins of 5f and 30 silver of 1f: 135f of money
    assert C.florins == 21 * 5 + 30 * 1 == 135
    assert dict(zip(RESOURCES, C.cubes, strict=True)) == {
        "fruit": 15, "wood": 15, "cattle": 15, "fish": 15, "stone": 12, "iron": 10}
    assert C.piles == (8, 8, 8)
    assert C.pieces == {"ships": 4, "inhabitants": 10, "discs": 5}


def test_every_file_says_it_is_reconstructed():
    for name in ("regions", "markets", "boards", "evolution", "trends", "objectives"):
        data = json.loads((builtin_dir() / "standard" / f"{name}.json").read_text())
        assert data["reconstructed"] is True and data["why"]


def test_regions_resources_plus_huts_is_five_except_the_volcano():
    # L135, L1025, L139-141, L530-532
    faces = [f for h in C.hexes for f in h]
    for f in faces:
        if f.special != "volcano":
            assert len(f.icons) + f.huts == 5, f.id
    desert = [f for f in faces if f.special == "desert"]
    assert len(desert) == 1 and desert[0].huts == 5 and not desert[0].icons
    icons = [sorted(RESOURCES[i] for i in f.icons) for f in faces]
    assert sorted(["wood", "wood", "fish", "fish"]) in icons
    assert sorted(["wood", "fruit"]) in icons
    assert ["cattle", "cattle"] in icons
    assert any(len(set(i)) == 1 and len(i) == 1 for i in icons)
    assert any(f.strait for f in faces)
    assert 3 in C.open_sea.icons                                   # L109 fish on the open sea


def test_market_rows_constraints():
    fish, iron = RESOURCES.index("fish"), RESOURCES.index("iron")
    # L294: the fish row holding slot 5 moves surplus +1, the iron row holding slot 6 rebellion +1
    row5 = next(r for r in C.domestic[fish] if r.first <= 4 < r.first + r.slots)
    row6 = next(r for r in C.domestic[iron] if r.first <= 5 < r.first + r.slots)
    assert row5.surplus == 1 and row6.rebellion == 1
    # L491: 6f | 4f x3 | 3f
    prices = [r.price for r in C.domestic[fish]]
    assert prices == [6, 4, 3] and C.domestic[fish][1].slots == 3
    assert all(r.rebellion == 0 for zone in C.export for r in zone)   # L304


def test_boards_constraints():
    stab = {(r["from"], r["to"]): (r["surplus"], r["rebellion"]) for r in C.stability}
    assert stab[(11, 20)] == (1, 0) and stab[(31, 40)] == (1, 1)   # L318
    assert C.stability[-1]["to"] >= 50
    lab = C.labour
    price = {s: next(r["price"] for r in lab if r["from"] <= s <= r["to"]) for s in range(31)}
    assert price[5] == price[4] == 3 and price[3] == 4 and price[0] is None   # L569, L577
    assert next(r for r in lab if r["from"] <= 13 <= r["to"])["rebellion"] == 2   # L332
    assert next(r for r in lab if r["from"] <= 17 <= r["to"])["rebellion"] == 2
    assert any(r["rebellion"] < 0 for r in lab)                                  # L328
    assert lab[-1]["to"] > 21                                                    # L1202


def test_fixed_card_facts():
    card = {c.id: c for c in C.cards}
    assert card["lumber_mill"].use == "open" and card["lumber_mill"].cost_f == 1   # L806
    assert card["pirate"].use == "owner" and card["pirate"].discs == 1            # L812
    lh = card["lighthouse"]
    assert (lh.cost_cubes[5], lh.cost_cubes[4], lh.discs, lh.vp, lh.needs) == (1, 2, 1, 1, "port")
    assert (card["colossus"].cost_cubes[5], card["colossus"].discs, card["colossus"].vp) == (3, 1, 1)
    assert (card["pyramid"].cost_cubes[4], card["pyramid"].discs, card["pyramid"].vp) == (5, 2, 2)
    cat = card["cathedral"]
    assert (cat.cost_cubes[4], cat.discs, cat.needs, cat.vp) == (3, 2, "church", 2)
    assert card["king"].vp == 1 and card["pope"].vp == 1
    assert any(c.normal == {"domestic": ["stone", 6], "export": ["cattle", 3]} for c in C.cards)


def test_objective_thresholds_from_the_text():
    obj = {o["id"]: o for o in C.objectives}
    assert obj["l1"]["end"] == {"kind": "towns", "base": 5, "per_player": 1}       # L1141
    assert obj["m6"]["end"]["base"] == 20 and obj["m6"]["end"]["per_player"] == 7  # L1325
    assert obj["s9"]["end"]["base"] + obj["s9"]["end"]["per_player"] == 22         # L1282
    assert obj["l9"]["end"] == {"kind": "surplus_above", "base": 21, "per_player": 0}


@pytest.fixture
def user_set(tmp_path, monkeypatch):
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "sets"))
    target = tmp_path / "sets" / "archipelago" / "content" / "mine"
    shutil.copytree(builtin_dir() / "standard", target)
    return target


def test_a_named_operator_set_is_loaded(user_set):
    state = GAME.new_state(3, 1, {"content": "mine"})
    assert state.content.name == "mine"


def test_unknown_set_names_the_known_ones():
    with pytest.raises(InvalidOption) as err:
        load_content("nope")
    assert "standard" in err.value.message("en")


def test_broken_file_names_the_file_and_entry(user_set):
    path = user_set / "regions.json"
    data = json.loads(path.read_text())
    data["hexes"][3]["faces"][1]["huts"] = 4
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidOption) as err:
        load_content_dir(user_set)
    msg = err.value.message("en")
    assert "regions.json" in msg and "hexes[3].faces[1]" in msg and "L135" in msg
    msg_ru = err.value.message("ru")
    assert "regions.json" in msg_ru


def test_broken_card_and_cube_counts(user_set):
    path = user_set / "evolution.json"
    data = json.loads(path.read_text())
    data["cards"][5]["effect"] = "fly"
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidOption) as err:
        load_content_dir(user_set)
    assert "cards[5] (bishop).effect" in err.value.message("en")
    shutil.copy(builtin_dir() / "standard" / "evolution.json", path)
    path = user_set / "boards.json"
    data = json.loads(path.read_text())
    data["cubes"]["iron"] = 11
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidOption) as err:
        load_content_dir(user_set)
    assert "82" in err.value.message("en")
