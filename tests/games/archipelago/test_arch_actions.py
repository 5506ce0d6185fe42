"""Phase 5, the actions of the wheel (archipelago.ru.txt L423-735)."""

from __future__ import annotations

import pytest
from arch_scenario import (
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
from settlers.games.archipelago import board, markets, wheel
from settlers.games.archipelago.actions import (
    Build,
    Done,
    EndRound,
    Harvest,
    HarvestWith,
    Migrate,
    MoveUnit,
    Recruit,
    RecruitTo,
    Reproduce,
    ReproduceIn,
    Taxes,
    Trade,
    UseBuilding,
)
from settlers.games.archipelago.state import ENGAGED, REGION

FISH, WOOD = 3, 1


def fresh(players=3, seed=1):
    state = in_round(players, seed)
    clear_units(state)
    return state


def land_pair(state):
    """Two regions joined by land, if the seed made one, else None."""
    for a in range(1, len(state.regions)):
        for b in range(1, len(state.regions)):
            if a != b and board.land_link(state, a, b):
                return a, b
    return None


def test_taxes_raise_rebellion_and_are_limited():
    # L463-471
    state = fresh()
    place_inhabitants(state, 0, 1, 3)
    money, rebellion = state.money[0], state.rebellion
    state.apply(0, Taxes())
    assert state.rebellion == rebellion + 1
    assert state.money[0] == money + wheel.tax_income(state, 0) == money + 2
    state.wheel["taxes"] = wheel.limit(state, "taxes")
    state.round["disc"] = False
    touch(state)
    assert Taxes() not in legal(state)


def test_strikers_pay_no_taxes():
    # L397, L471
    state = fresh()
    units = place_inhabitants(state, 0, 1, 3)
    for u in units:
        state.units[u][3] = False
    assert wheel.tax_items(state, 0) == 0


def test_trade_prices_follow_the_rows_fish_example():
    # L491: buy 4f, 4f, 6f; sell 4f, then 3f
    state = fresh()
    set_market(state, 0, "fish", 4)
    set_money(state, 0, 30)
    assert [markets.buy_price(state, 0, FISH)] == [4]
    assert markets.sell_price(state, 0, FISH) == 4
    state.market[0][FISH] = 5
    state.bank_cubes[FISH] -= 1
    assert markets.sell_price(state, 0, FISH) == 3
    state.market[0][FISH] = 4
    state.bank_cubes[FISH] += 1
    prices = []
    for _ in range(3):
        prices.append(markets.buy_price(state, 0, FISH))
        markets.trade(state, 0, 0, FISH, True)
    assert prices == [4, 4, 6]


def test_one_trade_per_disc_and_full_zone_buys_nothing():
    # L479-487
    state = fresh()
    give_cubes(state, 0, wood=1)
    cap = state.content.capacity(0, WOOD)
    set_market(state, 0, "wood", cap)
    assert Trade(0, "wood", False) not in legal(state)
    set_market(state, 0, "wood", 1)
    state.apply(0, Trade(0, "wood", False))
    assert state.round["disc"] and state.discs_used[0] == 1
    assert "trade" not in kinds(state)          # one disc action per round


def test_recruitment_prices_example():
    # L567-569: surplus 5 -> 3f, 3f, then 4f
    state = fresh()
    place_inhabitants(state, 0, 1, 1)
    ship_to(state, 0, 2)
    state.surplus = 5
    set_money(state, 0, 20)
    state.apply(0, Recruit())
    state.apply(0, RecruitTo(2))
    state.apply(0, RecruitTo(2))
    assert state.money[0] == 14
    state.apply(0, RecruitTo(2))
    assert state.money[0] == 10
    assert state.surplus == 2 and state.population == 4


def test_no_recruitment_at_zero_surplus_nor_beyond_three():
    # L577, L547
    state = fresh()
    place_inhabitants(state, 0, 1, 3)
    state.surplus = 0
    set_money(state, 0, 20)
    assert Recruit() not in legal(state)
    state.surplus = 6
    touch(state)
    assert Recruit() not in legal(state)        # three there already, nowhere else to put one
    ship_to(state, 0, 2)
    state.apply(0, Recruit())
    assert RecruitTo(1) not in legal(state)
    assert RecruitTo(2) in legal(state)         # a ship recruits on its shore (L1000 straits)


def test_reproduction_exactly_two_once_per_turn():
    # L541-547
    state = fresh()
    place_inhabitants(state, 0, 1, 2)
    place_inhabitants(state, 0, 2, 1)
    state.apply(0, Reproduce())
    assert [a for a in legal(state) if a.kind == "reproduce_in"] == [ReproduceIn(1)]
    state.apply(0, ReproduceIn(1))   # the only region of two: the step ends by itself
    assert state.step == "round"
    assert len([u for u in state.units if u[0] == 0 and u[REGION] == 1]) == 3
    assert len([u for u in state.units if u[0] == 0 and u[REGION] == 2]) == 1
    assert state.population == 4
    wheel.start_round(state, 0)
    touch(state)
    assert Reproduce() not in legal(state)


def test_strikers_do_not_reproduce():
    state = fresh()
    a = place_inhabitants(state, 0, 1, 2)
    state.units[a[0]][3] = False
    touch(state)
    assert Reproduce() not in legal(state)


def test_build_a_church_and_control_it():
    # L609-625, L689-697
    state = fresh()
    u = place_inhabitants(state, 0, 1, 1)[0]
    give_cubes(state, 0, stone=2)
    set_money(state, 0, 5)
    state.apply(0, Build("church", 1))
    # (region 1 has a strait: the church lies on its builder's shore, L621, L723 — rules .6)
    assert state.regions[1]["buildings"] == {"church": state.units[u][7]}
    assert state.units[u][5] == "church" and state.units[u][ENGAGED]
    assert state.money[0] == 4 and state.cubes[0][4] == 0
    wheel.start_round(state, 0)
    give_cubes(state, 0, stone=2)
    place_inhabitants(state, 0, 1, 1)
    assert Build("church", 1) not in legal(state)   # one of each kind per region (L619)


def test_builder_must_be_active_and_free():
    state = fresh()
    u = place_inhabitants(state, 0, 1, 1)[0]
    give_cubes(state, 0, stone=2)
    state.units[u][ENGAGED] = True
    touch(state)
    assert Build("church", 1) not in legal(state)


def test_ship_building_and_the_four_ship_limit():
    # L627-633
    state = fresh(4)
    place_inhabitants(state, 0, 1, 1)
    for _ in range(4):
        ship_to(state, 0, 1)
    give_cubes(state, 0, wood=1)
    touch(state)
    assert Build("ship", 1) not in legal(state)


def test_fish_only_by_ships():
    # content-facts T15 (fan aid), L447
    state = fresh()
    k = next(k for k in range(1, len(state.regions))
             if FISH in board.region_face(state, k).icons)
    inh = place_inhabitants(state, 0, k, 1)[0]
    assert Harvest("fish") not in legal(state)
    ship = ship_to(state, 0, k)
    before = state.cubes[0][FISH]
    state.apply(0, Harvest("fish"))
    assert HarvestWith(inh) not in legal(state)
    state.apply(0, HarvestWith(ship))
    assert state.cubes[0][FISH] == before + 1 and state.units[ship][ENGAGED]


def test_harvest_in_an_opponents_town_needs_permission():
    # L459, L709
    state = fresh()
    k = next(k for k in range(1, len(state.regions))
             if any(i != FISH for i in board.region_face(state, k).icons))
    res = next(i for i in board.region_face(state, k).icons if i != FISH)
    mayor = place_inhabitants(state, 1, k, 1)[0]
    state.regions[k]["buildings"]["town"] = True
    state.units[mayor][5] = "town"
    place_inhabitants(state, 0, k, 1)
    names = ("fruit", "wood", "cattle", "fish", "stone", "iron")
    assert Harvest(names[res]) not in legal(state)
    state.permits.append([1, 0, k])
    touch(state)
    assert Harvest(names[res]) in legal(state)


def test_migration_moves_each_free_unit_once():
    # L579-589
    for seed in range(40):
        state = fresh(seed=seed)
        pair = land_pair(state)
        if pair is not None:
            break
    assert pair is not None
    a, b = pair
    u = place_inhabitants(state, 0, a, 1)[0]
    state.units[u][7] = board.shore_towards(state, a, b)   # on the shore facing b
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, b, ""))
    assert state.units[u][REGION] == b
    assert not any(x.kind == "move_unit" and x.unit == u for x in legal(state))
    state.apply(0, Done())
    assert state.step == "round"


