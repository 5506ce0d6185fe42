"""Phase 3 B: building — costs, placement, spacing, one build per piece, end-of-turn effect."""

from __future__ import annotations

import pytest
from iceland_scenario import OUTER, SUPPLY, corner_between, house, new, put, set_hand, terrain

from settlers.core import IllegalAction
from settlers.games.iceland import actions
from settlers.games.iceland.scoring import victory_points

FARM = {"grain": 1, "wood": 1, "wool": 1}


def illegal(s, seat, action, text=None):
    before = s.full_state()
    with pytest.raises(IllegalAction) as info:
        s.apply(seat, action)
    assert s.full_state() == before
    if text:
        assert text in info.value.message("en")


def coast(s):
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    terrain(s, 0, "fields", 6)
    terrain(s, 8, "forest", 8)


def test_farm_from_a_boat_takes_effect_at_the_end_of_the_turn():
    """«Поселенца или корабль можно преобразовать в хутор на одной из углов гекса, который он
    занимает, заплатив 1 зерно, 1 дерево и 1 шерсть ... Фишка, которая построила хутор,
    убирается с поля. Каждый хутор приносит 1 победное очко.»"""
    s = new()
    coast(s)
    put(s, 0, 3)
    c = corner_between(s, 0, 3, 4)
    set_hand(s, 0, **FARM)
    s.apply(0, actions.BuildFarm(0, c))
    assert s.hands[0] == [0, 0, 0, 0]
    assert s.house_owner[c] == -1 and s.pos[0] == 3, "builds take effect at the end of turn"
    s.apply(0, actions.EndTurn())
    assert s.house_owner[c] == 0 and s.house_level[c] == 1
    assert s.pos[0] == SUPPLY and s.occupant[3] == -1
    assert victory_points(s, 0) == 1


def test_farm_needs_the_cards():
    s = new()
    coast(s)
    put(s, 0, 3)
    set_hand(s, 0, grain=1, wood=1)
    illegal(s, 0, actions.BuildFarm(0, corner_between(s, 0, 3, 4)), "cards")


def test_farm_needs_non_mountain_land_among_its_hexes():
    """«По крайней мере один из трёх гексов, граничащих с хутором, должен быть не горным гексом
    суши.»"""
    s = new()
    terrain(s, 3, "sea")
    terrain(s, 4, "mountain")
    terrain(s, 0, "sea")
    put(s, 0, 3)
    set_hand(s, 0, **FARM)
    illegal(s, 0, actions.BuildFarm(0, corner_between(s, 0, 3, 4)), "non-mountain land")


def test_farm_on_a_corner_of_the_pieces_own_hex_only():
    s = new()
    coast(s)
    put(s, 0, 3)
    set_hand(s, 0, **FARM)
    illegal(s, 0, actions.BuildFarm(0, corner_between(s, 4, 5, 9)), "corner")


def test_farm_distance_rule_and_the_sea_mountain_exception():
    """«Хутор не может непосредственно соседствовать с другим хутором или поселением, если только
    два гекса, которые находятся между ними, не являются морем и горой.»"""
    s = new()
    terrain(s, 4, "pasture", 5)
    terrain(s, 5, "mountain")
    terrain(s, 1, "sea")
    terrain(s, 0, "fields", 6)
    put(s, 5, 4)
    a = corner_between(s, 0, 1, 4)        # top corner of hex 4
    b = corner_between(s, 1, 4, 5)        # next corner, edge between 1 (sea) and 4 (pasture)
    house(s, 1, b)
    set_hand(s, 0, **FARM)
    illegal(s, 0, actions.BuildFarm(5, a), "next to another house")
    # across an edge between sea (1) and mountain (5) a neighbour is allowed
    s2 = new()
    terrain(s2, 1, "sea")
    terrain(s2, 5, "mountain")
    terrain(s2, 4, "pasture", 5)
    terrain(s2, 2, "fields", 6)
    put(s2, 5, 4)
    c_top = corner_between(s2, 1, 2, 5)   # corner above the 1/5 edge
    c_low = corner_between(s2, 1, 4, 5)   # corner below it: the edge 1-5 is sea/mountain
    house(s2, 1, c_top)
    set_hand(s2, 0, **FARM)
    s2.apply(0, actions.BuildFarm(5, c_low))


