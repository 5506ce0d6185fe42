"""Founders' Russian table speaks the rulebook's words (founders-of-empire.ru.txt): a tile is
a «квадрат» (60 times there; never «плитка» or «тайл»), a cart token a «телега» (never
«повозка»). The board said «Призовые плитки», «Выбранная плитка», «Отбор плиток» and
«повозки», the final table «Призовые тайлы», while the actions and the log said «квадрат» and
«телега»."""

from __future__ import annotations

import json
import re
from pathlib import Path

import settlers

SRC = Path(settlers.__file__).parent
RULES = Path("/work/shared/rules/founders-of-empire.ru.txt")
OTHER_WORDS = re.compile(r"плитк|тайл|повозк", re.IGNORECASE)


def founders_board_texts() -> dict[str, str]:
    """The Russian texts Founders' board draws: the web catalog's keys its renderer names,
    and the game's own catalog."""
    web = json.loads((SRC / "web/messages/ru.json").read_text())
    script = (SRC / "web/static/js/games/founders.js").read_text()
    keys = set(re.findall(r'ctx\.T\("(board\.[\w.]+)"', script))
    assert {"board.prizes", "board.chosen", "board.supply", "board.draft"} <= keys
    out = {k: web[f"web.{k}"] for k in keys if f"web.{k}" in web}
    out.update(json.loads((SRC / "games/founders/messages/ru.json").read_text()))
    return out


def test_founders_names_tiles_and_carts_as_the_rulebook_does():
    if RULES.exists():
        rules = RULES.read_text()
        assert "квадрат" in rules and not OTHER_WORDS.search(rules)
    wrong = {k: v for k, v in founders_board_texts().items() if OTHER_WORDS.search(v)}
    assert not wrong, wrong
