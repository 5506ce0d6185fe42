"""The Archipelago heuristic and the fall of the colony (seventeenth session): a loyal seat
never takes the action that ends the game by independence (archipelago.ru.txt L425, L906:
everybody but a Separatist loses), the Separatist takes the one that wins it (L908), and the
taxes left on the wheel this turn (L467-471: +1 rebellion each) count against today's margin.
docs/results/archipelago-heuristic.md §13."""

from __future__ import annotations

from arch_scenario import empty_markets, give_card, in_round, place_inhabitants, set_money, touch

from settlers.games.archipelago.actions import Taxes, UseCard
from settlers.games.archipelago.heuristic import is_separatist, make_bot, value


def objective(state, objective_id: str) -> int:
    return next(i for i, o in enumerate(state.content.objectives) if o["id"] == objective_id)


def hold(state, seat: int, criterion: str) -> None:
    """Give ``seat`` the objective card of ``criterion`` (swapped with its own card, so the
    deck of ten stays whole)."""
    card = next(i for i, o in enumerate(state.content.objectives) if o["criterion"] == criterion)
    mine = state.objectives[seat][0]
    if card != mine:
        for hand in (state.objective_pool, *state.objectives):
            if card in hand:
                hand[hand.index(card)] = mine
        state.objectives[seat] = [card]
    touch(state)


def failing_colony(criterion: str):
    """Four players, turn 1, phase 5, seat 0 to play with the objective of ``criterion``: the
    rebellion marker on the population marker (one more step is independence, L425), the
    labour surplus at the board's top (+3 a turn, L328-332) and nothing on the market boards
    for the coming crisis — a colony the bot's projection scores far below zero."""
    state = in_round(4, seed=1)
    hold(state, 0, criterion)
    for seat in range(4):
        place_inhabitants(state, seat, seat + 1, 6)
    empty_markets(state)
    for r, n in enumerate(state.cubes[0]):     # nothing behind seat 0's screen either
        state.bank_cubes[r] += n
        state.cubes[0][r] = 0
    # the deck's top back: a domestic crisis (L342-372), which nobody can pay
    top = next(c for c in state.deck if "domestic" in (state.content.cards[c].normal or {}))
    state.deck.remove(top)
    state.deck.append(top)
    state.surplus = state.content.labour[-1]["to"]
    state.rebellion = state.population
    set_money(state, 0, 0)
    touch(state)
    return state


def test_a_loyal_seat_never_takes_the_tax_that_ends_the_colony():
    # rebellion == population: one tax (+1, L471) puts the rebellion marker past the population
    # marker and ends the game, all loyal seats losing (L425, L906). The base bot scored the
    # failing colony (margin far below zero) under its fixed -200 for the fall, and taxed.
    state = failing_colony("churches_controlled")
    assert not is_separatist(state, 0)
    assert Taxes() in state.legal_actions(0)
    assert value(state, 0) < -200.0          # the projection: far below zero
    assert make_bot(seed=3).act(state, 0) != Taxes()
    ended = state.clone()
    ended.apply(0, Taxes())
    assert ended.phase == "over" and ended.ended_by == "independence"
    assert value(ended, 0) < value(state, 0)


def test_the_separatist_takes_the_tax_that_wins():
    # the same colony with seat 0 holding the Separatist: the tax ends the game and it alone
    # wins (L908); the base bot scored the failing colony (negated) above its fixed +200
    state = failing_colony("separatist")
    assert is_separatist(state, 0)
    assert make_bot(seed=3).act(state, 0) == Taxes()


def test_the_taxes_left_this_turn_count_against_todays_margin():
    # one step of margin today, two tax collections left on the wheel this turn (L467: the
    # zone's limit per turn): the Separatist can end the game before the turn is over. A
    # Bishop (one step of rebellion down, glossary) is worth more now than with the tax zone
    # full, though the next population results look the same either way.
    state = failing_colony("churches_controlled")
    state.rebellion = state.population - 1
    give_card(state, 0, "bishop")
    set_money(state, 0, 5)
    touch(state)
    bishop = next(a for a in state.legal_actions(0) if isinstance(a, UseCard)
                  and a.card == "bishop")
    open_zone = state.clone()
    full_zone = state.clone()
    full_zone.wheel["taxes"] = 2
    touch(full_zone)

    def gain(s):
        after = s.clone()
        after.apply(0, bishop)
        return value(after, 0) - value(s, 0)

    assert gain(open_zone) > gain(full_zone)
