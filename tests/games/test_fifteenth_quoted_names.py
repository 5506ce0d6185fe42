"""A name in quotes after a verb or a preposition stands behind its generic noun in Russian
(fifteenth i18n round), so it keeps its nominative as Russian writes it: «берёт карточку
«Пекарня»», «присоединяет квадрат «Шахта»», «играет карту «Добрая земля»», «диск на действие
«исследование»» — not «берёт «Пекарня»», where the name would have to be declined («Пекарню»)."""

from __future__ import annotations

import random
import re

import pytest

import settlers
from settlers.core.i18n import translate

# a verb (or a preposition ending a verb's phrase) straight before a quoted name
BARE = re.compile(r"\b(берёт|берёте|открывает|присоединяет|заменяет|разоряет|тянет|играет|строит|"
                  r"разрушает|руки|сбрасывает|активирует|захватывает|покупает|использует|"
                  r"обороны на|самурая на|\) на|диск на|сделку с|Взять|Присоединить|Сыграть|"
                  r"сыграв|разорить|вместо|постройку|Построить|Разрушить|Активировать|активировать|Сбросить|"
                  r"Захватить|Подложить|Сделать|Противник разрушает) «")

GAMES = [("founders", 3), ("iceland", 3), ("imperial", 2), ("archipelago", 3)]


def _texts(game_id: str, players: int, seed: int) -> list[str]:
    """Every log line and every menu label a seeded random game showed, in Russian."""
    state = settlers.load(game_id).new_state(players=players, seed=seed)
    rng = random.Random(seed)
    texts = []
    for _ in range(3000):
        if state.over:
            break
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        texts += [state.describe_action(a, "ru") for a in actions[:60]]
        state.apply(seat, rng.choice(actions))
    texts += [translate(e.key, "ru", **e.params) for e in state.events]
    return texts


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_no_quoted_name_follows_a_verb_bare(game_id, players):
    texts = [t for seed in range(2) for t in _texts(game_id, players, seed)]
    assert any("«" in t for t in texts)
    bare = sorted({t for t in texts if BARE.search(t)})
    assert bare == [], bare[:10]
    # Archipelago's market: «купить 1 рыбу на «внутренний рынок (I)»» -> «на внутреннем рынке»
    assert not [t for t in texts if re.search(r"на «вн(утренний|ешний) рынок", t)]


def test_archipelagos_trades_are_made_on_a_market_in_the_prepositional():
    texts = [t for seed in range(2) for t in _texts("archipelago", 3, seed)]
    assert any(re.search(r" на вн(утреннем|ешнем) рынке \((I|II)\) за \d+f", t) for t in texts)


@pytest.mark.parametrize(("key", "params", "words"), [
    ("imperial.event.pick", {"seat": 0, "card": "imperial.card.COM002"},
     "берёт карточку «Поставщик»"),
    ("imperial.event.build", {"seat": 0, "card": "imperial.card.COM002"},
     "строит локацию «Поставщик»"),
    ("founders.event.attach", {"seat": 0, "tile": "founders.tile.mine", "x": 0, "y": 1},
     "присоединяет квадрат «"),
    ("archipelago.event.disc", {"seat": 0, "zone": "archipelago.zone.explore"},
     "диск на действие «"),
])
def test_the_generic_noun_stands_before_the_name(key, params, words):
    settlers.load(key.split(".")[0])
    assert words in translate(key, "ru", **params)


def test_founders_names_its_tokens_alike_in_the_supply_and_a_players_line():
    # «Запас жетонов: войны 6, монет 6, телег 6» above «жетоны: войны 0, монеты 0, телеги 0»
    state = settlers.load("founders").new_state(players=2, seed=1)
    text = state.render(0, "ru")
    assert "Запас жетонов: войны 6, монеты 6, телеги 6, мастера 6" in text, text
    assert "жетоны: войны 0, монеты 0, телеги 0" in text, text
