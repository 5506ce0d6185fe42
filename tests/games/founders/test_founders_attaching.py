"""«3. Присоединить квадрат»: full sides, the neighbours' goods as a matching, nature choices,
city tokens, prize tiles."""

from __future__ import annotations

import itertools
import random

from founders_scenario import at, blank, cells_for, lay, main_phase, offer, put, touch

from settlers.games.founders.actions import Attach, ChooseTile
from settlers.games.founders.attaching import matching, needs_met
from settlers.games.founders.board import cell_of
from settlers.testing.refusals import refused


def _mine_example():
    """The picture of the mine example, rebuilt: a forest at (0, 0) and a cliff at (1, 0)."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff"})
    mine = offer(state, "mine")
    return state, mine


def test_mine_example_places():
    """«Шахту можно выложить на места 1, 2 или 3, так как рядом с ними находятся оба
    необходимых ресурса: в лесу добывается дерево, а на обрыве — камень.
    Шахту нельзя выложить на места 4 или 5, так как один и тот же квадрат леса не может
    произвести сразу два ресурса: и дерево, и камень.
    Шахту нельзя выложить на места 6 или 7, так как соседние квадраты не производят всех
    нужных ресурсов.»"""
    state, mine = _mine_example()
    fits = cells_for(state, mine)
    for place in [(0, 1), (1, 1), (0, -1), (1, -1)]:  # next to the forest and the cliff
        assert place in fits
    for place in [(-1, 0), (-1, 1), (-1, -1)]:  # next to the forest only
        assert place not in fits
    for place in [(2, 0), (2, 1)]:  # next to the cliff only: no wood
        assert place not in fits
    state.apply(0, ChooseTile(mine))
    assert refused(state, 0, Attach(-1, 0)).key == "founders.illegal.needs_not_met"
    state.apply(0, Attach(0, 1))
    assert at(state, 0, 0, 1) == mine


def test_new_tile_needs_a_full_side():
    """«Новый квадрат должен хотя бы одной стороной полностью прилегать к старому. Нельзя
    присоединить его только углом»."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    lake = offer(state, "lake")
    assert cells_for(state, lake) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    state.apply(0, ChooseTile(lake))
    assert refused(state, 0, Attach(1, 1)).key == "founders.illegal.not_adjacent"


def test_nature_tiles_need_nothing():
    """«Зелёные природные квадраты не требуют никаких ресурсов, их можно присоединить куда
    угодно» (to any cell sharing a side)."""
    state = blank()
    put(state, 0, "mine", 0, 0)
    put(state, 0, "shrine", 1, 0)  # prize tiles produce nothing
    river = offer(state, "river")
    assert len(cells_for(state, river)) == 6


def test_nature_tile_gives_one_of_its_two_goods():
    """«Каждый ход они производят один из двух ресурсов на ваш выбор» — never both: a winery
    (plants + stone) next to a cliff alone does not fit; a cliff and a forest do (cliff gives
    plants, forest gives stone)."""
    state = blank()
    put(state, 0, "cliff", 0, 0)
    winery = offer(state, "winery")
    assert cells_for(state, winery) == set()
    put(state, 0, "river", 1, 0)  # wood or water: neither plants nor stone
    assert cells_for(state, winery) == set()  # the cliff cannot give both
    put(state, 0, "forest", 2, 0)
    fits = cells_for(state, winery)
    assert (1, 1) in fits  # cliff → plants, forest → stone
    assert (0, 1) not in fits  # only the cliff and the river around


def test_each_neighbour_supplies_one_good_matching_not_counting():
    """«Каждый квадрат производит только один ресурс в ход»: needs are matched to different
    neighbours. A pottery (stone + water) between a waterfall (water/stone) and a forest
    (wood/stone) fits only if the waterfall gives water and the forest stone — a greedy
    count that gave the waterfall's stone first would wrongly refuse it."""
    state = blank()
    lay(state, 0, {(0, 0): "waterfall", (2, 0): "forest"})
    pottery = offer(state, "pottery_yard")
    assert (1, 0) in cells_for(state, pottery)
    assert (-1, 0) not in cells_for(state, pottery)  # the waterfall alone cannot give both


def test_needs_met_is_a_matching():
    wood, stone, water = 0, 1, 3
    m = lambda *goods: sum(1 << g for g in goods)  # noqa: E731
    assert needs_met((stone, water), [m(water, stone), m(wood, stone)])
    assert not needs_met((stone, water), [m(water, stone)])
    assert needs_met((stone, water), [m(water, stone), m(water)])
    assert not needs_met((stone, water), [m(water, stone), m(wood)])
    assert needs_met((wood, stone, water), [m(wood, stone), m(stone, water), m(wood)])
    assert not needs_met((wood, stone, water), [m(wood, stone), m(wood, stone), m(wood)])
    assert needs_met((stone, stone), [m(stone, wood), m(stone)])
    assert not needs_met((stone, stone), [m(stone, wood)])
    assert matching((stone, water), [m(water, stone), m(wood, stone)]) == [1, 0]


