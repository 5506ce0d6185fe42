"""The eighth reading of archipelago.ru.txt (2026-12-06, docs/audits/2026-12-06-eighth-
archipelago-rules.md): one scenario per departure found, with the legal and the illegal side,
and scenarios for the sections the tests cited least."""

from __future__ import annotations

import pytest
from arch_scenario import (
    clear_units,
    give_card,
    give_cubes,
    in_round,
    place_inhabitants,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import board, growth, invariants, pieces, scoring
from settlers.games.archipelago.actions import (
    ChooseShores,
    Done,
    Migrate,
    MoveUnit,
    Pick,
    UseBuilding,
    UseCard,
)


# ---------------------------------------------------------------- straits and convoys
def convoy_into_a_strait(shore: int):
    """Seat 0 in a round of turn 1 with no unit on the archipelago, and a strait region ``k``
    whose side ``shore`` borders by sea a region ``j`` with land: (state, k, j)."""
    for seed in range(200):
        state = in_round(3, seed=seed)
        for k in range(1, len(state.regions)):
            if not board.region_face(state, k).strait:
                continue
            for _d, j, sea, side_shore in board.links(state, k):
                if sea and side_shore == shore and board.has_land(state, j):
                    clear_units(state)
                    return state, k, j
    raise AssertionError(f"no strait region with a sea border on shore {shore}")


@pytest.mark.parametrize("shore", [0, 1])
def test_a_convoy_lands_on_the_shore_of_the_border_it_crosses(shore):
    """L591 «поместите корабль, участвующий в конвое, так, чтобы он касался разделительной
    линии между исходным регионом и регионом прибытия»; L723 «Житель не может добывать
    ресурсы, расположенные на противоположном берегу»: an inhabitant carried across the sea
    border of a strait region lands where the ship touches it — on the shore of that side.
    Before, a convoyed inhabitant always stood on shore 0. With no ship of the player in the
    strait region, the other shore is out of reach: no choice is offered."""
    state, k, j = convoy_into_a_strait(shore)
    u = place_inhabitants(state, 0, j, 1)[0]
    ship_to(state, 0, j)
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, k, ""))
    assert state.units[u][2] == k
    assert state.units[u][7] == shore
    assert state.step == "migrate"                       # nothing to choose
    for other in (ChooseShores((0,)), ChooseShores((1,))):
        assert other not in state.legal_actions(0)
        with pytest.raises(IllegalAction):
            state.apply(0, other)
    assert not invariants.problems(state)
    state.apply(0, Done())


def test_with_a_ship_in_the_strait_region_the_player_chooses_the_shore():
    """L591 «… или в морском проливе, разделяющем две области суши одного региона», L593
    «Пересаживаясь с одного корабля на другой, житель может быть доставлен через несколько
    регионов за одно действие Миграция»: with the player's ship in the strait region as well,
    the inhabitant may go on across the strait, so it lands on the shore the player chooses;
    the migration then goes on (the ship may still move). Before, it stood on shore 0 with no
    choice."""
    state, k, j = convoy_into_a_strait(1)
    u = place_inhabitants(state, 0, j, 1)[0]
    ship_to(state, 0, j)
    ship = ship_to(state, 0, k)
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, k, ""))
    assert state.step == "choose_shores"
    assert state.legal_actions(0) == [ChooseShores((0,)), ChooseShores((1,))]
    with pytest.raises(IllegalAction):
        state.apply(0, MoveUnit(ship, j, ""))            # the shore first
    assert not invariants.problems(state)
    state.apply(0, ChooseShores((0,)))
    assert state.units[u][7] == 0
    assert state.step == "migrate"
    menu = state.legal_actions(0)
    assert MoveUnit(ship, j, "") in menu and Done() in menu
    assert all(not (a.kind == "move_unit" and a.unit == u) for a in menu)   # moved once
    state.apply(0, Done())