def only_by_ship(state, start: int, goal: int) -> int:
    """Seat 0's inhabitant on ``start`` may not migrate to ``goal`` on its own; next round a
    ship of seat 0 lies at ``start`` and seat 0 migrates again. Returns the inhabitant."""
    u = place_inhabitants(state, 0, start, 1)[0]
    state.apply(0, Migrate())
    assert MoveUnit(u, goal, "") not in legal(state)
    state.apply(0, Done())
    wheel.start_round(state, 0)
    ship_to(state, 0, start)
    state.apply(0, Migrate())
    return u


def test_inhabitants_cross_the_sea_only_in_a_convoy():
    # L591-607
    state = fresh()
    pairs = [(a, b) for a in range(1, len(state.regions)) for b in range(1, len(state.regions))
             if board.sea_link(state, a, b) and not board.land_link(state, a, b)]
    a, b = pairs[0]
    u = only_by_ship(state, a, b)
    assert MoveUnit(u, b, "") in legal(state)


def test_market_use_two_trades_one_florin_once_per_phase():
    # L643-671
    state = fresh()
    u = staffed(state, 0, 1, "market")
    set_money(state, 0, 10)
    give_cubes(state, 0, wood=2)
    state.apply(0, UseBuilding(1, "market"))
    assert state.money[0] == 9 and state.wheel_coins == 1 and state.units[u][ENGAGED]
    state.apply(0, Trade(0, "wood", False))
    state.apply(0, Trade(0, "wood", False))
    assert {a.kind for a in legal(state)} == {"done"}
    state.apply(0, Done())
    assert not any(a.kind == "use_building" for a in legal(state))
    assert state.discs_used[0] == 0                    # no disc spent (L643)


