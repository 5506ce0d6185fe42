"""Rules the first engine simplified, now read literally (issue 12 follow-up): the
3-inhabitant limit at the end of a migration, the shores chosen in turn 0 and for recruits,
explorer-token cubes used by the current action or crisis only, hexes dealt face down in
turn 0, and exploration without an engine bound on skipped hexes."""

from __future__ import annotations

from arch_scenario import clear_units, in_round, legal, place_inhabitants, ship_to

from settlers.games.archipelago import board
from settlers.games.archipelago.actions import Done, Migrate, MoveUnit
from settlers.games.archipelago.state import ENGAGED, REGION


def sea_chain(state):
    """Regions a, b, c (not the start hex) with sea borders a-b and b-c."""
    regs = range(1, len(state.regions))
    for b in regs:
        near = [k for k in regs if k != b and board.sea_link(state, k, b)]
        if len(near) >= 2:
            return near[0], b, near[1]
    return None


def chain_game():
    for seed in range(60):
        state = in_round(3, seed)
        chain = sea_chain(state)
        if chain is not None:
            clear_units(state)
            return state, chain
    raise AssertionError("no seed gives three regions joined by sea")


def test_three_inhabitant_limit_is_checked_at_the_end_of_the_migration():
    # archipelago.ru.txt L583: «В конце действия Миграция игрок не может иметь более 3
    # жителей в одном регионе» — a region may be crowded for a while during the migration.
    state, (a, b, c) = chain_game()
    for k in (a, b, c):
        ship_to(state, 0, k)
    u = place_inhabitants(state, 0, a, 1)[0]
    v = place_inhabitants(state, 0, b, 3)
    state.apply(0, Migrate())
    assert MoveUnit(u, b, "") in legal(state)          # legal: v[0] can still leave b
    state.apply(0, MoveUnit(u, b, ""))
    assert Done() not in legal(state)                   # illegal: 4 in b at the end
    assert MoveUnit(v[0], c, "") in legal(state)
    state.apply(0, MoveUnit(v[0], c, ""))
    assert Done() in legal(state)
    state.apply(0, Done())
    assert state.units[u][REGION] == b and state.units[v[0]][REGION] == c


def test_a_move_that_cannot_end_within_the_limit_is_illegal():
    # L555, L583: if nobody can leave the crowded region the migration could not end legally
    state, (a, b, _c) = chain_game()
    for k in (a, b):
        ship_to(state, 0, k)
    u = place_inhabitants(state, 0, a, 1)[0]
    for w in place_inhabitants(state, 0, b, 3):
        state.units[w][ENGAGED] = True                  # busy units cannot move (L455)
    state.apply(0, Migrate())
    assert MoveUnit(u, b, "") not in legal(state)
    assert Done() in legal(state)
