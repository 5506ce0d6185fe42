"""«Строительство», «Дорога», «Поселение», «Город», «Правило расстояния», «Карта цены
строительства»."""

import pytest
from catan_scenario import corner_at, give, hand, path_of_corners, road, scenario, settle

from settlers.core import IllegalAction
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEVELOPMENT,
)
from settlers.testing.refusals import refused

ME, OTHER = 0, 1


def test_road_costs_brick_and_lumber_and_must_touch_own_piece():
    """«новая дорога игрока должна примыкать к его уже построенной дороге или к его
    поселению»; «Белый игрок не может проложить дорогу от чёрного поселения»."""
    st = scenario(current=ME)
    a = corner_at("E", "N")
    settle(st, ME, a)
    settle(st, OTHER, corner_at("K", "N"))
    give(st, ME, brick=2, lumber=2)
    near = path_of_corners(a, corner_at("E", "NE"))[0]
    st.apply(ME, BUILD_ROAD[near])
    assert st.edge_owner[near] == ME
    assert hand(st, ME) == {"brick": 1, "lumber": 1}
    assert st.bank[0] == 18 and st.bank[1] == 18  # 2 given out, 1 paid back
    from_other = path_of_corners(corner_at("K", "N"), corner_at("K", "NE"))[0]
    assert refused(st, ME, BUILD_ROAD[from_other]).key == "catan.err.road_not_connected"
    assert refused(st, ME, BUILD_ROAD[near]).key == "catan.err.path_taken"


def test_road_needs_the_cost():
    st = scenario(current=ME)
    a = corner_at("E", "N")
    settle(st, ME, a)
    give(st, ME, brick=1)
    e = path_of_corners(a, corner_at("E", "NE"))[0]
    assert BUILD_ROAD[e] not in st.legal_actions(ME)
    assert refused(st, ME, BUILD_ROAD[e]).key == "catan.err.cannot_afford"


def test_roads_along_the_coast_are_allowed():
    """«Разумеется, дороги можно строить и вдоль побережья»."""
    st = scenario(current=ME)
    a = corner_at("A", "N")
    settle(st, ME, a)
    give(st, ME, brick=1, lumber=1)
    coast = path_of_corners(a, corner_at("A", "NW"))[0]
    st.apply(ME, BUILD_ROAD[coast])


def test_settlement_distance_rule_and_road_needed():
    """«Пути»: «На перекрёстке "А" основать поселение нельзя - нарушается правило расстояния,
    а к перекрёстку "С" не подходит ни одна белая дорога»."""
    st = scenario(current=ME)
    start = corner_at("E", "N")
    settle(st, ME, start)
    one, two = corner_at("E", "NE"), corner_at("E", "SE")
    road(st, ME, *path_of_corners(start, one, two))
    give(st, ME, brick=3, lumber=3, wool=3, grain=3)
    with pytest.raises(IllegalAction) as exc:
        st.apply(ME, BUILD_SETTLEMENT[one])  # "A": next to the first settlement
    assert exc.value.key == "catan.err.distance_rule"
    far = corner_at("S", "S")
    with pytest.raises(IllegalAction) as exc:
        st.apply(ME, BUILD_SETTLEMENT[far])  # "C": no road there
    assert exc.value.key == "catan.err.settlement_needs_road"
    st.apply(ME, BUILD_SETTLEMENT[two])  # "B"
    assert st.corner_owner[two] == ME
    assert hand(st, ME) == {"brick": 2, "lumber": 2, "wool": 2, "grain": 2}
    assert refused(st, ME, BUILD_SETTLEMENT[two]).key == "catan.err.intersection_taken"


