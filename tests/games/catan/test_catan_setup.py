"""«Варианты раскладки игрового поля», «Номерные жетоны», «Стартовая расстановка для
начинающих», «Фаза основания»."""

from collections import Counter

import pytest
from catan_scenario import GAME, corner

from settlers.core import IllegalAction, InvalidOption
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import PLACE_ROAD, PLACE_SETTLEMENT, ROLL
from settlers.games.catan.board import BEGINNER, random_board
from settlers.games.catan.content import TOKENS
from settlers.games.catan.topology import (
    COAST,
    CORNER_EDGES,
    CORNER_HEXES,
    CORNER_NEIGHBOURS,
    EDGE_CORNERS,
    GRID,
    HEX_BY_LABEL,
    TOKEN_SPIRALS,
)
from settlers.testing.refusals import refused


def test_random_board_components_and_seed():
    st = GAME.new_state(4, 11)
    b = st.board
    assert Counter(b.terrain) == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3,
                                  "mountains": 3, "desert": 1}
    assert b.number[b.desert] == 0  # «на гекс Пустыни жетон не ставится»
    assert sorted(n for n in b.number if n) == sorted(TOKENS)
    assert st.robber == b.desert  # «В начале игры разбойник стоит на гексе Пустыни»
    assert GAME.new_state(4, 11).board.to_json() == b.to_json()
    boards = {tuple(GAME.new_state(4, s).board.terrain) for s in range(8)}
    assert len(boards) > 1


def test_tokens_counter_clockwise_from_a_corner_skipping_the_desert():
    """«разложите жетоны в алфавитном порядке ... Начните с любого углового гекса и
    выкладывайте все последующие жетоны против часовой стрелки ... Пустыни ... пропустить»."""
    import random
    for seed in range(20):
        b = random_board(random.Random(seed))
        order = [h for h in TOKEN_SPIRALS[b.spiral_start] if h != b.desert]
        assert [b.number[h] for h in order] == list(TOKENS)
    # the spiral starts at a corner hex and its second hex is a neighbour (counter-clockwise)
    for spiral in TOKEN_SPIRALS:
        assert len(GRID.hex_neighbours[spiral[0]]) == 3
        assert spiral[1] in GRID.hex_neighbours[spiral[0]]
        assert spiral[-1] == HEX_BY_LABEL["J"]


def test_harbours_on_the_frame_with_gaps_3_3_4():
    import random
    b = random_board(random.Random(3))
    positions = sorted(COAST.index(e) for e, _k in b.harbours)
    gaps = [(positions[(i + 1) % 9] - positions[i]) % 30 for i in range(9)]
    assert sorted(gaps) == [3, 3, 3, 3, 3, 3, 4, 4, 4]
    assert Counter(k for _e, k in b.harbours) == {"generic": 4, "brick": 1, "lumber": 1,
                                                  "wool": 1, "grain": 1, "ore": 1}


def test_beginner_board_layout():
    b = BEGINNER["board"]
    assert b.terrain[:3] == ("mountains", "pasture", "forest")
    assert b.number[:3] == (10, 2, 9)
    assert b.terrain[9] == "desert"
    kinds = [k for _e, k in b.harbours]
    assert kinds == ["generic", "grain", "ore", "generic", "wool", "generic", "generic",
                     "brick", "lumber"]


def test_beginner_start_four_players():
    st = GAME.new_state(4, 5, {"board": "beginner"})
    assert st.colours == ("red", "blue", "white", "orange")
    assert st.phase == ph.ROLL and st.turn == 1
    assert st.to_act == (st.first,)
    for p in range(4):
        assert len(st.buildings[p]) == 2 and len(st.roads[p]) == 2
    red_second = corner("H", "I", "M")  # fields 9, forest 11, forest 8
    assert st.corner_owner[red_second] == 0
    assert st.hands[0] == [0, 2, 0, 1, 0]  # grain + 2 lumber
    assert st.corner_owner[corner("D", "E", "I")] == 2  # fields 12, hills 6, forest 11
    assert st.hands[2] == [1, 1, 0, 1, 0]


def test_beginner_three_players_without_red():
    """«При игре втроем постройки красного цвета убираются»."""
    st = GAME.new_state(3, 5, {"board": "beginner"})
    assert st.colours == ("blue", "white", "orange")
    assert st.corner_owner[corner("A", "B", "E")] == -1
    assert sum(1 for o in st.corner_owner if o >= 0) == 6


