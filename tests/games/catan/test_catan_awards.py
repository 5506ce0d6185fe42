"""«Самый длинный торговый путь» and «Самая большая армия»."""

from catan_scenario import corner_at, give, path_of_corners, road, scenario, settle

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import BUILD_ROAD, BUILD_SETTLEMENT, PLAY_KNIGHT
from settlers.testing.refusals import refused

WHITE, BLACK, OTHER = 0, 1, 2

# the upper zigzag of the middle row H..L: 10 segments
TOP_OF_MIDDLE_ROW = [corner_at("H", "NW"), corner_at("H", "N"), corner_at("H", "NE"),
                     corner_at("I", "N"), corner_at("I", "NE"), corner_at("J", "N"),
                     corner_at("J", "NE"), corner_at("K", "N"), corner_at("K", "NE"),
                     corner_at("L", "N"), corner_at("L", "NE")]


def seven_segment_road_with_branches():
    """Almanac, «Самый длинный торговый путь»: «белый игрок построил непрерывную дорогу из 7
    участков (А-В). Ответвления ... не засчитываются»."""
    st = scenario(phases="combined", current=WHITE)
    settle(st, WHITE, TOP_OF_MIDDLE_ROW[0])
    chain = path_of_corners(*TOP_OF_MIDDLE_ROW[:8])
    road(st, WHITE, *chain[:6])
    branches = path_of_corners(corner_at("H", "NE"), corner_at("H", "SE")) + \
        path_of_corners(corner_at("J", "N"), corner_at("E", "NE"))
    road(st, WHITE, *branches)
    return st, chain


def test_seven_segments_with_branches_count_seven():
    st, chain = seven_segment_road_with_branches()
    assert st.road_length[WHITE] == 6
    assert st.longest_road == WHITE  # 6 segments already take the card
    give(st, WHITE, brick=1, lumber=1)
    st.apply(WHITE, BUILD_ROAD[chain[6]])
    assert st.road_length[WHITE] == 7  # branches do not add up
    assert st.longest_road == WHITE


def test_four_segments_do_not_take_the_card():
    st = scenario(current=WHITE)
    settle(st, WHITE, TOP_OF_MIDDLE_ROW[0])
    road(st, WHITE, *path_of_corners(*TOP_OF_MIDDLE_ROW[:5]))
    assert st.road_length[WHITE] == 4
    assert st.longest_road == -1
    road(st, WHITE, path_of_corners(*TOP_OF_MIDDLE_ROW[4:6])[0])
    assert st.longest_road == WHITE


def test_equal_length_does_not_take_the_card_strictly_longer_does():
    st = scenario(current=WHITE)
    settle(st, WHITE, TOP_OF_MIDDLE_ROW[0])
    road(st, WHITE, *path_of_corners(*TOP_OF_MIDDLE_ROW[:6]))  # 5
    assert st.longest_road == WHITE
    lower = [corner_at("M", "SW"), corner_at("M", "S"), corner_at("M", "SE"),
             corner_at("N", "S"), corner_at("N", "SE"), corner_at("O", "S"),
             corner_at("O", "SE")]
    settle(st, BLACK, lower[0])
    road(st, BLACK, *path_of_corners(*lower[:6]))  # 5: a tie is not enough
    assert st.road_length[BLACK] == 5
    assert st.longest_road == WHITE
    road(st, BLACK, path_of_corners(*lower[5:7])[0])  # 6: strictly longer
    assert st.longest_road == BLACK


def broken_road_at_c():
    """Almanac: «если чёрному игроку удастся основать поселение на перекрёстке "С"...»"""
    st, chain = seven_segment_road_with_branches()
    road(st, WHITE, chain[6])
    c = corner_at("I", "NE")
    black = [c, corner_at("J", "SW"), corner_at("J", "S"), corner_at("J", "SE"),
             corner_at("K", "S"), corner_at("K", "SE")]
    settle(st, BLACK, black[-1])
    road(st, BLACK, *path_of_corners(*black))
    st.current = BLACK
    return st, c


def test_broken_road_passes_the_card_to_black():
    st, c = broken_road_at_c()
    assert st.road_length == [7, 5, 0, 0]
    assert st.longest_road == WHITE
    give(st, BLACK, brick=1, lumber=1, wool=1, grain=1)
    st.apply(BLACK, BUILD_SETTLEMENT[c])
    assert st.road_length[WHITE] == 4  # the road is cut at C
    assert st.longest_road == BLACK