def test_distance_rule_counts_opponents_too():
    """«Правило расстояния»: the three neighbouring intersections must be free of any
    settlement or city."""
    st = scenario(current=ME)
    start = corner_at("E", "N")
    settle(st, ME, start)
    one, two = corner_at("E", "NE"), corner_at("E", "SE")
    road(st, ME, *path_of_corners(start, one, two))
    settle(st, OTHER, corner_at("E", "S"))
    give(st, ME, brick=1, lumber=1, wool=1, grain=1)
    assert refused(st, ME, BUILD_SETTLEMENT[two]).key == "catan.err.distance_rule"


def test_city_replaces_own_settlement_which_returns_to_stock():
    """«Только основанное поселение может быть превращено в город ... Поселения, освободившиеся
    за счет строительства города, можно использовать для закладки новых поселений»."""
    st = scenario(current=ME)
    c = corner_at("E", "N")
    settle(st, ME, c)
    settle(st, OTHER, corner_at("K", "N"))
    give(st, ME, grain=4, ore=6)
    assert refused(st, ME, BUILD_CITY[corner_at("K", "N")]).key == "catan.err.city_needs_settlement"
    with pytest.raises(IllegalAction):
        st.apply(ME, BUILD_CITY[corner_at("S", "S")])
    assert st.settlements_left[ME] == 4
    st.apply(ME, BUILD_CITY[c])
    assert st.corner_level[c] == 2 and st.settlements_left[ME] == 5
    assert st.cities_left[ME] == 3
    assert hand(st, ME) == {"grain": 2, "ore": 3}
    assert st.building_points[ME] == 2
    with pytest.raises(IllegalAction):
        st.apply(ME, BUILD_CITY[c])  # already a city


def test_piece_limits():
    """«Каждый игрок имеет в распоряжении 15 дорог, 5 поселений и 4 города»."""
    st = scenario(current=ME)
    c = corner_at("E", "N")
    settle(st, ME, c)
    e = path_of_corners(c, corner_at("E", "NE"))[0]
    st.roads_left[ME] = 0
    give(st, ME, brick=1, lumber=1)
    assert refused(st, ME, BUILD_ROAD[e]).key == "catan.err.no_pieces"
    st.cities_left[ME] = 0
    give(st, ME, grain=2, ore=3)
    assert refused(st, ME, BUILD_CITY[c]).key == "catan.err.no_pieces"
    st.roads_left[ME] = 15
    st.apply(ME, BUILD_ROAD[e])
    road(st, ME, path_of_corners(corner_at("E", "NE"), corner_at("E", "SE"))[0])
    st.settlements_left[ME] = 0
    give(st, ME, brick=1, lumber=1, wool=1, grain=1)
    assert refused(st, ME, BUILD_SETTLEMENT[corner_at("E", "SE")]).key == "catan.err.no_pieces"


def test_buy_development_card_costs_ore_wool_grain_while_the_deck_lasts():
    st = scenario(current=ME)
    give(st, ME, ore=2, wool=2, grain=2)
    top = st.deck[-1]
    st.apply(ME, BUY_DEVELOPMENT)
    assert st.dev[ME][top] == 1 and len(st.deck) == 24
    assert hand(st, ME) == {"ore": 1, "wool": 1, "grain": 1}
    st.deck = []
    assert refused(st, ME, BUY_DEVELOPMENT).key == "catan.err.deck_empty"


def test_building_only_after_the_trade_phase_in_separate_mode():
    """«Когда игрок в свой ход прошел фазу поступления сырья и торговли, он может начать
    строительство»."""
    st = scenario(current=ME, phases="separate", phase=ph.TRADE)
    c = corner_at("E", "N")
    settle(st, ME, c)
    give(st, ME, brick=1, lumber=1)
    e = path_of_corners(c, corner_at("E", "NE"))[0]
    assert refused(st, ME, BUILD_ROAD[e]).key == "catan.err.wrong_phase"
    st.phase = ph.ROLL
    with pytest.raises(IllegalAction):
        st.apply(ME, BUILD_ROAD[e])
    st.phase = ph.BUILD
    st.apply(ME, BUILD_ROAD[e])
