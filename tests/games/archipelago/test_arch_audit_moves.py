"""Audit of units' moves, growth, wheel rounds and markets (archipelago.ru.txt L433-707):
each rule fixed after the audit, built as the exact position, with its legal and its illegal
side (an illegal action raises IllegalAction and leaves the state as it was).

The position is seed 1 with 3 players after turn 0: region 0 is the open sea (3 fish), 1 a
strait (wood, 2 fish), 2 (iron, fish), 3 (stone, wood, fruit); sea borders 0-1, 0-2, 0-3,
1-2, 2-3 and no land border."""

from __future__ import annotations

from arch_scenario import (
    R,
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

from settlers.core import Action
from settlers.games.archipelago import board, exploration, pieces, wheel
from settlers.games.archipelago.actions import (
    Build,
    Done,
    EndRound,
    ExchangeToken,
    Explore,
    Harvest,
    HarvestWith,
    Migrate,
    MoveUnit,
    Recruit,
    RecruitTo,
    Reproduce,
    ReproduceIn,
    SkipHex,
    TakeHex,
    Taxes,
    UseBuilding,
    UseCard,
)
from settlers.games.archipelago.protocol import ArchipelagoGame
from settlers.games.archipelago.state import BOX, ENGAGED, REGION
from settlers.games.archipelago.unit import STANDING
from settlers.testing.refusals import refused as refused_unchanged

FISH = R["fish"]


def fresh(players: int = 3, seed: int = 1) -> ArchipelagoGame:
    state = in_round(players, seed)
    clear_units(state)
    if (players, seed) == (3, 1):   # the layout the docstring describes
        assert [board.region_face(state, k).icons for k in range(4)] == [
            (FISH, FISH, FISH), (R["wood"], FISH, FISH), (R["iron"], FISH),
            (R["stone"], R["wood"], R["fruit"])]
        assert board.region_face(state, 0).special == "open_sea"
    return state


def refused(state: ArchipelagoGame, seat: int, action: Action) -> None:
    """``action`` is not in the menu, and applying it raises IllegalAction, state unchanged."""
    assert action not in legal(state, seat)
    refused_unchanged(state, seat, action)


# ---------------------------------------------------------------- 1. the open sea has no land
# L571 (recruitment): «Игрок берёт из резерва количество миплов своего цвета ... и располагает
# их на суше, в регионах по своему выбору, в которых у него есть хотя бы один активный юнит»;
# L583 (migration): «Жители должны двигаться по суше и не могут пересекать море, если только их
# не перевезут корабли этого игрока»; L621 (building): «Жетоны города, собора и рынка кладутся
# на участки суши ... Жетон порта кладётся на воду, касаясь береговой линии». The open sea
# (L105 «гекс “открытое море”») is water alone.

def test_the_open_sea_has_no_land() -> None:
    state = fresh()
    assert not board.has_land(state, 0)
    assert all(board.has_land(state, k) for k in (1, 2, 3))


def test_a_ship_in_the_open_sea_recruits_nobody_there() -> None:
    state = fresh()
    ship_to(state, 0, 0)
    state.surplus = 6
    set_money(state, 0, 20)
    # the lone ship in the open sea gives no region to recruit in: no recruitment at all
    assert Recruit() not in legal(state)
    refused(state, 0, Recruit())
    # with an inhabitant in region 3, the recruit goes there only
    place_inhabitants(state, 0, 3, 1)
    assert Recruit() in legal(state)
    state.apply(0, Recruit())
    menu = [a for a in legal(state) if a.kind == "recruit_to"]
    assert menu == [RecruitTo(3, 0)]
    refused(state, 0, RecruitTo(0, 0))
    state.apply(0, RecruitTo(3, 0))
    assert len(pieces.inhabitants_in(state, 3, 0)) == 2
    assert pieces.inhabitants_in(state, 0) == []


def test_the_recruiter_recruits_on_land_only() -> None:
    """L1442 «Вербовщик. Вы можете нанять ещё одного рабочего без использования дисков
    действия»: the worker goes where L571 puts a recruit, on land."""
    state = fresh()
    give_card(state, 0, "recruiter")
    ship_to(state, 0, 0)
    place_inhabitants(state, 0, 3, 1)
    state.surplus = 6
    set_money(state, 0, 20)
    state.apply(0, UseCard("recruiter", ()))
    assert state.step == "recruit"
    assert [a for a in legal(state) if a.kind == "recruit_to"] == [RecruitTo(3, 0)]
    refused(state, 0, RecruitTo(0, 0))


def test_no_convoy_ends_in_the_open_sea() -> None:
    state = fresh()
    ship_to(state, 0, 0)
    inh = place_inhabitants(state, 0, 3, 1)[0]
    ship3 = ship_to(state, 0, 3)
    state.apply(0, Migrate())
    refused(state, 0, MoveUnit(inh, 0, ""))
    # a ship still sails there, and the convoy still crosses the sea border 3-2 (ship in 3)
    assert MoveUnit(ship3, 0, "") in legal(state)
    assert MoveUnit(inh, 2, "") in legal(state)
    state.apply(0, MoveUnit(inh, 2, ""))
    assert state.units[inh][REGION] == 2


def test_a_convoy_changing_ships_crosses_the_open_sea() -> None:
    """L593 «Пересаживаясь с одного корабля на другой, житель может быть доставлен через
    несколько регионов»: carried 3 -> 0 -> 1 on the ship of the open sea, the inhabitant
    never stands there; it lands in region 1 (and region 2 the same way)."""
    state = fresh()
    ship_to(state, 0, 0)
    inh = place_inhabitants(state, 0, 3, 1)[0]
    state.apply(0, Migrate())
    moves = {a.region for a in legal(state) if a.kind == "move_unit" and a.unit == inh}
    assert moves == {1, 2}
    state.apply(0, MoveUnit(inh, 1, ""))
    assert state.units[inh][REGION] == 1


def test_nothing_is_built_in_the_open_sea() -> None:
    state = fresh()
    ship_to(state, 0, 0)
    ship_to(state, 0, 2)
    give_cubes(state, 0, stone=3, wood=2, fish=2, iron=2)
    set_money(state, 0, 30)
    builds = [a for a in legal(state) if a.kind == "build"]
    # a ship builds a port where land meets the sea (region 2), not in the open sea
    assert Build("port", 2) in builds
    assert all(a.region != 0 for a in builds)
    refused(state, 0, Build("port", 0))
    # an inhabitant put there by hand (no rule does now) is offered no land building either
    place_inhabitants(state, 0, 0, 1)
    place_inhabitants(state, 0, 3, 1)
    builds = [a for a in legal(state) if a.kind == "build"]
    assert {a.what for a in builds if a.region == 3} >= {"town", "church"}
    assert all(a.region != 0 for a in builds)
    for kind in ("town", "church", "market", "port", "ship"):
        refused(state, 0, Build(kind, 0))


def next_round(state: ArchipelagoGame, seat: int = 0) -> None:
    """``seat`` plays another round with its discs back (a fresh round of the same phase)."""
    wheel.start_round(state, seat)
    state.discs_used[seat] = 0
    touch(state)


# ---------------------------------------------------------------- 2. an engaged ship convoys nobody
# L451: «Юниты, участвующие в добыче ресурсов, должны оставаться на иконках ресурсов до
# следующей фазы освобождения. Они считаются занятыми»; L455: engaged units «не могут совершать
# дополнительных действий, которые требуют их передвижения»; L591: «поместите корабль,
# участвующий в конвое, так, чтобы он касался разделительной линии».

def test_a_harvesting_ship_convoys_nobody() -> None:
    state = fresh()
    ship = ship_to(state, 0, 2)
    inh = place_inhabitants(state, 0, 3, 1)[0]
    state.apply(0, Harvest("fish"))
    state.apply(0, HarvestWith(ship))
    state.apply(0, Done())
    assert state.units[ship][ENGAGED]
    next_round(state)
    state.apply(0, Migrate())
    # the only ship is engaged: the inhabitant of region 3 cannot cross the sea 3-2
    assert not any(a.kind == "move_unit" and a.unit == inh for a in legal(state))
    refused(state, 0, MoveUnit(inh, 2, ""))


def test_a_free_ship_still_convoys_beside_an_engaged_one() -> None:
    state = fresh()
    busy = ship_to(state, 0, 2)
    inh = place_inhabitants(state, 0, 3, 1)[0]
    state.apply(0, Harvest("fish"))
    state.apply(0, HarvestWith(busy))
    state.apply(0, Done())
    ship_to(state, 0, 3)   # a free ship in region 3, on the border 3-2
    next_round(state)
    state.apply(0, Migrate())
    assert MoveUnit(inh, 2, "") in legal(state)
    state.apply(0, MoveUnit(inh, 2, ""))
    assert state.units[inh][REGION] == 2


# ---------------------------------------------------------------- 4. a use from the town engages the mayor
# L707: «Если игрок использует свойства порта или рынка из города, то житель, контролирующий
# город, становится занятым, а значит, не может совершать никаких действий, которые требуют его
# перемещения».

def test_a_market_used_from_the_town_engages_the_mayor_not_a_striker_in_it() -> None:
    state = fresh()
    mayor = staffed(state, 0, 3, "town")
    clerk = staffed(state, 0, 3, "market")
    state.units[clerk][STANDING] = False   # the market's worker strikes: the town controls it
    ship_to(state, 0, 3)                   # a ship: the mayor could be convoyed away
    set_money(state, 0, 5)
    assert pieces.controller(state, 3, "market") == 0
    state.apply(0, UseBuilding(3, "market"))
    assert state.units[mayor][ENGAGED]
    assert not state.units[clerk][ENGAGED]
    state.apply(0, Done())
    next_round(state)
    state.apply(0, Migrate())
    assert not any(a.kind == "move_unit" and a.unit == mayor for a in legal(state))
    refused(state, 0, MoveUnit(mayor, 2, ""))


def test_a_market_used_by_its_active_worker_engages_the_worker_not_the_mayor() -> None:
    state = fresh()
    mayor = staffed(state, 0, 3, "town")
    clerk = staffed(state, 0, 3, "market")
    ship_to(state, 0, 3)
    set_money(state, 0, 5)
    state.apply(0, UseBuilding(3, "market"))
    assert state.units[clerk][ENGAGED]
    assert not state.units[mayor][ENGAGED]
    state.apply(0, Done())
    next_round(state)
    state.apply(0, Migrate())
    assert MoveUnit(mayor, 2, "") in legal(state)


# ---------------------------------------------------------------- 3. a disc received after passing
# L441: «Игроки продолжают разыгрывать раунды до тех пор, пока все участники не используют свои
# диски действия или не смогут ничего совершить»; L525: «Когда эта стопка заканчивается, каждый
# игрок немедленно получает дополнительный диск действия своего цвета (максимум 5)».

def explore_and_empty_the_first_pile(state: ArchipelagoGame, seat: int) -> None:
    """``seat`` explores and takes the last token of the first pile."""
    state.piles[0] = 1
    state.apply(seat, Explore())
    for _ in range(200):
        h, _side = state.stack[-1]
        if exploration.placements(state, seat, h):
            break
        state.apply(seat, SkipHex())
    state.apply(seat, TakeHex())
    state.apply(seat, next(a for a in legal(state, seat) if a.kind == "place_region"))
    state.apply(seat, legal(state, seat)[0])   # the cubes
    assert state.piles[0] == 0


def test_a_player_out_of_discs_plays_the_disc_it_gets_later() -> None:
    state = fresh()
    for s in range(3):
        place_inhabitants(state, s, 3, 1)
    assert state.order == [0, 1, 2]
    state.discs_used[0] = state.discs[0]   # seat 0 has played its three discs
    touch(state)
    assert Taxes() not in legal(state, 0)
    state.apply(0, EndRound())             # out of discs: it passes
    assert state.passed[0]
    state.apply(1, EndRound())             # seat 1 passes with its discs unused
    assert state.passed[1]
    assert state.actor == 2
    explore_and_empty_the_first_pile(state, 2)
    assert state.discs == [4, 4, 4]
    assert not state.passed[0]             # back in the rounds with its 4th disc
    assert state.passed[1]                 # a player who passed with discs left stays out
    state.apply(2, EndRound())
    assert (state.phase, state.actor, state.step) == ("actions", 0, "round")
    refused(state, 1, EndRound())          # seat 1 gets no round
    assert Taxes() in legal(state, 0)
    state.apply(0, Taxes())
    assert state.discs_used[0] == 4
    state.apply(0, EndRound())
    assert state.actor == 2                # seat 1 skipped
    state.apply(2, EndRound())             # seat 2 passes (it placed no disc this round)
    assert state.actor == 0
    state.apply(0, EndRound())             # seat 0, out of discs again, passes: the phase ends
    assert state.phase == "buy"


def test_phase_five_ends_when_every_player_ran_out_of_discs() -> None:
    state = fresh()
    place_inhabitants(state, 0, 3, 1)
    state.discs_used = list(state.discs)
    touch(state)
    for seat in (0, 1, 2):
        assert state.actor == seat
        state.apply(seat, EndRound())
    assert state.phase == "buy"


# ---------------------------------------------------------------- 5. a token exchanged for an action only
# L433: «Жетон первооткрывателя можно обменять только во время кризиса или когда игрок совершает
# действие, для которого требуются ресурсы».

def round_without_discs() -> ArchipelagoGame:
    """Seat 0's round of turn 1: every disc on the wheel, no card in the game, one token."""
    state = fresh()
    place_inhabitants(state, 0, 3, 1)
    for s in range(state.players):
        state.owned[s] = []
    state.discs_used[0] = state.discs[0]
    state.tokens[0] = 1
    touch(state)
    return state


def test_no_token_exchange_in_a_round_with_nothing_left_to_do() -> None:
    state = round_without_discs()
    assert not any(a.kind == "exchange_token" for a in legal(state))
    refused(state, 0, ExchangeToken("iron"))


def test_a_token_exchange_while_a_disc_action_is_open() -> None:
    state = round_without_discs()
    state.discs_used[0] = state.discs[0] - 1
    touch(state)
    assert ExchangeToken("iron") in legal(state)
    state.apply(0, Taxes())   # the disc of the round placed: nothing that needs resources left
    assert state.step == "round"
    refused(state, 0, ExchangeToken("iron"))


def test_a_token_exchange_while_a_market_use_is_open() -> None:
    state = round_without_discs()
    staffed(state, 0, 3, "market")
    set_money(state, 0, 5)
    assert UseBuilding(3, "market") in legal(state)
    assert ExchangeToken("iron") in legal(state)
    state.apply(0, UseBuilding(3, "market"))
    assert ExchangeToken("iron") in legal(state)   # during its trades (markets.trades_legal)
    state.apply(0, Done())
    refused(state, 0, ExchangeToken("iron"))       # the market used: nothing left


def test_a_token_exchange_while_a_card_use_is_open() -> None:
    state = round_without_discs()
    give_card(state, 0, "bishop")
    assert ExchangeToken("iron") in legal(state)
    state.round["card"] = True   # a card already used this round
    touch(state)
    refused(state, 0, ExchangeToken("iron"))


# ---------------------------------------------------------------- 6. the player chooses where to reproduce
# L545: «В каждом регионе, где игрок контролирует ровно 2 жителей, он может добавить 1 жителя
# своего цвета, взяв мипл из коробки. Передвиньте маркер населения в сторону увеличения на
# число, равное числу жителей, прибавленных в результате репродукции»; L551: «Игрок не может
# контролировать более 10 жителей своего цвета». «может добавить» is the player's choice, in
# each region of exactly two.

def births(state: ArchipelagoGame) -> list[Action]:
    return [a for a in legal(state) if a.kind == "reproduce_in"]


def test_the_player_chooses_the_regions_of_its_reproduction() -> None:
    state = fresh()
    place_inhabitants(state, 0, 1, 3)
    place_inhabitants(state, 0, 2, 2)
    place_inhabitants(state, 0, 3, 2)
    population = state.population
    state.apply(0, Reproduce())
    assert state.step == "reproduce"
    assert births(state) == [ReproduceIn(2), ReproduceIn(3)]
    refused(state, 0, ReproduceIn(1))   # three there already (L551)
    state.apply(0, ReproduceIn(3))      # region 3 first, by choice
    assert births(state) == [ReproduceIn(2)]
    refused(state, 0, ReproduceIn(3))   # each region once: it now holds three
    state.apply(0, Done())              # and not in region 2: «может»
    assert state.step == "round"
    assert len(pieces.inhabitants_in(state, 2, 0)) == 2
    assert len(pieces.inhabitants_in(state, 3, 0)) == 3
    assert state.population == population + 1
    assert Reproduce() not in legal(state)   # once a turn (L541), the disc placed


def test_when_the_box_runs_short_the_player_picks_the_region() -> None:
    state = fresh()
    place_inhabitants(state, 0, 1, 3)
    place_inhabitants(state, 0, 2, 2)
    place_inhabitants(state, 0, 3, 2)
    left = [i for i, u in enumerate(state.units) if u[0] == 0 and not u[1] and u[REGION] == BOX]
    for i in left[1:]:
        state.units[i][REGION] = -2     # gone with wonders: one meeple left in the box
    touch(state)
    state.apply(0, Reproduce())
    assert births(state) == [ReproduceIn(2), ReproduceIn(3)]
    state.apply(0, ReproduceIn(3))      # the higher region, which the engine did not pick before
    assert state.step == "round"        # the box is empty: the step ends
    assert len(pieces.inhabitants_in(state, 3, 0)) == 3
    assert len(pieces.inhabitants_in(state, 2, 0)) == 2
    refused(state, 0, ReproduceIn(2))
