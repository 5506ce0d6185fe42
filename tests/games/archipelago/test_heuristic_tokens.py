"""The Archipelago heuristic keeps its explorer tokens for the crises where they do the most
(issue 13, fourth round): a token becomes a cube of any resource in a crisis (archipelago.ru.txt
L431), so it is the only cover against a domestic crisis of a resource nobody holds; one cube
raises ``ratio`` inhabitants (L364-368), a missing export cube is one step (L380-384). It keeps
them only while public play makes a Separatist plausible (fifth round: a seat taking more taxes
than turns, L471, ``heuristic_suspect``) — the Separatist's crisis is the one they cover (L88,
L425); with no Separatist in sight a token is spent like a cube from the screen."""

from __future__ import annotations

from arch_scenario import clear_units, empty_markets, in_round, place_inhabitants, touch

from settlers.games.archipelago import balance
from settlers.games.archipelago.actions import ExchangeToken, PassCrisis, Propose
from settlers.games.archipelago.heuristic import make_bot
from settlers.games.archipelago.heuristic_suspect import TAX_EVENT

STONE = 4


def table(strikers: int, population: int, rebellion: int):
    """Turn 1, three players in order 0, 1, 2, seat 0 loyal (objective «florins») with one
    explorer token and no cube, ``strikers`` inhabitants of seat 1, no cube on the market
    boards, the labour board's quiet rows (surplus 5: no rebellion at the next results)."""
    state = in_round(3, seed=1)
    clear_units(state)
    empty_markets(state)
    place_inhabitants(state, 1, 1, strikers)
    state.order = [0, 1, 2]
    state.objectives[0] = [next(i for i, o in enumerate(state.content.objectives)
                                if o["criterion"] == "money")]
    state.cubes[0] = [0] * 6
    state.tokens[0] = 1
    state.population, state.rebellion, state.surplus = population, rebellion, 5
    touch(state)
    return state


def suspected(state):
    """Seat 2 has taken three taxes in turn 1 (L471): a Separatist is plausible."""
    for _ in range(3):
        state.emit(TAX_EVENT, seat=2, n=2)
    return state


def domestic(state, ratio: int):
    assert balance.start_part(state, {"kind": "domestic", "res": STONE, "ratio": ratio})
    touch(state)
    return state


def export(state, n: int):
    assert balance.start_part(state, {"kind": "export", "res": STONE, "n": n})
    touch(state)
    return state


def test_a_token_raises_a_full_ratio_of_strikers():
    # six inhabitants lying, one cube raises six (L364-368): the token does all it can
    state = domestic(table(6, population=20, rebellion=0), ratio=6)
    assert make_bot().act(state, 0) == ExchangeToken("stone")


def test_a_token_is_kept_for_a_few_strikers_while_the_colony_is_safe():
    # three inhabitants lying at a ratio of 6: the token would raise half of what it can,
    # and three steps of rebellion leave a population of 20 far from independence (L218)
    # (it offers florins for a cube instead, L220-234)
    state = domestic(suspected(table(3, population=20, rebellion=0)), ratio=6)
    assert make_bot().act(state, 0) in (PassCrisis(), Propose(1))


def test_a_token_is_kept_for_two_missing_export_cubes_while_the_colony_is_safe():
    # L380-384: each missing export cube is one step of rebellion: a token saves one step
    state = export(suspected(table(2, population=20, rebellion=0)), n=2)
    assert make_bot().act(state, 0) in (PassCrisis(), Propose(1))


def test_a_token_is_spent_when_the_colony_is_near_independence():
    # the same two missing export cubes with the rebellion marker two steps below the
    # population: passing would leave no margin (L218), so the token is spent
    state = export(suspected(table(2, population=20, rebellion=18)), n=2)
    assert make_bot().act(state, 0) == ExchangeToken("stone")
    near = domestic(suspected(table(3, population=20, rebellion=16)), ratio=6)
    assert make_bot().act(near, 0) == ExchangeToken("stone")


def test_with_no_separatist_in_sight_a_token_is_spent_like_a_screen_cube():
    # nobody has taxed past the turns: the three strikers (L372: three steps) and the two
    # missing export cubes (L380-384) are paid with the token, as a cube from the screen is
    state = domestic(table(3, population=20, rebellion=0), ratio=6)
    assert make_bot().act(state, 0) == ExchangeToken("stone")
    state = export(table(2, population=20, rebellion=0), n=2)
    assert make_bot().act(state, 0) == ExchangeToken("stone")
    # two taxes in turn 1 are not enough to suspect a seat: the token is still spent
    state = domestic(table(3, population=20, rebellion=0), ratio=6)
    for _ in range(2):
        state.emit(TAX_EVENT, seat=2, n=2)
    assert make_bot().act(state, 0) == ExchangeToken("stone")
