"""An active, not engaged inhabitant standing in a building is «активный незанятый житель»
like any other (the liberation frees it, L252; it may migrate and explore out of its
building): it may build (L615, L631-633, L663, L683, L699), go onto a wonder (L874 «из
любого места на архипелаге») and harvest (T15 «active units not yet engaged», L451), leaving
its building. Each test builds the exact position and cites the rulebook."""

from __future__ import annotations

from arch_scenario import (
    card_table,
    give_card,
    give_cubes,
    legal,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.games.archipelago import board, cards, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Build, BuildWonder, UseCard
from settlers.testing.refusals import refused


def coastal_region(state) -> int:
    return next(k for k in range(len(state.regions))
                if board.has_sea(state, k) and board.has_land(state, k))


def housed_clerk(building: str = "market"):
    """Seat 0's only inhabitant in a coastal region works in its ``building`` (built in an
    earlier turn: the liberation made it free); florins and cubes for anything."""
    state = card_table(3, 1, empty_screens=True)
    k = coastal_region(state)
    clerk = staffed(state, 0, k, building)
    set_money(state, 0, 30)
    give_cubes(state, 0, wood=3, stone=3, iron=3, fish=3, fruit=3, cattle=3)
    touch(state)
    return state, k, clerk


def builds(state, seat=0):
    return [a for a in legal(state, seat) if a.kind == "build"]


def test_an_inhabitant_in_a_building_builds_a_ship_where_it_stands():
    """L631-633 «Корабль строится с помощью активного незанятого жителя. Строительство корабля не
    делает жителя, который его строит, занятым»: the clerk builds it and stays in its market."""
    state, k, clerk = housed_clerk()
    assert Build("ship", k) in builds(state)
    state.apply(0, Build("ship", k))
    ships = [u for u in state.units if u[U.OWNER] == 0 and u[U.SHIP] and u[U.REGION] == k]
    assert len(ships) == 1 and ships[0][U.STANDING]
    u = state.units[clerk]
    assert u[U.BUILDING] == "market" and not u[U.ENGAGED]          # it did not move


def test_an_inhabitant_leaves_its_building_for_the_one_it_builds():
    """L615, L699 «Активный незанятый житель может построить город»; L623-625 «Юнит, который
    произвёл действие Строительство, помещается на жетон объекта. Этот юнит теперь считается
    занятым»: the clerk leaves the market for the town (``by`` names the building it leaves);
    no inhabitant outside a building, so no plain ``Build("town", k)``."""
    state, k, clerk = housed_clerk()
    offered = builds(state)
    assert Build("town", k, "market") in offered and Build("church", k, "market") in offered
    assert Build("town", k) not in offered
    refused(state, 0, Build("town", k))                          # no inhabitant outside
    refused(state, 0, Build("town", k, "port"))                  # nobody in a port there
    state.apply(0, Build("town", k, "market"))
    u = state.units[clerk]
    assert u[U.BUILDING] == "town" and u[U.ENGAGED] and u[U.REGION] == k
    assert "town" in state.regions[k]["buildings"]   # (its value: the shore on a strait, rules .6)
    assert pieces.occupant(state, k, "market") == -1
    assert pieces.controller(state, k, "market") == 0             # through its town (L701)


def test_an_engaged_or_striking_occupant_builds_nothing_and_another_players_is_not_mine():
    """L615 names an *active, not engaged* inhabitant of the player."""
    state, _k, clerk = housed_clerk()
    state.units[clerk][U.ENGAGED] = True                         # built it this turn (L625)
    touch(state)
    assert not builds(state)
    state.units[clerk][U.ENGAGED], state.units[clerk][U.STANDING] = False, False
    touch(state)
    assert not builds(state)
    state, _k, clerk = housed_clerk()
    state.units[clerk][U.OWNER] = 1                              # seat 1's clerk
    touch(state)
    assert not builds(state)


def test_shipbuilding_and_architecture_use_an_inhabitant_in_a_building():
    """L1532 Кораблестроение «в регионе, где у вас есть активный незанятый житель» and
    Architecture (the build, free of florins, L1508): the housed clerk builds both ways."""
    state, k, clerk = housed_clerk()
    give_card(state, 0, "shipbuilding")
    touch(state)
    assert UseCard("shipbuilding", (k,)) in legal(state, 0)
    state.apply(0, UseCard("shipbuilding", (k,)))
    assert any(u[U.SHIP] and u[U.OWNER] == 0 and u[U.REGION] == k for u in state.units)
    assert state.units[clerk][U.BUILDING] == "market"
    state, k, clerk = housed_clerk()
    give_card(state, 0, "architecture")
    touch(state)
    town = (cards.building.KINDS.index("town"), k, cards.architecture_code("market"))
    assert UseCard("architecture", town) in legal(state, 0)
    state.apply(0, UseCard("architecture", town))
    assert state.units[clerk][U.BUILDING] == "town"
    assert cards.architecture_by(1) == "ship" and cards.architecture_by(0) == ""


def test_a_wonder_takes_an_inhabitant_from_its_building_after_its_effect():
    """L872-874: «платит цену … и применяет её одноразовый эффект … Затем он берёт одного из
    своих активных незанятых жителей из любого места на архипелаге»: the keeper of a port may
    go, and the Great Lighthouse (L1560) still gives the ship at the port it kept — the effect
    comes first."""
    state, k, keeper = housed_clerk("port")
    give_card(state, 0, "lighthouse")
    state.population = 20
    touch(state)
    assert BuildWonder("lighthouse", keeper) in legal(state, 0)
    state.apply(0, BuildWonder("lighthouse", keeper))
    assert state.units[keeper][U.REGION] == U.WONDER
    assert sum(1 for u in state.units if u[U.OWNER] == 0 and u[U.SHIP] and u[U.REGION] == k) == 1
    assert pieces.occupant(state, k, "port") == -1


def test_a_ship_in_a_port_is_not_an_inhabitant():
    """Only inhabitants build buildings and ships (L615, L631); a ship keeping a port does not."""
    state = card_table(3, 1, empty_screens=True)
    k = coastal_region(state)
    ship = ship_to(state, 0, k)
    state.regions[k]["buildings"]["port"] = True
    state.units[ship][U.BUILDING] = "port"
    set_money(state, 0, 30)
    give_cubes(state, 0, wood=3, stone=3, iron=3, fish=3, fruit=3, cattle=3)
    touch(state)
    assert not builds(state)


def test_an_inhabitant_in_a_building_may_harvest_and_leaves_its_building():
    """T15 (fan aid): a harvest «uses any number of active units that are not yet engaged»; L451
    «Юниты, участвующие в добыче ресурсов, должны оставаться на иконках ресурсов до следующей
    фазы освобождения»: the clerk goes onto the icon, so it leaves its market (which stays
    built, with nobody in it); every menu after it is the one computed from scratch."""
    from arch_scenario import menu_from_scratch

    from settlers.games.archipelago.actions import Harvest, HarvestWith
    from settlers.games.archipelago.content import FISH, RESOURCES
    state, k, clerk = housed_clerk()
    res = next((i for i in board.region_face(state, k).icons if i != FISH), None)
    assert res is not None
    assert Harvest(RESOURCES[res]) in legal(state, 0)
    before = state.cubes[0][res]
    state.apply(0, Harvest(RESOURCES[res]))
    assert HarvestWith(clerk) in state.legal_actions(0)
    state.apply(0, HarvestWith(clerk))
    u = state.units[clerk]
    assert u[U.BUILDING] == "" and u[U.ICON] >= 0 and u[U.ENGAGED]
    assert state.cubes[0][res] == before + 1
    assert pieces.occupant(state, k, "market") == -1 and state.regions[k]["buildings"]["market"]
    for seat in range(state.players):
        assert state.legal_actions(seat) == menu_from_scratch(state, seat)
    from settlers.games.archipelago.actions import Done
    state.apply(0, Done())                    # back to the round: the market is nobody's now
    assert state.step == "round"
    assert not [a for a in state.legal_actions(0) if a.kind == "use_building"]
    for seat in range(state.players):
        assert state.legal_actions(seat) == menu_from_scratch(state, seat)


def test_a_ship_keeping_a_port_may_fish_and_leaves_the_port():
    """Fish only by ships (T15); the ship in a port is an active free unit too."""
    from arch_scenario import menu_from_scratch

    from settlers.games.archipelago.actions import Harvest, HarvestWith
    from settlers.games.archipelago.content import FISH
    state = card_table(3, 1, empty_screens=True)
    k = next(k for k in range(len(state.regions))
             if FISH in board.region_face(state, k).icons)
    ship = ship_to(state, 0, k)
    state.regions[k]["buildings"]["port"] = True
    state.units[ship][U.BUILDING] = "port"
    touch(state)
    state.apply(0, Harvest("fish"))
    state.apply(0, HarvestWith(ship))
    assert state.units[ship][U.BUILDING] == "" and state.units[ship][U.ICON] >= 0
    assert pieces.occupant(state, k, "port") == -1
    for seat in range(state.players):
        assert state.legal_actions(seat) == menu_from_scratch(state, seat)
