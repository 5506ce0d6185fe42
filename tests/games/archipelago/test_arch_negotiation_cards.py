"""Evolution cards change hands (archipelago.ru.txt L229: «Игроки могут обменивать, продавать,
дарить или одалживать что угодно, кроме своих юнитов или дисков действия»): a character, a
progress card or a wonder not built yet may be given, offered and asked for like florins and
cubes; a built wonder holds its inhabitant (a unit) and stays; the card goes as it lies."""

from __future__ import annotations

import pytest
from arch_scenario import give_card, in_round, legal, menu_from_scratch, set_money

from settlers.core import IllegalAction
from settlers.core.i18n import translate
from settlers.games.archipelago import negotiation, scoring
from settlers.games.archipelago.actions import (
    AddGive,
    AddWant,
    Answer,
    Gift,
    Propose,
    SendOffer,
    UseCard,
)
from settlers.testing.refusals import refused


def owned_ids(state, seat):
    return [state.content.cards[rec[0]].id for rec in state.owned[seat]]


def test_a_held_card_may_be_given_and_the_new_owner_uses_it_as_its_own():
    # L229 (дарить); L822: the owner pays the price to the bank, anyone else 1f more to the owner
    state = in_round(3, seed=1)
    give_card(state, 0, "bishop")
    assert Gift(1, "card:bishop") in legal(state) and Gift(2, "card:bishop") in legal(state)
    state.apply(0, Gift(1, "card:bishop"))
    assert owned_ids(state, 0) == [] and owned_ids(state, 1) == ["bishop"]
    assert state.offers_left == negotiation.OFFERS_PER_MOMENT - 1   # a gift is one of the moment's
    # the bishop is an owner's card (use "owner"): the giver may no longer use it
    assert not any(a.kind == "use_card" for a in legal(state))
    assert legal(state) == menu_from_scratch(state, 0)   # what the cards allow was read again


def test_the_new_owner_may_use_an_owners_card_in_its_round():
    state = in_round(3, seed=1, seat=1)
    give_card(state, 0, "bishop")
    set_money(state, 1, 5)
    state.rebellion = 3   # the Bishop's marker can move (cards.args: no use that does nothing)
    assert UseCard("bishop", ()) not in legal(state)
    before = state.rebellion
    state.apply(1, Propose(0))
    state.apply(1, AddGive("f"))
    state.apply(1, AddGive("f"))
    state.apply(1, AddWant("card:bishop"))   # asking for the other's card (обменивать, продавать)
    state.apply(1, SendOffer())
    state.apply(0, Answer(True))
    assert owned_ids(state, 1) == ["bishop"] and state.money[1] == 3
    assert legal(state) == menu_from_scratch(state, 1)
    state.apply(1, UseCard("bishop", ()))
    assert state.rebellion == max(0, before - 1) and state.money[1] == 2   # its price to the bank


def test_a_card_goes_as_it_lies_turned_or_not():
    state = in_round(3, seed=1)
    index = give_card(state, 0, "lumber_mill")
    state.owned[0][0][1] = 1   # used this turn: turned
    state._cache = {}
    state.apply(0, Gift(2, "card:lumber_mill"))
    assert state.owned[2] == [[index, 1, 0, 0]]


def test_a_card_offered_and_declined_stays_and_nothing_moves():
    state = in_round(3, seed=1)
    give_card(state, 0, "king")
    money = list(state.money)
    state.apply(0, Propose(2))
    state.apply(0, AddGive("card:king"))
    assert AddGive("card:king") not in legal(state)      # one card, given once
    state.apply(0, AddWant("f"))
    state.apply(0, SendOffer())
    assert owned_ids(state, 0) == ["king"]               # the card waits in front of its owner
    state.apply(2, Answer(False))
    assert owned_ids(state, 0) == ["king"] and owned_ids(state, 2) == [] and state.money == money


def test_a_card_sold_for_florins_scores_for_its_new_owner():
    # L998: the King brings its controller 1 point
    state = in_round(3, seed=1)
    give_card(state, 0, "king")
    set_money(state, 2, 4)
    state.apply(0, Propose(2))
    state.apply(0, AddGive("card:king"))
    state.apply(0, AddWant("f"))
    state.apply(0, SendOffer())
    state.apply(2, Answer(True))
    rows = scoring.breakdown(state)
    assert "card:king" not in rows[0] and rows[2]["card:king"] == 1
    assert state.money[2] == 3


def test_only_the_other_players_own_cards_may_be_asked_for():
    state = in_round(3, seed=1)
    give_card(state, 1, "spy")
    give_card(state, 2, "queen")
    state.apply(0, Propose(1))
    wants = {a.item for a in legal(state) if isinstance(a, AddWant)}
    assert "card:spy" in wants and "card:queen" not in wants
    state.apply(0, AddWant("card:spy"))
    assert AddWant("card:spy") not in legal(state)


def test_a_card_given_away_meanwhile_cannot_be_paid():
    # the answer needs the card still held (the atomic exchange)
    state = in_round(3, seed=1)
    give_card(state, 1, "spy")
    state.apply(0, Propose(1))
    state.apply(0, AddWant("card:spy"))
    state.apply(0, SendOffer())
    give_card(state, 2, "spy")
    assert legal(state, 1) == [Answer(False)]


def test_a_wonder_not_built_may_change_hands_a_built_one_may_not():
    # a built wonder holds one of its controller's inhabitants (L874): a unit (L229)
    state = in_round(3, seed=1)
    give_card(state, 0, "colossus")
    give_card(state, 0, "pyramid")
    state.owned[0][1][2] = 1   # the pyramid is built
    state._cache = {}
    gifts = {a.item for a in legal(state) if isinstance(a, Gift) and a.to == 1}
    assert "card:colossus" in gifts and "card:pyramid" not in gifts
    refused(state, 0, Gift(1, "card:pyramid"), "archipelago.illegal")
    state.apply(0, Propose(1))
    gives = {a.item for a in legal(state) if isinstance(a, AddGive)}
    assert "card:colossus" in gives and "card:pyramid" not in gives


def test_a_card_one_does_not_hold_is_refused_and_nothing_changes():
    state = in_round(3, seed=1)
    give_card(state, 1, "spy")
    with pytest.raises(IllegalAction):
        state.apply(0, Gift(2, "card:spy"))
    refused(state, 0, Gift(2, "card:spy"), "archipelago.illegal")
    assert owned_ids(state, 1) == ["spy"]


def test_the_log_names_the_card():
    state = in_round(3, seed=1)
    give_card(state, 0, "bishop")
    state.apply(0, Gift(1, "card:bishop"))
    event = state.events[-1]
    assert event.key == "archipelago.event.gift"
    assert translate("archipelago.card.bishop", "ru") in event.to_json("ru")["text"]
    assert translate("archipelago.card.bishop", "en") in event.to_json("en")["text"]


def test_the_menu_names_the_card_in_both_languages():
    state = in_round(3, seed=1)
    give_card(state, 0, "bishop")
    for lang in ("ru", "en"):
        label = state.describe_action(Gift(1, "card:bishop"), lang)
        assert translate("archipelago.card.bishop", lang) in label, label
        label = state.describe_action(AddWant("card:bishop"), lang)
        assert translate("archipelago.card.bishop", lang) in label, label
