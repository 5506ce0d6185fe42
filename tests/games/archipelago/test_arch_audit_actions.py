"""Audit of phase 5, the actions (archipelago.ru.txt L435-725): the rules that
test_arch_actions.py and test_arch_literal_rules.py do not show, each played through the
legal actions with its illegal side.

The position is seed 1 with 3 players after turn 0: region 0 is the open sea (3 fish), 1 a
strait (wood, 2 fish), 2 (iron, fish), 3 (stone, wood, fruit); sea borders 0-1, 0-2, 0-3,
1-2, 2-3 and no land border."""

from __future__ import annotations

import pytest
from arch_scenario import (
    R,
    clear_units,
    give_cubes,
    in_round,
    kinds,
    legal,
    place_inhabitants,
    set_market,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import board, exploration, pieces, wheel
from settlers.games.archipelago.actions import (
    Build,
    ChooseCubes,
    Done,
    Explore,
    Harvest,
    HarvestWith,
    Migrate,
    MoveUnit,
    Recruit,
    RecruitTo,
    Reproduce,
    ReproduceIn,
    TakeHex,
    Taxes,
    Trade,
    UseBuilding,
)
from settlers.games.archipelago.state import BOX, ENGAGED, REGION
from settlers.games.archipelago.unit import BUILDING, ICON, STANDING

FISH = R["fish"]


def fresh(players: int = 3, seed: int = 1):
    state = in_round(players, seed)
    clear_units(state)
    if (players, seed) == (3, 1):   # the layout the docstring describes
        assert [board.region_face(state, k).icons for k in range(4)] == [
            (FISH, FISH, FISH), (R["wood"], FISH, FISH), (R["iron"], FISH),
            (R["stone"], R["wood"], R["fruit"])]
    return state


def next_round(state, seat: int = 0) -> None:
    """``seat`` plays a new round with a disc to spare (the tests' way to chain actions)."""
    wheel.start_round(state, seat)
    state.discs_used[seat] = 0
    touch(state)


def town_of(state, seat: int, region: int) -> int:
    return staffed(state, seat, region, "town")


# ---------------------------------------------------------------- harvest (L449-461)
def test_one_harvest_takes_one_resource_with_every_unit_the_player_puts_on_its_icons():
    # L449: «действие [добычи] не ограничено. Однако за одно действие добычи можно добывать
    # лишь один тип ресурсов»; L451: the units stay on the icons, engaged.
    state = fresh()
    ships = [ship_to(state, 0, 0), ship_to(state, 0, 0), ship_to(state, 0, 2)]
    inh = place_inhabitants(state, 0, 3, 1)[0]
    before = state.cubes[0][FISH]
    state.apply(0, Harvest("fish"))
    assert set(legal(state)) == {*(HarvestWith(s) for s in ships), Done()}
    for s in ships:
        state.apply(0, HarvestWith(s))
    assert state.cubes[0][FISH] == before + 3
    assert HarvestWith(inh) not in legal(state)          # illegal: stone/wood/fruit, not fish
    state.apply(0, Done())
    assert "harvest" not in kinds(state)                   # the disc of the round is spent
    assert all(state.units[s][ENGAGED] for s in ships)
    assert sorted(state.units[s][ICON] for s in ships[:2]) == [0, 1]   # two icons of region 0


def test_harvest_gives_no_more_cubes_than_the_bank_holds():
    # L461: «Если ресурсы в банке заканчиваются, возможно, что добыча ресурсов не принесёт
    # столько кубиков, сколько месторождений этого ресурса будет обрабатываться.»
    state = fresh()
    u = place_inhabitants(state, 0, 3, 1)[0]
    stone = R["stone"]
    state.cubes[2][stone] += state.bank_cubes[stone]
    state.bank_cubes[stone] = 0
    state.apply(0, Harvest("stone"))
    state.apply(0, HarvestWith(u))
    assert state.cubes[0][stone] == 0 and state.bank_cubes[stone] == 0
    assert state.units[u][ENGAGED]


def test_engaged_harvesters_still_reproduce_and_recruit_but_do_not_move():
    # L455: «они не могут совершать дополнительных действий, которые требуют их передвижения.
    # Однако они всё ещё могут участвовать в репродукции и в вербовке в своём регионе»; L549.
    state = fresh()
    a, b = place_inhabitants(state, 0, 3, 2)
    state.apply(0, Harvest("stone"))
    state.apply(0, HarvestWith(a))
    state.apply(0, Done())
    next_round(state)
    state.apply(0, Harvest("wood"))
    state.apply(0, HarvestWith(b))
    state.apply(0, Done())
    next_round(state)
    assert state.units[a][ENGAGED] and state.units[b][ENGAGED]
    assert Migrate() not in legal(state) and Explore() not in legal(state)   # illegal: busy
    population = state.population
    state.apply(0, Reproduce())
    state.apply(0, ReproduceIn(3))
    assert len(pieces.inhabitants_in(state, 3, 0)) == 3 and state.population == population + 1
    # recruitment in a region whose only unit of mine is engaged
    state2 = fresh()
    c = place_inhabitants(state2, 0, 2, 1)[0]
    state2.apply(0, Harvest("iron"))
    state2.apply(0, HarvestWith(c))
    state2.apply(0, Done())
    next_round(state2)
    state2.surplus = 6
    set_money(state2, 0, 20)
    state2.apply(0, Recruit())
    assert RecruitTo(2) in legal(state2)


def test_a_town_closes_its_fish_to_other_ships_and_a_striking_keeper_closes_nothing():
    # L459, L701: the town controls the region «пока его занимает активный житель»; L709
    # «контроль над всеми ресурсами, которые можно добывать в данном регионе» (fish included).
    state = fresh()
    keeper = town_of(state, 1, 2)
    ship = ship_to(state, 0, 2)
    assert Harvest("fish") not in legal(state)             # illegal without permission
    state.units[keeper][STANDING] = False                  # the keeper strikes
    touch(state)
    assert Harvest("fish") in legal(state)
    state.apply(0, Harvest("fish"))
    state.apply(0, HarvestWith(ship))
    assert state.units[ship][ICON] == 1


# ---------------------------------------------------------------- taxes (L467-473)
def test_taxes_count_active_units_ships_towns_and_churches_controlled():
    # L471: «За каждого активного жителя, корабль, город или церковь, находящихся под его
    # контролем ... количество флоринов, указанное на табличке»; L473 strikers pay nothing.
    state = fresh()
    town_of(state, 0, 3)
    priest = staffed(state, 0, 2, "church")
    ship_to(state, 0, 0)
    striker = place_inhabitants(state, 0, 3, 1)[0]
    state.units[striker][STANDING] = False
    table = state.content.taxes
    assert wheel.tax_items(state, 0) == 5                  # 3 units + town + church
    money, bank = state.money[0], state.bank_money
    state.apply(0, Taxes())
    assert state.money[0] == money + table[5] and state.bank_money == bank - table[5]
    next_round(state)
    state.units[priest][STANDING] = False                  # the church is no longer controlled
    touch(state)
    assert wheel.tax_items(state, 0) == 3
    money = state.money[0]
    state.apply(0, Taxes())
    assert state.money[0] == money + table[3]


def test_five_players_have_three_tax_and_four_exploration_slots():
    # L467, L497: «ограниченное количество раз за ход» — the wheel's limits (content T8)
    state = fresh(players=5)
    place_inhabitants(state, 0, 1, 1)
    state.wheel.update(taxes=2, explore=3)
    touch(state)
    assert {Taxes(), Explore()} <= set(legal(state))
    state.wheel.update(taxes=3, explore=4)
    touch(state)
    assert Taxes() not in legal(state) and Explore() not in legal(state)


# ---------------------------------------------------------------- trade (L479-491)
def test_trade_example_played_on_the_wheel_moves_the_money_through_the_bank():
    # L483-485 and the example L491: fish bought at 4f, 4f, then 6f; sold at 4f, then 3f.
    state = fresh()
    set_market(state, 0, "fish", 4)
    set_money(state, 0, 30)
    state.cubes[0][FISH], state.bank_cubes[FISH] = 0, state.bank_cubes[FISH] + state.cubes[0][FISH]
    paid = []
    for _ in range(3):
        money, bank = state.money[0], state.bank_money
        state.apply(0, Trade(0, "fish", True))
        assert state.bank_money - bank == money - state.money[0]
        paid.append(money - state.money[0])
        next_round(state)
    assert paid == [4, 4, 6] and state.market[0][FISH] == 1 and state.cubes[0][FISH] == 3
    set_market(state, 0, "fish", 4)
    got = []
    for _ in range(2):
        money, bank = state.money[0], state.bank_money
        state.apply(0, Trade(0, "fish", False))
        assert bank - state.bank_money == state.money[0] - money
        got.append(state.money[0] - money)
        next_round(state)
    assert got == [4, 3] and state.market[0][FISH] == 6
    assert Trade(1, "fish", False) in legal(state)         # the export board is the other choice


# ---------------------------------------------------------------- exploration (L497-536)
def explore_with_an_inhabitant(seed: int = 1):
    """Seat 0 explores with one free inhabitant; returns the state at ``place_region``, the
    inhabitant and the placements offered (seeds tried until one offers a placement)."""
    for s in range(seed, seed + 40):
        state = fresh(seed=s)
        faces = {k: board.region_face(state, k) for k in range(len(state.regions))}
        k = next(k for k, f in faces.items() if k > 0 and not f.strait)
        u = place_inhabitants(state, 0, k, 1)[0]
        state.apply(0, Explore())
        state.apply(0, TakeHex())
        places = [a for a in legal(state) if a.kind == "place_region"]
        if places:
            return state, u, k, places
    raise AssertionError("no seed lets an inhabitant explore")


def test_exploration_lays_a_region_by_land_from_the_explorer_and_pays_its_rewards():
    # L507: touches two regions; L513: an inhabitant moves in by land; L521: an explorer token
    # from the first pile, behind the screen; L527-528: cubes; L536: surplus += huts.
    state, u, k, places = explore_with_an_inhabitant()
    assert {a.unit for a in places} == {u}                 # the only free unit of mine
    for a in places:
        trial = state.clone()
        trial.apply(0, a)
        new = len(trial.regions) - 1
        assert len(board.neighbours(trial, new)) >= 2
        assert board.land_link(trial, new, k)              # an inhabitant walks (L513)
    a = places[0]
    face = state.content.hexes[a.hex][a.side]
    surplus, piles, tokens = state.surplus, list(state.piles), state.tokens[0]
    state.apply(0, a)
    new = len(state.regions) - 1
    assert state.units[u][REGION] == new
    assert state.tokens[0] == tokens + 1 and state.piles[0] == piles[0] - 1
    assert state.surplus == surplus + face.huts
    choices = [c for c in legal(state) if c.kind == "choose_cubes"]
    assert choices == exploration.cube_choices(state, new)
    assert "tokens" not in state.view(1)["state"]["players"][0]     # hidden from the others
    assert state.view(0)["state"]["players"][0]["tokens"] == tokens + 1


def test_exploration_needs_a_free_active_unit():
    # L511: «активный и свободный юнит» — neither an engaged nor a striking one
    state = fresh()
    u = place_inhabitants(state, 0, 3, 1)[0]
    state.units[u][ENGAGED] = True
    touch(state)
    assert Explore() not in legal(state)
    state.units[u][ENGAGED], state.units[u][STANDING] = False, False
    touch(state)
    assert Explore() not in legal(state)
    state.units[u][STANDING] = True
    touch(state)
    assert Explore() in legal(state)


def test_an_emptied_pile_gives_every_player_a_disc_at_once_up_to_five():
    # L447, L525: «каждый игрок немедленно получает дополнительный диск ... (максимум 5)»
    state, _u, _k, places = explore_with_an_inhabitant()
    state.piles[0] = 1
    state.discs_used[1] = state.discs[1]                   # seat 1 had used all its discs
    state.apply(0, places[0])
    assert state.piles[0] == 0 and state.discs == [4, 4, 4]
    touch(state)
    assert state.discs_used[1] < state.discs[1]            # usable in this very phase
    state.piles[1] = 1
    exploration.take_token(state, 0)
    assert state.discs == [5, 5, 5]
    state.piles[2] = 1
    exploration.take_token(state, 0)
    assert state.discs == [5, 5, 5]                        # at most 5


@pytest.mark.parametrize(("icons", "choices"), [
    # L530 Example 1: wood and fruit: fruit to the market, the player keeps wood (or the reverse)
    (("wood", "fruit"), {ChooseCubes("fruit", "wood"), ChooseCubes("wood", "fruit")}),
    # L532 Example 2: two cattle icons: one cattle to the market, the other to the player
    (("cattle", "cattle"), {ChooseCubes("cattle", "cattle")}),
    # L528: a region of one cube: it goes to the market, the player gets nothing
    (("stone",), {ChooseCubes("stone", "")}),
])
def test_exploration_cube_examples(icons, choices):
    got = set(exploration._cube_choices(tuple(R[i] for i in icons)))
    assert got == choices


def test_example_one_cubes_go_to_the_domestic_market_and_the_screen():
    # L527-530: the market cube to the domestic board, the other from the bank to the player
    state, _u, _k, places = explore_with_an_inhabitant()
    state.apply(0, places[0])
    choices = [c for c in legal(state) if c.kind == "choose_cubes"]
    choice = next((c for c in choices if c.keep and c.keep != c.market), choices[0])
    m = R[choice.market] if choice.market else -1
    before_market = state.market[0][m] if m >= 0 else 0
    before_keep = state.cubes[0][R[choice.keep]] if choice.keep else 0
    state.apply(0, choice)
    if m >= 0:
        assert state.market[0][m] == before_market + 1
    if choice.keep:
        assert state.cubes[0][R[choice.keep]] == before_keep + 1
    assert state.step == "round"


# ---------------------------------------------------------------- reproduction (L541-557)
def test_reproduction_may_add_one_in_every_region_of_exactly_two_active():
    # L545: «В каждом регионе, где игрок контролирует ровно 2 жителей, он может добавить 1
    # жителя» — the marker moves by the number born
    state = fresh()
    place_inhabitants(state, 0, 2, 2)
    place_inhabitants(state, 0, 3, 2)
    population = state.population
    state.apply(0, Reproduce())
    state.apply(0, ReproduceIn(2))
    state.apply(0, ReproduceIn(3))
    assert state.population == population + 2
    assert len(pieces.inhabitants_in(state, 2, 0)) == len(pieces.inhabitants_in(state, 3, 0)) == 3


def test_no_reproduction_with_a_striker_nor_where_three_stand():
    # L549: strikers do not reproduce; L551: not where 3 are, «активные они или бастующие»
    state = fresh()
    a = place_inhabitants(state, 0, 2, 2)
    state.units[a[0]][STANDING] = False                    # one active + one striker
    b = place_inhabitants(state, 0, 3, 3)
    state.units[b[2]][STANDING] = False                    # two active + one striker
    touch(state)
    assert Reproduce() not in legal(state)


def test_reproduction_stops_when_the_box_is_empty():
    # L551: «Игрок не может контролировать более 10 жителей своего цвета»
    state = fresh()
    place_inhabitants(state, 0, 1, 3)
    place_inhabitants(state, 0, 2, 2)
    place_inhabitants(state, 0, 3, 2)
    left = [i for i, u in enumerate(state.units) if u[0] == 0 and not u[1] and u[REGION] == BOX]
    assert len(left) == 3
    for i in left[:2]:
        state.units[i][REGION] = -2                        # gone with a wonder
    touch(state)
    population = state.population
    state.apply(0, Reproduce())
    state.apply(0, ReproduceIn(2))
    assert state.step == "round"                          # the box is empty: nothing to choose
    assert state.population == population + 1             # only one meeple left in the box
    assert sum(1 for u in state.units if u[0] == 0 and not u[1] and u[REGION] >= 0) == 8


# ---------------------------------------------------------------- recruitment (L561-577)
def test_recruits_join_regions_with_an_active_unit_only():
    # L571: «в которых у него есть хотя бы один активный юнит, занятый или свободный»
    state = fresh()
    s = place_inhabitants(state, 0, 2, 1)[0]
    state.units[s][STANDING] = False                       # a striker alone in region 2
    e = place_inhabitants(state, 0, 3, 1)[0]
    state.units[e][ENGAGED] = True                         # an engaged inhabitant in region 3
    state.surplus = 6
    set_money(state, 0, 20)
    state.apply(0, Recruit())
    assert RecruitTo(3) in legal(state) and RecruitTo(2) not in legal(state)
    with pytest.raises(IllegalAction):
        state.apply(0, RecruitTo(2))


def test_recruitment_stops_when_the_surplus_or_the_money_runs_out():
    # L561: «если он может заплатить им и разместить их»; L577: none at zero surplus
    state = fresh()
    place_inhabitants(state, 0, 3, 1)
    ship_to(state, 0, 2)
    state.surplus = 1
    set_money(state, 0, 20)
    state.apply(0, Recruit())
    state.apply(0, RecruitTo(2))
    assert state.surplus == 0 and legal(state) == [Done()]
    state2 = fresh()
    ship_to(state2, 0, 2)
    state2.surplus = 5                                     # 3f a worker (L569)
    set_money(state2, 0, 5)
    state2.apply(0, Recruit())
    state2.apply(0, RecruitTo(2))
    assert state2.money[0] == 2 and legal(state2) == [Done()]


# ---------------------------------------------------------------- migration (L583-603)
def test_migration_into_free_buildings_here_and_next_door_not_occupied_ones():
    # L583: «в незанятое здание в своём или в соседнем регионе»; L597-598
    state = fresh()
    u = place_inhabitants(state, 0, 3, 1)[0]
    ship_to(state, 0, 3)
    state.regions[3]["buildings"]["church"] = True
    state.regions[2]["buildings"]["port"] = True
    staffed(state, 1, 2, "market")
    state.apply(0, Migrate())
    menu = set(legal(state))
    assert {MoveUnit(u, 3, "church"), MoveUnit(u, 2, "port"), MoveUnit(u, 2, "")} <= menu
    assert MoveUnit(u, 2, "market") not in menu            # illegal: occupied
    state.apply(0, MoveUnit(u, 2, "port"))
    assert state.units[u][REGION] == 2 and state.units[u][BUILDING] == "port"


def test_engaged_units_do_not_migrate():
    # L455, L583: «все свои активные свободные юниты»
    state = fresh()
    busy = place_inhabitants(state, 0, 3, 1)[0]
    state.units[busy][ENGAGED] = True
    ship = ship_to(state, 0, 3)
    state.apply(0, Migrate())
    assert not any(a.kind == "move_unit" and a.unit == busy for a in legal(state))
    assert MoveUnit(ship, 2, "") in legal(state)


def test_a_ship_may_sail_before_the_convoy_and_a_convoy_does_not_spend_its_migration():
    # L589: «Корабли, перевозящие жителей через море, не тратят действие Миграция»; L591:
    # «Корабль может совершить собственное действие Миграция до или после участия в конвое»
    state = fresh()
    u = place_inhabitants(state, 0, 3, 1)[0]
    ship = ship_to(state, 0, 1)
    state.apply(0, Migrate())
    assert MoveUnit(u, 2, "") not in legal(state)         # illegal: no ship at 3 or 2 yet
    state.apply(0, MoveUnit(ship, 2, ""))                 # the ship sails first ...
    state.apply(0, MoveUnit(u, 2, ""))                    # ... then carries the inhabitant
    assert state.units[u][REGION] == 2
    next_round(state)
    v = place_inhabitants(state, 0, 2, 1)[0]
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(v, 3, ""))                    # a convoy by the ship at 2 ...
    assert MoveUnit(ship, 0, "") in legal(state)          # ... which may still sail after
    state.apply(0, MoveUnit(ship, 0, ""))
    assert state.units[ship][REGION] == 0


