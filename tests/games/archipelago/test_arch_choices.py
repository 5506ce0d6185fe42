"""The player's choices the engine used to make itself (exploration, building, control and the
cards' choices): each test builds the exact position, cites the rulebook (line numbers of
archipelago.ru.txt) and checks what is now allowed and what is refused."""

from __future__ import annotations

import pytest
from arch_scenario import (
    card_table,
    clear_units,
    give_card,
    give_cubes,
    in_round,
    legal,
    place_inhabitants,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.games.archipelago import board, exploration, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Done, Explore, SkipHex, TakeHex, UseCard
from settlers.testing.refusals import refused


# ---------------------------------------------------------------- Scout (L1430)
def _scout_after_first_exploration(three: bool = False):
    """Seat 0 used the Scout (and the Pioneer if ``three``), chose Explore and made the first
    exploration: the second one is next."""
    state = in_round(3, 0)
    give_card(state, 0, "scout")
    if three:
        give_card(state, 0, "pioneer")
    set_money(state, 0, 20)
    state.apply(0, UseCard("scout", ()))
    if three:   # a card a round (L806): the Pioneer in the next round of seat 0
        state.round["card"] = False
        touch(state)
        state.apply(0, UseCard("pioneer", ()))
    state.apply(0, Explore())
    assert state.ctx["left"] == 2
    # the first exploration may not be declined: no Done before it
    assert Done() not in legal(state, 0)
    refused(state, 0, Done())
    for _ in range(100):
        menu = legal(state, 0)
        if state.step == "explore_draw":
            state.apply(0, TakeHex())
        elif state.step == "explore_pick":
            state.apply(0, menu[0])
        elif state.step == "explore_place":
            state.apply(0, next(a for a in menu if a.kind in ("place_region", "fail_explore")))
        else:
            assert state.step == "choose_cubes"
            state.apply(0, menu[0])
            return state
    raise AssertionError("the first exploration did not end")


def test_scout_second_exploration_may_be_declined():
    """L1430 Разведчик: «Во время действия Исследование вы можете произвести два
    исследования.» — may, not must: after the first exploration the player may stop."""
    state = _scout_after_first_exploration()
    assert state.step == "explore_draw"
    menu = legal(state, 0)
    assert TakeHex() in menu and Done() in menu
    stack, tokens, regions = len(state.stack), state.tokens[0], len(state.regions)
    state.apply(0, Done())
    assert state.step == "round" and state.actor == 0
    assert (len(state.stack), state.tokens[0], len(state.regions)) == (stack, tokens, regions)
    # the action is over: no second Explore with the same disc, no Done left to play
    assert Explore() not in legal(state, 0)
    refused(state, 0, Done())


def test_scout_second_exploration_may_be_made_and_is_then_binding():
    """L1430: the second exploration is made if the player takes the hex; once a hex is taken
    or skipped the exploration is under way (L501) and Done is no longer offered."""
    state = _scout_after_first_exploration()
    state.apply(0, TakeHex())
    assert state.step == "explore_place"
    assert Done() not in legal(state, 0)
    refused(state, 0, Done())
    state = _scout_after_first_exploration()
    assert SkipHex() in legal(state, 0)
    state.apply(0, SkipHex())
    assert state.step == "explore_draw" and Done() not in legal(state, 0)
    refused(state, 0, Done())


def test_scout_with_pioneer_declines_before_the_three_hexes_are_drawn():
    """L1430 with L1390 (Первооткрыватель: «возьмите 3 верхних гекса из колоды и выберите
    один»): the player stops before anything is drawn, or takes and gets three to pick from."""
    state = _scout_after_first_exploration(three=True)
    assert state.step == "explore_draw"
    assert set(legal(state, 0)) == {TakeHex(), Done()}   # no skip: the Pioneer draws three
    stack, discard = len(state.stack), len(state.hex_discard)
    clone = state.clone()
    state.apply(0, Done())
    assert state.step == "round" and len(state.stack) == stack
    assert len(state.hex_discard) == discard
    clone.apply(0, TakeHex())
    assert clone.step == "explore_pick" and len(clone.ctx["drawn"]) == 3


# ---------------------------------------------------------------- Treasurer (L1466)
def test_treasurer_shows_as_many_5f_as_the_player_chooses():
    """L1466 Казначей: «За каждые показанные противникам 5f вы получаете 1f.» The florins lie
    behind the screen (L109): the player chooses how many 5f to show, 1 .. money // 5."""
    state = card_table(3, 1)
    give_card(state, 0, "treasurer")
    set_money(state, 0, 23)
    uses = [a for a in legal(state, 0) if a.kind == "use_card" and a.card == "treasurer"]
    assert uses == [UseCard("treasurer", (k,)) for k in (1, 2, 3, 4)]
    refused(state, 0, UseCard("treasurer", (5,)))    # 25f are not behind the screen
    refused(state, 0, UseCard("treasurer", (0,)))    # showing nothing pays nothing
    bank = state.bank_money
    state.record_events = True
    state.apply(0, UseCard("treasurer", (2,)))       # shows 10f of the 23f
    assert state.money[0] == 25 and state.bank_money == bank - 2
    shown = [e for e in state.events if e.key == "archipelago.event.treasurer"]
    assert shown and shown[-1].params["shown"] == 10 and shown[-1].params["n"] == 2


def test_treasurer_is_not_offered_below_5f():
    """L1466: with fewer than 5f there is nothing to show, so no florin to get."""
    state = card_table(3, 1)
    give_card(state, 0, "treasurer")
    set_money(state, 0, 4)
    assert not [a for a in legal(state, 0) if a.kind == "use_card" and a.card == "treasurer"]
    refused(state, 0, UseCard("treasurer", (1,)))


# ---------------------------------------------------------------- the explorer (L511-515)
def _explorers_position():
    """Seat 0, turn 1: in region 3 one inhabitant works in the market (free: not engaged),
    two stand outside any building; Explore chosen and the open hexes skipped till one that
    an inhabitant of region 3 can reach by land is taken."""
    state = in_round(3, 1)
    clear_units(state)
    keeper = staffed(state, 0, 3, "market")
    walkers = place_inhabitants(state, 0, 3, 2)
    state.apply(0, Explore())
    for _ in range(60):
        if any(a.unit == walkers[0] for a in exploration.placements(state, 0, state.stack[-1][0])):
            break
        state.apply(0, SkipHex())
    state.apply(0, TakeHex())
    return state, keeper, walkers


def test_the_player_chooses_the_unit_that_explores():
    """L511-515: «В одном из соседних регионов должен находиться активный и свободный юнит,
    принадлежащий этому игроку … Этот юнит перемещается в только что открытый регион» — any
    such unit, the player's choice. The market's worker and an inhabitant outside are
    different choices (the market is left empty or not); the two outside are one choice."""
    state, keeper, (walker, _twin) = _explorers_position()
    places = [a for a in legal(state, 0) if a.kind == "place_region"]
    assert {a.unit for a in places} == {keeper, walker}
    # the same placements are offered with either unit
    assert ({(a.side, a.q, a.r, a.rot) for a in places if a.unit == keeper}
            == {(a.side, a.q, a.r, a.rot) for a in places if a.unit == walker})
    first = next(a for a in places if a.unit == walker)
    clone = state.clone()
    # the inhabitant outside goes: the market keeps its worker and seat 0 its control
    state.apply(0, first)
    assert state.units[walker][U.REGION] == len(state.regions) - 1
    assert state.units[keeper][U.BUILDING] == "market"
    assert pieces.controller(state, 3, "market") == 0
    # the market's worker goes: the market is left empty (L675)
    clone.apply(0, next(a for a in places if a.unit == keeper and
                        (a.side, a.q, a.r, a.rot) == (first.side, first.q, first.r, first.rot)))
    assert clone.units[keeper][U.BUILDING] == ""
    assert clone.units[keeper][U.REGION] == len(clone.regions) - 1
    assert pieces.controller(clone, 3, "market") == -1


def test_an_engaged_unit_and_a_twin_are_not_offered_as_explorers():
    """L511 «активный и свободный юнит»: an engaged unit (L455) may not explore; the second of
    two interchangeable inhabitants is not a choice of its own (the first stands for it)."""
    from settlers.games.archipelago.actions import PlaceRegion
    state, keeper, (walker, twin) = _explorers_position()
    first = next(a for a in legal(state, 0) if a.kind == "place_region" and a.unit == walker)
    refused(state, 0, PlaceRegion(first.hex, first.side, first.q, first.r, first.rot, twin))
    state.units[keeper][U.ENGAGED] = True
    touch(state)
    assert {a.unit for a in legal(state, 0) if a.kind == "place_region"} == {walker}
    refused(state, 0, PlaceRegion(first.hex, first.side, first.q, first.r, first.rot, keeper))


# ---------------------------------------------------------------- the port's builder (L647)
def _port_site():
    """Seat 0 in its round: one active free inhabitant and one active free ship in region 2
    (a region with sea), the price of a port at hand."""
    state = card_table(3, 1)
    inhabitant = place_inhabitants(state, 0, 2, 1)[0]
    ship = ship_to(state, 0, 2)
    give_cubes(state, 0, stone=1, fish=1)
    set_money(state, 0, 10)
    return state, inhabitant, ship


def test_the_player_chooses_whether_the_inhabitant_or_the_ship_builds_the_port():
    """L647 «Активный незанятый житель или корабль могут построить порт, занять его и
    управлять им» (and L615 «…или, как вариант, корабль его цвета, если строится порт»): with
    both there, both are offered; the builder moves onto the token and is engaged (L623)."""
    from settlers.games.archipelago.actions import Build
    state, inhabitant, ship = _port_site()
    ports = [a for a in legal(state, 0) if a.kind == "build" and a.what == "port"]
    assert ports == [Build("port", 2), Build("port", 2, "ship")]
    clone = state.clone()
    state.apply(0, Build("port", 2, "ship"))
    assert state.units[ship][U.BUILDING] == "port" and state.units[ship][U.ENGAGED]
    assert state.units[inhabitant][U.BUILDING] == "" and not state.units[inhabitant][U.ENGAGED]
    assert pieces.controller(state, 2, "port") == 0
    clone.apply(0, Build("port", 2))                        # the inhabitant, as before
    assert clone.units[inhabitant][U.BUILDING] == "port" and clone.units[inhabitant][U.ENGAGED]
    assert clone.units[ship][U.BUILDING] == "" and not clone.units[ship][U.ENGAGED]


def test_a_ship_builds_nothing_but_a_port_and_only_a_free_one_builds():
    """L615: the ship is an alternative only for a port; L617/L623 the builder is an active
    free unit. With the ship engaged, only the inhabitant can build the port."""
    from settlers.games.archipelago.actions import Build
    state, _inhabitant, ship = _port_site()
    give_cubes(state, 0, wood=3, stone=3, fruit=3, cattle=3, fish=3, iron=3)
    set_money(state, 0, 40)
    menu = legal(state, 0)
    assert [a for a in menu if a.kind == "build" and a.by] == [Build("port", 2, "ship")]
    refused(state, 0, Build("market", 2, "ship"))
    state.units[ship][U.ENGAGED] = True
    touch(state)
    assert Build("port", 2, "ship") not in legal(state, 0)
    refused(state, 0, Build("port", 2, "ship"))
    assert Build("port", 2) in legal(state, 0)


def test_a_lone_ship_builds_the_port_without_naming_itself():
    """L615: with no inhabitant of the seat in the region the ship builds the port; the action
    is the one a saved game written before the choice holds (Build without ``by``)."""
    from settlers.games.archipelago import GAME
    from settlers.games.archipelago.actions import Build
    state, inhabitant, ship = _port_site()
    state.units[inhabitant][U.REGION] = U.BOX
    state.population -= 1
    touch(state)
    ports = [a for a in legal(state, 0) if a.kind == "build" and a.what == "port"]
    assert ports == [Build("port", 2)]
    assert GAME.action_from_json({"type": "build", "what": "port", "region": 2}) == ports[0]
    state.apply(0, ports[0])
    assert state.units[ship][U.BUILDING] == "port"


def test_architecture_lets_the_ship_build_the_port():
    """L647 through the Architecture card (a building without a disc): the same choice."""
    state, inhabitant, ship = _port_site()
    give_card(state, 0, "architecture")
    port = ("ship", "town", "market", "port", "church").index("port")
    uses = [a.arg for a in legal(state, 0) if a.kind == "use_card" and a.card == "architecture"]
    assert (port, 2) in uses and (port, 2, 1) in uses
    state.apply(0, UseCard("architecture", (port, 2, 1)))
    assert state.units[ship][U.BUILDING] == "port"
    assert state.units[inhabitant][U.BUILDING] == ""


# ---------------------------------------------------------------- expelling a striker (L715)
def _striker_in_market(what: str = "market"):
    """Seat 0 controls the town of region 3 (player A); seat 1's inhabitant (or ship, for a
    port) occupies the ``what`` of region 3 and went on strike in a crisis (player B)."""
    state = card_table(3, 1)
    mayor = staffed(state, 0, 3, "town")
    if what == "port":
        clerk = ship_to(state, 1, 3)
        state.regions[3]["buildings"]["port"] = True
        state.units[clerk][U.BUILDING] = "port"
    else:
        clerk = staffed(state, 1, 3, what)
    state.units[clerk][U.STANDING] = False
    touch(state)
    return state, mayor, clerk


def test_the_town_expels_another_players_striker_and_keeps_the_market():
    """L715: «Если после разрешения кризиса, занимающий порт/рынок юнит игрока Б становится
    забастовщиком, игрок А может выгнать его и получить контроль над объектом, поскольку из
    города он контролирует весь регион. Он перемещает забастовщика из объекта в любое место
    региона, оставив лежать на спине (состояние бунта).» Free: no disc, no florin."""
    from settlers.games.archipelago import liberation
    from settlers.games.archipelago.actions import Expel
    state, _mayor, clerk = _striker_in_market()
    assert pieces.controller(state, 3, "market") == 0        # while B strikes, through the town
    menu = legal(state, 0)
    assert Expel(3, "market") in menu
    money, discs = state.money[0], state.discs_used[0]
    state.apply(0, Expel(3, "market"))
    u = state.units[clerk]
    assert u[U.REGION] == 3 and u[U.BUILDING] == "" and not u[U.STANDING]   # lying, outside
    assert (state.money[0], state.discs_used[0]) == (money, discs)
    assert state.step == "round" and state.actor == 0         # the round goes on
    assert Expel(3, "market") not in legal(state, 0)
    # B's unit stands up at the next liberation, outside: A keeps the market (L713)
    liberation.liberate(state)
    touch(state)
    assert state.units[clerk][U.STANDING] and state.units[clerk][U.BUILDING] == ""
    assert pieces.controller(state, 3, "market") == 0


def test_a_striking_ship_is_expelled_from_the_port():
    """L715 «порт/рынок»: a ship of B in A's port is put out on the water of the region."""
    from settlers.games.archipelago.actions import Expel
    state, _mayor, ship = _striker_in_market("port")
    assert [a for a in legal(state, 0) if a.kind == "expel"] == [Expel(3, "port")]
    state.apply(0, Expel(3, "port"))
    assert state.units[ship][U.BUILDING] == "" and state.units[ship][U.REGION] == 3
    assert pieces.controller(state, 3, "port") == 0


def _phase_six_over(state):
    """Every purchase of phase 6 made (``flow.advance``): what comes before the next turn."""
    from settlers.games.archipelago import flow
    flow.start_buy(state)
    state.buy_idx = len(state.order)
    state.step = ""
    touch(state)
    flow.settle(state)
    touch(state)   # (who is to act, and whether the game is over, kept: flow.keep_to_act)


@pytest.mark.parametrize("expel", [True, False])
def test_a_striker_left_after_phase_six_may_be_expelled_before_the_liberation(expel):
    """L715 «Если после разрешения кризиса … становится забастовщиком, игрок А может выгнать
    его»: a striker made by an immediate crisis of phase 6 (L756-792) would stand up in its
    building at the next liberation (L252) before any round of phase 5 — so when phase 6 is
    over the town's controller may expel it (step ``expel``), or decline (``done``)."""
    from settlers.games.archipelago.actions import Done, Expel
    state, _mayor, clerk = _striker_in_market()
    turn = state.turn
    _phase_six_over(state)
    assert (state.phase, state.step, state.actor, state.turn) == ("buy", "expel", 0, turn)
    assert state.to_act == (0,)
    assert legal(state, 0) == [Expel(3, "market"), Done()]
    assert legal(state, 1) == []
    refused(state, 1, Done())                                 # not B's decision
    refused(state, 0, Expel(3, "port"))                       # no striker in a port there
    state.apply(0, Expel(3, "market") if expel else Done())
    # the window is over: phase 1 (the liberation) and the bids of the next turn
    assert (state.turn, state.step) == (turn + 1, "bid")
    u = state.units[clerk]
    assert u[U.STANDING]                                      # stood up at the liberation
    assert u[U.BUILDING] == ("" if expel else "market")
    assert pieces.controller(state, 3, "market") == (0 if expel else 1)


def test_no_expelling_window_without_a_striker_or_in_the_last_turn():
    """The step is offered only to a controller who may expel (the others are not asked), and
    not when the game ends with this turn (nothing would stand up)."""
    state, _mayor, clerk = _striker_in_market()
    state.units[clerk][U.STANDING] = True                     # B's clerk did not strike
    turn = state.turn
    _phase_six_over(state)
    assert (state.turn, state.step) == (turn + 1, "bid")
    state, _mayor, _clerk = _striker_in_market()
    state.options["max_turns"] = state.turn
    _phase_six_over(state)
    assert state.over and state.ended_by == "turns"


def test_the_expelling_window_goes_round_the_controllers_in_turn_order():
    """Two towns, each with the other's striker in its market: each controller in turn order
    decides in its own step (L715 is each controller's)."""
    from settlers.games.archipelago.actions import Done, Expel
    state, _mayor, _clerk = _striker_in_market()
    staffed(state, 1, 2, "town")
    striker = staffed(state, 0, 2, "market")
    state.units[striker][U.STANDING] = False
    state.order = [1, 0, 2]
    touch(state)
    _phase_six_over(state)
    assert (state.step, state.actor) == ("expel", 1)
    assert legal(state, 1) == [Expel(2, "market"), Done()]
    state.apply(1, Done())
    assert (state.step, state.actor) == ("expel", 0)
    assert legal(state, 0) == [Expel(3, "market"), Done()]
    state.apply(0, Expel(3, "market"))
    assert state.step == "bid"
    assert state.units[striker][U.BUILDING] == "market"      # seat 1 declined


def test_no_expelling_an_active_unit_an_own_unit_a_church_or_without_the_town():
    """L715 names B's striker in a port or market, and A's control through the town: an
    active occupant keeps its building (L711), one's own striker is not expelled, a church's
    inhabitant never strikes (L685), and without the town (or with its mayor striking,
    L693) there is no control to expel with."""
    from settlers.games.archipelago.actions import Expel
    state, mayor, clerk = _striker_in_market()
    assert Expel(3, "market") not in legal(state, 1)          # B is not to act
    state.units[clerk][U.STANDING] = True                     # B's unit works again
    touch(state)
    assert not [a for a in legal(state, 0) if a.kind == "expel"]
    refused(state, 0, Expel(3, "market"))
    state.units[clerk][U.STANDING] = False
    state.units[mayor][U.STANDING] = False                    # A's mayor strikes too
    touch(state)
    assert not [a for a in legal(state, 0) if a.kind == "expel"]
    refused(state, 0, Expel(3, "market"))
    state = card_table(3, 1)
    staffed(state, 0, 3, "town")
    own = staffed(state, 0, 3, "market")                      # A's own striker
    state.units[own][U.STANDING] = False
    touch(state)
    assert not [a for a in legal(state, 0) if a.kind == "expel"]
    refused(state, 0, Expel(3, "market"))
    state, mayor, _clerk = _striker_in_market()
    assert not board.region_face(state, 3).strait
    refused(state, 0, Expel(3, "market", 1))                  # one shore: no strait here
    refused(state, 0, Expel(3, "church"))


def test_on_a_strait_the_striker_goes_to_the_shore_the_town_chooses():
    """L715 «в любое место региона»; L721-725: a strait region has two shores, so either."""
    from settlers.games.archipelago.actions import Expel
    state, _mayor, clerk = _striker_in_market()
    h, side = next((h, side) for h, faces in enumerate(state.content.hexes)
                   for side, face in enumerate(faces) if face.strait)
    state.regions[3]["hex"], state.regions[3]["side"] = h, side   # region 3 shown as a strait
    touch(state)
    assert [a for a in legal(state, 0) if a.kind == "expel"] == [Expel(3, "market", 0),
                                                                  Expel(3, "market", 1)]
    state.apply(0, Expel(3, "market", 1))
    assert state.units[clerk][U.SHORE] == 1 and state.units[clerk][U.BUILDING] == ""


# ---------------------------------------------------------------- Missionary (L1448)
def _missionary_laying(card: bool = True):
    """Seat 0 (with the Missionary used if ``card``) explores and is to lay a region with huts:
    (state, the placement)."""
    for seed in range(20):
        state = in_round(3, seed)
        if card:
            give_card(state, 0, "missionary")
            set_money(state, 0, 10)
            state.apply(0, UseCard("missionary", ()))
        state.apply(0, Explore())
        while state.step == "explore_draw":
            state.apply(0, TakeHex())
        places = [a for a in legal(state, 0) if a.kind == "place_region"
                  and state.content.hexes[a.hex][a.side].huts > 0]
        if state.step == "explore_place" and places:
            return state, places[0]
    raise AssertionError("no seed lays a region with huts")


def _missionary_placed():
    """``_missionary_laying`` and the region laid: the hut's choice is due."""
    from settlers.games.archipelago.actions import Pick
    state, place = _missionary_laying()
    huts = state.content.hexes[place.hex][place.side].huts
    before = (state.population, state.surplus)
    state.apply(0, place)
    assert state.step == "missionary"
    assert set(legal(state, 0)) == {Pick("inhabitant"), Pick("surplus")}
    assert (state.population, state.surplus) == before   # nothing happened yet
    return state, huts, before


def test_missionary_hut_gives_an_inhabitant_if_the_player_wants():
    """L1448 Миссионер: «Во время действия Исследование одна из хижин в регионе может
    предоставить активного жителя вместо излишков рабочей силы.» Taken: one active inhabitant
    stands in the new region and the other huts move the surplus (L531)."""
    from settlers.games.archipelago.actions import Pick
    from settlers.games.archipelago.markers import move_surplus
    state, huts, (population, _surplus) = _missionary_placed()
    k = state.ctx["region"]
    box = len(pieces.in_box(state, 0, False))
    there = pieces.inhabitants_in(state, k, 0)
    expected = state.clone()
    move_surplus(expected, huts - 1)
    state.apply(0, Pick("inhabitant"))
    assert state.population == population + 1 and state.surplus == expected.surplus
    assert len(pieces.in_box(state, 0, False)) == box - 1
    newcomer = [i for i in pieces.inhabitants_in(state, k, 0) if i not in there]
    assert len(newcomer) == 1 and state.units[newcomer[0]][U.STANDING]   # active (L1448)
    assert state.step == "choose_cubes"


def test_missionary_inhabitant_on_a_strait_stands_on_the_shore_the_player_chooses():
    """L1448 «одна из хижин в регионе»; L721-725: a strait region has two shores and either
    may hold the hut (the data does not say which): the player chooses the newcomer's shore,
    as in turn 0 (L725), and only then the cubes."""
    from settlers.games.archipelago.actions import ChooseShores, Pick
    state, _huts, _before = _missionary_placed()
    k = state.ctx["region"]
    assert not board.region_face(state, k).strait
    h, side = next((h, side) for h, faces in enumerate(state.content.hexes)
                   for side, face in enumerate(faces) if face.strait and face.huts)
    state.regions[k]["hex"], state.regions[k]["side"] = h, side   # the region shown as a strait
    touch(state)
    there = pieces.inhabitants_in(state, k, 0)
    state.apply(0, Pick("inhabitant"))
    newcomer = [i for i in pieces.inhabitants_in(state, k, 0) if i not in there]
    assert len(newcomer) == 1
    assert state.step == "choose_shores"
    assert legal(state, 0) == [ChooseShores((0,)), ChooseShores((1,))]
    refused(state, 0, ChooseShores((0, 1)))                   # one inhabitant, one shore
    state.apply(0, ChooseShores((1,)))
    assert state.units[newcomer[0]][U.SHORE] == 1 and state.units[newcomer[0]][U.STANDING]
    assert state.step == "choose_cubes"


def test_missionary_hut_may_stay_surplus_labour():
    """L1448 «может»: declined, every hut moves the surplus as without the card (L531)."""
    from settlers.games.archipelago.actions import Pick
    from settlers.games.archipelago.markers import move_surplus
    state, huts, (population, _surplus) = _missionary_placed()
    box = len(pieces.in_box(state, 0, False))
    expected = state.clone()
    move_surplus(expected, huts)
    state.apply(0, Pick("surplus"))
    assert state.population == population and state.surplus == expected.surplus
    assert len(pieces.in_box(state, 0, False)) == box
    assert state.step == "choose_cubes"
    refused(state, 0, Pick("inhabitant"))                     # the choice is made


def test_without_the_missionary_or_a_box_inhabitant_there_is_no_choice():
    """L1448 is the card's; and an inhabitant must be left in the box to stand up."""
    from settlers.games.archipelago.actions import Pick
    state, place = _missionary_laying(card=False)
    state.apply(0, place)
    assert state.step == "choose_cubes"
    refused(state, 0, Pick("inhabitant"))
    state, place = _missionary_laying()
    for i in pieces.in_box(state, 0, False):                  # every inhabitant on the board
        state.units[i][U.REGION], state.units[i][U.STANDING] = 0, True
        state.population += 1
    touch(state)
    state.apply(0, place)
    assert state.step == "choose_cubes"
