"""Set-up and component data (rulebook: the opening paragraphs)."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from iceland_scenario import GAME, OUTER

from settlers.core import InvalidOption
from settlers.games.iceland.content import ContentError, load_content


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_frame_outer_sea_central_mountain(players):
    """«Разместите один гекс моря снаружи и гекс горы посредине ... Одна из лодок каждого
    игрока помещается на внешнем гексе моря.»"""
    s = GAME.new_state(players, 11)
    assert s.b.size == 19
    assert s.c.terrains[s.terrain[s.b.centre]] == "mountain"
    assert all(t == -1 for h, t in enumerate(s.terrain) if h != s.b.centre)
    for seat in range(players):
        on_board = [p for p in range(seat * 10, seat * 10 + 10) if s.pos[p] != -2]
        assert on_board == [seat * 10]
        assert s.pos[seat * 10] == OUTER
    assert len(s.b.edge) == 12 and len(s.b.first_move_targets) == 6


@pytest.mark.parametrize("players", [3, 5])
def test_setup_cards(players):
    """«Каждый игрок получает по две карты каждого вида ресурсов и затем тянет карту судьбы до
    тех пор, пока не появится карта с надписью «Исследование»»; the rest are shuffled back."""
    s = GAME.new_state(players, 3)
    for seat in range(players):
        assert s.hands[seat] == [2, 2, 2, 2]
        assert len(s.fate[seat]) == 1
        assert s.c.fate_cards[s.fate[seat][0]].label == "exploration"
        assert s.fate_public[seat] == s.fate[seat]
    assert s.bank == [24 - 2 * players] * 4
    assert len(s.deck) + players == len(s.c.fate_deck)


@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players):
    with pytest.raises(InvalidOption):
        GAME.new_state(players, 0)


def test_bank_is_24_of_each():
    """«Текущий игрок должен убедиться, что вернулись все 24 карты.»"""
    assert load_content().bank_per_resource == 24


def test_reconstructed_files_are_marked():
    c = load_content()
    assert set(c.reconstructed) == {"terrain.json", "numbers.json", "harbours.json",
                                    "fate_cards.json"}


def test_exploration_table_red_die():
    """«Для большинства значений, это число на самой кости, но 1 и 7 приводит к результату 11
    и 12 на жетоне соответственно.»"""
    c = load_content()
    assert c.red[1:] == (11, 2, 3, 4, 5, 6, 12, 8, 9, 10)


def test_ageing_order():
    """«За 6 идёт 8 и за 12 идёт 2.»"""
    order = load_content().ageing_order
    assert order[order.index(6) + 1] == 8 and order[-1] == 12 and order[0] == 2


def test_fate_deck_has_every_label_and_effect_the_rules_mention():
    c = load_content()
    effects = {card.effect for card in c.fate_cards.values()}
    assert {"enter_forbidden", "extra_steps", "chase", "remove_red_tokens", "interrupt_case",
            "interrupt_althing", "bonus_harvest", "blight_hex", "fix_terrain"} <= effects
    assert {card.label for card in c.fate_cards.values()} == {
        "exploration", "harvest", "movement", "althing"}


def test_user_data_dir_overrides_and_is_validated(tmp_path):
    bundled = resources.files("settlers.games.iceland") / "data" / "terrain.json"
    bad = json.loads(bundled.read_text("utf-8"))
    bad["terrains"]["pasture"]["count"] = 0
    bad["terrains"]["forest"]["count"] = 0
    (tmp_path / "terrain.json").write_text(json.dumps(bad), "utf-8")
    with pytest.raises(ContentError, match="exploration could never end"):
        load_content(str(tmp_path))
    good = json.loads(json.dumps(bad))
    good["terrains"]["pasture"]["count"] = 10
    good["terrains"]["forest"]["count"] = 4
    other = tmp_path / "ok"
    other.mkdir()
    (other / "terrain.json").write_text(json.dumps(good), "utf-8")
    s = GAME.new_state(3, 0, {"data_dir": str(other)})
    assert s.terrain_pool[s.c.terrains.index("pasture")] == 10