# ---------------------------------------------------------------- building (L613-637)
def test_a_ship_alone_builds_a_port_and_occupies_it_but_no_other_building():
    # L615: «или, как вариант, корабль его цвета, если строится порт»; L625, L647
    state = fresh()
    ship = ship_to(state, 0, 2)
    give_cubes(state, 0, stone=2, fish=1)
    set_money(state, 0, 5)
    menu = legal(state)
    assert Build("port", 2) in menu and Build("church", 2) not in menu
    state.apply(0, Build("port", 2))
    assert state.units[ship][BUILDING] == "port" and state.units[ship][ENGAGED]
    assert pieces.controller(state, 2, "port") == 0


def test_a_ship_builder_stays_free_and_the_ship_sails_next_round():
    # L631-635: «Строительство корабля не делает жителя ... занятым»; «может использоваться
    # сразу же»
    state = fresh()
    u = place_inhabitants(state, 0, 3, 1)[0]
    give_cubes(state, 0, wood=1, stone=2)
    set_money(state, 0, 5)
    state.apply(0, Build("ship", 3))
    ships = [i for i, x in enumerate(state.units) if x[0] == 0 and x[1] and x[REGION] == 3]
    assert len(ships) == 1 and not state.units[ships[0]][ENGAGED]
    assert not state.units[u][ENGAGED]
    next_round(state)
    assert Build("church", 3) in legal(state)              # the same builder, still free
    state.apply(0, Migrate())
    assert MoveUnit(ships[0], 2, "") in legal(state)


