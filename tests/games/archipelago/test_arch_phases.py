"""The six phases (archipelago.ru.txt L236-420, L737-798) and the end of the game (L878-900)."""

from __future__ import annotations

import pytest
from arch_scenario import (
    after_turn_zero,
    clear_units,
    empty_markets,
    give_card,
    give_cubes,
    hear_bribes,
    in_round,
    legal,
    place_inhabitants,
    set_market,
    set_money,
    staffed,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import balance, evolution, flow, population
from settlers.games.archipelago.actions import (
    Bid,
    BuyCard,
    Done,
    EndRound,
    PassCrisis,
    Raise,
    SetOrder,
    Supply,
    TurnTwo,
    UseChurch,
)
from settlers.games.archipelago.state import STANDING

FISH, IRON, CATTLE, STONE = 3, 5, 2, 4


# ---------------------------------------------------------------- phase 1
def test_liberation_frees_cards_units_and_strikers():
    # L240-244
    state = in_round(3, seed=1)
    give_card(state, 0, "bishop")
    state.owned[0][0][1] = 1
    for u in state.units:
        if u[2] >= 0:
            u[3], u[4], u[6] = False, True, 0
    flow.begin_turn(state)
    assert state.owned[0][0][1] == 0
    assert all(u[3] and not u[4] and u[6] == -1 for u in state.units if u[2] >= 0)


# ---------------------------------------------------------------- phase 2
def test_bids_are_secret_simultaneous_and_spent():
    # L248-250
    state = after_turn_zero(3, seed=1)
    assert set(state.to_act) == {0, 1, 2}
    bank = state.bank_money
    state.apply(0, Bid(3))
    assert state.view(1)["state"]["players"][0].get("bid") is None   # hidden until all are in
    assert state.view(0)["state"]["players"][0]["bid"] == 3
    with pytest.raises(IllegalAction):
        state.apply(0, Bid(1))                                     # one bid each
    with pytest.raises(IllegalAction):
        state.apply(1, Bid(state.money[1] + 1))                     # no more than the screen
    state.apply(1, Bid(1))
    state.apply(2, Bid(0))
    assert state.bank_money == bank + 4
    assert state.last_bids == [3, 1, 0]
    hear_bribes(state)                                               # L260: the others' floor
    assert state.step == "order" and state.actor == 0                # L252
    state.apply(0, SetOrder((2, 0, 1)))
    assert state.order == [2, 0, 1]


def bid(state, *amounts: int) -> None:
    """Seat 0 bids the first amount, seat 1 the second, …"""
    for seat, amount in enumerate(amounts):
        state.apply(seat, Bid(amount))


def test_nobody_bids_order_unchanged():
    # L254
    state = after_turn_zero(3, seed=1)
    order = list(state.order)
    bid(state, 0, 0, 0)
    assert state.order == order and state.phase == "actions"


def test_tie_rebids_once_then_order_unchanged():
    # L254-256
    state = after_turn_zero(3, seed=1)
    order = list(state.order)
    bid(state, 2, 2, 1)
    assert state.step == "bid" and set(state.to_act) == {0, 1}     # only the tied bid again
    bid(state, 1, 1)
    assert state.order == order and state.phase == "actions"


def test_two_players_tie_no_rebid():
    # L1015
    state = after_turn_zero(2, seed=1)
    order = list(state.order)
    bid(state, 2, 2)
    assert state.order == order and state.phase == "actions"


def test_king_adds_three_to_the_bid():
    # L1469
    state = after_turn_zero(3, seed=1)
    give_card(state, 2, "king")
    bid(state, 3, 0, 1)
    assert state.step == "bribes" and state.ctx["decider"] == 2   # orders next (L260)


# ---------------------------------------------------------------- phase 3
def test_population_results_boards_in_order():
    # L294: 5 fish on board I -> surplus +1; 6 iron -> rebellion +1
    state = after_turn_zero(3, seed=1)
    empty_markets(state)
    clear_units(state)
    state.surplus, state.rebellion = 4, 0   # a labour row that moves nothing
    set_market(state, 0, "fish", 5)
    population.population_results(state)
    assert state.surplus == 5 and state.rebellion == 0
    set_market(state, 0, "fish", 2)          # the first row moves nothing
    state.surplus = 4
    population.population_results(state)
    assert state.surplus == 4
    set_market(state, 0, "fish", 0)
    set_market(state, 0, "iron", 6)
    state.surplus = 4
    population.population_results(state)
    assert state.surplus == 4 and state.rebellion == 1


def test_export_market_moves_only_surplus():
    # L304
    state = after_turn_zero(3, seed=1)
    empty_markets(state, 0)
    clear_units(state)
    state.surplus, state.rebellion = 4, 0
    set_market(state, 1, "iron", 8)
    population.population_results(state)
    assert state.surplus == 5 and state.rebellion == 0


def test_stability_board_rows():
    # L318: population 11-20 -> surplus +1; 31-40 -> surplus +1 and rebellion +1
    state = after_turn_zero(5, seed=1)
    empty_markets(state)
    for pop, expected in ((15, (1, 0)), (35, (1, 1))):
        state.population = pop
        state.surplus = 4          # a labour row that does not move rebellion
        state.rebellion = 0
        population.population_results(state)
        assert (state.surplus - 4, state.rebellion) == expected


def test_labour_board_13_to_17_moves_rebellion_two_and_a_row_moves_it_down():
    # L328-332
    state = after_turn_zero(3, seed=1)
    empty_markets(state)
    clear_units(state)
    state.population = 10   # stability row 0-10: no move; rebellion stays below population
    state.surplus, state.rebellion = 14, 5
    population.population_results(state)
    assert state.rebellion == 7
    state.surplus, state.rebellion = 2, 5
    population.population_results(state)
    assert state.rebellion == 4


# ---------------------------------------------------------------- phase 4
def domestic_crisis(state, ratio=6, res=STONE):
    assert balance.start_part(state, {"kind": "domestic", "res": res, "ratio": ratio})
    touch(state)


def test_domestic_crisis_lays_down_and_cubes_raise_ratio_inhabitants():
    # L352-372, the stone/6 example (L356, L366)
    state = in_round(3, seed=1)
    clear_units(state)
    a = place_inhabitants(state, 0, 1, 3)
    b = place_inhabitants(state, 1, 2, 3)
    c = place_inhabitants(state, 2, 3, 3)
    set_market(state, 0, "stone", 1)
    state.order = [0, 1, 2]
    domestic_crisis(state)
    assert all(not state.units[u][STANDING] for u in a + b + c)
    assert state.actor == 0
    state.apply(0, Supply(False))                     # from board I, bottom-right first
    assert state.market[0][STONE] == 0
    acts = legal(state)
    # must raise before anything else but negotiating (L376)
    assert {x.kind for x in acts} - {"propose", "gift"} == {"raise"}
    for u in c + b:                                   # six of the others' inhabitants
        state.apply(0, Raise(u))
    assert state.step == "domestic"
    with pytest.raises(IllegalAction):
        state.apply(0, Raise(a[0]))                   # one cube raised six, no more
    state.apply(0, PassCrisis())
    assert state.actor == 1
    state.apply(1, PassCrisis())
    rebellion = state.rebellion
    state.apply(2, PassCrisis())                      # nobody helps Red: 3 strikers
    assert state.rebellion == rebellion + 3
    assert sum(1 for u in a if not state.units[u][STANDING]) == 3


def test_own_cube_counts_for_the_philanthropist():
    # L962
    state = in_round(3, seed=1, philanthropist=True)
    clear_units(state)
    place_inhabitants(state, 1, 1, 2)
    give_cubes(state, 0, stone=1)
    state.order = [0, 1, 2]
    domestic_crisis(state)
    state.apply(0, Supply(True))
    assert state.phil[0] == 1


def test_a_player_who_passed_cannot_come_back():
    # L362
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 2, 1, 2)
    give_cubes(state, 0, stone=1)
    state.order = [0, 1, 2]
    domestic_crisis(state)
    state.apply(0, PassCrisis())
    assert 0 not in state.to_act
    with pytest.raises(IllegalAction):
        state.apply(0, Supply(True))


