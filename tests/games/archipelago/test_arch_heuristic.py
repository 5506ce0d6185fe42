"""The heuristic bot of Archipelago (issue 13): found by ``settlers.bots``, never peeks, keeps
the colony from independence in crises (archipelago.ru.txt L336-406, L216-218) unless it holds
the Separatist, bids within its means (L246-256). Strength is measured by
``benchmarks/archipelago_heuristic.py``, not here."""

from __future__ import annotations

import random

import pytest
from arch_scenario import clear_units, give_cubes, in_round, place_inhabitants, set_market, touch

import settlers.bots as bots
from settlers.games.archipelago import GAME, balance
from settlers.games.archipelago.actions import PassCrisis, Raise, Supply
from settlers.games.archipelago.heuristic import evaluate, make_bot, value
from settlers.games.archipelago.state import OWNER

STONE = 4


def domestic_crisis(state, ratio=6):
    assert balance.start_part(state, {"kind": "domestic", "res": STONE, "ratio": ratio})
    touch(state)


def objective_with(state, criterion: str) -> int:
    return next(i for i, o in enumerate(state.content.objectives)
                if o["criterion"] == criterion)


def loyal(state, seat: int) -> None:
    """Give ``seat`` an objective other than the Separatist's."""
    state.objectives[seat] = [objective_with(state, "money")]
    touch(state)


def crisis_table(strikers: int, stone: int):
    """A round in progress, seats in order 0, 1, 2, every unit in the box but ``strikers``
    inhabitants of seat 1 on island 1, and ``stone`` stone on market board I."""
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 1, 1, strikers)
    set_market(state, 0, "stone", stone)
    state.order = [0, 1, 2]
    return state


def test_the_registry_finds_the_heuristic_and_it_plays_legal_moves():
    assert bots.supports("heuristic", "archipelago")
    state = GAME.new_state(3, 4)
    bot = bots.make("heuristic", seed=1)
    for _ in range(60):
        if state.over:
            break
        seat = state.to_act[0]
        action = bot.act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_a_short_game_of_heuristic_bots_ends_without_independence():
    # L216-218: the bots keep the rebellion marker below the population marker
    state = GAME.new_state(3, 11, {"max_turns": 2})
    seats = [make_bot(seed=s) for s in range(3)]
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, seats[seat].act(state, seat))
    assert state.ended_by != "independence"


def twins(seed: int, steps: int):
    state = GAME.new_state(3, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))])
    seat = state.to_act[0]
    twin = next(t for t in (state.determinize(seat, 1000 + k) for k in range(50))
                if t.full_state() != state.full_state())
    assert twin.view(seat) == state.view(seat)
    return state, twin, seat


@pytest.mark.parametrize(("seed", "steps"), [(1, 0), (2, 12), (3, 40), (5, 70)])
def test_the_decision_ignores_what_the_seat_cannot_see(seed, steps):
    state, twin, seat = twins(seed, steps)
    assert make_bot(seed=7).act(state, seat) == make_bot(seed=7).act(twin, seat)


def test_a_free_cube_from_the_market_board_is_always_given():
    # L360-368: a contributor may pay with a cube of board I
    state = crisis_table(2, 1)
    loyal(state, 0)
    domestic_crisis(state)
    assert make_bot().act(state, 0) == Supply(False)


def test_it_raises_its_own_inhabitants_first():
    # L368: the contributor chooses whose inhabitants stand up
    state = crisis_table(3, 1)
    mine = place_inhabitants(state, 0, 2, 2)
    loyal(state, 0)
    domestic_crisis(state, ratio=2)
    state.apply(0, Supply(False))
    choice = make_bot().act(state, 0)
    assert isinstance(choice, Raise) and state.units[choice.unit][OWNER] == 0 and choice.unit in mine


def test_own_cube_only_when_independence_threatens():
    # L372, L391: every striker moves the rebellion marker; passing the population = the end
    state = crisis_table(1, 0)
    give_cubes(state, 0, stone=1)
    loyal(state, 0)
    state.rebellion = 0
    domestic_crisis(state, ratio=6)
    state.population = 20                  # one striker leaves a wide margin: keep the cube
    touch(state)
    assert make_bot().act(state, 0) == PassCrisis()
    state.population = 3                   # one striker: rebellion 3 of population 3
    state.rebellion = 2
    touch(state)
    assert make_bot().act(state, 0) == Supply(True)


def test_the_separatist_lets_the_crisis_strike():
    # L216, L906-908: the Separatist wins on independence
    state = crisis_table(3, 1)
    state.objectives[0] = [objective_with(state, "separatist")]
    domestic_crisis(state)
    assert make_bot().act(state, 0) == PassCrisis()


def test_bids_stay_within_means():
    # L250: bids are spent; the bot bids little and only when it can afford it
    state = GAME.new_state(3, 2)
    while state.step != "bid":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    for seat in state.to_act:
        amount = make_bot(seed=seat).act(state, seat).amount
        assert 0 <= amount <= min(3, state.money[seat] // 12)
    state.money[0] = 5
    touch(state)
    assert make_bot().act(state, 0).amount == 0


def test_the_value_fears_independence_and_likes_money():
    state = in_round(3, seed=1)
    loyal(state, 0)
    rich = state.clone()
    rich.money[0] += 10
    assert value(rich, 0) > value(state, 0)
    near = state.clone()
    near.rebellion = near.population
    assert value(near, 0) < value(state, 0) - 20
    assert isinstance(evaluate(state, 0), float)


def test_without_cube_or_token_it_offers_florins_for_the_cube():
    # L220-234: while contributing to a crisis a player may negotiate; the offer is composed
    # as 3 florins for one cube of the demanded resource and sent to the next player
    state = crisis_table(3, 0)
    loyal(state, 0)
    state.tokens[0] = 0
    state.money[0] = 10
    state.population, state.rebellion = 4, 2
    domestic_crisis(state)
    state.offers_left = 2
    touch(state)
    bot = make_bot()
    for _ in range(6):
        if state.step != "offer" and state.actor != 0:
            break
        state.apply(0, bot.act(state, 0))
    assert state.step == "answer" and state.actor == 1
    assert state.offer["give"] == ["f", "f", "f"] and state.offer["want"] == ["stone"]


def test_the_projected_margin_is_the_population_results_on_a_copy():
    # L270-333: boards I to IV in order; the bot computes the same without cloning
    from settlers.games.archipelago import population
    from settlers.games.archipelago.heuristic import projected_margin

    state = GAME.new_state(4, 3)
    rng = random.Random(3)
    for _ in range(300):
        if state.over:
            break
        probe = state.clone()
        population.population_results(probe)
        assert projected_margin(state) == probe.population - probe.rebellion
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))])