def test_a_striking_inhabitant_builds_nothing():
    # L615: «хотя бы один активный незанятый житель»
    state = fresh()
    u = place_inhabitants(state, 0, 3, 1)[0]
    state.units[u][STANDING] = False
    give_cubes(state, 0, wood=1, stone=2)
    set_money(state, 0, 5)
    assert "build" not in kinds(state)


# ---------------------------------------------------------------- control (L641, L697-717)
def test_a_vacated_building_goes_to_the_first_unit_that_migrates_in():
    # L641: «первый юнит, который приходит в это здание в результате миграции, даже юнит
    # другого игрока, получает над ним контроль»
    state = fresh()
    clerk = staffed(state, 1, 2, "market")
    ship_to(state, 1, 2)
    u = place_inhabitants(state, 0, 3, 1)[0]
    ship_to(state, 0, 3)
    set_money(state, 0, 5)
    state.apply(0, Migrate())
    assert MoveUnit(u, 2, "market") not in legal(state)
    state.apply(0, Done())
    wheel.start_round(state, 1)
    touch(state)
    state.apply(1, Migrate())
    state.apply(1, MoveUnit(clerk, 1, ""))   # (not to the open sea: no land, L583)
    state.apply(1, Done())
    assert pieces.controller(state, 2, "market") == -1     # nobody's
    next_round(state)
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, 2, "market"))
    state.apply(0, Done())
    assert pieces.controller(state, 2, "market") == 0
    assert UseBuilding(2, "market") in legal(state)