def test_two_farms_of_one_turn_keep_their_distance():
    s = new()
    coast(s)
    put(s, 0, 3)
    put(s, 5, 4)
    set_hand(s, 0, grain=2, wood=2, wool=2)
    s.apply(0, actions.BuildFarm(0, corner_between(s, 0, 3, 4)))
    illegal(s, 0, actions.BuildFarm(5, corner_between(s, 0, 1, 4)), "next to another house")


def test_outlaw_cannot_build_a_farm_but_may_age_or_build_a_harbour():
    """«Объявленный вне закона может строить гавани или старить местность, но должен избавиться
    от всех красных жетонов ... перед тем, как ему будет позволено построить хутор.»"""
    s = new()
    coast(s)
    put(s, 5, 4)
    put(s, 0, 3)
    s.red_tokens[5] = [1]
    s.red_tokens[0] = [1]
    set_hand(s, 0, grain=1, wood=1, wool=4)
    illegal(s, 0, actions.BuildFarm(5, corner_between(s, 0, 3, 4)), "outlaw")
    s.apply(0, actions.BuildAgeing(5))
    s.apply(0, actions.BuildHarbour(0, "wool"))


def test_town_needs_a_farm_touching_the_sea():
    """«Хутор на границе хотя бы одного гекса моря может быть расширен в город ... по цене 1
    железо, 1 зерно, 1 дерево и 2 шерсти ... Каждый город приносит 2 победных очка.»"""
    s = new()
    coast(s)
    terrain(s, 5, "bog", 9)
    sea_corner = corner_between(s, 0, 3, 4)
    inland = corner_between(s, 4, 5, 9)
    house(s, 0, sea_corner)
    house(s, 0, inland)
    set_hand(s, 0, iron=2, grain=2, wood=2, wool=4)
    illegal(s, 0, actions.BuildTown(inland), "sea")
    s.apply(0, actions.BuildTown(sea_corner))
    assert s.house_level[sea_corner] == 1
    s.apply(0, actions.EndTurn())
    assert s.house_level[sea_corner] == 2 and victory_points(s, 0) == 3


def test_rim_corner_touches_the_sea_of_the_frame():
    s = new()
    terrain(s, 1, "pasture", 5)
    c = s.b.grid.corner_of(1, "N")
    house(s, 0, c)
    set_hand(s, 0, iron=1, grain=1, wood=1, wool=2)
    s.apply(0, actions.BuildTown(c))


def test_settler_and_boat_built_by_a_farm_on_its_hexes():
    """«Хутор или город могут построить поселенца или корабль на одном из трёх примыкающих
    гексах при условии, что эта фишка могла бы переместиться на этот гекс ... Поселенец стоит 1
    железо и 1 зерно, а корабль — 1 железо и 1 дерево.»"""
    s = new()
    coast(s)
    c = corner_between(s, 0, 3, 4)
    house(s, 0, c)
    set_hand(s, 0, iron=3, grain=1, wood=1)
    assert actions.BuildSettler(c, 3) not in s.legal_actions(0)      # sea
    assert actions.BuildBoat(c, 4) not in s.legal_actions(0)         # land
    s.apply(0, actions.BuildSettler(c, 4))
    illegal(s, 0, actions.BuildBoat(c, 3), "already built")           # a farm builds once
    s.apply(0, actions.EndTurn())
    assert s.occupant[4] == 5 and s.pos[5] == 4


def test_town_builds_up_to_three_pieces():
    """«Город, с другой стороны, может построить вплоть до трёх фишек, если для них есть
    место.»"""
    s = new()
    coast(s)
    c = corner_between(s, 0, 3, 4)
    house(s, 0, c, level=2)
    set_hand(s, 0, iron=4, grain=2, wood=2)
    s.apply(0, actions.BuildSettler(c, 4))
    s.apply(0, actions.BuildSettler(c, 0))
    s.apply(0, actions.BuildBoat(c, 3))
    assert not any(isinstance(a, actions.BuildSettler | actions.BuildBoat) and a.corner == c
                   for a in s.legal_actions(0))
    illegal(s, 0, actions.BuildSettler(c, 4))


