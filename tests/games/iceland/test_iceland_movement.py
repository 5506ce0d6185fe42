"""Phase 2: movement, the outer sea, mountains, the first move, extra steps, exploration."""

from __future__ import annotations

import pytest
from iceland_scenario import OUTER, FakeRng, corner, give_fate, house, new, put, terrain

from settlers.core import IllegalAction
from settlers.games.iceland.actions import (
    ChooseNumber,
    EndMovement,
    Explore,
    Move,
    PlayFate,
)
from settlers.games.iceland.exploration import modifier


def illegal(s, seat, action):
    before = s.full_state()
    with pytest.raises(IllegalAction):
        s.apply(seat, action)
    assert s.full_state() == before


def test_boats_sail_on_sea_settlers_walk_on_land():
    """«Обычно корабли могут двигаться только на соседний незанятый гекс моря, а поселенцы —
    только на соседний незанятый не горный гекс суши.»"""
    s = new(phase="move")
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    terrain(s, 8, "sea")
    put(s, 0, 3)
    put(s, 5, 4)
    legal = s.legal_actions(0)
    assert Move(0, 8, "") in legal and Move(0, 4, "") not in legal
    assert Move(5, 8, "") not in legal and Move(5, 9, "") not in legal  # sea, mountain
    put(s, 15, 8)  # another player's boat occupies 8
    assert Move(0, 8, "") not in s.legal_actions(0)
    illegal(s, 0, Move(0, 8, ""))


def test_outer_sea_is_next_to_every_edge_hex_never_full_and_ends_movement():
    """«Внешний гекс моря считается соседним для всех крайних гексов и всегда свободным ...
    Перемещение на этот гекс сразу же заканчивает фазу движения.»"""
    s = new(phase="move")
    terrain(s, 16, "sea")
    put(s, 0, 16)
    put(s, 10, OUTER)
    assert Move(0, OUTER, "") in s.legal_actions(0)
    s.apply(0, Move(0, OUTER, ""))
    assert s.pos[0] == OUTER and s.pos[10] == OUTER
    assert s.phase == "build"
    s2 = new(phase="move")
    put(s2, 0, OUTER)
    targets = {a.to for a in s2.legal_actions(0) if isinstance(a, Explore | Move)}
    assert targets == set(s2.b.edge)


def test_two_steps_with_one_piece():
    """RECONSTRUCTED: one piece, up to two normal steps."""
    s = new(phase="move")
    for h in (3, 7, 12):
        terrain(s, h, "sea")
    put(s, 0, 3)
    put(s, 1, 12)
    s.apply(0, Move(0, 7, ""))
    assert Move(1, 16, "") not in s.legal_actions(0)  # only the piece that moved
    illegal(s, 0, Move(1, 7, ""))
    s.apply(0, Move(0, 3, ""))
    assert not any(isinstance(a, Move) for a in s.legal_actions(0))
    assert EndMovement() in s.legal_actions(0)


def test_fair_wind_after_one_or_two_normal_steps():
    """«карты, дающие дополнительные шаги движения, могут быть сыграны после одного или двух
    обычных»."""
    s = new(phase="move")
    for h in (3, 7, 12, 16):
        terrain(s, h, "sea")
    put(s, 0, 3)
    give_fate(s, 0, "fair_wind")
    assert PlayFate("fair_wind", -1) not in s.legal_actions(0)
    s.apply(0, Move(0, 7, ""))
    s.apply(0, Move(0, 12, ""))
    s.apply(0, PlayFate("fair_wind", -1))
    s.apply(0, Move(0, 16, ""))
    s.apply(0, Move(0, 12, ""))
    assert s.mv_steps == 0


def test_settler_enters_mountain_next_to_own_house():
    """RECONSTRUCTED condition of «Поселенец может входить на незанятый гекс горы при любом из
    следующих условий»: its owner has a farm or town on a corner of the mountain."""
    s = new(phase="move")
    terrain(s, 4, "pasture", 5)
    put(s, 5, 4)
    assert Move(5, 9, "") not in s.legal_actions(0)
    house(s, 0, corner(s, 9, "N"))
    assert Move(5, 9, "") in s.legal_actions(0)
    house(s, 1, corner(s, 9, "N"))
    assert Move(5, 9, "") not in s.legal_actions(0)