def test_church_inhabitant_never_lies_and_raises_its_region():
    # archipelago.ru.txt L687
    state = in_round(3, seed=1)
    clear_units(state)
    priest = staffed(state, 0, 1, "church")
    flock = place_inhabitants(state, 1, 1, 2)
    other = place_inhabitants(state, 1, 2, 1)
    state.order = [0, 1, 2]
    domestic_crisis(state)
    assert state.units[priest][STANDING]
    assert UseChurch(1) in legal(state)
    assert UseChurch(2) not in legal(state)
    state.apply(0, UseChurch(1))
    assert Raise(other[0]) not in legal(state)         # only the church's region
    state.apply(0, Raise(flock[0]))
    state.apply(0, Raise(flock[1]))
    assert all(state.units[u][STANDING] for u in flock)
    assert not state.units[other[0]][STANDING]


def test_church_raises_any_number_of_its_region_the_controller_chooses():
    # L687: «может бесплатно поднять любое число жителей» — any number, so some may stay down
    state = in_round(3, seed=1)
    clear_units(state)
    staffed(state, 0, 1, "church")  # seat 0's priest
    mine = place_inhabitants(state, 0, 1, 1)[0]
    rival = place_inhabitants(state, 1, 1, 1)[0]
    place_inhabitants(state, 2, 2, 1)
    state.order = [0, 1, 2]
    domestic_crisis(state)
    cubes = list(state.cubes[0])
    state.apply(0, UseChurch(1))
    state.apply(0, Raise(mine))
    assert Done() in legal(state)
    state.apply(0, Done())                              # the rival is left lying
    assert not state.units[rival][STANDING] and state.cubes[0] == cubes   # free (no cube)
    assert UseChurch(1) not in legal(state)             # once per crisis turn


