"""A user's Archipelago content set: every number that sizes the units of the players, the
price tables of a market zone, the tax table or the ranks has an upper bound
(settlers.games.archipelago.content, MAX_*), so a hostile set (an upload over the web) cannot
make the server build a list as long as it likes; the refusal names the file, the field and
its bounds in the reader's language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from arch_content_files import write_set

from settlers.testing.language import refused_content


def _set(*path: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def _rows(data: dict[str, Any]) -> None:
    data["domestic"]["fruit"] = [{"slots": 15, "price": 1, "move": {}}] * 10_000


def _zone(data: dict[str, Any]) -> None:
    data["export"]["iron"] = [{"slots": 15, "price": 1, "move": {}}] * 4


CASES = [
    ("boards", _set("pieces", "inhabitants", value=10**5),
     "field 'pieces.inhabitants' must be an integer in 1..30", "pieces.inhabitants"),
    ("boards", _set("start", "ships", value=5),
     "field 'start.ships' must be an integer in 0..4", "start.ships"),
    ("boards", _set("explorer_piles", 0, value=10**9),
     "field 'explorer_piles' must be an integer in 0..30", "explorer_piles"),
    ("boards", _set("taxes", "per_items", value=list(range(10**4))),
     "'taxes.per_items' may have at most 40 entries, not 10000", "taxes.per_items"),
    ("boards", _set("market_port_tokens", value="many"),
     "field 'market_port_tokens' must be an integer in 0..40", "market_port_tokens"),
    ("boards", _set("rebellion_max", value=10**9),
     "boards.json': field 'rebellion_max' must be an integer in 10..200", "rebellion_max"),
    ("markets", _rows, "'domestic.fruit' may have at most 10 entries, not 10000",
     "domestic.fruit"),
    ("markets", _zone, "field 'export.iron[].slots' must be an integer in 1..50, not '60'",
     "export.iron[].slots"),
    ("trends", _set("points", value=[1] * 10**4),
     "'points' may have at most 5 entries, not 10000", "points"),
    ("objectives", _set("cards", 0, "end", "count", value=10**9),
     "field 'cards[0].end.count' must be an integer in 0..6", "cards[0].end.count"),
]


@pytest.mark.parametrize(("file", "edit", "english", "field"), CASES,
                         ids=[f"{c[0]}-{c[3]}" for c in CASES])
def test_a_hostile_number_is_refused_in_both_languages(tmp_path: Path, file, edit, english,
                                                       field):
    ru, en = refused_content("archipelago", "content", write_set(tmp_path, file, edit))
    assert english in en, en
    assert f"«{field}»" in ru, ru
