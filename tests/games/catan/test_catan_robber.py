"""«"7" на кубиках - ход Разбойника», «Разбойник», «Рыцарь» (robber part)."""

import pytest
from catan_scenario import corner, give, hand, rig_dice, scenario, settle

from settlers.core import IllegalAction
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import (
    DISCARD,
    END_TURN,
    MOVE_ROBBER,
    MOVE_ROBBER_ALONE,
    PLAY_KNIGHT,
    ROLL,
    Discard,
    MoveRobber,
)
from settlers.games.catan.topology import HEX_BY_LABEL
from settlers.testing.refusals import refused

GENNADY, BOGDAN, VENIAMIN, GALINA = 0, 1, 2, 3


def seven_with_6_8_11():
    """«Геннадий выбросил "7". У него на руках только 6 карт сырья, у Богдана - 8, а у
    Вениамина - 11 карт. Богдан сбрасывает 4 карты, Вениамин - 5 (округлив вниз)»."""
    st = scenario(phase=ph.ROLL, current=GENNADY)
    give(st, GENNADY, ore=6)
    give(st, BOGDAN, brick=4, wool=4)
    give(st, VENIAMIN, grain=5, lumber=6)
    rig_dice(st, [3, 4])
    st.apply(GENNADY, ROLL)
    return st


def test_seven_example_who_discards_how_many():
    st = seven_with_6_8_11()
    assert st.phase == ph.DISCARD
    assert st.to_act == (BOGDAN, VENIAMIN)
    assert st.discard_owed == [0, 4, 5, 0]
    assert st.view(GALINA)["state"]["players"][BOGDAN]["discard"] == 4


def test_seven_nobody_produces():
    st = scenario(phase=ph.ROLL, current=GENNADY)
    settle(st, BOGDAN, corner("A", "B", "E"))
    rig_dice(st, [3, 4])
    st.apply(GENNADY, ROLL)
    assert sum(st.hands[BOGDAN]) == 0
    assert st.phase == ph.ROBBER  # nobody over 7: straight to the robber


def test_discards_are_simultaneous_and_hidden_until_all_are_done():
    st = seven_with_6_8_11()
    with pytest.raises(IllegalAction):
        st.apply(GENNADY, DISCARD[0])  # 6 cards: nothing to discard
    with pytest.raises(IllegalAction):
        st.apply(BOGDAN, Discard("ore"))  # Bogdan has no ore
    for _ in range(4):
        st.apply(BOGDAN, Discard("brick"))
    assert st.to_act == (VENIAMIN,)
    # Bogdan's choice is not visible to the others yet, and not yet carried out
    assert st.view(VENIAMIN)["state"]["players"][BOGDAN]["discard_chosen"] is None
    assert st.view(VENIAMIN)["state"]["players"][BOGDAN]["resource_count"] == 8
    assert st.view(BOGDAN)["state"]["players"][BOGDAN]["discard_chosen"]["brick"] == 4
    with pytest.raises(IllegalAction):
        st.apply(BOGDAN, Discard("wool"))  # done already
    for _ in range(5):
        st.apply(VENIAMIN, Discard("lumber"))
    assert hand(st, BOGDAN) == {"wool": 4}
    assert hand(st, VENIAMIN) == {"grain": 5, "lumber": 1}
    assert st.bank[0] == 19 and st.bank[1] == 19 - 1
    assert st.phase == ph.ROBBER and st.to_act == (GENNADY,)


def test_nine_cards_discard_four():
    st = scenario(phase=ph.ROLL, current=GENNADY)
    give(st, BOGDAN, ore=9)
    rig_dice(st, [6, 1])
    st.apply(GENNADY, ROLL)
    assert st.discard_owed[BOGDAN] == 4