def test_a_town_controls_the_empty_market_and_port_used_in_different_rounds():
    # L701: the town controls the region's other objects; L707: using them from the town
    # engages its inhabitant, «он может использовать порт в одном раунде и рынок в другом»;
    # L653: one port or market per round.
    state = fresh()
    mayor = town_of(state, 0, 3)
    state.regions[3]["buildings"]["market"] = True
    state.regions[3]["buildings"]["port"] = True
    place_inhabitants(state, 1, 3, 1)
    set_money(state, 0, 5)
    set_money(state, 1, 5)
    assert {UseBuilding(3, "market"), UseBuilding(3, "port")} <= set(legal(state, 0))
    wheel.start_round(state, 1)
    touch(state)
    assert not any(a.kind == "use_building" for a in legal(state, 1))   # opponents: no
    next_round(state, 0)
    state.apply(0, UseBuilding(3, "market"))
    assert state.units[mayor][ENGAGED]
    assert all(a.market == 0 for a in legal(state) if a.kind == "trade")
    state.apply(0, Done())
    assert UseBuilding(3, "port") not in legal(state)      # one per round
    next_round(state)
    assert UseBuilding(3, "port") in legal(state)          # another round: the port
    state.apply(0, UseBuilding(3, "port"))
    assert all(a.market == 1 for a in legal(state) if a.kind == "trade")
    assert state.money[0] == 3 and state.wheel_coins == 2
    state.apply(0, Done())
    next_round(state)
    assert Migrate() not in legal(state)                   # the engaged mayor stays (L707)


