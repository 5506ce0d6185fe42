"""A user's Imperial card and empire-board files: every count of goods, every cap, every
activation limit and every list of a card has an upper bound (settlers.games.imperial.content,
MAX_*): a count is gained, paid and enumerated (the ways to pay, to fill «Склады», the raze
bonus as a list of goods), so a hostile file (an upload over the web) must not choose it
freely; the refusal names the card, the field and its bounds in the reader's language."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from settlers.testing.language import refused_content


def _data(name: str) -> Any:
    return json.loads((resources.files("settlers.games.imperial") / "data" / name)
                      .read_text("utf-8"))


def _card(cid: str, edit: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def apply(data: dict[str, Any]) -> None:
        edit(next(row for row in data["cards"] if row["id"] == cid))
    return apply


def _yield_item(kind: str, value: int) -> Callable[[dict[str, Any]], None]:
    """The first yield (production or build bonus) of a card holding ``kind`` set to
    ``value``."""
    def apply(data: dict[str, Any]) -> None:
        for row in data["cards"]:
            for item in [*row.get("production", []), *row.get("build_bonus", []),
                         *row.get("features", [])]:
                if kind in item:
                    item[kind] = value
                    return
        raise AssertionError(kind)
    return apply


def _feature_list(data: dict[str, Any]) -> None:
    data["cards"][0]["features"] = [{"on": "build", "goods": {"VP": 1}}] * 250


CARD_CASES = [
    ("raze", _card("COM006", lambda row: row.__setitem__("raze", {"W": 10**10})),
     "card 'COM006': field 'raze.W' must be an integer in 1..15", "raze.W"),
    ("cost", _card("COM006", lambda row: row.__setitem__("cost", {"S": 10**6})),
     "card 'COM006': field 'cost.S' must be an integer in 1..15", "cost.S"),
    ("pick", _yield_item("pick", 10**6), "field 'production.pick' must be an integer in 1..6",
     "production.pick"),
    ("samurai", _yield_item("samurai", 10**6),
     "field 'build_bonus.samurai' must be an integer in 1..6", "build_bonus.samurai"),
    ("features", _feature_list, "'features' may have at most 6 entries, not 250", "features"),
]


def _limit(data: dict[str, Any]) -> None:
    row = next(row for row in data["cards"] if row.get("action"))
    row["action"]["limit"] = 10**9


def _warehouse(data: dict[str, Any]) -> None:
    for row in data["cards"]:
        for feat in row.get("features", []):
            if feat.get("passive") == "warehouse":
                feat["max"] = 10**9
                return
    raise AssertionError("no warehouse")


def _per_cap(data: dict[str, Any]) -> None:
    for row in data["cards"]:
        for item in row.get("build_bonus", []):
            if "per" in item and "max" in item:
                item["max"] = 10**9
                return
    raise AssertionError("no capped yield")


CARD_CASES += [
    ("action limit", _limit, "field 'action.limit' must be an integer in 1..6", "action.limit"),
    ("warehouse", _warehouse, "field 'features.max' must be an integer in 1..10",
     "features.max"),
    ("per cap", _per_cap, "field 'build_bonus.max' must be an integer in 1..20",
     "build_bonus.max"),
]


@pytest.mark.parametrize(("case", "edit", "english", "field"), CARD_CASES,
                         ids=[c[0] for c in CARD_CASES])
def test_a_hostile_card_number_is_refused_in_both_languages(tmp_path: Path, case, edit,
                                                            english, field):
    data = _data("cards.json")
    edit(data)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), "utf-8")
    ru, en = refused_content("imperial", "cards", str(path))
    assert english in en, en
    assert f"«{field}»" in ru, ru


def test_a_hostile_empire_production_is_refused_in_both_languages(tmp_path: Path):
    data = _data("empires.json")
    data["empires"]["romans"]["production"]["Wk"] = 10**8
    path = tmp_path / "empires.json"
    path.write_text(json.dumps(data), "utf-8")
    ru, en = refused_content("imperial", "boards", str(path))
    assert "field 'production.Wk' must be an integer in 1..15" in en, en
    assert "«production.Wk»" in ru and "от 1 до 15" in ru, ru