def test_road_not_broken_by_a_settlement_off_the_road():
    st, _c = broken_road_at_c()
    # a black settlement at the end of black's own road does not touch white's chain
    assert st.longest_road == WHITE and st.road_length[WHITE] == 7


def test_tie_after_a_break_sets_the_card_aside():
    """«Если после разрыва дороги несколько игроков будут иметь дороги одинаковой длины, то
    особая карта откладывается в сторону»."""
    st = scenario(current=BLACK)
    settle(st, WHITE, TOP_OF_MIDDLE_ROW[0])
    road(st, WHITE, *path_of_corners(*TOP_OF_MIDDLE_ROW))  # 10
    c = corner_at("J", "N")
    black = [c, corner_at("E", "NE"), corner_at("E", "N"), corner_at("E", "NW"),
             corner_at("D", "N"), corner_at("D", "NW")]
    settle(st, BLACK, black[-1])
    road(st, BLACK, *path_of_corners(*black))
    assert st.road_length[:2] == [10, 5] and st.longest_road == WHITE
    give(st, BLACK, brick=1, lumber=1, wool=1, grain=1)
    st.apply(BLACK, BUILD_SETTLEMENT[c])
    assert st.road_length[:2] == [5, 5]
    assert st.longest_road == -1  # set aside
    # it comes back when one player alone has the longest road of 5+
    road(st, BLACK, path_of_corners(corner_at("D", "NW"), corner_at("D", "SW"))[0])
    assert st.longest_road == BLACK


def test_card_set_aside_when_nobody_keeps_five():
    """«Особая карта также откладывается, если ни у одного из игроков нет непрерывного
    торгового пути из 5 участков»."""
    st = scenario(current=BLACK)
    settle(st, WHITE, TOP_OF_MIDDLE_ROW[0])
    road(st, WHITE, *path_of_corners(*TOP_OF_MIDDLE_ROW[:7]))  # 6
    assert st.longest_road == WHITE
    c = corner_at("I", "NE")  # splits 6 into 4 + 2
    settle(st, BLACK, corner_at("J", "S"))
    road(st, BLACK, *path_of_corners(corner_at("J", "S"), corner_at("J", "SW"), c))
    give(st, BLACK, brick=1, lumber=1, wool=1, grain=1)
    st.apply(BLACK, BUILD_SETTLEMENT[c])
    assert st.road_length[WHITE] == 4
    assert st.longest_road == -1


def test_holder_keeps_the_card_if_still_alone_longest():
    st = scenario(current=BLACK)
    settle(st, WHITE, TOP_OF_MIDDLE_ROW[0])
    road(st, WHITE, *path_of_corners(*TOP_OF_MIDDLE_ROW))  # 10
    c = corner_at("K", "NE")  # splits into 8 + 2
    settle(st, BLACK, corner_at("L", "S"))
    road(st, BLACK, *path_of_corners(corner_at("L", "S"), corner_at("L", "SW"), c))
    give(st, BLACK, brick=1, lumber=1, wool=1, grain=1)
    st.apply(BLACK, BUILD_SETTLEMENT[c])
    assert st.road_length[WHITE] == 8
    assert st.longest_road == WHITE


def test_road_cannot_pass_an_opponents_settlement():
    """«новая дорога игрока должна примыкать к его уже построенной дороге или к его
    поселению» — not through an opponent's building."""
    st = scenario(phases="combined", current=WHITE)
    a, b, c = corner_at("H", "NW"), corner_at("H", "N"), corner_at("H", "NE")
    settle(st, WHITE, a)
    road(st, WHITE, *path_of_corners(a, b))
    settle(st, BLACK, c)
    road(st, BLACK, *path_of_corners(c, corner_at("I", "N")))
    give(st, WHITE, brick=2, lumber=2)
    st.apply(WHITE, BUILD_ROAD[path_of_corners(b, c)[0]])  # up to the black settlement: ok
    beyond = path_of_corners(c, corner_at("H", "SE"))[0]
    assert refused(st, WHITE, BUILD_ROAD[beyond]).key == "catan.err.road_not_connected"