def test_an_occupant_keeps_its_building_under_a_town_until_it_leaves_or_strikes():
    # L711-717: player B keeps the object «до тех пор, пока его житель не покинет его или не
    # взбунтуется»; then player A, the town's controller, controls it.
    state = fresh()
    town_of(state, 0, 3)
    clerk = staffed(state, 1, 3, "market")
    assert pieces.controller(state, 3, "market") == 1
    set_money(state, 0, 5)
    assert UseBuilding(3, "market") not in legal(state, 0)
    state.units[clerk][STANDING] = False                   # B strikes
    touch(state)
    assert pieces.controller(state, 3, "market") == 0
    assert UseBuilding(3, "market") in legal(state, 0)
    state.units[clerk][STANDING] = True
    ship_to(state, 1, 3)
    wheel.start_round(state, 1)
    touch(state)
    state.apply(1, Migrate())
    state.apply(1, MoveUnit(clerk, 2, ""))                 # B leaves
    state.apply(1, Done())
    assert pieces.controller(state, 3, "market") == 0


def test_a_church_controlled_from_a_town_is_lost_while_the_mayor_strikes():
    # L689, L691: «Если игрок контролирует церковь из города, но житель в городе начинает
    # бастовать, церковь больше не находится под контролем»
    state = fresh()
    mayor = town_of(state, 0, 3)
    state.regions[3]["buildings"]["church"] = True
    touch(state)
    assert pieces.controller(state, 3, "church") == 0
    assert wheel.tax_items(state, 0) == 3                  # mayor + town + church
    state.units[mayor][STANDING] = False
    touch(state)
    assert pieces.controller(state, 3, "church") == -1
    assert wheel.tax_items(state, 0) == 0


