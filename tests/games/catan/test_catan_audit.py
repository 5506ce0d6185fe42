"""Audit of the Catan engine against the almanac (shared/rules/catan-almanac.ru.txt): the rules
and examples the other test files leave out. Each test cites the lines it checks (L…)."""

import pytest
from catan_scenario import corner_at, give, hand, path_of_corners, rig_dice, road, scenario, settle

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEVELOPMENT,
    END_TURN,
    MOVE_ROBBER,
    MOVE_ROBBER_ALONE,
    PLAY_KNIGHT,
    PLAY_ROAD_BUILDING,
    ROLL,
    START_BUILDING,
    MaritimeTrade,
    PlayMonopoly,
    PlayYearOfPlenty,
)
from settlers.games.catan.content import KNIGHT, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY
from settlers.games.catan.topology import HEX_BY_LABEL
from settlers.testing.refusals import refused

GENNADY, BOGDAN, VENIAMIN, GALINA = 0, 1, 2, 3
WHITE, BLACK = 0, 1


def kinds(actions) -> set[str]:
    return {a.kind for a in actions}


def back_to(st, seat: int, phase: int) -> None:
    """Skip the other players' turns: ``seat`` is to move again in ``phase``."""
    st.current, st.phase = seat, phase
    st.to_act = (seat,)


# ------------------------------------------------------------------ «Разбойник», «Рыцарь»
def test_robber_example_forest_four_starves_a_and_b_until_the_robber_leaves():
    """L366-370, L386: «Разбойник стоял на Горах, а Геннадий переводит его в Леса под номером 4.
    Если в следующих ходах на кубиках выпадет "4", то владельцы поселений "А" и "В" не смогут
    получить положенной им Дровесины. И так будет до тех пор, пока Разбойник не уйдёт (если
    снова выпадет "7" ...). ... у одного из игроков, владеющих поселениями "А" и "В", Геннадий
    вытаскивает из его закрытой руки одну карту сырья». Gennady moves it with a knight (L386),
    before his roll (L374)."""
    st = scenario(board="random", phase=ph.ROLL, current=GENNADY)  # seed 1: S is forest 4
    forest, mountains = HEX_BY_LABEL["S"], HEX_BY_LABEL["C"]
    assert (st.board.terrain[forest], st.board.number[forest]) == ("forest", 4)
    assert st.board.terrain[mountains] == "mountains"
    st.robber = mountains
    a, b = corner_at("S", "SE"), corner_at("S", "NW")
    settle(st, BOGDAN, a)      # settlement "A"
    settle(st, VENIAMIN, b)    # settlement "B"
    give(st, BOGDAN, wool=1)
    give(st, VENIAMIN, ore=1)
    st.dev[GENNADY][KNIGHT] = 1
    st.apply(GENNADY, PLAY_KNIGHT)
    legal = st.legal_actions(GENNADY)
    # the robber must leave the mountains; Gennady picks A's or B's owner (or nobody)
    assert refused(st, GENNADY, MOVE_ROBBER_ALONE[mountains]).key == "catan.err.robber_must_move"
    assert {MOVE_ROBBER[forest][BOGDAN], MOVE_ROBBER[forest][VENIAMIN],
            MOVE_ROBBER_ALONE[forest]} <= set(legal)
    assert MOVE_ROBBER[forest][GALINA] not in legal  # no building next to the forest
    st.apply(GENNADY, MOVE_ROBBER[forest][VENIAMIN])
    assert hand(st, GENNADY) == {"ore": 1} and hand(st, VENIAMIN) == {}
    assert st.phase == ph.ROLL  # the knight came before the roll; the roll is still due
    # a 4: the forest under the robber yields no lumber to A or B
    rig_dice(st, [1, 3])
    st.apply(GENNADY, ROLL)
    assert hand(st, BOGDAN) == {"wool": 1} and hand(st, VENIAMIN) == {}
    st.apply(GENNADY, END_TURN)
    # a 7 again: the robber leaves the forest
    back_to(st, GENNADY, ph.ROLL)
    rig_dice(st, [3, 4])
    st.apply(GENNADY, ROLL)
    st.apply(GENNADY, MOVE_ROBBER_ALONE[mountains])
    st.apply(GENNADY, END_TURN)
    # the next 4 pays A and B their lumber again
    back_to(st, GENNADY, ph.ROLL)
    rig_dice(st, [2, 2])
    st.apply(GENNADY, ROLL)
    assert hand(st, BOGDAN) == {"wool": 1, "lumber": 1}
    assert hand(st, VENIAMIN) == {"lumber": 1}


