"""«Сырьё: поступление», «Город», «Перекрёсток» and the bank shortage rule (README)."""

from catan_scenario import corner, corner_at, hand, rig_dice, scenario, settle

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import ROLL
from settlers.games.catan.content import ORE

BLACK, WHITE, ROLLER = 1, 2, 0


def test_roll_of_8_settlement_and_city():
    """«в фазе поступления сырья выпало 8. Чёрный игрок получает 3 карты Руды: 1 с поселения,
    2 с города. Белый игрок получает с города 2 карты Дровесины»."""
    st = scenario(phase=ph.ROLL, current=ROLLER)
    settle(st, BLACK, corner("K", "L", "P"))             # mountains 8 (L)
    settle(st, BLACK, corner_at("L", "NE"), city=True)    # mountains 8 (L)
    settle(st, WHITE, corner_at("M", "SW"), city=True)    # forest 8 (M)
    rig_dice(st, [5, 3])
    st.apply(ROLLER, ROLL)
    assert hand(st, BLACK) == {"ore": 3}
    assert hand(st, WHITE) == {"lumber": 2}
    assert hand(st, ROLLER) == {}
    assert st.bank == [19, 17, 19, 19, 16]


def test_settlement_takes_from_every_hex_with_the_number():
    """«Его поселение примыкает к двум гексам с номером "4" (Горы и Пастбища)... берёт по одной
    карте»: one card per hex, from each of the three hexes of the intersection."""
    st = scenario(phase=ph.ROLL, current=ROLLER)
    settle(st, BLACK, corner("O", "P", "S"))  # fields 4, pasture 5, pasture 11
    rig_dice(st, [2, 2])
    st.apply(ROLLER, ROLL)
    assert hand(st, BLACK) == {"grain": 1}
    st.phase = ph.ROLL
    rig_dice(st, [1, 4])
    st.apply(ROLLER, ROLL)
    assert hand(st, BLACK) == {"grain": 1, "wool": 1}
    st.phase = ph.ROLL
    rig_dice(st, [5, 6])
    st.apply(ROLLER, ROLL)
    assert hand(st, BLACK) == {"grain": 1, "wool": 2}


def test_desert_yields_nothing():
    st = scenario(phase=ph.ROLL, current=ROLLER)
    settle(st, BLACK, corner("I", "J", "N"))  # forest 11, desert, mountains 3
    st.robber = 0
    for dice in ([5, 6], [1, 2]):
        st.phase = ph.ROLL
        rig_dice(st, dice)
        st.apply(ROLLER, ROLL)
    assert hand(st, BLACK) == {"lumber": 1, "ore": 1}


def test_shortage_nobody_gets_the_resource_when_several_are_owed():
    st = scenario(phase=ph.ROLL, current=ROLLER)
    settle(st, BLACK, corner("K", "L", "P"))
    settle(st, WHITE, corner_at("L", "NE"), city=True)
    st.bank[ORE] = 2  # owed 1 + 2 = 3
    rig_dice(st, [4, 4])
    st.apply(ROLLER, ROLL)
    assert st.hands[BLACK][ORE] == 0 and st.hands[WHITE][ORE] == 0
    assert st.bank[ORE] == 2
    # the forest 8 is paid as usual
    assert st.bank[1] == 19


def test_shortage_a_single_player_takes_what_is_left():
    st = scenario(phase=ph.ROLL, current=ROLLER)
    settle(st, BLACK, corner("K", "L", "P"))
    settle(st, BLACK, corner_at("L", "NE"), city=True)
    st.bank[ORE] = 2  # owed 3
    rig_dice(st, [4, 4])
    st.apply(ROLLER, ROLL)
    assert st.hands[BLACK][ORE] == 2 and st.bank[ORE] == 0


def test_every_player_receives_not_only_the_roller():
    """«поступление сырья (выполняется всеми игроками)»."""
    st = scenario(phase=ph.ROLL, current=ROLLER)
    settle(st, ROLLER, corner("A", "B", "E"))
    settle(st, BLACK, corner_at("A", "NW"))
    rig_dice(st, [4, 6])
    st.apply(ROLLER, ROLL)
    assert hand(st, ROLLER) == {"ore": 1} and hand(st, BLACK) == {"ore": 1}


def test_roll_of_4_settlements_a_and_b():
    """«игрок с поселением "А" выбросил "4". Его поселение примыкает к двум гексам с номером
    "4" (Горы и Пастбища)... берёт ... 1 Руда и 1 Шерсть. Игрок с поселением "В" получает
    1 карту Шерсти. Если бы вместо поселения "В" стоял город, игрок получил бы 2 карты»."""
    from settlers.games.catan.board import BEGINNER, Board

    beginner = BEGINNER["board"]
    number = list(beginner.number)
    number[0], number[1] = 4, 4  # A mountains 4, B pasture 4 (as in the almanac's picture)
    number[5] = number[14] = 12  # the beginner board's own 4s out of the way
    for city in (False, True):
        st = scenario(phase=ph.ROLL, current=ROLLER)
        st.board = Board(list(beginner.terrain), number, list(beginner.harbours))
        settle(st, ROLLER, corner("A", "B", "E"))  # "A"
        settle(st, BLACK, corner_at("B", "NE"), city=city)  # "B": pasture only
        rig_dice(st, [1, 3])
        st.apply(ROLLER, ROLL)
        assert hand(st, ROLLER) == {"ore": 1, "wool": 1}
        assert hand(st, BLACK) == {"wool": 2 if city else 1}


def test_the_kept_tables_match_the_pieces():
    """The tables the builds keep up to date equal what they are computed from, all through
    random games, clones included: ``hex_yield`` (what each hex pays each seat) and
    ``hex_seats`` (who has a building on each hex) from the buildings, ``edges_taken`` from
    the roads, ``road_reach`` (paths at the corners of a network that no opponent holds) from
    the networks."""
    import random

    from catan_scenario import GAME

    from settlers.games.catan.building import road_reach
    from settlers.games.catan.production import YIELD_BITS
    from settlers.games.catan.topology import HEX_CORNERS

    def kept_right(st):
        taken = sum(1 << e for e, o in enumerate(st.edge_owner) if o >= 0)
        seats = sum(1 << (8 * h + o) for h, corners in enumerate(HEX_CORNERS)
                    for o in {st.corner_owner[c] for c in corners} if o >= 0)
        return (st.hex_yield == counted(st) and st.edges_taken == taken
                and st.hex_seats == seats
                and st.road_reach == [road_reach(st, p) for p in range(st.players)])

    def counted(st):
        out = []
        for corners in HEX_CORNERS:
            packed = 0
            for c in corners:
                if st.corner_owner[c] >= 0:
                    packed += st.corner_level[c] << (YIELD_BITS * st.corner_owner[c])
            out.append(packed)
        return out

    for seed in range(4):
        st = GAME.new_state(4 - seed % 2, seed, {"turn_limit": 150})
        rng = random.Random(seed)
        steps = 0
        while not st.over:
            seat = rng.choice(st.to_act)
            legal = st.legal_actions(seat)
            st.apply(seat, rng.choice(legal), check=False)
            steps += 1
            if steps % 25 == 0:
                st = st.clone()
                assert kept_right(st)
        assert kept_right(st) and any(st.hex_yield) and all(st.road_reach)