def test_ending_a_round_without_a_disc_passes_for_the_phase():
    # L429
    state = fresh()
    place_inhabitants(state, 0, 1, 1)
    state.apply(0, EndRound())
    assert state.passed[0] and state.actor == 1
    with pytest.raises(IllegalAction):
        state.apply(0, Taxes())


# ---------------------------------------------------------------- straits (L729-735)
def strait_game():
    for seed in range(60):
        state = fresh(seed=seed)
        for k in range(1, len(state.regions)):
            if board.region_face(state, k).strait:
                return state, k
    raise AssertionError("no strait region in 60 seeds")


def test_no_reproduction_across_a_strait():
    # L723
    state, k = strait_game()
    _a, b = place_inhabitants(state, 0, k, 2)
    state.units[b][7] = 1
    assert Reproduce() not in legal(state)
    state.units[b][7] = 0
    touch(state)
    assert Reproduce() in legal(state)


def test_an_inhabitant_harvests_only_its_own_shore():
    # L723
    state, k = strait_game()
    face = board.region_face(state, k)
    land = [i for i, r in enumerate(face.icons) if r != FISH]
    icon = land[0]
    names = ("fruit", "wood", "cattle", "fish", "stone", "iron")
    u = place_inhabitants(state, 0, k, 1)[0]
    state.units[u][7] = 1 - face.icon_shores[icon]
    same = [i for i in land if face.icons[i] == face.icons[icon]
            and face.icon_shores[i] == state.units[u][7]]
    assert (Harvest(names[face.icons[icon]]) in legal(state)) == bool(same)
    state.units[u][7] = face.icon_shores[icon]
    touch(state)
    assert Harvest(names[face.icons[icon]]) in legal(state)


def test_crossing_a_strait_needs_a_ship():
    # L589: «морской конвой через пролив в тот же регион»
    state, k = strait_game()
    u = only_by_ship(state, k, k)
    state.apply(0, MoveUnit(u, k, ""))
    assert state.units[u][7] == 1


def test_convoy_with_a_change_of_ships_crosses_two_borders():
    # L597: «Конвой с пересадкой»
    for seed in range(60):
        state = fresh(seed=seed)
        n = len(state.regions)
        chains = [(a, b, c) for a in range(n) for b in range(n) for c in range(n)
                  if len({a, b, c}) == 3 and board.sea_link(state, a, b)
                  and board.sea_link(state, b, c)
                  and board.has_land(state, b) and board.has_land(state, c)   # (L583)
                  and c not in [k for _d, k in board.neighbours(state, a)]]
        if chains:
            break
    a, b, c = chains[0]
    u = place_inhabitants(state, 0, a, 1)[0]
    ship_to(state, 0, a)
    state.apply(0, Migrate())
    assert MoveUnit(u, b, "") in legal(state)
    assert MoveUnit(u, c, "") not in legal(state)      # no ship for the second crossing
    state.apply(0, Done())
    wheel.start_round(state, 0)
    ship_to(state, 0, c)
    state.apply(0, Migrate())
    assert MoveUnit(u, c, "") in legal(state)