def test_out_of_a_strait_region_a_convoy_boards_on_the_shore_of_the_border():
    """L591: the convoy's ship «касался разделительной линии между исходным регионом и
    регионом прибытия, оставаясь в своём регионе» — with the ship in the region of arrival, an
    inhabitant of a strait region boards it at that border, from the shore of that side; from
    the other shore it would have to cross the strait, which needs a ship of its owner in its
    own region («или в морском проливе»). Before, it boarded from either shore."""
    state, k, j = convoy_into_a_strait(1)
    u = place_inhabitants(state, 0, k, 1)[0]
    ship_to(state, 0, j)
    state.units[u][7] = 0                                 # across the strait from the border
    touch(state)
    state.apply(0, Migrate())
    assert MoveUnit(u, j, "") not in state.legal_actions(0)
    with pytest.raises(IllegalAction):
        state.apply(0, MoveUnit(u, j, ""))
    state.apply(0, Done())
    state.units[u][7] = 1                                 # on the border's shore
    state.round = {"seat": 0}
    touch(state)
    state.apply(0, Migrate())
    assert MoveUnit(u, j, "") in state.legal_actions(0)
    state.apply(0, Done())
    state.units[u][7] = 0                                 # across, with a ship in the strait
    ship_to(state, 0, k)
    state.round = {"seat": 0}
    touch(state)
    state.apply(0, Migrate())
    assert MoveUnit(u, j, "") in state.legal_actions(0)
    state.apply(0, MoveUnit(u, j, ""))
    assert state.units[u][2] == j


def test_a_walk_into_a_strait_region_lands_on_the_shore_of_its_land_border():
    """L583 «Каждый юнит может переместиться в соседний регион»: one land step into a strait
    region ends on the shore of the land border crossed (as before); the other shore needs a
    crossing of the strait (L589), so it is not offered without a ship there."""
    for seed in range(300):
        state = in_round(3, seed=seed)
        found = [(k, j, shore) for k in range(1, len(state.regions))
                 if board.region_face(state, k).strait
                 for _d, j, sea, shore in board.links(state, k)
                 if not sea and board.has_land(state, j)
                 and not board.region_face(state, j).strait]
        if found:
            break
    k, j, shore = found[0]
    clear_units(state)
    u = place_inhabitants(state, 0, j, 1)[0]
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, k, ""))
    assert state.units[u][7] == shore
    assert state.step == "migrate"
    assert ChooseShores((1 - shore,)) not in state.legal_actions(0)


def test_two_inhabitants_convoyed_onto_one_shore_reproduce():
    """L723 «Два жителя на противоположных берегах морского пролива не могут участвовать в
    действии Репродукция»: inhabitants that crossed the same border stand on one shore and may
    reproduce there (before, both stood on shore 0 — the other shore from the border's)."""
    state, k, j = convoy_into_a_strait(1)
    a, b = place_inhabitants(state, 0, j, 2)
    ship_to(state, 0, j)
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(a, k, ""))
    state.apply(0, MoveUnit(b, k, ""))
    state.apply(0, Done())
    assert state.units[a][7] == state.units[b][7] == 1
    assert k in growth.reproduction_regions(state, 0)


def test_example_a_convoy_into_the_next_region():
    """L603 (the migration examples) «Морской конвой в соседний регион»; L583 «Жители …
    не могут пересекать море, если только их не перевезут корабли этого игрока», L589
    «Корабли, перевозящие жителей через море, не тратят действие Миграция»: an inhabitant
    crosses a sea border with its owner's ship, which may still make its own move; another
    player's ship carries nobody of the player."""
    for seed in range(60):
        state = in_round(3, seed=seed)
        pairs = [(a, b) for a in range(1, len(state.regions)) for b in range(1, len(state.regions))
                 if a != b and board.sea_link(state, a, b) and not board.land_link(state, a, b)
                 and not board.region_face(state, a).strait
                 and not board.region_face(state, b).strait]
        if pairs:
            break
    a, b = pairs[0]
    clear_units(state)
    u = place_inhabitants(state, 0, a, 1)[0]
    ship_to(state, 1, a)                                   # another player's ship
    state.apply(0, Migrate())
    assert MoveUnit(u, b, "") not in state.legal_actions(0)
    state.apply(0, Done())
    ship = ship_to(state, 0, a)
    state.round = {"seat": 0}
    touch(state)
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, b, ""))
    assert state.units[u][2] == b
    assert MoveUnit(ship, b, "") in state.legal_actions(0)     # the ship moves on its own
    state.apply(0, MoveUnit(ship, b, ""))
    state.apply(0, Done())
    assert state.units[ship][2] == b