def test_mountain_pass_card_lets_settler_into_mountain_and_boat_onto_land():
    """«Эта же карта судьбы может также быть использована, чтобы позволить кораблю войти на
    незанятый не горный гекс суши.»"""
    s = new(phase="move")
    terrain(s, 4, "pasture", 5)
    terrain(s, 3, "sea")
    put(s, 5, 4)
    put(s, 0, 3)
    give_fate(s, 0, "mountain_pass")
    legal = s.legal_actions(0)
    assert Move(5, 9, "mountain_pass") in legal
    assert Move(0, 8, "mountain_pass") not in legal  # 8 is unknown: explore instead
    terrain(s, 8, "fields", 4)
    assert Move(0, 8, "mountain_pass") in s.legal_actions(0)
    s.apply(0, Move(0, 8, "mountain_pass"))
    assert s.pos[0] == 8 and "mountain_pass" in s.discard


def test_first_move_of_the_first_round():
    """«Первый ход первого раунда должен быть на не угловой гекс на краю, где ещё нет другого
    игрока.»"""
    s = new(phase="move")
    s.first_turn[0] = True
    put(s, 0, OUTER)
    terrain(s, 1, "sea")
    put(s, 11, 1)  # another player is on edge hex 1
    legal = s.legal_actions(0)
    targets = {a.to for a in legal if isinstance(a, Move | Explore)}
    assert targets == {3, 6, 12, 15, 17}
    assert EndMovement() not in legal  # the move is obligatory
    with pytest.raises(IllegalAction) as info:
        s.apply(0, Explore(0, 0, ""))
    assert "first" in info.value.message("en")


def test_exploring_counts_as_a_step_even_if_the_piece_cannot_enter():
    """«Это рассматривается как ход, даже если передвинуться в полученный гекс не
    разрешается.»"""
    s = new(phase="move")
    put(s, 0, OUTER)
    s.rng = FakeRng(9, 5)           # green 9 + 0 = pasture, red 5
    s.apply(0, Explore(0, 1, ""))
    assert s.c.terrains[s.terrain[1]] == "pasture" and s.number[1] == 5
    assert s.pos[0] == OUTER and s.mv_steps == 1
    assert s.hands[0][s.c.resource_index("wool")] == 1


def test_explored_sea_is_entered_by_the_boat():
    s = new(phase="move")
    put(s, 0, OUTER)
    s.rng = FakeRng(2)
    s.apply(0, Explore(0, 1, ""))
    assert s.c.terrains[s.terrain[1]] == "sea" and s.pos[0] == 1
    assert sum(s.hands[0]) == 0 and not s.fate[0]


def test_land_found_by_a_boat_may_be_entered_with_the_card_without_a_step():
    """«если корабль открывает землю ... при исследовании, может быть сыграна карта, позволяющая
    движение на такие гексы»."""
    s = new(phase="move")
    put(s, 0, OUTER)
    give_fate(s, 0, "mountain_pass")
    s.rng = FakeRng(5, 2)
    s.apply(0, Explore(0, 1, ""))
    s.apply(0, Move(0, 1, "mountain_pass"))
    assert s.pos[0] == 1 and s.mv_steps == 1


def test_a_mountain_found_by_a_boat_cannot_be_entered_even_with_the_card():
    """L33: the card lets a boat «войти на незанятый не горный гекс суши» — not a mountain. (A
    boat stood on a mountain in a no-limit random game, seed 5627, before this was checked.)"""
    s = new(phase="move")
    put(s, 0, OUTER)
    terrain(s, 0, "mountain")
    terrain(s, 2, "mountain")             # modifier +4: a green 7 finds a mountain
    give_fate(s, 0, "mountain_pass")
    s.rng = FakeRng(7)
    s.apply(0, Explore(0, 1, ""))
    assert s.c.terrains[s.terrain[1]] == "mountain" and s.pos[0] == OUTER
    assert Move(0, 1, "mountain_pass") not in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(0, Move(0, 1, "mountain_pass"))
    assert s.pos[0] == OUTER and "mountain_pass" in s.fate[0]