def test_robber_must_move_to_another_land_hex_and_desert_is_allowed():
    st = scenario(phase=ph.ROBBER, current=GENNADY)
    desert = HEX_BY_LABEL["J"]
    assert st.robber == desert
    assert refused(st, GENNADY, MOVE_ROBBER_ALONE[desert]).key == "catan.err.robber_must_move"
    st.apply(GENNADY, MOVE_ROBBER_ALONE[HEX_BY_LABEL["A"]])
    assert st.robber == HEX_BY_LABEL["A"]
    st.phase = ph.ROBBER
    st.apply(GENNADY, MOVE_ROBBER_ALONE[desert])  # back to the desert: allowed
    assert st.robber == desert


def test_rob_one_random_resource_from_a_neighbour_of_the_hex():
    """«может взять 1 карту сырья из закрытой руки игрока, чьё поселение или город стоит
    рядом с этим гексом; ... игрок-Разбойник выбирает одного игрока»."""
    st = scenario(phase=ph.ROBBER, current=GENNADY)
    settle(st, BOGDAN, corner("A", "B", "E"))
    settle(st, VENIAMIN, corner("K", "L", "P"))
    give(st, BOGDAN, ore=1)
    give(st, VENIAMIN, wool=2)
    st.dev[BOGDAN] = [1, 0, 0, 0, 0]
    legal = st.legal_actions(GENNADY)
    a = HEX_BY_LABEL["A"]
    assert MOVE_ROBBER[a][BOGDAN] in legal
    assert MOVE_ROBBER[a][VENIAMIN] not in legal  # no building on A
    assert MOVE_ROBBER[a][GENNADY] not in legal  # not oneself
    with pytest.raises(IllegalAction):
        st.apply(GENNADY, MoveRobber(a, VENIAMIN))
    st.apply(GENNADY, MOVE_ROBBER[a][BOGDAN])
    assert hand(st, GENNADY) == {"ore": 1} and hand(st, BOGDAN) == {}
    assert st.dev[BOGDAN] == [1, 0, 0, 0, 0]  # development cards cannot be stolen
    assert st.phase == ph.MAIN


def test_a_player_without_cards_cannot_be_named():
    st = scenario(phase=ph.ROBBER, current=GENNADY)
    settle(st, BOGDAN, corner("A", "B", "E"))
    st.dev[BOGDAN] = [2, 0, 0, 0, 0]  # development cards only
    a = HEX_BY_LABEL["A"]
    assert MOVE_ROBBER[a][BOGDAN] not in st.legal_actions(GENNADY)
    assert MOVE_ROBBER_ALONE[a] in st.legal_actions(GENNADY)


def test_robber_blocks_production_of_its_hex():
    """«Если Разбойник стоит на гексе Суши, с этого гекса не поступает сырьё»."""
    st = scenario(phase=ph.ROLL, current=GENNADY)
    settle(st, BOGDAN, corner("A", "B", "E"))  # mountains 10, pasture 2, hills 6
    st.robber = HEX_BY_LABEL["A"]
    rig_dice(st, [5, 5])
    st.apply(GENNADY, ROLL)
    assert hand(st, BOGDAN) == {}
    st.apply(GENNADY, END_TURN)
    st.current = GENNADY
    st.robber = HEX_BY_LABEL["J"]
    rig_dice(st, [5, 5])
    st.apply(GENNADY, ROLL)
    assert hand(st, BOGDAN) == {"ore": 1}


def test_knight_moves_the_robber_and_returns_to_the_phase():
    """«Если игрок во время своего хода открывает карту рыцаря (это можно сделать и перед
    броском кубиков), он должен сразу сделать ход Разбойником»."""
    st = scenario(phase=ph.ROLL, current=GENNADY)
    st.dev[GENNADY][0] = 1
    st.apply(GENNADY, PLAY_KNIGHT)
    assert st.phase == ph.ROBBER
    assert st.legal_actions(GENNADY)[0].kind == "move_robber"
    st.apply(GENNADY, MOVE_ROBBER_ALONE[HEX_BY_LABEL["B"]])
    assert st.phase == ph.ROLL  # the roll is still to come
    assert ROLL in st.legal_actions(GENNADY)