# ---------------------------------------------------------------- markets and ports (L653-707)
def market_town_round():
    """Seat 0 in a round with a town and a market in region 1: seat 0's inhabitant in the
    town, nobody in the market (so it is used from the town, L707)."""
    state = in_round(3, seed=1)
    clear_units(state)
    staffed(state, 0, 1, "town")
    state.regions[1]["buildings"]["market"] = True
    set_money(state, 0, 10)
    touch(state)
    return state


def test_a_market_is_used_once_in_the_whole_action_phase_whoever_controls_it():
    """L653 «Каждый контролируемый порт может быть использован один и только один раз во
    время всей фазы действий», L669 «Рынки работают таким же образом, как порты»: once used
    from the town, the market is not offered again in the phase — not in a later round of its
    user, and not to a player who takes control of it afterwards."""
    state = market_town_round()
    assert UseBuilding(1, "market") in state.legal_actions(0)
    state.apply(0, UseBuilding(1, "market"))
    assert state.wheel_coins == 1 and state.money[0] == 9      # L653, L671: 1f on the wheel
    state.apply(0, Done())
    state.round = {"seat": 0}                                   # a later round of seat 0
    touch(state)
    assert UseBuilding(1, "market") not in state.legal_actions(0)
    # the town changes hands: seat 1's active inhabitant stands in it now
    town = pieces.occupant(state, 1, "town")
    state.units[town][2] = -1
    state.units[town][5] = ""
    state.population -= 1
    staffed(state, 1, 1, "town")
    state.regions[1]["buildings"]["market"] = True
    state.round = {"seat": 1}
    state.actor = 1
    set_money(state, 1, 10)
    assert pieces.controller(state, 1, "market") == 1
    assert UseBuilding(1, "market") not in state.legal_actions(1)


def test_the_mayor_engaged_by_the_market_may_still_use_the_port_in_another_round():
    """L707 «житель, контролирующий город, становится занятым … Однако он может использовать
    порт в одном раунде и рынок в другом»; L653 «Каждый игрок может использовать один порт
    или рынок во время каждого из своих раундов»: both from the town, one per round."""
    state = market_town_round()
    state.regions[1]["buildings"]["port"] = True
    touch(state)
    menu = state.legal_actions(0)
    assert UseBuilding(1, "market") in menu and UseBuilding(1, "port") in menu
    state.apply(0, UseBuilding(1, "market"))
    mayor = pieces.occupant(state, 1, "town")
    assert state.units[mayor][4]                              # engaged (L707)
    state.apply(0, Done())
    assert UseBuilding(1, "port") not in state.legal_actions(0)   # one per round
    state.round = {"seat": 0}
    touch(state)
    assert UseBuilding(1, "port") in state.legal_actions(0)
    state.apply(0, UseBuilding(1, "port"))
    assert state.step == "trades" and state.ctx["market"] == 1    # the export board (L649)


# ---------------------------------------------------------------- cards with steps of their own
def test_the_detective_buys_one_character_at_its_minimum_price_and_discards_the_rest():
    """L1396 «Откройте 5 верхних карт развития в колоде. Если среди них есть карты персонажей,
    вы можете приобрести любую из них по минимальной стоимости. Остальные карты отправляются
    в сброс»: one character at the least of its three prices; no progress card; the four
    others to the discard."""
    state = in_round(3, seed=1)
    clear_units(state)
    for s in range(3):
        state.owned[s] = []
    detective = give_card(state, 0, "detective")
    names = ["king", "pope", "colossus", "roads", "farm"]
    five = [state.content.card_index(x) for x in names]
    for x in five:
        if x in state.deck:
            state.deck.remove(x)
        for slot in state.track:
            if slot[0] == x:
                slot[0], slot[1] = -1, 0
        if x in state.card_discard:
            state.card_discard.remove(x)
    state.deck = [x for x in state.deck if not state.content.cards[x].red][:3] + five[::-1]
    set_money(state, 0, 10)
    state.apply(0, UseCard("detective", ()))
    assert state.step == "reveal"
    menu = state.legal_actions(0)
    assert Pick("king") in menu and Pick("pope") in menu and Done() in menu
    for progress in ("colossus", "roads", "farm"):
        assert Pick(progress) not in menu
        with pytest.raises(IllegalAction):
            state.apply(0, Pick(progress))
    discard_before = len(state.card_discard)
    state.apply(0, Pick("pope"))
    least = min(state.content.cards[state.content.card_index("pope")].prices)
    assert state.money[0] == 10 - 1 - least                   # the card's 1f, the minimum
    assert [rec[0] for rec in state.owned[0]] == [detective, state.content.card_index("pope")]
    assert len(state.card_discard) == discard_before + 4
    assert state.step == "round"                              # one card only


