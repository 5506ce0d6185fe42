"""The Archipelago heuristic's longer view of the colony (issue 13): the drift of the markers
over the coming turns (boards I-IV, archipelago.ru.txt L270-333), the hurry to end the game by
its own objective before the colony falls (L175, L218), and the churches that keep their
inhabitants out of a domestic crisis (L693)."""

from __future__ import annotations

from arch_scenario import (
    after_turn_zero,
    clear_units,
    empty_markets,
    give_cubes,
    in_round,
    place_inhabitants,
    set_market,
    set_money,
    staffed,
    touch,
)

from settlers.games.archipelago import pieces
from settlers.games.archipelago.actions import Build
from settlers.games.archipelago.heuristic import (
    coming_demand,
    drift,
    horizon,
    hurry,
    make_bot,
    results_step,
)


def objective(state, objective_id: str) -> int:
    return next(i for i, o in enumerate(state.content.objectives) if o["id"] == objective_id)


def quiet_colony(surplus: int, population: int = 8):
    """Turn 1, phase 5, seat 0 to play: no cube on either market board, the population
    marker at ``population`` (stability row 0-10 adds nothing, L312-318), rebellion 0."""
    state = in_round(3, seed=1)
    empty_markets(state)
    state.surplus = surplus
    state.population = population
    state.rebellion = 0
    touch(state)
    return state


def test_one_results_step_is_boards_one_to_four_in_order():
    # L288-294: a zone of board I holding 3-5 cubes adds one step of surplus; L312-318: the
    # stability row of a population of 8 adds nothing; L328-332: a surplus of 8-12 adds one
    # step of rebellion, 13-17 two
    state = quiet_colony(surplus=12)
    assert results_step(state, 12, 0) == (12, 1)
    set_market(state, 0, "fish", 3)
    assert results_step(state, 12, 0) == (13, 2)


def test_drift_counts_the_market_zones_that_keep_raising_the_surplus():
    # the surplus a crowded zone of board I adds comes back every turn (L288-294), and the
    # labour board turns it into rebellion (L328-332): with empty markets a surplus of 12
    # adds 1 a turn (3 over the three turns after the next results); with 3 fish on board I
    # the surplus climbs 13 -> 14, 15, 16 and adds 2 a turn (6)
    state = quiet_colony(surplus=12)
    assert drift(state) == 3
    set_market(state, 0, "fish", 3)
    assert drift(state) == 6
    set_market(state, 0, "fish", 2)   # bought back to two cubes: the zone adds nothing
    assert drift(state) == 3


def test_a_low_surplus_calms_the_colony():
    # L328: the labour board's first rows (surplus 0-3) move the rebellion marker down
    state = quiet_colony(surplus=2)
    state.rebellion = 5
    touch(state)
    assert drift(state) == -3
    assert horizon(state) == 99.0 and hurry(state) == 0.0


def test_hurry_grows_as_the_drift_eats_the_margin():
    # the margin (population - rebellion, L218) over the rebellion the results add per turn
    state = quiet_colony(surplus=28, population=10)
    state.rebellion = 0
    touch(state)
    # surplus 28+: +3 a turn (L332); margin after the next results 10 - 3 = 7
    assert drift(state) == 9 and horizon(state) == 7 / 3
    assert 0.5 < hurry(state) < 1.0
    state.rebellion = 6    # margin 1 after the next results: the colony has a turn left
    touch(state)
    assert hurry(state) > 0.9
    calm = quiet_colony(surplus=5, population=10)
    assert hurry(calm) == 0.0


def test_a_church_keeps_its_inhabitants_out_of_the_coming_domestic_crisis():
    # L693: an inhabitant in a church never lies down, so the coming domestic crisis asks
    # for cubes for the others only (L360-368: one cube per `ratio` inhabitants); before
    # phase 4 (here: the bids of turn 1) the deck's top back is the crisis to come (L340)
    state = after_turn_zero(3, seed=1)
    c = state.content
    top = next(i for i in reversed(range(len(state.deck)))
               if (c.cards[state.deck[i]].normal or {}).get("domestic", [""])[0] == "stone")
    state.deck.append(state.deck.pop(top))
    ratio = int(c.cards[state.deck[-1]].normal["domestic"][1])
    clear_units(state)
    empty_markets(state)
    place_inhabitants(state, 1, 1, ratio + 1)
    stone = 4
    assert coming_demand(state)[stone] == 2
    staffed(state, 1, 2, "church")
    assert coming_demand(state)[stone] == 2   # ratio + 2 inhabitants, one of them in a church
    place_inhabitants(state, 1, 2, 1)
    assert coming_demand(state)[stone] == 2
    clear_units(state)
    place_inhabitants(state, 1, 1, ratio)
    assert coming_demand(state)[stone] == 1
    staffed(state, 1, 2, "church")
    assert coming_demand(state)[stone] == 1   # the churchgoer stands: still one cube


def town_table(objective_id: str):
    """Turn 1, phase 5, four players, seat 0 to play with one inhabitant on island 1, the
    florins and cubes of a town (L609-625: 2f, wood and stone) and the objective
    ``objective_id``, the trend «Philanthropist»; 8 inhabitants of seat 1 elsewhere, two cubes of each resource on
    board I and four on board II: the coming crisis is covered and no zone adds surplus."""
    state = in_round(4, seed=1)
    clear_units(state)
    place_inhabitants(state, 0, 1, 1)
    for region in (2, 3, 4):
        place_inhabitants(state, 1, region, 3 if region < 4 else 2)
    for res in ("fruit", "wood", "cattle", "fish", "stone", "iron"):
        set_market(state, 0, res, 2)
        set_market(state, 1, res, 4)
    state.surplus = 0   # nobody to recruit (L577)
    state.rebellion = 0
    state.objectives[0] = [objective(state, objective_id)]
    # the trend «Благотворитель» ranks the Philanthropist's zones (neither florins nor towns)
    state.trends = [next(i for i, t in enumerate(state.content.trends)
                         if t["id"] == "philanthropist")]
    set_money(state, 0, 4)
    give_cubes(state, 0, wood=1, stone=1)
    touch(state)
    assert Build("town", 1) in state.legal_actions(0)
    return state


def test_it_builds_the_town_its_objective_ends_the_game_with():
    # L175: the game ends when the end condition of any player's objective holds; a loyal
    # colonist whose card ends the game at 5 towns (4 players: 3 + 1 per player over 2,
    # objective s7, ranked by ports) builds a town when it can pay for it
    state = town_table("s7")
    assert make_bot().act(state, 0) == Build("town", 1)
    state.apply(0, Build("town", 1))
    assert pieces.count_built(state, "town") == 1
    # the same table, but its card ends the game when two piles of explorer tokens are empty
    # (s3, ranked by florins): no town
    assert make_bot().act(town_table("s3"), 0) != Build("town", 1)
