"""«Карты развития», «Карты прорыва», «Рыцарь», «Карты победных очков»."""

import pytest
from catan_scenario import corner_at, give, hand, path_of_corners, scenario, settle

from settlers.core import IllegalAction
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import (
    BUILD_ROAD,
    BUY_DEVELOPMENT,
    END_TURN,
    MONOPOLY,
    MOVE_ROBBER_ALONE,
    PLAY_KNIGHT,
    PLAY_ROAD_BUILDING,
    ROLL,
    PlayMonopoly,
    PlayYearOfPlenty,
)
from settlers.games.catan.content import (
    DEV_COUNTS,
    KNIGHT,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from settlers.games.catan.content import (
    MONOPOLY as MONO,
)
from settlers.testing.refusals import refused

ME, A, B = 0, 1, 2


def test_deck_has_25_cards():
    assert DEV_COUNTS == (14, 5, 2, 2, 2)
    st = scenario()
    assert len(st.deck) == 25


def test_only_one_card_per_turn():
    """«Игрок в свой ход может сыграть только 1 карту: либо 1 рыцаря, либо 1 прорыв»."""
    st = scenario(current=ME)
    st.dev[ME] = [2, 0, 0, 1, 0]
    st.apply(ME, PLAY_KNIGHT)
    st.apply(ME, MOVE_ROBBER_ALONE[0])
    assert PLAY_KNIGHT not in st.legal_actions(ME)
    assert refused(st, ME, PLAY_KNIGHT).key == "catan.err.one_card_per_turn"
    with pytest.raises(IllegalAction):
        st.apply(ME, PlayYearOfPlenty(("ore", "ore")))


def test_card_bought_this_turn_cannot_be_played_until_next_turn():
    """«нельзя разыгрывать карту, купленную во время этого хода»."""
    st = scenario(current=ME, players=3)
    st.deck.append(KNIGHT)
    give(st, ME, ore=1, wool=1, grain=1)
    st.apply(ME, BUY_DEVELOPMENT)
    assert st.dev[ME][KNIGHT] == 1
    assert PLAY_KNIGHT not in st.legal_actions(ME)
    assert refused(st, ME, PLAY_KNIGHT).key == "catan.err.card_bought_this_turn"
    st.apply(ME, END_TURN)
    st.current, st.phase = ME, ph.ROLL
    assert PLAY_KNIGHT in st.legal_actions(ME)  # next turn, even before the roll


def test_no_card_no_play():
    st = scenario(current=ME)
    assert refused(st, ME, PLAY_KNIGHT).key == "catan.err.no_such_card"


def test_cards_only_in_own_turn():
    st = scenario(current=ME)
    st.dev[A][KNIGHT] = 1
    assert refused(st, A, PLAY_KNIGHT).key == "core.not_your_turn"


def test_road_building_two_free_roads():
    """«Строительство дорог: ... может сразу и без затрат сырья проложить 2 новые дороги (по
    обычным правилам)»."""
    st = scenario(current=ME)
    c = corner_at("E", "N")
    settle(st, ME, c)
    st.dev[ME][ROAD_BUILDING] = 1
    st.apply(ME, PLAY_ROAD_BUILDING)
    assert st.phase == ph.ROAD_BUILDING
    far = path_of_corners(corner_at("S", "S"), corner_at("S", "SE"))[0]
    with pytest.raises(IllegalAction) as exc:
        st.apply(ME, BUILD_ROAD[far])  # usual rules still apply
    assert exc.value.key == "catan.err.road_not_connected"
    e1 = path_of_corners(c, corner_at("E", "NE"))[0]
    e2 = path_of_corners(corner_at("E", "NE"), corner_at("E", "SE"))[0]
    st.apply(ME, BUILD_ROAD[e1])
    assert st.phase == ph.ROAD_BUILDING
    st.apply(ME, BUILD_ROAD[e2])
    assert st.phase == ph.MAIN
    assert hand(st, ME) == {} and st.roads_left[ME] == 13


def test_road_building_with_one_road_left():
    st = scenario(current=ME)
    settle(st, ME, corner_at("E", "N"))
    st.roads_left[ME] = 1
    st.dev[ME][ROAD_BUILDING] = 1
    st.apply(ME, PLAY_ROAD_BUILDING)
    st.apply(ME, st.legal_actions(ME)[0])
    assert st.phase == ph.MAIN and st.roads_left[ME] == 0


def test_year_of_plenty_two_cards_usable_at_once():
    """«Изобретение: ... может сразу взять 2 любые карты сырья из резервной стопки ... взятое
    сырьё можно тут же потратить»."""
    st = scenario(current=ME)
    st.dev[ME][YEAR_OF_PLENTY] = 1
    st.apply(ME, PlayYearOfPlenty(("brick", "lumber")))
    assert hand(st, ME) == {"brick": 1, "lumber": 1}
    assert st.bank[0] == 18 and st.bank[1] == 18
    settle(st, ME, corner_at("E", "N"))
    e = path_of_corners(corner_at("E", "N"), corner_at("E", "NE"))[0]
    st.apply(ME, BUILD_ROAD[e])


def test_year_of_plenty_limited_by_the_bank():
    st = scenario(current=ME)
    st.dev[ME][YEAR_OF_PLENTY] = 1
    st.bank = [0, 0, 0, 0, 1]
    legal = [a for a in st.legal_actions(ME) if a.kind == "play_year_of_plenty"]
    assert legal == [PlayYearOfPlenty(("ore",))]
    st.bank = [0, 0, 0, 1, 1]
    with pytest.raises(IllegalAction):
        st.apply(ME, PlayYearOfPlenty(("ore", "ore")))
    st.apply(ME, PlayYearOfPlenty(("grain", "ore")))


def test_monopoly_takes_every_card_of_the_kind():
    """«Все другие игроки должны отдать ему все имеющиеся у них на руках карты сырья
    названного вида. Игрок, у которого нет такого сырья, не должен ничего отдавать»."""
    st = scenario(current=ME)
    st.dev[ME][MONO] = 1
    give(st, ME, wool=1)
    give(st, A, wool=3, ore=1)
    give(st, B, ore=2)
    assert MONOPOLY[2] in st.legal_actions(ME)
    st.apply(ME, PlayMonopoly("wool"))
    assert hand(st, ME) == {"wool": 4}
    assert hand(st, A) == {"ore": 1} and hand(st, B) == {"ore": 2}


def test_knight_before_the_roll():
    st = scenario(current=ME, phase=ph.ROLL)
    st.dev[ME][KNIGHT] = 1
    assert PLAY_KNIGHT in st.legal_actions(ME)
    st.apply(ME, PLAY_KNIGHT)
    st.apply(ME, MOVE_ROBBER_ALONE[3])
    assert st.legal_actions(ME) == [ROLL]  # the one card of the turn is used


def test_victory_point_cards_are_hidden_and_never_played():
    """«Если игрок купил карту победного очка, то он должен хранить ее, не показывая другим
    игрокам»."""
    st = scenario(current=ME)
    st.dev[ME][VICTORY_POINT] = 2
    st.dev[ME][KNIGHT] = 1
    view = st.view(A)["state"]["players"][ME]
    assert view["development"] is None and view["development_count"] == 3
    assert view["points"] is None and view["victory_point_cards"] is None
    mine = st.view(ME)["state"]["players"][ME]
    assert mine["victory_point_cards"] == 2 and mine["points"] == 2
    assert not any("victory" in a.kind for a in st.legal_actions(ME))


def seven_rolled(**cards):
    """ME rolled a 7 with nobody over 7 cards: the robber is to be moved."""
    from catan_scenario import rig_dice
    st = scenario(current=ME, phase=ph.ROLL)
    for card, n in cards.items():
        st.dev[ME][{"knight": KNIGHT, "monopoly": MONO, "roads": ROAD_BUILDING}[card]] = n
    rig_dice(st, [3, 4])
    st.apply(ME, ROLL)
    assert st.phase == ph.ROBBER
    return st


def test_a_card_may_be_played_before_moving_the_robber():
    """L277 «Карта может быть разыграна в любое время, в том числе и перед броском кубиков»:
    after a 7, before the robber moves (a Monopoly before the robbery changes what it finds)."""
    st = seven_rolled(monopoly=1)
    give(st, A, wool=3)
    assert PlayMonopoly("wool") in st.legal_actions(ME)
    st.apply(ME, PlayMonopoly("wool"))
    assert hand(st, ME) == {"wool": 3} and st.phase == ph.ROBBER   # the robber still moves
    assert not [a for a in st.legal_actions(ME) if a.kind.startswith("play_")]   # one a turn
    st.apply(ME, MOVE_ROBBER_ALONE[3])
    assert st.phase == ph.after_roll(st.options["phases"])


def test_a_knight_after_a_seven_moves_the_robber_once_for_itself_then_the_seven_moves_it():
    """The Knight «должен сразу сделать ход Разбойником» (L374); the 7's move is still owed."""
    st = seven_rolled(knight=1)
    st.apply(ME, PLAY_KNIGHT)
    assert st.phase == ph.ROBBER and st.knights[ME] == 1
    st.apply(ME, MOVE_ROBBER_ALONE[3])
    assert st.phase == ph.ROBBER and st.robber == 3          # the 7's own move
    refused(st, ME, MOVE_ROBBER_ALONE[3])                     # to another hex (L365)
    st.apply(ME, MOVE_ROBBER_ALONE[4])
    assert st.phase == ph.after_roll(st.options["phases"]) and st.robber == 4


def test_road_building_before_moving_the_robber_comes_back_to_the_robber():
    st = seven_rolled(roads=1)
    settle(st, ME, corner_at("E", "N"))
    st.apply(ME, PLAY_ROAD_BUILDING)
    while st.phase == ph.ROAD_BUILDING:
        st.apply(ME, st.legal_actions(ME)[0])
    assert st.phase == ph.ROBBER
