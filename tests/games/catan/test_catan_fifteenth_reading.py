"""A fifteenth reading of the almanac (catan-almanac.ru.txt) against the engine: two timing and
award readings no earlier test walked, each with both sides
(docs/audits/2026-12-07-fifteenth-catan-rules.md). The reading found no departure.

* L301, L313: the tenth point counts at the start of one's own turn, as it then stands. A player
  who held 10 points for a moment in another player's turn and lost them again in that turn
  does not win when its own turn begins.
* L395, L400, L406: what is cut is «торговый путь», the longest continuous road. A settlement on
  a branch that does not shorten the holder's longest road leaves the card where it is, even
  when another player's road is as long. A cut that shortens it into a tie sets the card aside.
"""

from __future__ import annotations

from catan_scenario import corner_at, path_of_corners, road, scenario, settle
from test_catan_ninth_reading import (
    BLACK,
    ORANGE,
    TOP_OF_MIDDLE_ROW,
    WHITE,
    build_settlement,
    white_ten_and_black_five,
)

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import END_TURN, PLAY_KNIGHT, ROLL
from settlers.games.catan.content import KNIGHT

#: the lower zigzag of the bottom row M..P: Orange's road of 6 in the first test, Black's roads
#: in the second
LOWER_ROW = [corner_at("M", "SW"), corner_at("M", "S"), corner_at("M", "SE"), corner_at("N", "S"),
             corner_at("N", "SE"), corner_at("O", "S"), corner_at("O", "SE"), corner_at("P", "S"),
             corner_at("P", "SE")]


def orange_at_ten_in_blacks_turn():
    """Black's settlement at J·N cuts White's road of 10 into 5 + 5, and the card goes at once
    to Orange, alone with 6 (L402): 3 cities, the largest army (3 knights) and the road make
    10 points, in Black's turn. Black has played 3 knights too and holds an old fourth."""
    st = white_ten_and_black_five(current=BLACK)
    settle(st, ORANGE, LOWER_ROW[0], city=True)
    road(st, ORANGE, *path_of_corners(*LOWER_ROW[:7]))
    for c in (corner_at("A", "N"), corner_at("C", "NE")):
        settle(st, ORANGE, c, city=True)
    st.knights[ORANGE] = st.knights[BLACK] = 3
    st.largest_army = ORANGE
    st.dev[BLACK][KNIGHT] = 1
    assert st.scores()[ORANGE] == 8
    build_settlement(st, BLACK, TOP_OF_MIDDLE_ROW[5])
    assert st.longest_road == ORANGE and st.scores()[ORANGE] == 10
    assert not st.over and st.current == BLACK
    return st


def test_ten_points_held_when_ones_turn_begins_win_then():
    """L301 «Если игрок в начале ... своего очередного хода набрал 10 очков, то он может сразу
    остановить игру»: Orange still holds its 10 points when Black ends the turn, and wins before
    it rolls."""
    st = orange_at_ten_in_blacks_turn()
    st.apply(BLACK, END_TURN)
    assert st.over and st.winners() == [ORANGE]


def test_ten_points_lost_again_before_ones_turn_begins_do_not_win():
    """L301, L313 «Побеждает ... тот колонизатор, кто, выполняя очередной ход, первым наберёт 10
    очков»; L380-L382, L390: Black plays its fourth knight in the same turn, one more than
    Orange's three, and takes the largest army «вместе с победными очками». Orange's turn begins
    with 8 points: no win, it rolls as usual."""
    st = orange_at_ten_in_blacks_turn()
    st.apply(BLACK, PLAY_KNIGHT)
    assert st.largest_army == BLACK and st.scores()[ORANGE] == 8
    st.apply(BLACK, next(a for a in st.legal_actions(BLACK)
                         if a.kind == "move_robber" and a.victim is None))
    st.apply(BLACK, END_TURN)
    assert not st.over and st.winners() == []
    assert st.current == ORANGE and st.phase == ph.ROLL
    assert st.legal_actions(ORANGE) == [ROLL]


def white_holds_with_a_branch_over_d(branch_to: str):
    """White's road of 6 along the top of the middle row (H·NW .. J·NE) holds the card, with a
    branch from I·N up round the hex D (to D·N, or on round D back to H·N: a ring). Orange, to
    move, has a road up to E·NW, the free intersection where the branch leaves D·NE."""
    st = scenario(current=ORANGE)
    settle(st, WHITE, TOP_OF_MIDDLE_ROW[0])
    road(st, WHITE, *path_of_corners(*TOP_OF_MIDDLE_ROW[:7]))
    branch = [TOP_OF_MIDDLE_ROW[3], corner_at("D", "NE"), corner_at("D", "N")]
    if branch_to == "D·SW":
        branch += [corner_at("D", "NW"), corner_at("D", "SW")]
    road(st, WHITE, *path_of_corners(*branch))
    assert st.longest_road == WHITE
    settle(st, ORANGE, corner_at("E", "NE"))
    road(st, ORANGE, *path_of_corners(corner_at("E", "NE"), corner_at("E", "N"),
                                      corner_at("E", "NW")))
    return st


def test_a_settlement_on_a_branch_that_leaves_the_longest_road_whole_keeps_the_card():
    """L395 «будет засчитан только самый протяженный непрерывный тракт»; L400 «Дорога может быть
    разорвана, если другой игрок построит поселение на свободном перекрёстке торгового пути»;
    L396: Black's later road of 6 is not longer, so White keeps the card. Orange's settlement at
    D·NE cuts only the branch: White's longest road is still 6, whole, and White keeps the card
    though Black's road is as long (L406 speaks of the card «после разрыва дороги»)."""
    st = white_holds_with_a_branch_over_d("D·N")
    settle(st, BLACK, LOWER_ROW[0])
    road(st, BLACK, *path_of_corners(*LOWER_ROW[:7]))
    assert st.road_length[:2] == [6, 6] and st.longest_road == WHITE
    build_settlement(st, ORANGE, corner_at("E", "NW"))
    assert st.road_length[:2] == [6, 6]
    assert st.longest_road == WHITE and st.scores()[WHITE] == 1 + 2


def test_a_settlement_that_shortens_the_longest_road_into_a_tie_sets_the_card_aside():
    """The other side. With the branch closed round D into a ring, White's longest road of 9 runs
    through D·NE; Orange's settlement there cuts it to 8, as long as Black's road of 8: L406
    «Если после разрыва дороги несколько игроков будут иметь дороги одинаковой длины, то
    особая карта откладывается в сторону»."""
    st = white_holds_with_a_branch_over_d("D·SW")
    settle(st, BLACK, LOWER_ROW[0])
    road(st, BLACK, *path_of_corners(*LOWER_ROW))
    assert st.road_length[:2] == [9, 8] and st.longest_road == WHITE
    build_settlement(st, ORANGE, corner_at("E", "NW"))
    assert st.road_length[:2] == [8, 8]
    assert st.longest_road == -1 and st.scores()[WHITE] == 1