def test_the_owner_of_a_city_next_to_the_hex_may_be_robbed():
    """L164, L377: «может взять 1 карту сырья из закрытой руки игрока, чьё поселение или город
    стоит рядом с этим гексом»."""
    st = scenario(phase=ph.ROBBER, current=GENNADY)
    settle(st, BOGDAN, corner_at("A", "S"), city=True)
    give(st, BOGDAN, grain=2)
    a = HEX_BY_LABEL["A"]
    assert MOVE_ROBBER[a][BOGDAN] in st.legal_actions(GENNADY)
    st.apply(GENNADY, MOVE_ROBBER[a][BOGDAN])
    assert hand(st, GENNADY) == {"grain": 1} and hand(st, BOGDAN) == {"grain": 1}


# ------------------------------------------------------------------ «"7" на кубиках»
def test_only_resource_cards_count_for_a_seven_and_the_roller_discards_too():
    """L158-160: «все игроки пересчитывают карты сырья у них на руках. Все, у кого более 7 карт
    ... сбрасывают половину карт» — all players, the roller included; development cards are not
    resource cards (L281: they are kept apart)."""
    st = scenario(phase=ph.ROLL, current=GENNADY)
    give(st, GENNADY, ore=5, wool=3)               # the roller: 8 cards
    give(st, BOGDAN, brick=7)                      # 7 resource cards ...
    st.dev[BOGDAN] = [2, 1, 0, 0, 0]               # ... and 3 development cards
    give(st, VENIAMIN, grain=7)
    rig_dice(st, [5, 2])
    st.apply(GENNADY, ROLL)
    assert st.discard_owed == [4, 0, 0, 0]
    assert st.phase == ph.DISCARD and st.to_act == (GENNADY,)
    assert st.legal_actions(BOGDAN) == []
    for _ in range(4):
        st.apply(GENNADY, st.legal_actions(GENNADY)[0])
    assert sum(st.hands[GENNADY]) == 4 and st.dev[BOGDAN] == [2, 1, 0, 0, 0]
    assert st.phase == ph.ROBBER


def test_after_the_robber_a_separate_turn_goes_on_with_the_trade_phase():
    """L167: «Затем игрок продолжает свой ход, переходя в фазу торговли»: trading first, building
    only after it (L437)."""
    st = scenario(phases="separate", phase=ph.ROLL, current=GENNADY)
    settle(st, GENNADY, corner_at("E", "N"))
    give(st, GENNADY, ore=4, brick=1, lumber=1)
    rig_dice(st, [6, 1])
    st.apply(GENNADY, ROLL)
    assert st.phase == ph.ROBBER
    st.apply(GENNADY, MOVE_ROBBER_ALONE[HEX_BY_LABEL["A"]])
    assert st.phase == ph.TRADE
    legal = st.legal_actions(GENNADY)
    assert MaritimeTrade("ore", "grain") in legal and START_BUILDING in legal
    assert "build_road" not in kinds(legal)
    road_e = path_of_corners(corner_at("E", "N"), corner_at("E", "NE"))[0]
    assert refused(st, GENNADY, BUILD_ROAD[road_e]).key == "catan.err.wrong_phase"


# ------------------------------------------------------------------ «Карты развития»
@pytest.mark.parametrize("card", ["year_of_plenty", "monopoly", "road_building"])
def test_progress_cards_may_be_played_before_the_roll(card):
    """L277: «Карта может быть разыграна в любое время, в том числе и перед броском кубиков» —
    every progress card, not only the knight; the roll is still due afterwards, and it is the
    one card of the turn (L265)."""
    st = scenario(phase=ph.ROLL, current=GENNADY)
    start = corner_at("E", "N")
    settle(st, GENNADY, start)
    give(st, BOGDAN, wool=2)
    if card == "year_of_plenty":
        st.dev[GENNADY][YEAR_OF_PLENTY] = 1
        action = PlayYearOfPlenty(("brick", "lumber"))
    elif card == "monopoly":
        st.dev[GENNADY][MONOPOLY] = 1
        action = PlayMonopoly("wool")
    else:
        st.dev[GENNADY][ROAD_BUILDING] = 1
        action = PLAY_ROAD_BUILDING
    st.dev[GENNADY][KNIGHT] = 1
    assert action in st.legal_actions(GENNADY)
    st.apply(GENNADY, action)
    if card == "road_building":
        e1, e2 = path_of_corners(start, corner_at("E", "NE"), corner_at("E", "SE"))
        assert st.phase == ph.ROAD_BUILDING
        st.apply(GENNADY, BUILD_ROAD[e1])
        st.apply(GENNADY, BUILD_ROAD[e2])
        assert st.edge_owner[e1] == st.edge_owner[e2] == GENNADY
    elif card == "monopoly":
        assert hand(st, GENNADY) == {"wool": 2} and hand(st, BOGDAN) == {}
    else:
        assert hand(st, GENNADY) == {"brick": 1, "lumber": 1}
    assert st.phase == ph.ROLL
    assert st.legal_actions(GENNADY) == [ROLL]  # no trade or building before the roll
    assert refused(st, GENNADY, PLAY_KNIGHT).key == "catan.err.one_card_per_turn"


