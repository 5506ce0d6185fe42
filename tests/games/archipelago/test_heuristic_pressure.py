"""The Archipelago heuristic, fourth round (issue 13): the surplus piled past the labour
board's top (archipelago.ru.txt L288-332), the half-paid building its objective counts
(L609-673, L1131-1410), and the work cap of a migration's follow-up (L583)."""

from __future__ import annotations

from arch_scenario import (
    clear_units,
    empty_markets,
    give_cubes,
    in_round,
    place_inhabitants,
    set_market,
    set_money,
    ship_to,
    touch,
)

from settlers.games.archipelago import flow, heuristic
from settlers.games.archipelago.state import REGION, SHIP
from settlers.games.archipelago.heuristic import (
    crowded,
    drift,
    kit,
    make_bot,
    per_building,
    pressure,
    value,
)


def objective(state, objective_id: str) -> int:
    return next(i for i, o in enumerate(state.content.objectives) if o["id"] == objective_id)


def pinned_colony(surplus: int):
    """Turn 1, phase 5, four players: no cube on either market board, a population of 8
    (stability row 0-10 adds nothing, L312-318), rebellion 0."""
    state = in_round(4, seed=1)
    empty_markets(state)
    state.surplus = surplus
    state.population = 8
    state.rebellion = 0
    touch(state)
    return state


def test_pressure_sees_what_the_drift_cannot_once_the_surplus_is_at_the_top():
    # L328-332: from a surplus of 25 to the board's top (30) the labour board adds +3
    # rebellion a turn whatever the surplus; L288-294: a zone of board I holding 3 cubes adds
    # a step of surplus every turn. With the marker at 30 the drift is +3 a turn with or
    # without the crowded zone, the pressure is not: 30 - 24 = 6 steps past the +3 row's
    # start, and 4 more (the next results and the three turns after) with 3 fish on board I
    state = pinned_colony(surplus=30)
    assert drift(state) == 9 and pressure(state) == 6
    set_market(state, 0, "fish", 3)
    assert drift(state) == 9 and pressure(state) == 10
    # a worker recruited lowers the surplus by one (L575): one step less
    state.surplus = 29
    touch(state)
    assert drift(state) == 9 and pressure(state) == 9
    # below the top rows with an empty market there is nothing piled
    calm = pinned_colony(surplus=12)
    assert pressure(calm) == 0


def test_the_colony_is_worth_less_with_a_zone_crowded_at_the_top():
    # the same two markets as above, seen by a loyal colonist (objective m8, florins): the
    # crowded zone of board I is worth less even though the drift is the same
    state = pinned_colony(surplus=30)
    state.objectives[0] = [objective(state, "m8")]
    touch(state)
    quiet = value(state, 0)
    set_market(state, 0, "fish", 3)
    crowded_zone = value(state, 0)
    assert crowded_zone < quiet
    assert quiet - crowded_zone >= heuristic.PRESSURE * 4


def church_table(objective_id: str, stone: int):
    """Four players, seat 0 with ``stone`` stone and 3f, the objective ``objective_id``."""
    state = in_round(4, seed=1)
    state.objectives[0] = [objective(state, objective_id)]
    state.cubes[0] = [0] * 6
    give_cubes(state, 0, stone=stone)
    set_money(state, 0, 3)
    touch(state)
    return state


def test_a_half_paid_church_counts_for_the_objective_that_ends_the_game_with_churches():
    # L609-673: a church costs 1f and 2 stone (content costs); objective m4 ends the game
    # at 4 + 1 per player over two = 6 churches (L1131-1410, 4 players); m8 (progress cards
    # in play) counts no church
    churches = church_table("m4", stone=1)
    florins, cubes = churches.content.costs["church"]
    assert (florins, sum(cubes)) == (1, 2)
    assert per_building(churches, 0) == 1 / 6
    assert kit(churches, 0) == 2 / 3            # 1f of 1, 1 stone of 2
    full = church_table("m4", stone=2)
    assert kit(full, 0) == 1.0
    # the second stone is worth more to m4's holder than to m8's
    gain_m4 = value(full, 0) - value(churches, 0)
    gain_m8 = value(church_table("m8", stone=2), 0) - value(church_table("m8", stone=1), 0)
    assert gain_m4 > gain_m8
    assert kit(church_table("m8", stone=2), 0) == 0.0 and per_building(full, 0) == 1 / 6


def crowded_migration():
    """Turn 1, phase 5, seat 0 in the middle of a migration with four inhabitants in region
    1 (one too many, L583) and a ship there to carry them out (L589-597)."""
    state = in_round(4, seed=1)
    clear_units(state)
    place_inhabitants(state, 0, 1, 3)
    ship = ship_to(state, 0, 1)
    state.apply(0, next(a for a in state.legal_actions(0) if a.kind == "migrate"))
    place_inhabitants(state, 0, 1, 1)
    assert crowded(state, 0) and state.step == "migrate"
    return state, ship


def spy_on_migration_listing(monkeypatch) -> list[bool]:
    """Record, for every listing of a migration's legal moves, whether the seat was crowded."""
    listed: list[bool] = []
    table = next(v for v in vars(flow).values()
                 if isinstance(v, dict) and callable(v.get("migrate")))
    original = table["migrate"]

    def spy(s, seat):
        listed.append(crowded(s, seat))
        return original(s, seat)

    monkeypatch.setitem(table, "migrate", spy)
    return listed


def test_a_greedy_follow_up_never_lists_the_moves_of_a_crowded_migration(monkeypatch):
    # L583: the 3-inhabitant limit binds at the end of the migration, so while a region is
    # crowded every listed move is checked by a search of the moves ahead (10-80 ms a
    # listing): a follow-up that reaches a crowded migration values the state as it stands
    state, ship = crowded_migration()
    listed = spy_on_migration_listing(monkeypatch)
    sail = next(a for a in state.legal_actions(0) if a.kind == "move_unit" and a.unit == ship)
    listed.clear()
    after, used = make_bot(seed=3).outcome(state, 0, sail, 1000)
    assert listed == [] and used == 0       # still crowded after the ship sails: no listing
    walk = next(a for a in state.legal_actions(0)
                if a.kind == "move_unit" and not state.units[a.unit][SHIP]
                and a.region != state.units[a.unit][REGION])
    listed.clear()
    make_bot(seed=3).outcome(state, 0, walk, 1000)
    assert listed and not any(listed)       # the crowd left: the follow-up goes on
    # the seat's own decision in a crowded migration is still taken among its legal moves
    choice = make_bot(seed=3).act(state, 0)
    assert choice in state.legal_actions(0) and choice.kind == "move_unit"


def test_crowded_counts_inhabitants_not_ships():
    state = in_round(4, seed=1)
    clear_units(state)
    place_inhabitants(state, 0, 1, 3)
    assert not crowded(state, 0)
    place_inhabitants(state, 0, 1, 1)
    assert crowded(state, 0) and not crowded(state, 1)
