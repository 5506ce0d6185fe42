"""The lobby's bot presets: what each name plays per game, and labels that make no claim the
ladders do not back (issue 17: "strong" is the difficulty level, measured per game)."""

import json
from pathlib import Path

import pytest

from settlers.bots.difficulty import SEARCH
from settlers.core.registry import load
from settlers.web.bots import PRESETS, bot_names, decide, resolve

MESSAGES = Path(__file__).resolve().parents[2] / "src/settlers/web/messages"


@pytest.mark.parametrize("game_id", sorted(SEARCH))
def test_search_preset_plays_the_budget_of_the_games_ladder(game_id):
    assert "search" in bot_names(game_id)
    assert resolve("search", game_id) == SEARCH[game_id]


def test_search_preset_without_a_ladder_budget_keeps_its_default():
    assert resolve("search", "archipelago") == PRESETS["search"]
    assert resolve("search") == PRESETS["search"]


def test_search_preset_decides_a_legal_move_at_the_table():
    game = load("founders")
    state = game.new_state(players=3, seed=5)
    seat = state.to_act[0]
    before = state.digest()
    action = decide(state, seat, "search")
    assert action in state.legal_actions(seat)
    assert state.digest() == before


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_preset_has_a_label_without_a_strength_claim(lang):
    catalog = json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    claims = ("strong", "weak", "medium", "сильн", "слаб", "средн")
    for preset in PRESETS:
        label = catalog[f"web.botname.{preset}"]
        if preset in ("easy", "medium", "strong"):
            continue  # the difficulty levels are the strength names, resolved per game
        assert not any(word in label.lower() for word in claims), (preset, label)