def test_a_knight_in_the_build_phase_returns_to_building():
    """L277: a card «может быть разыграна в любое время» — also in the build phase of separate
    phases; after the robber (L374) the player goes on building, not trading."""
    st = scenario(phases="separate", phase=ph.BUILD, current=GENNADY)
    give(st, GENNADY, ore=4)
    st.dev[GENNADY][KNIGHT] = 1
    assert PLAY_KNIGHT in st.legal_actions(GENNADY)
    st.apply(GENNADY, PLAY_KNIGHT)
    st.apply(GENNADY, MOVE_ROBBER_ALONE[HEX_BY_LABEL["A"]])
    assert st.phase == ph.BUILD
    assert refused(st, GENNADY, MaritimeTrade("ore", "brick")).key == "catan.err.wrong_phase"


def test_other_seats_do_not_see_which_card_was_bought():
    """L275: «берёт верхнюю карту из закрытой колоды, не показывая ее другим игрокам. Игрок
    держат их карты развития в секрете»: others see a count, not the card (nor which cards are
    new), in the view and in the events."""
    st = scenario(current=GENNADY)
    st.deck.append(MONOPOLY)
    give(st, GENNADY, ore=1, wool=1, grain=1)
    st.apply(GENNADY, BUY_DEVELOPMENT)
    for seat in (BOGDAN, None):
        view = st.view(seat)
        me = view["state"]["players"][GENNADY]
        assert me["development_count"] == 1
        assert me["development"] is None and me["new_development"] is None
        assert "monopoly" not in str(view["events"])
    mine = st.view(GENNADY)
    assert mine["state"]["players"][GENNADY]["new_development"]["monopoly"] == 1
    assert "monopoly" in str(mine["events"])


# ------------------------------------------------------------------ victory at once
def test_largest_army_taken_as_the_tenth_point_wins_at_once():
    """L380-382, L390: the card «переходит к нему от прежнего владельца вместе с победными
    очками»; L301: «Если игрок ... в течение своего очередного хода набрал 10 очков, то он может
    сразу остановить игру» — before the robber is even moved."""
    st = scenario(phase=ph.ROLL, current=WHITE)
    for c in (corner_at("A", "N"), corner_at("C", "N"), corner_at("Q", "S"),
              corner_at("S", "S")):
        settle(st, WHITE, c, city=True)         # 8 points
    settle(st, BLACK, corner_at("H", "N"))
    st.knights = [3, 3, 0, 0]
    st.largest_army = BLACK
    st.dev[WHITE][KNIGHT] = 1
    assert st.public_scores()[:2] == [8.0, 3.0]
    st.apply(WHITE, PLAY_KNIGHT)
    assert st.largest_army == WHITE
    assert st.public_scores()[:2] == [10.0, 1.0]
    assert st.over and st.winners() == [WHITE]


def test_longest_road_from_a_free_road_as_the_tenth_point_wins_at_once():
    """L267 (road building), L394 («Как только игрок проложит непрерывную дорогу как минимум из
    5 отдельных участков, он берет себе эту особую карту»), L301 (10 points: the game stops at
    once, the second free road is not needed)."""
    st = scenario(current=WHITE)
    line = [corner_at("H", "NW"), corner_at("H", "N"), corner_at("H", "NE"),
            corner_at("I", "N"), corner_at("I", "NE"), corner_at("J", "N")]
    settle(st, WHITE, line[0])
    road(st, WHITE, *path_of_corners(*line[:5]))   # 4 segments
    for c in (corner_at("A", "N"), corner_at("Q", "S"), corner_at("S", "S")):
        settle(st, WHITE, c, city=True)           # 1 + 6 = 7 points
    st.dev[WHITE][ROAD_BUILDING] = 1
    st.dev[WHITE][1] = 1                          # a hidden victory point card: 8
    st.apply(WHITE, PLAY_ROAD_BUILDING)
    st.apply(WHITE, BUILD_ROAD[path_of_corners(line[4], line[5])[0]])
    assert st.road_length[WHITE] == 5 and st.longest_road == WHITE
    assert st.over and st.winners() == [WHITE] and st.scores()[WHITE] == 10.0


