"""End of the game: objective cards, trend card, evolution cards, ties, the Pacifist, the
Separatist and independence (archipelago.ru.txt L878-1002)."""

from __future__ import annotations

from arch_scenario import (
    after_turn_zero,
    give_card,
    give_cubes,
    place_inhabitants,
    set_market,
    touch,
)

from settlers.games.archipelago import flow, scoring
from settlers.games.archipelago.objectives import measure
from settlers.games.archipelago.state import STANDING

RED, YELLOW, GREEN, BLUE = range(4)


def objective(state, card_id):
    return next(i for i, o in enumerate(state.content.objectives) if o["id"] == card_id)


def trend(state, trend_id):
    return next(i for i, t in enumerate(state.content.trends) if t["id"] == trend_id)


def add_region(state, k):
    state.regions.append({"hex": 0, "side": 0, "q": 10 + k, "r": 10, "rot": 0,
                          "buildings": {}, "plundered": []})
    state.grid[(10 + k, 10)] = len(state.regions) - 1
    return len(state.regions) - 1


def church_for(state, seat):
    k = add_region(state, len(state.regions))
    state.regions[k]["buildings"]["church"] = True
    unit = place_inhabitants(state, seat, k, 1)[0]
    state.units[unit][5] = "church"
    return k


def scoring_example():
    """archipelago.ru.txt L982-1002, the 4-player example, built piece by piece."""
    state = after_turn_zero(4, seed=3)
    for s in range(4):
        state.owned[s] = []
        for r in range(6):
            state.bank_cubes[r] += state.cubes[s][r]
        state.cubes[s] = [0] * 6
    state.trends = [trend(state, "churches")]
    state.has_philanthropist = False
    state.objectives = [[objective(state, "s10")],   # Red: the Separatist (L984)
                        [objective(state, "s1")],    # Yellow: iron behind the screen
                        [objective(state, "s6")],    # Green: churches controlled
                        [objective(state, "s8")]]    # Blue: progress cards
    for seat, n in ((GREEN, 4), (BLUE, 3), (RED, 2), (YELLOW, 1)):   # L988
        for _ in range(n):
            church_for(state, seat)
    set_market(state, 0, "iron", 0)   # all ten iron cubes are behind the screens
    set_market(state, 1, "iron", 0)
    give_cubes(state, YELLOW, iron=6)                                  # L990
    give_cubes(state, RED, iron=4)
    for seat, cards in ((BLUE, ("lighthouse", "irrigation", "fishing")),   # L992
                        (YELLOW, ("lumber_mill", "quarry", "iron_mine")),
                        (RED, ("farm",)), (GREEN, ("king",))):             # L998
        for card in cards:
            give_card(state, seat, card)
    state.owned[BLUE][0][2] = 1          # Blue built the Great lighthouse (L996)
    flow.end(state, "objective", YELLOW)  # «закончилась, когда закончился запас двух ресурсов»
    touch(state)
    return state


def test_scoring_example_every_number():
    state = scoring_example()
    rows = scoring.breakdown(state)
    # trend card Churches: Green 4, Blue 3, Red 2, Yellow nothing (L988)
    assert rows[GREEN]["trend:churches"] == 4
    assert rows[BLUE]["trend:churches"] == 3
    assert rows[RED]["trend:churches"] == 2
    assert "trend:churches" not in rows[YELLOW]
    # objective Iron: Yellow 3, Red 2, Blue and Green unranked (L990)
    assert rows[YELLOW]["objective:s1"] == 3 and rows[RED]["objective:s1"] == 2
    assert "objective:s1" not in rows[BLUE] and "objective:s1" not in rows[GREEN]
    # objective Progress: Blue and Yellow share the first place, Red is second (L992)
    assert rows[BLUE]["objective:s8"] == 3 and rows[YELLOW]["objective:s8"] == 3
    assert rows[RED]["objective:s8"] == 2
    # objective Churches: Green 3, Blue 2, Red 1 (L994)
    assert (rows[GREEN]["objective:s6"], rows[BLUE]["objective:s6"],
            rows[RED]["objective:s6"]) == (3, 2, 1)
    assert "objective:s6" not in rows[YELLOW]
    # the Separatist card gives nothing when there is no independence (L984)
    assert not any(k.startswith("objective:s10") for r in rows for k in r)
    # wonders and characters (L996-998)
    assert rows[BLUE]["card:lighthouse"] == 1 and rows[GREEN]["card:king"] == 1
    # the main winner (L1000): Blue 9, Green 8, Red 7, Yellow 6
    assert scoring.points(state) == [7, 6, 8, 9]
    assert state.scores() == [7.0, 6.0, 8.0, 9.0]
    assert state.winners() == [BLUE]


