"""«Победные очки», «Окончание игры», «Карты победных очков», «Ход игры» (phases)."""

from catan_scenario import corner_at, give, path_of_corners, rig_dice, road, scenario, settle

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import (
    BUILD_CITY,
    BUILD_ROAD,
    BUY_DEVELOPMENT,
    END_TURN,
    ROLL,
    START_BUILDING,
    MaritimeTrade,
)
from settlers.games.catan.content import VICTORY_POINT
from settlers.testing.refusals import refused

ME, NEXT = 0, 1


def ten_point_example():
    """«у игрока есть 2 поселения (2 очка), карта "Самый длинный торговый путь" (2 очка),
    2 города (4 очка) и 2 карты победных очков (2 очка)»."""
    st = scenario(current=ME)
    line = [corner_at("H", "NW"), corner_at("H", "N"), corner_at("H", "NE"),
            corner_at("I", "N"), corner_at("I", "NE"), corner_at("J", "N")]
    settle(st, ME, line[0])
    road(st, ME, *path_of_corners(*line))
    settle(st, ME, corner_at("A", "N"))
    settle(st, ME, corner_at("S", "S"), city=True)
    settle(st, ME, corner_at("L", "NE"))  # becomes the second city
    st.dev[ME][VICTORY_POINT] = 2
    return st


def test_ten_point_example_wins_during_own_turn():
    st = ten_point_example()
    assert st.longest_road == ME
    assert st.scores()[ME] == 9.0 and not st.over
    give(st, ME, grain=2, ore=3)
    st.apply(ME, BUILD_CITY[corner_at("L", "NE")])
    assert st.over and st.winners() == [ME]
    assert st.scores()[ME] == 10.0
    # the victory point cards are revealed to everybody
    assert st.view(NEXT)["state"]["players"][ME]["victory_point_cards"] == 2
    assert refused(st, ME, END_TURN).key == "core.game_over"


def test_victory_point_card_bought_for_the_tenth_point_wins_at_once():
    """«если игрок покупает карту и выясняет, что это карта победного очка, которая приносит
    ему 10е очко, он может сразу открыть эту карту и стать победителем»."""
    st = ten_point_example()
    st.deck.append(VICTORY_POINT)
    give(st, ME, ore=1, wool=1, grain=1)
    st.apply(ME, BUY_DEVELOPMENT)
    assert st.over and st.winners() == [ME]


def test_ten_points_outside_own_turn_win_at_the_start_of_it():
    """«Если игрок в начале или в течение своего очередного хода набрал 10 очков»: points
    gained in another player's turn count at the start of one's own."""
    st = ten_point_example()
    st.current = NEXT
    st.dev[ME][VICTORY_POINT] = 3  # now 10, but it is not ME's turn
    settle(st, NEXT, corner_at("Q", "SW"))
    give(st, NEXT, brick=1, lumber=1)
    st.apply(NEXT, BUILD_ROAD[path_of_corners(corner_at("Q", "SW"), corner_at("Q", "S"))[0]])
    assert not st.over
    st.apply(NEXT, END_TURN)  # seat 2 moves next: still not ME
    assert not st.over
    st.current, st.phase = 3, ph.MAIN
    st.apply(3, END_TURN)
    assert st.over and st.winners() == [ME]


def test_separate_phases_trade_then_build_then_end():
    """«Каждый игрок, выполняющий ход, завершает один за другим три фазы: поступление сырья,
    торговля, строительство»."""
    st = scenario(phases="separate", current=ME, phase=ph.ROLL)
    legal = st.legal_actions(ME)
    assert ROLL in legal and END_TURN not in legal  # the roll comes first
    rig_dice(st, [2, 3])
    st.apply(ME, ROLL)
    assert st.phase == ph.TRADE
    st.apply(ME, START_BUILDING)
    assert st.phase == ph.BUILD
    assert not any(a.kind in ("maritime_trade", "offer_trade") for a in st.legal_actions(ME))
    st.apply(ME, END_TURN)
    assert st.current == NEXT and st.phase == ph.ROLL
    # «ход ... передаётся по часовой стрелке»


def test_combined_phase_trade_build_trade_build():
    """«Комбинированная фаза торговли и строительства»: «Можно торговать, строить, затем снова
    торговать и снова строить»."""
    st = scenario(phases="combined", current=ME)
    c = corner_at("E", "N")
    settle(st, ME, c)
    give(st, ME, ore=12, brick=1)
    st.apply(ME, MaritimeTrade("ore", "lumber"))
    st.apply(ME, BUILD_ROAD[path_of_corners(c, corner_at("E", "NE"))[0]])
    st.apply(ME, MaritimeTrade("ore", "brick"))
    st.apply(ME, MaritimeTrade("ore", "lumber"))
    st.apply(ME, BUILD_ROAD[path_of_corners(corner_at("E", "NE"), corner_at("E", "SE"))[0]])
    assert st.phase == ph.MAIN and st.roads_left[ME] == 13
    assert START_BUILDING not in st.legal_actions(ME)


def test_turn_limit_option_ends_with_most_points():
    st = scenario(current=ME, turn_limit=5)
    settle(st, NEXT, corner_at("A", "N"))
    st.apply(ME, END_TURN)
    assert st.over and st.winners() == [NEXT]
