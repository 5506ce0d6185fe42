"""A user's Landnám data folder: every number that sizes the board, the exploration table, the
fate deck or a pool has an upper bound (settlers.games.iceland.content, MAX_*), so a hostile
file (an upload over the web) cannot make the server build a list as long as it likes; the
refusal names the field and its bounds in the reader's language."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from settlers.testing.language import refused_content


def _data(name: str) -> Any:
    return json.loads((resources.files("settlers.games.iceland") / "data" / name)
                      .read_text("utf-8"))


def _modifier_max(terrain: dict[str, Any]) -> None:
    terrain["exploration"]["modifier_max"] = 10**5


def _board_radius(terrain: dict[str, Any]) -> None:
    terrain["board_radius"] = 2000


def _terrain_count(terrain: dict[str, Any]) -> None:
    terrain["terrains"]["pasture"]["count"] = 10**9


def _fate_copies(fate: dict[str, Any]) -> None:
    fate["cards"][0]["count"] = 10**5


def _fate_entries(fate: dict[str, Any]) -> None:
    fate["cards"] += [{"id": f"c{i}", "label": "movement", "count": 0, "effect": "chase"}
                      for i in range(20_000)]


def _fate_deck(fate: dict[str, Any]) -> None:
    for card in fate["cards"]:
        card["count"] = 20


def _number_count(numbers: dict[str, Any]) -> None:
    numbers["counts"]["8"] = 10**9


def _number_key(numbers: dict[str, Any]) -> None:
    numbers["counts"]["9" * 5000] = 1


def _movement(rules: dict[str, Any]) -> None:
    rules["movement_steps"] = 10**6


CASES = [
    ("terrain.json", _modifier_max, "field 'exploration.modifier_max' must be an integer in 0..12",
     "exploration.modifier_max"),
    ("terrain.json", _board_radius, "field 'board_radius' must be an integer in 0..6",
     "board_radius"),
    ("terrain.json", _terrain_count, "field 'terrains.pasture.count' must be an integer in 0..252",
     "terrains.pasture.count"),
    ("fate_cards.json", _fate_copies, "field 'cards[0].count' must be an integer in 0..20",
     "cards[0].count"),
    ("fate_cards.json", _fate_entries, "'cards' may have at most 200 entries, not 20014",
     "cards"),
    ("fate_cards.json", _fate_deck, "'cards.count' may have at most 200 entries, not 280",
     "cards.count"),
    ("numbers.json", _number_count, "field 'counts.8' must be an integer in 0..252", "counts.8"),
    ("numbers.json", _number_key, "field 'counts' must be an integer in 0..99", "counts"),
    ("rules.json", _movement, "field 'movement_steps' must be an integer in 0..10",
     "movement_steps"),
]


@pytest.mark.parametrize(("file", "edit", "english", "field"), CASES,
                         ids=[c[1].__name__.strip("_") for c in CASES])
def test_a_hostile_number_is_refused_in_both_languages(tmp_path: Path, file, edit, english,
                                                       field):
    data = _data(file)
    edit(data)
    (tmp_path / file).write_text(json.dumps(data), "utf-8")
    ru, en = refused_content("iceland", "data_dir", str(tmp_path))
    assert english in en, en
    assert f"«{field}»" in ru, ru