def test_unbuilt_wonder_counts_as_progress_but_gives_no_points():
    state = scoring_example()
    state.owned[BLUE][0][2] = 0   # L874-876
    rows = scoring.breakdown(state)
    assert "card:lighthouse" not in rows[BLUE]
    assert rows[BLUE]["objective:s8"] == 3


def test_dense_ranking_ties_share_and_the_next_rank_follows():
    # L934: «Игроки следующего ранга при этом не сдвигаются ниже»
    assert scoring.rank_points([5, 5, 3, 1], (3, 2, 1)) == [3, 3, 2, 1]
    assert scoring.rank_points([0, 2, 2, 0], (3, 2, 1)) == [0, 3, 3, 0]
    assert scoring.rank_points([4, 3, 2, 1], (4, 3, 2)) == [4, 3, 2, 0]


def test_tie_on_points_goes_to_the_money_behind_the_screen():
    # L974
    state = scoring_example()
    state.owned[GREEN].append([state.content.card_index("pope"), 0, 0, 0])  # Green 9 too
    state.money = [0, 0, 5, 4]
    assert scoring.points(state)[GREEN] == scoring.points(state)[BLUE] == 9
    assert state.winners() == [GREEN]
    state.money = [0, 0, 4, 5]
    assert state.winners() == [BLUE]


def test_independence_everybody_loses_without_a_separatist():
    # L904-908
    state = scoring_example()
    state.objectives[RED] = [objective(state, "s1")]
    state.ended_by = "independence"
    assert state.winners() == []
    assert state.collective_loss
    state.objectives[RED] = [objective(state, "s10")]
    assert state.winners() == [RED]
    assert state.scores() == [1.0, 0.0, 0.0, 0.0]


def test_pacifist_three_points_only_beyond_its_margin():
    # L940, L1292 (short Pacifist: population more than 15 above rebellion)
    state = scoring_example()
    state.objectives[RED] = [objective(state, "s9")]
    state.population, state.rebellion = 20, 5
    assert "objective:s9" not in scoring.breakdown(state)[RED]
    state.rebellion = 4
    assert scoring.breakdown(state)[RED]["objective:s9"] == 3


def test_philanthropist_trend_ranks_the_zones_4_3_2():
    # L962-968
    state = scoring_example()
    state.trends = [trend(state, "philanthropist")]
    state.phil = [3, 1, 2, 0]
    rows = scoring.breakdown(state)
    assert rows[RED]["trend:philanthropist"] == 4
    assert rows[GREEN]["trend:philanthropist"] == 3
    assert rows[YELLOW]["trend:philanthropist"] == 2
    assert "trend:philanthropist" not in rows[BLUE]


def test_a_striking_inhabitant_does_not_control_its_church():
    # L395, L697
    state = scoring_example()
    unit = next(i for i, u in enumerate(state.units) if u[0] == GREEN and u[5] == "church")
    state.units[unit][STANDING] = False
    assert measure(state, GREEN, "churches_controlled") == 3
    # Green and Blue now share the first place of the trend card
    rows = scoring.breakdown(state)
    assert rows[GREEN]["trend:churches"] == rows[BLUE]["trend:churches"] == 4
    assert rows[RED]["trend:churches"] == 3
