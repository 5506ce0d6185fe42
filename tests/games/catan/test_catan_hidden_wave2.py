"""Catan: what the course of a domestic trade tells the table about a closed hand (wave 2).

Resource cards are held in a closed hand (L164 «из закрытой руки», L378). Once every other
player has answered an offer, the engine closed the trade at once («no takers») when the player
to move could pay none of the counter-offers, and let it choose otherwise: the very next state
told the counter's author — and everybody — whether the player to move held the cards asked for.
Now every «yes» or counter goes to the player to move, who takes one it can pay or withdraws."""

from __future__ import annotations

from catan_scenario import give, scenario, vec

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import ANSWER_NO, WITHDRAW, CounterOffer, OfferTrade

GENNADY, VENIAMIN, GALINA = 0, 1, 2


def _counter_asking_ore(gennady_has_ore: bool):
    st = scenario(phases="separate", current=GENNADY, players=3)
    # an ore and a wool between Gennady and Galina, one each: the bank and the counts are the
    # same whoever holds the ore
    give(st, GENNADY, lumber=2, **({"ore": 1} if gennady_has_ore else {"wool": 1}))
    give(st, GALINA, **({"wool": 1} if gennady_has_ore else {"ore": 1}))
    give(st, VENIAMIN, brick=1)
    st.apply(GENNADY, OfferTrade(vec(lumber=1), vec(brick=1)))
    st.apply(GALINA, ANSWER_NO)
    counter = CounterOffer(vec(brick=1), vec(ore=1))
    assert counter in st.legal_actions(VENIAMIN)
    st.apply(VENIAMIN, counter)
    return st


def test_whether_the_player_to_move_can_pay_a_counter_is_not_told():
    can, cannot = _counter_asking_ore(True), _counter_asking_ore(False)
    for seat in (VENIAMIN, None):   # (Galina, holding the other card, knows)
        assert can.view(seat)["state"] == cannot.view(seat)["state"]
        assert can.view(seat)["to_act"] == cannot.view(seat)["to_act"] == [GENNADY]
        assert [e["key"] for e in can.view(seat)["events"]] == \
            [e["key"] for e in cannot.view(seat)["events"]]
    assert can.phase == cannot.phase == ph.TRADE_CHOOSE


def test_the_player_to_move_takes_only_what_it_can_pay_or_withdraws():
    cannot = _counter_asking_ore(False)
    assert cannot.legal_actions(GENNADY) == [WITHDRAW]
    cannot.apply(GENNADY, WITHDRAW)
    assert cannot.phase == ph.TRADE and cannot.trade is None
    can = _counter_asking_ore(True)
    assert len(can.legal_actions(GENNADY)) == 2


def test_all_declines_still_close_the_trade_at_once():
    st = scenario(phases="separate", current=GENNADY, players=3)
    give(st, GENNADY, lumber=2)
    st.apply(GENNADY, OfferTrade(vec(lumber=1), vec(brick=1)))
    st.apply(GALINA, ANSWER_NO)
    st.apply(VENIAMIN, ANSWER_NO)
    assert st.phase == ph.TRADE and st.trade is None