# ---------------------------------------------------------------- ports (L647-657)
def test_a_port_gives_two_export_trades_once_per_phase_and_engages_its_ship():
    # L649: «две торговых сделки на экспортном рынке без использования дисков действия»;
    # L653: 1f, once per phase; L657: the unit using the port is engaged.
    state = fresh()
    ship = ship_to(state, 0, 2)
    state.regions[2]["buildings"]["port"] = True
    state.units[ship][BUILDING] = "port"
    give_cubes(state, 0, iron=2)
    set_money(state, 0, 5)
    discs = state.discs_used[0]
    state.apply(0, UseBuilding(2, "port"))
    assert state.units[ship][ENGAGED] and state.money[0] == 4
    trades = [a for a in legal(state) if a.kind == "trade"]
    assert trades and all(a.market == 1 for a in trades)
    assert Trade(0, "iron", False) not in legal(state)
    state.apply(0, Trade(1, "iron", False))
    state.apply(0, Trade(1, "iron", False))
    assert legal(state) == [Done()]
    state.apply(0, Done())
    assert state.discs_used[0] == discs
    next_round(state)
    assert UseBuilding(2, "port") not in legal(state)      # once per action phase


def test_ships_do_not_count_against_the_three_inhabitant_limit():
    # L555: «Количество кораблей не ограничено»
    state = fresh()
    place_inhabitants(state, 0, 3, 3)
    for _ in range(3):
        ship_to(state, 0, 3)
    state.surplus = 6
    set_money(state, 0, 20)
    touch(state)
    assert Recruit() not in legal(state)                   # three inhabitants: no room
    give_cubes(state, 0, wood=1)
    assert Build("ship", 3) in legal(state)                # a fourth ship is fine there
    state.apply(0, Build("ship", 3))
    assert sum(1 for u in state.units if u[0] == 0 and u[1] and u[REGION] == 3) == 4


def test_an_opponent_cannot_take_a_town_controlled_building_by_migrating_into_it():
    # L701: «Противники не могут взять под контроль ни порт, ни рынок, ни церковь этого
    # региона» — only building one keeps it (L717); L641 holds where no town controls.
    state = fresh()
    keeper = town_of(state, 1, 3)
    state.regions[3]["buildings"]["market"] = True
    u = place_inhabitants(state, 0, 2, 1)[0]
    ship_to(state, 0, 2)
    state.apply(0, Migrate())
    assert MoveUnit(u, 3, "") in legal(state)
    assert MoveUnit(u, 3, "market") not in legal(state)   # illegal: seat 1's town holds it
    with pytest.raises(IllegalAction):
        state.apply(0, MoveUnit(u, 3, "market"))
    assert pieces.controller(state, 3, "market") == 1
    state.units[keeper][STANDING] = False                  # the town controls nothing now
    touch(state)
    assert MoveUnit(u, 3, "market") in legal(state)
    state.apply(0, MoveUnit(u, 3, "market"))
    assert pieces.controller(state, 3, "market") == 0