def test_the_assassin_removes_an_opponents_character_only():
    """L1402 «Уберите любого персонажа вашего соперника, заплатив за это минимальную цену и
    отправив карту этого персонажа в сброс. Сам себя убийца убить не может»: an opponent's
    character — not a progress card, not one's own character."""
    state = in_round(3, seed=1)
    clear_units(state)
    for s in range(3):
        state.owned[s] = []
    give_card(state, 0, "assassin")
    give_card(state, 0, "pope")
    give_card(state, 1, "king")
    give_card(state, 1, "roads")
    set_money(state, 0, 20)
    menu = [a for a in state.legal_actions(0) if a.kind == "use_card" and a.card == "assassin"]
    king, pope, roads, assassin = (state.content.card_index(x)
                                   for x in ("king", "pope", "roads", "assassin"))
    assert [a.arg for a in menu] == [(king,)]
    for arg in ((pope,), (roads,), (assassin,)):
        with pytest.raises(IllegalAction):
            state.apply(0, UseCard("assassin", arg))
    state.apply(0, UseCard("assassin", (king,)))
    assert king in state.card_discard
    assert [rec[0] for rec in state.owned[1]] == [roads]
    assert state.money[0] == 20 - min(state.content.cards[king].prices)


def test_the_thiefs_victim_fills_both_fists_when_it_has_two_cubes():
    """L1472 «Один из игроков (на ваш выбор) должен зажать в кулаках по одному кубичку
    ресурсов», L1129 «Если … есть только один ресурс, он помещает его в одну руку и оставляет
    другую пустой»: with two cubes or more, an empty fist is no choice."""
    state = in_round(3, seed=1)
    clear_units(state)
    for s in range(3):
        state.owned[s] = []
        state.bank_cubes = [b + c for b, c in zip(state.bank_cubes, state.cubes[s], strict=True)]
        state.cubes[s] = [0] * 6
    give_card(state, 0, "thief")
    give_cubes(state, 1, wood=1, stone=1)
    state.apply(0, UseCard("thief", (1,)))
    assert state.step == "thief_hands" and state.actor == 1
    menu = state.legal_actions(1)
    assert {(a.left, a.right) for a in menu} == {("wood", "stone"), ("stone", "wood")}


# ---------------------------------------------------------------- the end and scoring
def test_the_pacifist_and_the_separatist_rank_nobody():
    """L920 «Отложите в сторону карты Сепаратист и Пацифист … Оставшиеся карты содержат цели,
    касающиеся всех игроков»: the Separatist's card gives nobody points on a normal end; the
    Pacifist's gives its holder 3 only (L950), nothing to the others however they rank, and
    only when population passes rebellion «больше чем на 15» (L1287)."""
    state = in_round(3, seed=1)
    cards = state.content.objectives
    sep = next(i for i, c in enumerate(cards) if c["criterion"] == "separatist")
    pac = next(i for i, c in enumerate(cards) if c["criterion"] == "pacifist"
               and c.get("margin") == 15)
    state.population, state.rebellion = 30, 14               # 16 > 15
    assert scoring.objective_card_points(state, sep, 1) == [0, 0, 0]
    assert scoring.objective_card_points(state, pac, 2) == [0, 0, 3]
    state.rebellion = 15                                      # 15: not «больше чем на 15»
    assert scoring.objective_card_points(state, pac, 2) == [0, 0, 0]
