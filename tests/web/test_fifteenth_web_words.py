"""Words the fifteenth i18n sweep found on the web side: a refused player count named the game
by its id («В игре catan может быть…»), and Archipelago's recruiting price wrote florins «ф.»
where every other price says «f», as the rulebook does («флорины, f»)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import settlers.web

MESSAGES = Path(settlers.web.__file__).parent.parent / "games" / "archipelago" / "messages"


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "«Колонизаторы» — игра для 3–4 игроков."),
    ("en", "Catan is played by 3 to 4 players."),
])
def test_a_refused_player_count_names_the_game_by_its_name(client, lang, words):
    r = client.post(f"/api/games?lang={lang}", json={"game": "catan", "players": 9})
    assert r.status_code == 400, r.text
    assert r.json()["message"] == words
    assert r.json()["game"] == "catan"   # the id stays in the refusal's fields


def test_archipelagos_recruiting_price_is_in_florins_as_every_price():
    ru = json.loads((MESSAGES / "ru.json").read_text("utf-8"))
    assert ru["archipelago.board.recruit_price"] == "Наём стоит {price}f"