def test_needs_met_agrees_with_brute_force():
    """The fast matching against trying every assignment, on random small cases."""
    rng = random.Random(5)
    for _ in range(3000):
        k = rng.randint(1, 4)
        needs = tuple(rng.randrange(5) for _ in range(k))
        masks = [rng.randrange(1, 32) & rng.randrange(1, 32) for _ in range(rng.randint(0, 5))]
        brute = any(all(masks[j] >> g & 1 for g, j in zip(needs, pick))
                    for pick in itertools.permutations(range(len(masks)), k))
        assert needs_met(needs, masks) == brute, (needs, masks)


def test_three_needs_three_different_neighbours():
    """Temple of Vesta (bread + water + wood): a mill and a river (wood or water) are not
    enough — the river gives one good; with a forest too it fits."""
    state = blank()
    lay(state, 0, {(0, 0): "mill", (1, 0): "river"})
    vesta = offer(state, "temple_of_vesta")
    assert sorted(state.ts.goods[g].id for g in state.ts.tile_needs[vesta]) == [
        "bread", "water", "wood"]
    assert cells_for(state, vesta) == set()
    put(state, 0, "forest", -1, 1)
    fits = cells_for(state, vesta)
    assert (0, 1) in fits  # mill: bread, river: water, forest: wood
    assert (1, 1) not in fits  # the forest is not a neighbour there


def test_city_tile_gives_its_token_on_attach_only():
    """«Фиолетовые городские квадраты сразу после присоединения приносят вам соответствующие
    жетоны ... в дальнейшем он просто производит свой ресурс»; «присоединив рынок (приносит
    монеты), вы берёте жетон монеты»."""
    state = blank()
    lay(state, 0, {(0, 0): "mine", (1, 0): "cliff"})
    market = offer(state, "market")
    supply = state.supply[1]
    state.apply(0, ChooseTile(market))
    state.apply(0, Attach(0, 1))
    assert state.boards[0].hand_coin == 1 and state.supply[1] == supply - 1
    # later turns: the market produces coins (a good), no new token
    state.current = 0
    lake = offer(state, "lake")
    state.apply(0, ChooseTile(lake))
    state.apply(0, Attach(-1, 0))
    assert state.boards[0].hand_coin == 1
    coin_good = state.ts.good_index("coin")
    assert state.ts.tile_mask[market] == 1 << coin_good


def test_master_city_draws_a_face_down_master():
    """«Получая жетон мастера, вы тянете его в закрытую, а потом показываете всем»."""
    state = blank()
    lay(state, 0, {(0, 0): "pottery_yard", (1, 0): "cliff"})
    guild = offer(state, "guild")
    top = state.master_pool[-1]
    state.apply(0, ChooseTile(guild))
    state.apply(0, Attach(0, 1))
    assert state.boards[0].hand_masters == [top]
    master_id = state.ts.masters[top].id
    assert state.view(1)["state"]["players"][0]["hand"]["masters"] == [master_id]


def test_prize_tiles_produce_nothing():
    """«Красные призовые квадраты не производят никаких ресурсов, зато дают победные очки»."""
    state = blank()
    lay(state, 0, {(0, 0): "shrine", (1, 0): "obelisk"})
    mine = offer(state, "mine")
    assert cells_for(state, mine) == set()
    assert state.scores()[0] == 2.0


def test_attached_tile_stays_when_a_neighbour_stops_producing():
    """«Присоединённый квадрат остаётся на своём месте, даже если соседний квадрат перестал
    производить нужный ресурс»."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff"})
    mine = put(state, 0, "mine", 0, 1)
    state.boards[0].war[cell_of(1, 0)] = 1
    touch(state)
    assert at(state, 0, 0, 1) == mine
    assert mine in state.boards[0].cells.values()


def test_prize_tile_can_be_attached_from_the_open_prizes():
    """«Это может быть квадрат из горизонтального ряда ... или призовой квадрат»."""
    state = blank()
    lay(state, 0, {(0, 0): "mine", (1, 0): "cliff"})
    obelisk = offer(state, "obelisk")
    state.apply(0, ChooseTile(obelisk))
    state.apply(0, Attach(0, -1))
    assert obelisk not in state.prizes and state.scores()[0] == 1.0


def test_tiles_of_other_states_cannot_be_taken():
    """«Нельзя забирать квадраты из государств других игроков»."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    theirs = put(state, 1, "lake", 0, 0)
    main_phase(state)
    assert ChooseTile(theirs) not in state.legal_actions(0)
    assert refused(state, 0, ChooseTile(theirs)).key == "founders.illegal.tile_not_open"