def test_largest_army_first_to_three_then_strictly_more():
    """«Тот, кто первым сыграет 3 карты рыцарей, получает особую карту ... Как только другой
    игрок сыграет на одну карту рыцаря больше...»."""
    st = scenario(phases="combined", current=WHITE, phase=ph.ROLL)
    st.knights = [2, 3, 0, 0]
    st.largest_army = BLACK
    st.dev[WHITE][0] = 2
    st.apply(WHITE, PLAY_KNIGHT)
    assert st.knights[WHITE] == 3 and st.largest_army == BLACK  # equal is not enough
    st.knights[WHITE] = 3
    st2 = scenario(phases="combined", current=WHITE, phase=ph.ROLL)
    st2.knights = [3, 3, 0, 0]
    st2.largest_army = BLACK
    st2.dev[WHITE][0] = 1
    st2.apply(WHITE, PLAY_KNIGHT)
    assert st2.largest_army == WHITE
    st3 = scenario(current=WHITE, phase=ph.ROLL)
    st3.knights = [1, 0, 0, 0]
    st3.dev[WHITE][0] = 1
    st3.apply(WHITE, PLAY_KNIGHT)
    assert st3.largest_army == -1  # two knights are not an army


def test_longest_road_matches_a_brute_force_search():
    """The incremental search (starting only at ends, branches and blocked corners) agrees
    with a depth-first search from every intersection, rings and blockers included."""
    import random

    from settlers.games.catan.longest_road import longest_road
    from settlers.games.catan.topology import CORNERS, EDGE_CORNERS, EDGES, GRID

    def walk(c, used, edge_owner, corner_owner):  # the reference: every trail from c
        best = 0
        for e in GRID.corner_edges[c]:
            if edge_owner[e] == 0 and not (used >> e) & 1:
                a, b = EDGE_CORNERS[e]
                n = b if a == c else a
                if corner_owner[n] not in (-1, 0):
                    length = 1
                else:
                    length = 1 + walk(n, used | (1 << e), edge_owner, corner_owner)
                best = max(best, length)
        return best

    rng = random.Random(5)
    for _ in range(300):
        edge_owner = [-1] * EDGES
        corner_owner = [-1] * CORNERS
        c = rng.randrange(CORNERS)
        for _step in range(rng.randrange(1, 16)):  # a random connected-ish network
            e = rng.choice(GRID.corner_edges[c])
            edge_owner[e] = 0
            c = rng.choice(EDGE_CORNERS[e]) if rng.random() < 0.3 else EDGE_CORNERS[e][
                1 - EDGE_CORNERS[e].index(c)]
        for _k in range(rng.randrange(3)):
            corner_owner[rng.randrange(CORNERS)] = 1
        roads = [e for e in range(EDGES) if edge_owner[e] == 0]
        brute = max(walk(x, 0, edge_owner, corner_owner) for x in range(CORNERS))
        assert longest_road(0, roads, edge_owner, corner_owner) == brute


def test_a_ring_of_six_counts_six():
    from settlers.games.catan.longest_road import longest_road
    from settlers.games.catan.topology import CORNERS, EDGES, HEX_EDGES

    edge_owner = [-1] * EDGES
    for e in HEX_EDGES[9]:
        edge_owner[e] = 0
    assert longest_road(0, list(HEX_EDGES[9]), edge_owner, [-1] * CORNERS) == 6


def test_longest_after_a_new_road_equals_the_full_count():
    """The count after a build (only trails through the new road) against the full count, on
    random networks grown road by road around random opponents' buildings."""
    import random

    from settlers.games.catan.longest_road import longest_after_road, longest_road
    from settlers.games.catan.topology import CORNERS, EDGE_CORNERS, EDGES, GRID

    rng = random.Random(11)
    for _ in range(400):
        corner_owner = [-1] * CORNERS
        for _k in range(rng.randrange(4)):
            corner_owner[rng.randrange(CORNERS)] = rng.choice((0, 1))
        edge_owner = [-1] * EDGES
        roads: list[int] = []
        length = 0
        c = rng.randrange(CORNERS)
        for _step in range(rng.randrange(1, 16)):
            free = [e for e in GRID.corner_edges[c] if edge_owner[e] < 0]
            if not free or rng.random() < 0.15:  # sometimes a road somewhere else
                free = [e for e in range(EDGES) if edge_owner[e] < 0]
            e = rng.choice(free)
            edge_owner[e] = 0
            roads.append(e)
            length = longest_after_road(0, e, length, roads, corner_owner)
            assert length == longest_road(0, roads, edge_owner, corner_owner)
            c = rng.choice(EDGE_CORNERS[e])