def test_two_pieces_cannot_be_built_on_one_hex():
    s = new()
    coast(s)
    c = corner_between(s, 0, 3, 4)
    house(s, 0, c, level=2)
    set_hand(s, 0, iron=2, grain=2)
    s.apply(0, actions.BuildSettler(c, 4))
    illegal(s, 0, actions.BuildSettler(c, 4), "occupied")


def test_boat_on_the_outer_sea_without_a_settlement():
    """«Корабль может также быть построен на внешнем гексе моря без использования
    поселения.»"""
    s = new()
    set_hand(s, 0, iron=1, wood=1)
    s.apply(0, actions.BuildBoat(OUTER, OUTER))
    s.apply(0, actions.EndTurn())
    assert sum(1 for p in range(5) if s.pos[p] == OUTER) == 2


def test_pieces_are_limited():
    s = new()
    set_hand(s, 0, iron=5, wood=5)
    for _ in range(4):
        s.apply(0, actions.BuildBoat(OUTER, OUTER))
    illegal(s, 0, actions.BuildBoat(OUTER, OUTER), "no such piece left")


def test_harbour_by_a_boat_next_to_land():
    """«Корабль, расположенный на гексе моря внутри рамки поля на границе хотя бы одного не
    горного гекса суши, может учредить там гавань, если только там её ещё нет ... за две карты
    ресурса, указанного на жетоне.»"""
    s = new()
    terrain(s, 3, "sea")
    put(s, 0, 3)
    set_hand(s, 0, iron=2)
    illegal(s, 0, actions.BuildHarbour(0, "iron"), "border")
    terrain(s, 4, "pasture", 5)
    s.apply(0, actions.BuildHarbour(0, "iron"))
    assert s.harbour_pool[3] == 1
    s.apply(0, actions.EndTurn())
    s.current = 0
    s.phase = "build"
    s.reset_turn()
    set_hand(s, 0, iron=2)
    illegal(s, 0, actions.BuildHarbour(0, "iron"), "already a harbour")


def test_ageing_by_a_settler_costs_one_card_and_happens_at_the_end():
    """«Поселенец, расположенный на не горном гексе суши, может старить числовой жетон, словно
    бы этот гекс принёс урожай, заплатив одну карту ресурса, производимого этой местностью.»"""
    s = new()
    terrain(s, 4, "pasture", 6)
    put(s, 5, 4)
    set_hand(s, 0, grain=1)
    illegal(s, 0, actions.BuildAgeing(5), "cards")
    set_hand(s, 0, wool=1)
    s.apply(0, actions.BuildAgeing(5))
    assert s.number[4] == 6
    illegal(s, 0, actions.BuildFarm(5, corner_between(s, 0, 1, 4)))   # one build per piece
    s.apply(0, actions.EndTurn())
    assert s.number[4] == 8


def test_a_new_farm_cannot_build_in_the_turn_it_was_built():
    """«хутора не могут строить поселенцев в тот же раунд, когда их сами построили»."""
    s = new()
    coast(s)
    put(s, 0, 3)
    c = corner_between(s, 0, 3, 4)
    set_hand(s, 0, grain=2, wood=1, wool=1, iron=1)
    s.apply(0, actions.BuildFarm(0, c))
    illegal(s, 0, actions.BuildSettler(c, 4))


def test_evaluate_counts_a_farm_built_this_turn():
    """Bots judge a build before it takes effect at the end of the turn."""
    s = new()
    coast(s)
    put(s, 0, 3)
    set_hand(s, 0, **FARM)
    before = s.evaluate(0)
    s.apply(0, actions.BuildFarm(0, corner_between(s, 0, 3, 4)))
    assert s.evaluate(0) > before