def test_exploration_modifier():
    """«Значение зелёной кости увеличивается на 2 за каждый гекс горы ... и на 1 за каждый иной
    гекс суши, но не больше, чем на 4.»"""
    s = new()
    assert modifier(s, 4) == 2               # the central mountain
    terrain(s, 0, "pasture", 5)
    assert modifier(s, 4) == 3
    terrain(s, 3, "sea")
    assert modifier(s, 4) == 3               # sea adds nothing
    terrain(s, 5, "mountain")
    assert modifier(s, 4) == 4               # capped
    assert modifier(s, 1) == 3               # 0 land +1, 5 mountain +2, 4 unknown


def test_green_die_with_modifier_and_reroll_when_terrain_is_used_up():
    """«Если гексов этого типа не осталось, зелёная кость перебрасывается.»"""
    s = new(phase="move")
    terrain(s, 10, "sea")
    put(s, 0, 10)
    s.terrain_pool[s.c.terrains.index("mountain")] = 0
    # hex 5 touches the mountain 9 (+2): green 9 -> 11 = mountain (none left) -> re-roll
    # green 5 -> 7 = pasture; red 7 -> 12
    s.rng = FakeRng(9, 5, 7)
    s.apply(0, Explore(0, 5, ""))
    assert s.c.terrains[s.terrain[5]] == "pasture" and s.number[5] == 12


def test_missing_number_ages_like_in_a_harvest():
    """«Если жетонов с этим числом нет в наличии, число старится, как при урожае.»"""
    s = new(phase="move")
    put(s, 0, OUTER)
    s.number_pool[11] = 0
    s.rng = FakeRng(6, 1)            # fields, red 1 -> 11 (none) -> 12
    s.apply(0, Explore(0, 1, ""))
    assert s.number[1] == 12


def test_mountain_or_missing_card_gives_a_fate_card():
    """«Если карты такого ресурса нет в наличии или если это гекс горы, игрок берёт карту
    судьбы.»"""
    s = new(phase="move")
    put(s, 0, OUTER)
    s.bank[s.c.resource_index("iron")] = 0
    s.rng = FakeRng(10, 4)         # green 10 + modifier 0 = bog
    s.apply(0, Explore(0, 1, ""))
    assert s.c.terrains[s.terrain[1]] == "bog" and len(s.fate[0]) == 1
    s2 = new(phase="move")
    terrain(s2, 10, "sea")
    put(s2, 0, 10)
    s2.rng = FakeRng(10)           # hex 5: +2 for the centre -> 12 = mountain
    s2.apply(0, Explore(0, 5, ""))
    assert s2.c.terrains[s2.terrain[5]] == "mountain" and len(s2.fate[0]) == 1
    assert s2.number[5] == 0


def test_exploration_card_fixes_the_terrain_and_is_played_before_the_roll():
    """«Карты судьбы с меткой «Исследование» должны быть сыграны перед броском костей.»"""
    s = new(phase="move")
    put(s, 0, OUTER)
    give_fate(s, 0, "find_forest")
    assert Explore(0, 1, "find_forest") in s.legal_actions(0)
    s.rng = FakeRng(3)              # only the red die is rolled
    s.apply(0, Explore(0, 1, "find_forest"))
    assert s.c.terrains[s.terrain[1]] == "forest" and s.number[1] == 3


def test_good_omen_lets_the_finder_choose_the_number():
    s = new(phase="move")
    put(s, 0, OUTER)
    give_fate(s, 0, "good_omen")
    s.rng = FakeRng(8)
    s.apply(0, Explore(0, 1, "good_omen"))
    assert s.phase == "choose_number"
    s.number_pool[6] = 0
    assert ChooseNumber(6) not in s.legal_actions(0)
    s.apply(0, ChooseNumber(8))
    assert s.number[1] == 8 and s.phase == "move"


def test_settler_explores_and_may_climb_the_found_mountain_with_the_card():
    """«если ... поселенец — горы при исследовании, может быть сыграна карта, позволяющая
    движение на такие гексы»."""
    s = new(phase="move")
    terrain(s, 4, "pasture", 5)
    put(s, 5, 4)
    give_fate(s, 0, "mountain_pass")
    s.rng = FakeRng(10)              # hex 5 touches 4 (+1) and the centre (+2): 13 = mountain
    s.apply(0, Explore(5, 5, ""))
    assert s.c.terrains[s.terrain[5]] == "mountain" and s.pos[5] == 4
    assert len(s.fate[0]) == 2       # a mountain gives a fate card
    s.apply(0, Move(5, 5, "mountain_pass"))
    assert s.pos[5] == 5 and s.mv_steps == 1