def test_export_crisis_missing_cubes_raise_rebellion():
    # L378-389: «3 кубика скота нужно направить на экспорт»
    state = in_round(3, seed=1)
    set_market(state, 1, "cattle", 1)
    give_cubes(state, 1, cattle=1)
    state.order = [0, 1, 2]
    assert balance.start_part(state, {"kind": "export", "res": CATTLE, "n": 3})
    touch(state)
    state.apply(0, Supply(False))
    state.apply(0, PassCrisis())
    state.apply(1, Supply(True))
    rebellion = state.rebellion
    state.apply(1, PassCrisis())
    state.apply(2, PassCrisis())
    assert state.rebellion == rebellion + 1


def test_church_event():
    # L393: rebellion -2 per church
    state = in_round(3, seed=1)
    state.regions[1]["buildings"]["church"] = True
    state.regions[2]["buildings"]["church"] = True
    state.rebellion = 7
    assert not balance.start_part(state, {"kind": "event", "event": "churches_down_2"})
    assert state.rebellion == 3


def test_independence_ends_the_game_at_once():
    # L391, L218
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 0, 1, 2)
    state.rebellion = 1
    state.order = [0, 1, 2]
    domestic_crisis(state)
    state.apply(0, PassCrisis())
    state.apply(1, PassCrisis())
    state.apply(2, PassCrisis())
    assert state.over and state.ended_by == "independence"
    assert state.to_act == ()


# ---------------------------------------------------------------- phase 6
def at_buy(state):
    flow.start_buy(state)
    touch(state)


def test_buy_one_and_turn_one_or_turn_two():
    # L745-762
    state = in_round(3, seed=1)
    state.order = [0, 1, 2]
    at_buy(state)
    set_money(state, 0, 20)
    card = state.track[0][0]
    price = evolution.price(state, 0)
    state.apply(0, BuyCard(0, 1))
    assert [r[0] for r in state.owned[0]] == [card]
    assert state.money[0] == 20 - price
    assert state.track[1][1] == 1                            # turned once
    assert state.track[0][0] >= 0                            # refilled from the deck
    assert state.actor == 1
    with pytest.raises(IllegalAction):
        state.apply(1, TurnTwo(2, 2))                        # two different cards
    state.apply(1, TurnTwo(1, 2))
    assert state.track[1][1] == 2


def test_a_card_turned_onto_the_skull_is_discarded():
    # L762-770: the Pirate example
    state = in_round(3, seed=1)
    state.order = [0, 1, 2]
    at_buy(state)
    pirate = state.track[1][0]
    state.track[1][1] = 2
    state.apply(0, TurnTwo(1, 2))
    assert pirate in state.card_discard
    assert state.track[1][0] != pirate and state.track[1][1] == 0


def test_red_zone_on_the_new_top_strikes_at_once():
    # L776-790
    state = in_round(3, seed=1)
    state.order = [0, 1, 2]
    at_buy(state)
    red_card = next(i for i, c in enumerate(state.content.cards)
                    if c.red and c.red.get("event") == "towns_up_1")
    state.deck.remove(red_card)
    state.deck.insert(len(state.deck) - 1, red_card)   # second from the top
    state.regions[1]["buildings"]["town"] = True
    state.track[0][1] = 2
    rebellion = state.rebellion
    state.apply(0, TurnTwo(0, 1))                        # slot 0 dies, a card is drawn
    assert state.deck[-1] == red_card
    assert state.rebellion == rebellion + 1


def test_phase_four_reads_the_normal_back_of_the_top_card():
    # L340-344 (skipped in the first turn, L338); red zones are ignored here (L346)
    state = in_round(3, seed=1)
    card = next(i for i, c in enumerate(state.content.cards)
                if c.normal.get("event") == "churches_down_2" and c.red is None)
    for slot in state.track:
        if slot[0] == card:
            slot[0] = state.deck.pop(0)
    if card in state.deck:
        state.deck.remove(card)
    state.deck.append(card)
    assert evolution.normal_of_top(state) == [{"kind": "event", "event": "churches_down_2"}]
    state.regions[1]["buildings"]["church"] = True
    state.turn = 1
    flow.after_bids(state)
    assert state.queue == []
    state.turn = 2
    flow.after_bids(state)
    assert state.queue == [{"kind": "event", "event": "churches_down_2"}]
    state.rebellion = 9
    state.population = 20
    flow.settle(state)
    assert state.rebellion == 7 and state.phase == "actions"


# ---------------------------------------------------------------- end of the game
def test_objective_end_condition_ends_after_the_round():
    # L896-898
    state = in_round(3, seed=1, seat=0)
    obj = next(i for i, o in enumerate(state.content.objectives)
               if o["end"]["kind"] == "bank_money_empty")
    state.objectives[1] = [obj]
    state.money[0] += state.bank_money
    state.bank_money = 0
    touch(state)
    assert not state.over
    state.apply(0, EndRound())
    assert state.over and state.ended_by == "objective" and state.ender == 1
    assert state.winners()
