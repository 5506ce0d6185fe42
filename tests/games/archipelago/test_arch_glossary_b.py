"""The card glossary, part B (archipelago.ru.txt L1494-1586, with the clarifications L1062-1130):
each card used through the legal actions of a round of phase 5, its fee (L818-822) and what it
changes. Wonders are built, not used (L866-884). Cards whose text the scan lost (Amphitheatre,
Immigration, Peace and prosperity, Education) are checked against their reconstruction in
``data/standard/evolution.json``. Already covered in test_arch_cards.py: the Lumber mill example
(L806), the Colossus, the Lighthouse's ship for its builder, both ways of the Gifts of the church."""

from __future__ import annotations

from itertools import pairwise

import pytest
from arch_scenario import (
    card_table,
    give_card,
    give_cubes,
    place_inhabitants,
    set_market,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import board, building, markets, wheel
from settlers.games.archipelago.actions import (
    Build,
    BuildWonder,
    Done,
    Harvest,
    HarvestWith,
    Migrate,
    MoveUnit,
    Pick,
    Taxes,
    Trade,
    UseCard,
)
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.state import ENGAGED, REGION, WONDER

FRUIT, WOOD, CATTLE, FISH, STONE, IRON = range(6)
STANDING, ICON = 3, 6


def fresh(players=3, seed=1):
    """Turn 1, phase 5, seat 0 to play a round; no unit on the board, no card owned, no
    cube behind any screen."""
    return card_table(players, seed, empty_screens=True)


def menu(state, seat=0):
    """The seat's legal actions as the game lists them (no cache dropped: what a player sees)."""
    return state.legal_actions(seat)


def card_uses(state, card, seat=0):
    return [a for a in menu(state, seat) if a.kind == "use_card" and a.card == card]


def wonders(state, seat=0):
    return [a for a in menu(state, seat) if a.kind == "build_wonder"]


def lay(state, hex_index, side, q, r, rot):
    """Lay a region face by hand on the empty cell (q, r); returns the region's index."""
    assert (q, r) not in state.grid
    k = len(state.regions)
    state.regions.append({"hex": hex_index, "side": side, "q": q, "r": r, "rot": rot,
                          "buildings": {}, "plundered": []})
    state.grid[(q, r)] = k
    touch(state)
    return k


def face_with(state, res, n, exclude=()):
    """(hex index, side) of a non-strait face with at least ``n`` icons of ``res``."""
    for h, faces in enumerate(state.content.hexes):
        for side, face in enumerate(faces):
            if (not face.strait and face.icons.count(res) >= n and (h, side) not in exclude
                    and all(reg["hex"] != h for reg in state.regions)):
                return h, side
    raise AssertionError(f"no face with {n} x {RESOURCES[res]}")


def sea_face(state):
    """(hex index, side) of a face not on the board with at most one land side, side 0."""
    for h, faces in enumerate(state.content.hexes):
        for side, face in enumerate(faces):
            if (face.edges[1:] == "sssss" and not face.strait
                    and all(reg["hex"] != h for reg in state.regions)):
                return h, side
    raise AssertionError("no such face")


def use(state, card, arg=(), seat=0):
    state.apply(seat, UseCard(card, arg))


# ---------------------------------------------------------------- fees (L818-822)
def test_shipbuilding_of_another_player_costs_one_florin_to_the_owner_and_the_wood_to_the_bank():
    """L822: «Если для активации карты не требуется платить деньги, он всё равно должен
    заплатить 1f владельцу. Требуемые ресурсы передаются в банк.» L1530-1532 Кораблестроение:
    «Постройте корабль в регионе, где у вас есть активный незанятый житель, не используя при
    этом диск действия.»"""
    state = fresh()
    give_card(state, 1, "shipbuilding")
    u = place_inhabitants(state, 0, 1, 1)[0]
    ship_to(state, 0, 2)                      # a ship of seat 0 alone does not build one
    set_money(state, 0, 5)
    set_money(state, 1, 0)
    assert not card_uses(state, "shipbuilding")          # no wood to pay the activation
    give_cubes(state, 0, wood=1)
    assert card_uses(state, "shipbuilding") == [UseCard("shipbuilding", (1,))]
    bank_wood, bank_money = state.bank_cubes[WOOD], state.bank_money
    ships = [i for i, x in enumerate(state.units) if x[0] == 0 and x[1] and x[REGION] == 1]
    use(state, "shipbuilding", (1,))
    assert state.money[0] == 4 and state.money[1] == 1 and state.bank_money == bank_money
    assert state.cubes[0][WOOD] == 0 and state.bank_cubes[WOOD] == bank_wood + 1
    new = [i for i, x in enumerate(state.units) if x[0] == 0 and x[1] and x[REGION] == 1]
    assert len(new) == len(ships) + 1 and state.units[new[-1]][STANDING]
    assert not state.units[u][ENGAGED]                   # L633: the builder stays free
    assert state.discs_used[0] == 0 and Taxes() in menu(state)     # the disc is still there
    assert state.owned[1][0][1] == 1                     # turned for the rest of the turn


def test_shipbuilding_needs_a_ship_left_in_the_box():
    """L1530-1532 with L637: «У каждого игрока может быть не больше 4 кораблей.»"""
    state = fresh()
    give_card(state, 0, "shipbuilding")
    place_inhabitants(state, 0, 1, 1)
    give_cubes(state, 0, wood=1)
    for _ in range(4):
        ship_to(state, 0, 0)
    assert not card_uses(state, "shipbuilding")
    with pytest.raises(IllegalAction):
        use(state, "shipbuilding", (1,))


# ---------------------------------------------------------------- characters
def test_exporter_sells_any_number_of_one_resource_at_the_export_rows_prices():
    """L1494-1496 Экспортёр: «Вы можете купить или продать неограниченное количество кубиков
    одного любого ресурса на внешнем рынке (используйте для этого банк).» L1087-1089: «Цена
    каждого кубика определяется рядом, в который кубик был помещён». Open card: 1f + 1f to
    its owner (L822)."""
    state = fresh()
    give_card(state, 1, "exporter")
    set_market(state, 0, "fish", 0)
    set_market(state, 1, "fish", 0)
    room = state.content.capacity(1, FISH)
    assert room > 5
    give_cubes(state, 0, fish=room + 1, wood=1)
    set_money(state, 0, 2)
    set_money(state, 1, 0)
    use(state, "exporter", (FISH,))
    assert state.money[:2] == [0, 2]
    assert Trade(1, "wood", False) not in menu(state)     # one resource only
    assert Trade(0, "fish", False) not in menu(state)     # the export market only
    for slot in range(room):
        price = markets.row_of(state, 1, FISH, slot).price
        before = state.money[0]
        state.apply(0, Trade(1, "fish", False))
        assert state.money[0] == before + price
    assert state.market[1][FISH] == room and state.cubes[0][FISH] == 1
    assert menu(state) == [Done()]                        # the zone is full (L487)
    state.apply(0, Done())
    assert state.step == "round" and state.discs_used[0] == 0


def test_exporter_buys_the_whole_zone_bottom_right_first():
    """L1496 («купить ... неограниченное количество»), L1089 and L483-485: buying takes the
    bottom-right cube at its row's price."""
    state = fresh()
    give_card(state, 0, "exporter")
    room = state.content.capacity(1, IRON)
    set_market(state, 0, "iron", 0)
    set_market(state, 1, "iron", room)
    set_money(state, 0, 100)
    use(state, "exporter", (IRON,))
    assert state.money[0] == 99                           # its owner pays the bank 1f (L822)
    for count in range(room, 0, -1):
        price = markets.row_of(state, 1, IRON, count - 1).price
        before = state.money[0]
        state.apply(0, Trade(1, "iron", True))
        assert state.money[0] == before - price
    assert state.cubes[0][IRON] == room and state.market[1][IRON] == 0
    assert menu(state) == [Done()]


def test_admiral_lets_ships_sail_through_up_to_three_regions():
    """L1500-1502 Адмирал: «Ваши корабли могут перемещаться (см. Миграция) через один, два
    или три региона.» Without it a ship moves to a neighbouring region (L583)."""
    state = fresh()
    chain = [lay(state, *sea_face(state), 30 + i, 0, 1) for i in range(5)]
    for a, b in pairwise(chain):
        assert board.sea_link(state, a, b)
    ship = ship_to(state, 0, chain[0])
    give_card(state, 1, "admiral")
    set_money(state, 0, 5)
    state.apply(0, Migrate())
    assert MoveUnit(ship, chain[1], "") in menu(state)
    assert MoveUnit(ship, chain[2], "") not in menu(state)
    state.apply(0, Done())
    wheel.start_round(state, 0)
    touch(state)
    use(state, "admiral")
    assert state.money[0] == 3                            # 1f + 1f to the owner
    state.apply(0, Migrate())
    moves = {a.region for a in menu(state) if a.kind == "move_unit" and a.unit == ship}
    assert {chain[1], chain[2], chain[3]} <= moves
    assert chain[4] not in moves
    state.apply(0, MoveUnit(ship, chain[3], ""))
    assert state.units[ship][REGION] == chain[3]


def test_trade_minister_moves_up_to_two_cubes_between_the_markets():
    """L1506-1508 Министр торговли: «Вы можете переместить до двух кубиков с внутреннего рынка
    на внешний или наоборот.» Owner-only (L818)."""
    state = fresh()
    give_card(state, 1, "trade_minister")
    assert not card_uses(state, "trade_minister")         # another player's: not offered
    give_card(state, 0, "trade_minister")
    set_market(state, 0, "fish", 3)
    set_market(state, 1, "fish", 0)
    set_market(state, 1, "wood", 1)
    bank = list(state.bank_cubes)
    use(state, "trade_minister")
    options = menu(state)
    assert Pick("fish>") in options and Pick("wood<") in options
    assert Pick("fish<") not in options                   # nothing of it on the export board
    state.apply(0, Pick("fish>"))
    state.apply(0, Pick("fish>"))
    assert state.market[0][FISH] == 1 and state.market[1][FISH] == 2
    assert menu(state) == [Done()]                        # two cubes at most
    assert state.bank_cubes == bank                       # board to board, not the bank
    state.apply(0, Done())
    assert state.step == "round"


# ---------------------------------------------------------------- progress: ×2 (L852-854)
DOUBLERS = [("irrigation", FRUIT), ("fishing", FISH), ("quarry", STONE),
            ("iron_mine", IRON), ("farm", CATTLE)]


@pytest.mark.parametrize(("card", "res"), DOUBLERS)
def test_resource_card_doubles_the_harvest_of_its_resource(card, res):
    """L1512-1526 (Оросительный канал, Промышленное рыболовство, Карьер, Железная шахта,
    Ферма), icon ×2 L852-854: «Добывая ресурс указанного типа, получите вдвое большее
    количество кубиков.» Fish is harvested by ships (content facts T15)."""
    state = fresh()
    if res == FISH:
        k = 0                                              # the open sea, 3 fish icons
        units = [ship_to(state, 0, 0), ship_to(state, 0, 0)]
    else:
        n = 2 if res != IRON else 1
        k = lay(state, *face_with(state, res, n), 30, 0, 0)
        units = place_inhabitants(state, 0, k, n)
    give_card(state, 1, card)
    set_money(state, 0, 2)
    use(state, card)
    assert state.money[0] == 0 and not card_uses(state, card)
    before = state.cubes[0][res]
    state.apply(0, Harvest(RESOURCES[res]))
    for u in units:
        state.apply(0, HarvestWith(u))
    assert state.cubes[0][res] == before + 2 * len(units)


def test_quarry_does_not_double_another_resource():
    """L852-854: only «ресурс указанного типа» is doubled — iron harvested after the Quarry."""
    state = fresh()
    k = lay(state, *face_with(state, STONE, 2), 30, 0, 0)
    assert IRON in board.region_face(state, k).icons
    u = place_inhabitants(state, 0, k, 1)[0]
    give_card(state, 0, "quarry")
    use(state, "quarry")
    state.apply(0, Harvest("iron"))
    state.apply(0, HarvestWith(u))
    assert state.cubes[0][IRON] == 1


def test_iron_mine_cannot_take_more_than_the_bank_holds():
    """L461: «Количество кубиков ресурсов ограничено ... добыча ресурсов не принесёт столько
    кубиков». The Iron mine doubles, the bank has one iron cube left."""
    state = fresh()
    k = lay(state, *face_with(state, IRON, 1), 30, 0, 0)
    u = place_inhabitants(state, 0, k, 1)[0]
    give_card(state, 0, "iron_mine")
    state.cubes[2][IRON] += state.bank_cubes[IRON] - 1
    state.bank_cubes[IRON] = 1
    use(state, "iron_mine")
    state.apply(0, Harvest("iron"))
    state.apply(0, HarvestWith(u))
    assert state.cubes[0][IRON] == 1 and state.bank_cubes[IRON] == 0


# ---------------------------------------------------------------- progress: moves
def land_chain(state):
    """Regions a, b, c: a-b and b-c joined by land, a-c by sea only."""
    b = lay(state, 0, 1, 40, 0, 0)            # 1B «ffssss»: land east (0) and south-east (1)
    a = lay(state, 3, 1, 41, 0, 3)            # 4B «fsssss» turned: land towards b
    c = lay(state, 6, 1, 40, 1, 4)            # 7B «fsssss» turned: land towards b
    assert board.land_link(state, a, b) and board.land_link(state, b, a)
    assert board.land_link(state, b, c) and board.land_link(state, c, b)
    assert board.sea_link(state, a, c)
    return a, b, c


def test_roads_let_inhabitants_walk_one_region_further():
    """L1526-1528 Дороги: «Во время действия Миграция жители могут перемещаться на один регион
    дальше.» Without a ship the sea between a and c is not crossed (L583)."""
    state = fresh()
    a, b, c = land_chain(state)
    u = place_inhabitants(state, 0, a, 1)[0]
    give_card(state, 2, "roads")
    set_money(state, 0, 5)
    state.apply(0, Migrate())
    assert MoveUnit(u, b, "") in menu(state) and MoveUnit(u, c, "") not in menu(state)
    state.apply(0, Done())
    wheel.start_round(state, 0)
    touch(state)
    use(state, "roads")
    assert state.money[0] == 3 and state.money[2] == 12
    state.apply(0, Migrate())
    assert MoveUnit(u, c, "") in menu(state)
    state.apply(0, MoveUnit(u, c, ""))
    assert state.units[u][REGION] == c


def test_expansionism_migrates_without_a_disc():
    """L1534-1536 Экспансионизм: «Вы можете произвести действие Миграция без использования
    диска действия.»"""
    state = fresh()
    a, b, _c = land_chain(state)
    u = place_inhabitants(state, 0, a, 1)[0]
    give_card(state, 1, "expansionism")
    set_money(state, 0, 2)
    use(state, "expansionism")
    assert state.step == "migrate" and state.money[:2] == [0, 12]
    state.apply(0, MoveUnit(u, b, ""))
    state.apply(0, Done())
    assert state.units[u][REGION] == b and state.discs_used[0] == 0
    assert Migrate() in menu(state)                       # the round's disc action is left
    assert not card_uses(state, "expansionism")           # one card per round (L800)


# ---------------------------------------------------------------- progress: markets
def test_foreign_trade_adds_a_cube_from_the_bank_or_removes_one():
    """L1538-1540 Внешняя торговля: «Добавьте один кубик любого ресурса на внешний рынок или
    же уберите его с внешнего рынка (используйте банк).»"""
    state = fresh()
    give_card(state, 0, "foreign_trade")
    set_market(state, 1, "cattle", 0)
    set_market(state, 1, "stone", 2)
    assert UseCard("foreign_trade", (CATTLE, 0)) not in menu(state)   # nothing to remove
    assert UseCard("foreign_trade", (STONE, 0)) in menu(state)
    bank = state.bank_cubes[CATTLE]
    use(state, "foreign_trade", (CATTLE, 1))
    assert state.market[1][CATTLE] == 1 and state.bank_cubes[CATTLE] == bank - 1
    assert state.cubes[0][CATTLE] == 0 and state.money[0] == 9
    wheel.start_round(state, 0)
    state.owned[0][0][1] = 0                              # upright again (as after L240)
    touch(state)
    bank = state.bank_cubes[STONE]
    use(state, "foreign_trade", (STONE, 0))
    assert state.market[1][STONE] == 1 and state.bank_cubes[STONE] == bank + 1


def test_foreign_trade_cannot_add_to_a_full_zone():
    """L1540 with L487: a full zone takes no cube."""
    state = fresh()
    give_card(state, 0, "foreign_trade")
    set_market(state, 1, "fruit", state.content.capacity(1, FRUIT))
    assert UseCard("foreign_trade", (FRUIT, 1)) not in menu(state)
    assert UseCard("foreign_trade", (FRUIT, 0)) in menu(state)


def test_domestic_trade_is_one_trade_without_a_disc_and_one_florin_to_its_owner():
    """L1566-1568 Внутренняя торговля: «Вы можете произвести любую торговую сделку на
    внутреннем рынке без использования диска действия.» A trade is one cube (L479); the card
    asks no florins, so another player pays its owner 1f (L822)."""
    state = fresh()
    give_card(state, 1, "domestic_trade")
    set_market(state, 0, "fish", 3)
    set_money(state, 0, 10)
    set_money(state, 1, 0)
    price = markets.row_of(state, 0, FISH, 2).price
    assert UseCard("domestic_trade", (FISH, 1)) in menu(state)
    assert not any(a.kind == "use_card" and a.arg == (WOOD, 0) for a in menu(state))  # no wood
    use(state, "domestic_trade", (FISH, 1))
    assert state.money[:2] == [10 - 1 - price, 1]
    assert state.cubes[0][FISH] == 1 and state.market[0][FISH] == 2
    assert state.step == "round" and state.discs_used[0] == 0
    assert Trade(1, "fish", False) in menu(state)         # the disc's trade is still open


def test_domestic_trade_not_offered_without_the_price_after_the_fee():
    """L822 and L1568: the fee is paid first; a buy it can no longer pay is not offered."""
    state = fresh()
    give_card(state, 1, "domestic_trade")
    set_market(state, 0, "fish", 3)
    price = markets.row_of(state, 0, FISH, 2).price
    set_money(state, 0, price)
    assert UseCard("domestic_trade", (FISH, 1)) not in menu(state)
    set_money(state, 0, price + 1)
    assert UseCard("domestic_trade", (FISH, 1)) in menu(state)


# ---------------------------------------------------------------- progress: people
def test_slavery_frees_the_owners_engaged_inhabitants_to_work_again():
    """L1542-1544 Рабство: «Освободите всех занятых жителей, которых вы контролируете. Их можно
    сразу же снова задействовать.» Ships and other players' inhabitants stay engaged."""
    state = fresh()
    k = lay(state, *face_with(state, WOOD, 2), 30, 0, 0)
    mine = place_inhabitants(state, 0, k, 2)
    theirs = place_inhabitants(state, 1, k, 1)[0]
    ship = ship_to(state, 0, 0)
    for unit in (*mine, theirs, ship):
        state.units[unit][ENGAGED] = True
    give_card(state, 0, "slavery")
    assert not any(a.kind == "harvest" for a in menu(state))
    use(state, "slavery")
    assert not any(state.units[u][ENGAGED] for u in mine)
    assert state.units[theirs][ENGAGED] and state.units[ship][ENGAGED]
    assert state.money[0] == 10                           # it costs nothing
    state.apply(0, Harvest("wood"))
    state.apply(0, HarvestWith(mine[0]))
    assert state.cubes[0][WOOD] == 1


def test_slavery_is_the_owners_alone():
    """L818: an owner-only card is not offered to the others."""
    state = fresh()
    give_card(state, 1, "slavery")
    assert not card_uses(state, "slavery")
    with pytest.raises(IllegalAction):
        use(state, "slavery")


def test_dictatorship_stands_up_the_owners_strikers():
    """L1580-1582 Диктатура: «Поставьте всех контролируемых вами бастующих жителей на ноги,
    снова сделав их активными.» One action disc goes on the card (reconstructed cost)."""
    state = fresh()
    mine = place_inhabitants(state, 0, 1, 2)
    theirs = place_inhabitants(state, 1, 1, 1)[0]
    for unit in (*mine, theirs):
        state.units[unit][STANDING] = False
    give_card(state, 0, "dictatorship")
    touch(state)
    income_before = wheel.tax_items(state, 0)
    use(state, "dictatorship")
    assert all(state.units[u][STANDING] for u in mine) and not state.units[theirs][STANDING]
    assert state.discs_used[0] == 1
    assert wheel.tax_items(state, 0) == income_before + 2   # active again (L408-410)


def test_dictatorship_needs_a_free_action_disc():
    """L826: «Потратьте указанное количество дисков действия» — none left, no Dictatorship."""
    state = fresh()
    state.units[place_inhabitants(state, 0, 1, 1)[0]][STANDING] = False
    give_card(state, 0, "dictatorship")
    state.discs_used[0] = state.discs[0]
    touch(state)
    assert not card_uses(state, "dictatorship")


def test_emigration_lowers_surplus_by_one_per_port_on_the_archipelago():
    """L1556, L1079-1081 Эмиграция: «Уровень излишков рабочей силы снижается на 1 за каждый порт на
    архипелаге» — every port counts, whoever controls it. The owner pays the bank (L822)."""
    state = fresh()
    give_card(state, 0, "emigration")
    staffed(state, 0, 1, "port")
    staffed(state, 1, 2, "port")
    state.regions[3]["buildings"]["port"] = True            # nobody in it: still a port
    state.surplus = 7
    touch(state)
    bank = state.bank_money
    use(state, "emigration")
    assert state.surplus == 4
    assert state.money[0] == 9 and state.bank_money == bank + 1
    assert not card_uses(state, "emigration", seat=1)


def test_immigration_raises_surplus_by_two():
    """L1562 Иммиграция (text lost in the scan): reconstructed as surplus +2, owner-only, 1f."""
    state = fresh()
    give_card(state, 1, "immigration")
    assert not card_uses(state, "immigration")
    give_card(state, 0, "immigration")
    state.surplus = 3
    use(state, "immigration")
    assert state.surplus == 5 and state.money[0] == 9


def test_peace_and_prosperity_lowers_rebellion_by_two():
    """L1572 Мир и процветание (text lost): reconstructed as rebellion -2, owner-only, 2f."""
    state = fresh()
    give_card(state, 0, "peace")
    state.rebellion, state.population = 5, 20
    set_money(state, 0, 1)
    assert not card_uses(state, "peace")                   # 2f needed
    set_money(state, 0, 2)
    use(state, "peace")
    assert state.rebellion == 3 and state.money[0] == 0


def test_education_lowers_surplus_and_rebellion_by_one():
    """L1576 Образование (text lost): reconstructed as surplus -1 and rebellion -1, 1f."""
    state = fresh()
    give_card(state, 0, "education")
    state.rebellion, state.population, state.surplus = 4, 20, 6
    use(state, "education")
    assert (state.rebellion, state.surplus, state.money[0]) == (3, 5, 9)


def test_amphitheatre_costs_a_stone_and_calms_the_colony():
    """L1538 Амфитеатр (text lost): reconstructed as 1 stone to the bank, +2f, rebellion -1."""
    state = fresh()
    give_card(state, 0, "amphitheatre")
    state.rebellion, state.population = 3, 20
    assert not card_uses(state, "amphitheatre")            # no stone
    give_cubes(state, 0, stone=1)
    bank_stone = state.bank_cubes[STONE]
    use(state, "amphitheatre")
    assert state.rebellion == 2 and state.money[0] == 12
    assert state.cubes[0][STONE] == 0 and state.bank_cubes[STONE] == bank_stone + 1


def test_architecture_builds_without_a_disc():
    """L1562-1564 Архитектура: «Вы можете произвести действие Строительство без использования
    диска действия.» The building's price is paid as usual (L613, L621)."""
    state = fresh()
    give_card(state, 0, "architecture")
    u = place_inhabitants(state, 0, 1, 1)[0]
    florins, cubes = state.content.costs["church"]
    church = UseCard("architecture", (building.KINDS.index("church"), 1))
    assert church not in menu(state)                       # no stone for a church
    for r, n in enumerate(cubes):
        if n:
            give_cubes(state, 0, **{RESOURCES[r]: n})
    set_money(state, 0, 1 + florins)
    assert church in menu(state)
    state.apply(0, church)
    assert "church" in state.regions[1]["buildings"] and state.units[u][5] == "church"
    assert state.money[0] == 0 and state.cubes[0] == [0] * 6
    assert state.discs_used[0] == 0 and Taxes() in menu(state)
    assert Build("church", 1) not in menu(state)          # one church per region (L617)


def test_church_gifts_one_fruit_without_cattle():
    """L1586, L1091-1095, way 1: one fruit to the bank, rebellion -1; way 2 needs a cattle cube."""
    state = fresh()
    give_card(state, 0, "church_gifts")
    state.rebellion, state.population = 4, 20
    give_cubes(state, 0, fruit=1)
    touch(state)
    assert card_uses(state, "church_gifts") == [UseCard("church_gifts", (1,))]
    use(state, "church_gifts", (1,))
    assert state.rebellion == 3 and state.cubes[0][FRUIT] == 0 and state.money[0] == 10


# ---------------------------------------------------------------- wonders (L866-884)
def test_pyramid_costs_five_stone_and_two_discs_and_raises_rebellion_by_two():
    """L1552, L1119-1121 Пирамида: «Потратьте 5 кубиков камня и 2 диска действия. Передвиньте маркер
    мятежных настроений на 2 в сторону увеличения.» L874: an inhabitant leaves for it."""
    state = fresh()
    give_card(state, 0, "pyramid")
    u = place_inhabitants(state, 0, 1, 1)[0]
    state.rebellion, state.population = 1, 10
    give_cubes(state, 0, stone=4)
    assert not wonders(state)                              # 4 stone
    give_cubes(state, 0, stone=1)
    state.discs_used[0] = state.discs[0] - 1
    touch(state)
    assert not wonders(state)                              # 1 disc
    state.discs_used[0] = 0
    touch(state)
    state.apply(0, BuildWonder("pyramid", u))
    assert state.rebellion == 3 and state.population == 9
    assert state.cubes[0][STONE] == 0 and state.discs_used[0] == 2
    assert state.units[u][REGION] == WONDER and state.owned[0][0][2] == 1


def test_cathedral_needs_a_church_of_ones_own_and_counts_every_church():
    """L1562, L1071-1073 Собор: «У вас под контролем должна быть хотя бы одна церковь ... Потратьте 3
    кубика камня и 2 диска действия. Передвиньте маркер мятежных настроений на 1 в сторону
    уменьшения за каждую церковь на архипелаге.»"""
    state = fresh()
    give_card(state, 0, "cathedral")
    u = place_inhabitants(state, 0, 1, 1)[0]
    give_cubes(state, 0, stone=3)
    staffed(state, 1, 2, "church")
    state.regions[3]["buildings"]["church"] = True
    state.rebellion, state.population = 6, 20
    touch(state)
    assert not wonders(state)                              # the churches are not seat 0's
    keeper = staffed(state, 0, 1, "church")
    state.population = 20
    touch(state)
    # L874 «из любого места на архипелаге»: the church's keeper may go too
    assert set(wonders(state)) == {BuildWonder("cathedral", u), BuildWonder("cathedral", keeper)}
    state.apply(0, BuildWonder("cathedral", u))
    assert state.rebellion == 3 and state.discs_used[0] == 2 and state.cubes[0][STONE] == 0


def test_lighthouse_gives_every_player_a_ship_at_each_port_it_controls():
    """L1560, L1099-1101 Большой Маяк: «Каждому игроку добавляется по кораблю в каждом регионе, где он
    контролирует порт» — a player with no ship left in the box gets none (L637)."""
    state = fresh()
    give_card(state, 0, "lighthouse")
    u = place_inhabitants(state, 0, 1, 1)[0]
    give_cubes(state, 0, iron=1, stone=2)
    far = lay(state, *sea_face(state), 30, 0, 1)
    staffed(state, 0, 1, "port")
    staffed(state, 1, 2, "port")
    staffed(state, 1, far, "port")
    staffed(state, 2, 3, "port")
    for _ in range(4):
        ship_to(state, 2, 1)
    state.population = 20
    touch(state)

    def ships(seat, k):
        return sum(1 for x in state.units if x[0] == seat and x[1] and x[REGION] == k)

    state.apply(0, BuildWonder("lighthouse", u))
    assert ships(0, 1) == 1 and ships(1, 2) == 1 and ships(1, far) == 1
    assert ships(2, 3) == 0 and ships(2, 1) == 4


def test_a_wonder_is_built_instead_of_a_card_and_only_once():
    """L870-872: «Во время своего раунда, вместо использования обычной карты развития, активный
    игрок может построить одно из своих Чудес Света ... уже построенное Чудо Света нельзя
    построить ещё раз.»"""
    state = fresh()
    give_card(state, 0, "colossus")
    give_card(state, 0, "education")
    u, v = place_inhabitants(state, 0, 1, 2)
    give_cubes(state, 0, iron=6)
    state.population, state.surplus = 20, 5
    touch(state)
    use(state, "education")
    assert not wonders(state)                              # the round's card is used
    wheel.start_round(state, 0)
    touch(state)
    state.apply(0, BuildWonder("colossus", u))
    assert not any(a.kind == "use_card" for a in menu(state))
    state.owned[0][1][1] = 0                               # Education upright again
    wheel.start_round(state, 0)
    touch(state)
    assert not wonders(state) and card_uses(state, "education")
    with pytest.raises(IllegalAction):
        state.apply(0, BuildWonder("colossus", v))


def test_a_wonder_takes_any_active_free_inhabitant_the_player_chooses():
    """L874: «Затем он берёт одного из своих активных незанятых жителей из любого места на
    архипелаге» — the player's choice; a striker or an engaged inhabitant cannot go."""
    state = fresh()
    give_card(state, 0, "colossus")
    first = place_inhabitants(state, 0, 1, 1)[0]
    second = place_inhabitants(state, 0, 2, 1)[0]
    striker = place_inhabitants(state, 0, 3, 1)[0]
    busy = place_inhabitants(state, 0, 3, 1)[0]
    state.units[striker][STANDING] = False
    state.units[busy][ENGAGED] = True
    give_cubes(state, 0, iron=3)
    state.population = 20
    touch(state)
    assert set(wonders(state)) == {BuildWonder("colossus", first), BuildWonder("colossus", second)}
    state.apply(0, BuildWonder("colossus", second))
    assert state.units[second][REGION] == WONDER and state.units[first][REGION] == 1


def test_a_wonder_bought_this_turn_cannot_be_built_yet():
    """L870: «Чудес Света, купленных в предыдущем ходе» — read as bought in an earlier turn."""
    state = fresh()
    give_card(state, 0, "pyramid", turn=1)
    u = place_inhabitants(state, 0, 1, 1)[0]
    give_cubes(state, 0, stone=5)
    state.population = 20
    touch(state)
    assert not wonders(state)
    with pytest.raises(IllegalAction):
        state.apply(0, BuildWonder("pyramid", u))
    state.owned[0][0][3] = 0                               # bought in turn 0
    touch(state)
    assert wonders(state) == [BuildWonder("pyramid", u)]
