"""The Archipelago heuristic, fourth round (issue 13): the surplus piled past the labour
board's top (archipelago.ru.txt L288-332), the half-paid building its objective counts
(L609-673, L1131-1410), and the work cap of a migration's follow-up (L583)."""

from __future__ import annotations

import pytest
from arch_scenario import (
    clear_units,
    empty_markets,
    give_cubes,
    in_round,
    place_inhabitants,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.games.archipelago import flow
from settlers.games.archipelago.heuristic import (
    crowded,
    hurry,
    kit,
    make_bot,
    others_progress,
    per_building,
    value,
)
from settlers.games.archipelago.state import REGION, SHIP


def objective(state, objective_id: str) -> int:
    return next(i for i, o in enumerate(state.content.objectives) if o["id"] == objective_id)


def hold(state, seat: int, objective_id: str) -> None:
    """Swap ``seat``'s objective card with the card ``objective_id`` (from the unused ones or
    another player's hand): the deck of ten stays whole."""
    card, mine = objective(state, objective_id), state.objectives[seat][0]
    if card != mine:
        for hand in (state.objective_pool, *state.objectives):
            if card in hand:
                hand[hand.index(card)] = mine
        state.objectives[seat] = [card]
    touch(state)


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
    _after, used = make_bot(seed=3).outcome(state, 0, sail, 1000)
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


def test_the_others_hidden_end_conditions_count_with_their_odds():
    # L175: the game ends when the end condition of any player's objective holds; the other
    # three players' cards are three of the nine medium cards seat 0 does not hold, so each
    # counts with odds 3 in 9. One church of the 6 that m4 ends the game with (4 players)
    # is 1/6 of m4's end condition; the inhabitant who works in it is 1/34 of m6's population
    # of 20 + 7 per player over two
    state = in_round(4, seed=1)
    hold(state, 0, "m8")
    before = others_progress(state, 0)
    staffed(state, 1, 2, "church")
    assert others_progress(state, 0) - before == pytest.approx(3 / 9 * (1 / 6 + 1 / 34))
    # the holder of m4 itself counts the church in its own end condition, not in the others':
    # only the inhabitant counts there
    holder = in_round(4, seed=1)
    hold(holder, 0, "m4")
    before = others_progress(holder, 0)
    staffed(holder, 1, 2, "church")
    assert others_progress(holder, 0) - before == pytest.approx(3 / 9 * 1 / 34)


def test_the_others_end_conditions_weigh_only_when_the_colony_is_failing():
    # a loyal colonist pushes the others' possible ends only when the drift leaves the colony
    # a few turns (``hurry``, L216-218): with a calm colony a church it does not need is
    # worth nothing more; near the end it is
    calm = in_round(4, seed=1)
    hold(calm, 0, "m8")
    empty_markets(calm)
    calm.surplus, calm.rebellion = 2, 0
    touch(calm)
    assert hurry(calm) == 0.0
    base = value(calm, 0)
    staffed(calm, 1, 2, "church")
    plain = value(calm, 0) - base
    failing = in_round(4, seed=1)
    hold(failing, 0, "m8")
    empty_markets(failing)
    failing.surplus, failing.rebellion = 28, failing.population - 6
    touch(failing)
    assert hurry(failing) > 0.5
    base = value(failing, 0)
    staffed(failing, 1, 2, "church")
    assert value(failing, 0) - base > plain + 1.0
