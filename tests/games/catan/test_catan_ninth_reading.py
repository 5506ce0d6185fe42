"""A ninth reading of the almanac (catan-almanac.ru.txt) against the engine: the paths of the
longest road's card that no earlier test walks in the almanac's own terms, with the legal and
the illegal side (docs/audits/2026-12-06-ninth-catan-rules.md). The reading found no departure.
"""

from __future__ import annotations

from catan_scenario import corner_at, give, path_of_corners, road, scenario, settle

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import BUILD_SETTLEMENT, END_TURN, ROLL

WHITE, BLACK, ORANGE, BLUE = 0, 1, 2, 3

# the upper zigzag of the middle row H..L (10 segments), as in test_catan_awards.py
TOP_OF_MIDDLE_ROW = [corner_at("H", "NW"), corner_at("H", "N"), corner_at("H", "NE"),
                     corner_at("I", "N"), corner_at("I", "NE"), corner_at("J", "N"),
                     corner_at("J", "NE"), corner_at("K", "N"), corner_at("K", "NE"),
                     corner_at("L", "N"), corner_at("L", "NE")]
#: Black's five segments from J·N up and round E and D
BLACK_ROAD = [corner_at("J", "N"), corner_at("E", "NE"), corner_at("E", "N"),
              corner_at("E", "NW"), corner_at("D", "N"), corner_at("D", "NW")]


def white_ten_and_black_five(current: int):
    """White holds the card with a road of 10; Black has a road of 5 ending at J·N, where a
    Black settlement cuts White's road into 5 and 5 (the tie of L406)."""
    st = scenario(current=current)
    settle(st, WHITE, TOP_OF_MIDDLE_ROW[0])
    road(st, WHITE, *path_of_corners(*TOP_OF_MIDDLE_ROW))
    settle(st, BLACK, BLACK_ROAD[-1])
    road(st, BLACK, *path_of_corners(*BLACK_ROAD))
    assert st.road_length[:2] == [10, 5] and st.longest_road == WHITE
    return st


def build_settlement(st, p: int, c: int) -> None:
    give(st, p, brick=1, lumber=1, wool=1, grain=1)
    st.apply(p, BUILD_SETTLEMENT[c])


def test_a_card_set_aside_after_a_tie_comes_back_only_when_a_later_break_leaves_one_longest():
    """L406: «Если после разрыва дороги несколько игроков будут иметь дороги одинаковой длины,
    то особая карта откладывается в сторону. Она вновь вступит в игру, когда появится самая
    протяженная трасса». L400: «Дорога может быть разорвана, если другой игрок построит
    поселение на свободном перекрёстке торгового пути». What brings it back here is a
    third player's settlement, not a road."""
    st = white_ten_and_black_five(current=BLACK)
    build_settlement(st, BLACK, TOP_OF_MIDDLE_ROW[5])          # J·N: White 5 + 5, Black 5
    assert st.road_length[:2] == [5, 5] and st.longest_road == -1
    # Orange, in its turn, cuts White's eastern half at K·N: White still has 5, a tie still
    st.current, st.phase = ORANGE, ph.MAIN
    k_north = corner_at("K", "N")
    settle(st, ORANGE, corner_at("C", "SE"))
    road(st, ORANGE, *path_of_corners(corner_at("C", "SE"), corner_at("C", "S"), k_north))
    build_settlement(st, ORANGE, k_north)
    assert st.road_length[:2] == [5, 5]
    assert st.longest_road == -1                               # still aside: no longest trail
    # then it cuts Black's road at E·N: White alone has the longest road of 5, and takes it
    e_north = corner_at("E", "N")
    settle(st, ORANGE, corner_at("B", "N"))
    road(st, ORANGE, *path_of_corners(corner_at("B", "N"), corner_at("B", "NW"), e_north))
    build_settlement(st, ORANGE, e_north)
    assert st.road_length[:2] == [5, 3]
    assert st.longest_road == WHITE
    assert st.scores()[WHITE] == 1 + 2                          # the card's 2 points with it


def test_a_break_that_passes_the_tenth_point_to_a_third_player_wins_only_at_its_own_turn():
    """L402: the card goes at once to the player who now has the longest road (here neither the
    one cut nor the one who cut: Orange, with 6). L301, L313: «Если игрок в начале или в
    течение своего очередного хода набрал 10 очков» — «кто, выполняя очередной ход, первым
    наберёт 10 очков»: Orange holds 10 points in Black's turn and wins when its own begins,
    before it rolls."""
    st = white_ten_and_black_five(current=BLACK)
    lower = [corner_at("M", "SW"), corner_at("M", "S"), corner_at("M", "SE"),
             corner_at("N", "S"), corner_at("N", "SE"), corner_at("O", "S"), corner_at("O", "SE")]
    settle(st, ORANGE, lower[0], city=True)
    road(st, ORANGE, *path_of_corners(*lower))                 # 6
    for c in (corner_at("A", "N"), corner_at("C", "NE"), corner_at("G", "SE")):
        settle(st, ORANGE, c, city=True)
    assert st.scores()[ORANGE] == 8 and st.longest_road == WHITE
    build_settlement(st, BLACK, TOP_OF_MIDDLE_ROW[5])          # Black cuts White's road
    assert st.road_length[:3] == [5, 5, 6]
    assert st.longest_road == ORANGE and st.scores()[ORANGE] == 10
    # not Orange's turn: the game goes on, Black still moves, Orange has nothing to do
    assert not st.over and st.to_act == (BLACK,)
    assert st.legal_actions(ORANGE) == []
    assert END_TURN in st.legal_actions(BLACK)
    st.apply(BLACK, END_TURN)
    # «в начале ... хода»: Orange wins as its turn begins, with no roll
    assert st.over and st.winners() == [ORANGE]
    assert st.dice is None and ROLL not in st.legal_actions(ORANGE)
