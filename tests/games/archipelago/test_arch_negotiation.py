"""Negotiation (archipelago.ru.txt L224-234): offers accepted or declined atomically, gifts,
only in the moments the text allows, never units or discs, never the objective card."""

from __future__ import annotations

import pytest
from arch_scenario import (
    after_turn_zero,
    give_cubes,
    hear_bribes,
    in_round,
    kinds,
    legal,
    set_money,
)

from settlers.core import IllegalAction
from settlers.games.archipelago.actions import (
    AddGive,
    AddWant,
    Answer,
    Bid,
    CancelOffer,
    Gift,
    Propose,
    SendOffer,
)
from settlers.games.archipelago.negotiation import ITEMS


def test_offer_accepted_is_an_atomic_exchange():
    state = in_round(3, seed=1)
    set_money(state, 0, 5)
    give_cubes(state, 1, iron=1)
    money1 = state.money[1]
    iron0, iron1 = state.cubes[0][5], state.cubes[1][5]
    state.apply(0, Propose(1))
    state.apply(0, AddGive("f"))
    state.apply(0, AddGive("f"))
    state.apply(0, AddWant("iron"))
    state.apply(0, SendOffer())
    assert state.to_act == (1,) and state.money[0] == 3      # the florins wait in the offer
    state.apply(1, Answer(True))
    assert state.money[0] == 3 and state.money[1] == money1 + 2
    assert state.cubes[0][5] == iron0 + 1 and state.cubes[1][5] == iron1 - 1
    assert state.step == "round" and state.to_act == (0,)


def test_declined_offer_changes_nothing():
    state = in_round(3, seed=1)
    set_money(state, 0, 5)
    before = (list(state.money), [list(c) for c in state.cubes])
    state.apply(0, Propose(2))
    state.apply(0, AddGive("f"))
    state.apply(0, AddWant("wood"))
    state.apply(0, SendOffer())
    state.apply(2, Answer(False))
    assert (state.money, state.cubes) == before


def test_cannot_accept_without_what_is_wanted_nor_offer_what_one_lacks():
    state = in_round(3, seed=1)
    set_money(state, 0, 1)
    for r in range(6):
        state.bank_cubes[r] += state.cubes[1][r]
        state.cubes[1][r] = 0
    state.apply(0, Propose(1))
    state.apply(0, AddGive("f"))
    assert AddGive("f") not in legal(state)                  # only one florin
    state.apply(0, AddWant("iron"))
    state.apply(0, SendOffer())
    assert legal(state) == [Answer(False)]
    with pytest.raises(IllegalAction):
        state.apply(1, Answer(True))


def test_cancel_and_the_bound_on_offers():
    state = in_round(3, seed=1)
    state.apply(0, Propose(1))
    state.apply(0, CancelOffer())
    state.apply(0, Propose(2))
    state.apply(0, CancelOffer())
    assert "propose" not in kinds(state) and "gift" not in kinds(state)


def test_gift():
    state = in_round(3, seed=1)
    set_money(state, 0, 3)
    money2 = state.money[2]
    state.apply(0, Gift(2, "f"))
    assert state.money[0] == 2 and state.money[2] == money2 + 1


def test_units_and_discs_cannot_change_hands():
    # L232
    assert not {"unit", "ship", "inhabitant", "disc", "objective"} & set(ITEMS)


def test_no_negotiation_while_bidding():
    # L228: during the turn-order decision, i.e. once the bids are revealed
    state = after_turn_zero(3, seed=1)
    assert "propose" not in kinds(state, 0)
    state.apply(0, Bid(2))
    state.apply(1, Bid(0))
    state.apply(2, Bid(0))
    assert "propose" in kinds(state, 1)                      # the others' floor first (L260)
    hear_bribes(state)
    assert "propose" in kinds(state, 0)                      # the winner orders the turn


def test_harvest_permission_is_an_item_of_a_town_controller():
    # L709: one per region whose town the giver controls (test_arch_fourth_reading_b.py)
    state = in_round(3, seed=1)
    state.apply(0, Propose(1))
    assert not [a for a in legal(state) if a.kind == "add_give" and "permit" in a.item]