def test_founding_order_and_distance_rule():
    """«Фаза основания»: round one clockwise from the first player, round two in reverse; the
    distance rule holds from the start."""
    st = GAME.new_state(4, 2)
    first = st.first
    order = []
    while st.phase in (ph.FOUND_SETTLEMENT, ph.FOUND_ROAD):
        p = st.to_act[0]
        if st.phase == ph.FOUND_SETTLEMENT:
            order.append(p)
            c = st.legal_actions(p)[len(order) * 3 % len(st.legal_actions(p))].intersection
            for n in CORNER_NEIGHBOURS[c]:
                assert PLACE_SETTLEMENT[n] in st.legal_actions(p) or st.corner_owner[n] >= 0 \
                    or not st.settle_ok[n]
            st.apply(p, PLACE_SETTLEMENT[c])
            for n in CORNER_NEIGHBOURS[c]:
                assert not st.settle_ok[n]
        else:
            st.apply(p, st.legal_actions(p)[0])
    expect = [(first + k) % 4 for k in range(4)]
    assert order == expect + expect[::-1]
    assert st.phase == ph.ROLL and st.current == first and st.turn == 1


def test_first_player_is_the_highest_roll_and_ties_roll_again():
    """almanac L478: «Все игроки по очереди бросают оба кубика; первым начинает игрок,
    выбросивший наибольшее количество очков» — the tied highest roll again. The log shows every
    round of rolls, then the first player, who places first."""
    seen_tie = False
    for seed in range(60):
        st = GAME.new_state(4, seed)
        events = [e for e in st.visible_events(None)
                  if e.key in ("catan.ev.first_roll", "catan.ev.first_player")]
        assert events[-1].key == "catan.ev.first_player"
        assert events[-1].params["seat"] == st.first == st.to_act[0]
        rolls = [e.params for e in events[:-1]]
        contenders = list(range(4))
        while rolls:  # one round: each contender once, in seat order
            round_, rolls = rolls[:len(contenders)], rolls[len(contenders):]
            assert [r["seat"] for r in round_] == contenders
            assert all(2 <= r["total"] <= 12 for r in round_)
            best = max(r["total"] for r in round_)
            contenders = [r["seat"] for r in round_ if r["total"] == best]
            seen_tie = seen_tie or len(contenders) > 1
        assert contenders == [st.first]
    assert seen_tie  # some seed had a tie, so the re-roll was checked


def test_founding_road_leaves_the_settlement_just_placed():
    st = GAME.new_state(3, 4)
    p = st.to_act[0]
    c = 20
    st.apply(p, PLACE_SETTLEMENT[c])
    legal = st.legal_actions(p)
    assert {a.path for a in legal} == set(CORNER_EDGES[c])
    elsewhere = next(e for e in range(72) if c not in EDGE_CORNERS[e])
    assert refused(st, p, PLACE_ROAD[elsewhere]).key == "catan.err.road_from_new_settlement"
    assert refused(st, p, PLACE_SETTLEMENT[c + 10]).key == "catan.err.wrong_phase"
    with pytest.raises(IllegalAction):
        st.apply(p, ROLL)


def test_founding_distance_rule_is_refused_with_a_reason():
    st = GAME.new_state(3, 4)
    p = st.to_act[0]
    st.apply(p, PLACE_SETTLEMENT[20])
    st.apply(p, st.legal_actions(p)[0])
    q = st.to_act[0]
    refusal = refused(st, q, PLACE_SETTLEMENT[CORNER_NEIGHBOURS[20][0]])
    assert refusal.key == "catan.err.distance_rule"


def test_second_settlement_yields_one_card_per_land_hex():
    """«Сразу после основания второго поселения каждый игрок получает свой первый доход: за
    каждый гекс Суши, примыкающий к его второму поселению, он берет из резерва карту сырья»."""
    st = GAME.new_state(3, 9, {"board": "random"})
    seen_second = 0
    while st.phase in (ph.FOUND_SETTLEMENT, ph.FOUND_ROAD):
        p = st.to_act[0]
        if st.phase == ph.FOUND_SETTLEMENT:
            before = sum(st.hands[p])
            second = st.founding_index >= 3
            legal = st.legal_actions(p)
            action = legal[-1] if second else legal[0]
            st.apply(p, action)
            got = sum(st.hands[p]) - before
            if second:
                seen_second += 1
                land = [h for h in CORNER_HEXES[action.intersection]
                        if st.board.resource[h] >= 0]
                assert got == len(land)
                for h in land:
                    assert st.hands[p][st.board.resource[h]] >= 1
            else:
                assert got == 0
        else:
            st.apply(p, st.legal_actions(p)[0])
    assert seen_second == 3
    assert sum(map(sum, st.hands)) + sum(st.bank) == 95


def test_options_are_validated():
    with pytest.raises(InvalidOption):
        GAME.new_state(4, 1, {"board": "hexagonal"})
    with pytest.raises(InvalidOption):
        GAME.new_state(4, 1, {"phases": "mixed"})
    with pytest.raises(InvalidOption):
        GAME.new_state(5, 1)
    with pytest.raises(InvalidOption):
        GAME.new_state(2, 1)
