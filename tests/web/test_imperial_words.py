"""Imperial Settlers' Russian table speaks the rulebook's and the cards' words
(imperial-settlers.ru.txt): the middle row of an empire holds «Локации с особенностями» (L227,
L443; the board said «Свойства»), and the Japanese «Часовня» (L626; card JAP015) keeps what is
put on it — the web's verb said «в святилище», the name of no Japanese card."""

from __future__ import annotations

import json
from pathlib import Path

import settlers

SRC = Path(settlers.__file__).parent
RULES = Path("/work/shared/rules/imperial-settlers.ru.txt")


def web_ru() -> dict[str, str]:
    return json.loads((SRC / "web/messages/ru.json").read_text())


def test_the_feature_row_is_named_as_the_rulebook_names_its_locations() -> None:
    label = web_ru()["web.board.imperial.row.feature"]
    assert label == "Особенности"
    if RULES.exists():
        assert "Локации с особенностями" in RULES.read_text()


def test_putting_goods_on_the_chapel_names_the_chapel() -> None:
    game_ru = json.loads((SRC / "games/imperial/messages/ru.json").read_text())
    chapel = game_ru["imperial.card.JAP015"]
    verb = web_ru()["web.board.imperial.verb.put_on_shrine"]
    stem = chapel[:-1]   # declined: «на «Часовню»»
    assert f"«{stem}" in verb, verb
    assert "святилищ" not in verb
    assert f"«{stem}" in game_ru["imperial.action.put_on_shrine"]