def test_breaking_the_longest_road_moves_its_two_points_and_can_win():
    """L400-402: «если чёрному игроку удастся основать поселение на перекрёстке "С" ..., то
    торговая дорога белого игрока разрывается. Белый игрок должен отдать особую карту чёрному
    игроку, который теперь имеет "Самый длинный торговый путь" и 2 победных очка»; with those
    2 points Black reaches 10 in his own turn and wins at once (L301)."""
    st = scenario(current=BLACK)
    top = [corner_at("H", "NW"), corner_at("H", "N"), corner_at("H", "NE"),
           corner_at("I", "N"), corner_at("I", "NE"), corner_at("J", "N"),
           corner_at("J", "NE"), corner_at("K", "N")]
    settle(st, WHITE, top[0])
    road(st, WHITE, *path_of_corners(*top))        # 7 segments
    c = corner_at("I", "NE")                       # "C": the middle of White's road
    black = [c, corner_at("J", "SW"), corner_at("J", "S"), corner_at("J", "SE"),
             corner_at("K", "S"), corner_at("K", "SE")]
    settle(st, BLACK, black[-1])
    road(st, BLACK, *path_of_corners(*black))      # 5 segments, up to C
    for spot in (corner_at("A", "N"), corner_at("C", "N"), corner_at("S", "S")):
        settle(st, BLACK, spot, city=True)         # 1 + 6 = 7 points
    assert st.longest_road == WHITE
    assert st.public_scores()[:2] == [3.0, 7.0]
    give(st, BLACK, brick=1, lumber=1, wool=1, grain=1)
    st.apply(BLACK, BUILD_SETTLEMENT[c])
    assert st.road_length[WHITE] == 4 and st.longest_road == BLACK
    assert st.public_scores()[:2] == [1.0, 10.0]
    assert st.over and st.winners() == [BLACK]


# ------------------------------------------------------------------ harbours, settlements
def test_either_harbour_intersection_gives_its_rate_and_a_bare_coast_gives_none():
    """L289: «построить поселение на побережье - на одном из двух перекрёстков, смежных с
    гаванью»; L329: «Поселения на побережье без гавани не приносят выгод обмена». The generic
    harbour of hex A lies between A·N and A·NW; A·NE is coast without a harbour."""
    st = scenario(current=GENNADY)
    settle(st, GENNADY, corner_at("A", "NE"))
    give(st, GENNADY, ore=3)
    assert refused(st, GENNADY, MaritimeTrade("ore", "brick")).key == "catan.err.maritime_rate"
    settle(st, GENNADY, corner_at("A", "NW"))  # one end of the harbour's path
    st.apply(GENNADY, MaritimeTrade("ore", "brick"))
    assert hand(st, GENNADY) == {"brick": 1}
    other = scenario(current=GENNADY)
    settle(other, GENNADY, corner_at("A", "N"))  # the other end
    give(other, GENNADY, wool=3)
    other.apply(GENNADY, MaritimeTrade("wool", "ore"))
    assert hand(other, GENNADY) == {"ore": 1}


def test_all_five_settlements_placed_a_city_frees_one():
    """L350: «если все 5 поселений игрока на поле, а он хочет основать новое поселение, одно из
    существующих поселений должно быть развито до города. Тогда ... игрок сможет основать новое
    поселение»."""
    st = scenario(current=GENNADY)
    start = corner_at("E", "N")
    spots = [start, corner_at("A", "N"), corner_at("C", "N"), corner_at("Q", "S"),
             corner_at("S", "S")]
    for c in spots:
        settle(st, GENNADY, c)
    road(st, GENNADY, *path_of_corners(start, corner_at("E", "NE"), corner_at("E", "SE")))
    target = corner_at("E", "SE")
    give(st, GENNADY, brick=1, lumber=1, wool=1, grain=3, ore=3)
    assert st.settlements_left[GENNADY] == 0
    assert refused(st, GENNADY, BUILD_SETTLEMENT[target]).key == "catan.err.no_pieces"
    st.apply(GENNADY, BUILD_CITY[corner_at("A", "N")])
    assert st.settlements_left[GENNADY] == 1
    st.apply(GENNADY, BUILD_SETTLEMENT[target])
    assert st.corner_owner[target] == GENNADY and st.settlements_left[GENNADY] == 0
    assert st.scores()[GENNADY] == 7.0  # 5 settlements and a city

