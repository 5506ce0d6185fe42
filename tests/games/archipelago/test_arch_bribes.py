"""Bribes while the turn order is decided (archipelago.ru.txt L228, L260): «Игрок, поставивший
больше всех, определяет очередность хода … В этот момент игроки могут использовать переговоры и
всевозможные взятки, чтобы попытаться убедить решающего игрока». Every other player has the
floor in turn (offers and gifts, then ``done``) before the decider orders."""

from __future__ import annotations

from arch_scenario import after_turn_zero, kinds, legal, set_money

from settlers.games.archipelago import negotiation
from settlers.games.archipelago.actions import (
    AddGive,
    AddWant,
    Answer,
    Bid,
    Done,
    Gift,
    Propose,
    SendOffer,
    SetOrder,
)
from settlers.games.archipelago.heuristic import ArchipelagoBot
from settlers.testing.refusals import refused


def bids(state, *amounts: int) -> None:
    for seat, amount in enumerate(amounts):
        state.apply(seat, Bid(amount))


def test_the_others_have_the_floor_in_turn_order_before_the_decider_orders():
    state = after_turn_zero(3, seed=1)
    state.order = [2, 0, 1]
    state._cache = {}
    bids(state, 0, 3, 0)                                      # seat 1 orders the turn
    assert state.step == "bribes" and state.to_act == (2,)   # the turn order, the decider left out
    assert Done() in legal(state) and not any(isinstance(a, SetOrder) for a in legal(state))
    state.apply(2, Done())
    assert state.step == "bribes" and state.to_act == (0,)
    state.apply(0, Done())
    assert state.step == "order" and state.to_act == (1,)
    state.apply(1, SetOrder((1, 2, 0)))
    assert state.order == [1, 2, 0]


def test_the_decider_cannot_order_while_another_player_has_the_floor():
    state = after_turn_zero(3, seed=1)
    bids(state, 3, 0, 0)
    assert state.to_act == (1,)
    refused(state, 0, SetOrder((0, 1, 2)))
    refused(state, 2, Done())                                 # nor speak out of turn


def test_a_gift_to_the_decider_is_a_bribe():
    # «всевозможные взятки»: seat 2 hands the decider two florins before it orders
    state = after_turn_zero(3, seed=1)
    set_money(state, 2, 5)
    bids(state, 3, 0, 0)
    state.apply(1, Done())
    money = list(state.money)
    assert Gift(0, "f") in legal(state)
    state.apply(2, Gift(0, "f"))
    state.apply(2, Gift(0, "f"))
    assert state.money[0] == money[0] + 2 and state.money[2] == money[2] - 2
    assert "gift" not in kinds(state) and "propose" not in kinds(state)   # two per moment
    state.apply(2, Done())
    assert state.step == "order" and state.actor == 0
    assert state.offers_left == negotiation.OFFERS_PER_MOMENT   # the decider's own moment


def test_an_offer_made_on_the_floor_comes_back_to_the_floor():
    # «переговоры»: an exchange with any player, accepted or declined, and the same player
    # keeps the floor
    state = after_turn_zero(3, seed=1)
    set_money(state, 1, 4)
    set_money(state, 0, 2)
    bids(state, 1, 0, 0)                                      # seat 0 keeps 1f
    assert state.to_act == (1,)
    state.apply(1, Propose(0))
    state.apply(1, AddGive("f"))
    state.apply(1, AddGive("f"))
    state.apply(1, AddWant("f"))
    state.apply(1, SendOffer())
    assert state.step == "answer" and state.to_act == (0,)
    state.apply(0, Answer(True))
    assert state.step == "bribes" and state.to_act == (1,)
    assert state.money[0] == 1 + 2 - 1 and state.money[1] == 4 - 2 + 1


def test_no_decider_no_floor():
    # L260: «Если никто ничего не поставил, очередность ходов остаётся без изменений»
    state = after_turn_zero(3, seed=1)
    order = list(state.order)
    bids(state, 0, 0, 0)
    assert state.step != "bribes" and state.order == order


def test_two_players_the_other_has_the_floor_once():
    state = after_turn_zero(2, seed=1)
    bids(state, 0, 2)
    assert state.step == "bribes" and state.to_act == (0,)
    state.apply(0, Done())
    assert state.step == "order" and state.to_act == (1,)


def test_the_heuristic_bot_makes_no_bribe():
    state = after_turn_zero(3, seed=1)
    bids(state, 3, 0, 0)
    assert ArchipelagoBot(seed=1).act(state, 1) == Done()


def test_the_terminal_says_who_orders_and_who_has_the_floor():
    state = after_turn_zero(3, seed=1)
    bids(state, 3, 0, 0)
    text = state.render(None, "ru")
    assert "Очерёдность хода определяет Красный; сначала Жёлтый может" in text
    assert "Red orders the turn; first Yellow may" in state.render(None, "en")


def test_a_bribe_is_tallied_and_the_heuristic_decider_rewards_it():
    # L260 «чтобы попытаться убедить решающего игрока»: the turn order is [0, 1, 2]; seat 2
    # hands the heuristic decider (seat 0) a florin, so it goes before seat 1
    state = after_turn_zero(3, seed=1)
    state.order = [0, 1, 2]
    set_money(state, 2, 5)
    state._cache = {}
    bids(state, 3, 0, 0)
    state.apply(1, Done())
    state.apply(2, Gift(0, "f"))
    state.apply(2, Done())
    assert state.step == "order" and state.ctx["bribes"] == [0, 0, 1]
    action = ArchipelagoBot(seed=1).act(state, 0)
    assert action == SetOrder((0, 2, 1))


def test_an_exchange_with_the_decider_counts_what_it_was_handed_net():
    # the decider asks seat 1 for two florins and gives one cube back: seat 1 handed it 1 net
    state = after_turn_zero(3, seed=1)
    set_money(state, 1, 4)
    bids(state, 3, 0, 0)
    state.apply(1, Done())
    state.apply(2, Done())
    cube = next(r for r in negotiation.ITEMS if negotiation.holds(state, 0, [r])
                and r not in ("f", "token", "permit"))
    state.apply(0, Propose(1))
    state.apply(0, AddGive(cube))
    state.apply(0, AddWant("f"))
    state.apply(0, AddWant("f"))
    state.apply(0, SendOffer())
    state.apply(1, Answer(True))
    assert state.step == "order" and state.ctx["bribes"] == [0, 1, 0]
    assert ArchipelagoBot(seed=1).act(state, 0) == SetOrder((0, 1, 2))


def test_without_a_bribe_the_heuristic_decider_keeps_the_others_order():
    state = after_turn_zero(3, seed=1)
    state.order = [2, 1, 0]
    state._cache = {}
    bids(state, 3, 0, 0)
    state.apply(2, Done())
    state.apply(1, Done())
    assert ArchipelagoBot(seed=1).act(state, 0) == SetOrder((0, 2, 1))
