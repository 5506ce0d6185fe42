"""Evolution cards: using them (archipelago.ru.txt L800-864), wonders (L866-876) and the
glossary (L1062-1585)."""

from __future__ import annotations

import pytest
from arch_scenario import (
    card_table,
    give_card,
    give_cubes,
    legal,
    place_inhabitants,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import board, wheel
from settlers.games.archipelago.actions import (
    BuildWonder,
    Done,
    Harvest,
    HarvestWith,
    Pick,
    ThiefHands,
    UseCard,
)
from settlers.games.archipelago.state import REGION, WONDER

WOOD = 1


def fresh(players=3, seed=1):
    return card_table(players, seed)


def test_opponents_lumber_mill_for_price_plus_one_doubles_wood():
    # L806: player A uses B's Lumber mill, pays B 2f, three inhabitants give six wood
    state = fresh()
    give_card(state, 1, "lumber_mill")
    k = next(k for k in range(1, len(state.regions))
             if WOOD in board.region_face(state, k).icons)
    u = place_inhabitants(state, 0, k, 1)[0]
    set_money(state, 0, 10)
    set_money(state, 1, 0)
    state.apply(0, UseCard("lumber_mill", ()))
    assert state.money == [8, 2, state.money[2]]
    assert state.owned[1][0][1] == 1                 # turned: B cannot use it this turn
    before = state.cubes[0][WOOD]
    state.apply(0, Harvest("wood"))
    state.apply(0, HarvestWith(u))
    assert state.cubes[0][WOOD] == before + 2


def test_one_card_per_round_and_not_again_until_liberation():
    # L804-808
    state = fresh()
    give_card(state, 0, "bishop")
    give_card(state, 0, "amphitheatre")
    give_cubes(state, 0, stone=1)
    set_money(state, 0, 10)
    place_inhabitants(state, 0, 1, 3)   # (a population above the rebellion, L425)
    state.rebellion = 2   # the Bishop's marker can move (cards.args: no use that does nothing)
    touch(state)
    state.apply(0, UseCard("bishop", ()))
    assert not any(a.kind == "use_card" for a in legal(state))
    wheel.start_round(state, 0)
    touch(state)
    assert UseCard("bishop", ()) not in legal(state)
    assert UseCard("amphitheatre", ()) in legal(state)


def test_owner_only_cards_are_not_offered_to_others():
    # L826 (Pirate: «Только он сам может использовать её», L812)
    state = fresh()
    give_card(state, 1, "bishop")
    assert UseCard("bishop", ()) not in legal(state)


def test_archbishop_by_church_count():
    # L1066-1072
    state = fresh()
    give_card(state, 0, "archbishop")
    set_money(state, 0, 10)
    for k in (1, 2, 3):
        state.regions[k]["buildings"]["church"] = True
    state.rebellion = 9
    state.population = 20
    touch(state)
    state.apply(0, UseCard("archbishop", ()))
    assert state.rebellion == 7


def test_pirate_sinks_a_ship_and_takes_a_cube():
    # L1412-1415
    state = fresh()
    give_card(state, 0, "pirate")
    mine = ship_to(state, 0, 1)
    theirs = ship_to(state, 1, 1)
    give_cubes(state, 1, iron=1)
    state.apply(0, UseCard("pirate", (theirs,)))
    assert state.units[theirs][REGION] == -1 and state.discs_used[0] == 1
    assert state.to_act == (1,)
    state.apply(1, Pick("iron"))
    assert state.cubes[0][5] >= 1 and state.to_act == (0,)
    del mine


def test_thief_takes_one_of_two_fists():
    # L1505-1507, L1080
    state = fresh()
    give_card(state, 0, "thief")
    for r in range(6):
        state.bank_cubes[r] += state.cubes[1][r]
        state.cubes[1][r] = 0
    give_cubes(state, 1, iron=1, fish=1)
    state.apply(0, UseCard("thief", (1,)))
    assert state.to_act == (1,)
    state.apply(1, ThiefHands("iron", "fish"))
    assert "hands" not in state.view(0)["state"]["ctx"]     # the thief cannot see the fists
    assert state.view(1)["state"]["ctx"]["hands"] == ["iron", "fish"]
    before = list(state.cubes[0])
    state.apply(0, Pick("right"))
    assert state.cubes[0][3] == before[3] + 1
    assert state.cubes[1] == [0, 0, 0, 0, 0, 1]


def test_assassin_pays_the_minimum_price():
    # L1435
    state = fresh()
    give_card(state, 0, "assassin")
    index = give_card(state, 1, "king")
    set_money(state, 0, 10)
    state.apply(0, UseCard("assassin", (index,)))
    assert state.owned[1] == [] and index in state.card_discard
    assert state.money[0] == 10 - min(state.content.cards[index].prices)


def test_spy_sees_an_objective():
    # L1487
    state = fresh()
    give_card(state, 0, "spy")
    set_money(state, 0, 5)
    assert state.view(0)["state"]["players"][2]["objectives"] is None
    state.apply(0, UseCard("spy", (2,)))
    assert state.view(0)["state"]["players"][2]["objectives"]
    assert state.view(1)["state"]["players"][2]["objectives"] is None


def test_detective_reveals_and_buys_a_character_at_minimum():
    # L1431
    state = fresh()
    give_card(state, 0, "detective")
    set_money(state, 0, 30)
    state.apply(0, UseCard("detective", ()))
    shown = list(state.ctx["cards"])
    picks = [a for a in legal(state) if a.kind == "pick"]
    for a in picks:
        assert state.content.cards[state.content.card_index(a.value)].type == "character"
    if picks:
        state.apply(0, picks[0])
    else:
        state.apply(0, Done())
    assert all(c in state.card_discard or any(r[0] == c for r in state.owned[0]) for c in shown)


def test_colossus_wonder_built_next_turn_and_an_inhabitant_leaves():
    # L866-876, L1088
    state = fresh()
    give_card(state, 0, "colossus", turn=1)
    u = place_inhabitants(state, 0, 1, 1)[0]
    give_cubes(state, 0, iron=3)
    assert not any(a.kind == "build_wonder" for a in legal(state))   # bought this turn
    state.owned[0][0][3] = 0
    state.surplus = 5
    touch(state)
    pop = state.population
    state.apply(0, BuildWonder("colossus", u))
    assert state.units[u][REGION] == WONDER and state.population == pop - 1
    assert state.surplus == 4 and state.owned[0][0][2] == 1
    assert state.discs_used[0] == 1


def test_lighthouse_needs_a_port():
    # L880-884
    state = fresh()
    give_card(state, 0, "lighthouse")
    place_inhabitants(state, 0, 1, 1)
    give_cubes(state, 0, iron=1, stone=2)
    assert not any(a.kind == "build_wonder" for a in legal(state))
    staffed(state, 0, 2, "port")
    wonder = [a for a in legal(state) if a.kind == "build_wonder"]
    assert wonder
    ships = sum(1 for x in state.units if x[0] == 0 and x[1] and x[REGION] >= 0)
    state.apply(0, wonder[0])
    assert sum(1 for x in state.units if x[0] == 0 and x[1] and x[REGION] >= 0) == ships + 1


def test_church_gifts_two_ways():
    # L1092-1096
    state = fresh()
    give_card(state, 0, "church_gifts")
    state.rebellion, state.population = 6, 20
    assert not any(a.kind == "use_card" for a in legal(state))
    give_cubes(state, 0, fruit=1, cattle=1)
    assert UseCard("church_gifts", (2,)) in legal(state)
    state.apply(0, UseCard("church_gifts", (2,)))
    assert state.rebellion == 4


def test_passive_king_is_never_activated():
    state = fresh()
    give_card(state, 0, "king")
    with pytest.raises(IllegalAction):
        state.apply(0, UseCard("king", ()))
