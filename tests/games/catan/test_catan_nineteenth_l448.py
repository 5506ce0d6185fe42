"""Almanac L448 read again (the nineteenth reading, docs/audits/2026-12-08-nineteenth-rules.md).

«Тактика», 4: «Тот, кто активно торгует, имеет лучшие шансы на победу. Смело делайте свое
предложение игроку, начинающему очередной ход!» The line takes for granted that a player not
to move may put his own terms to the player to move. What the engine gives him, pinned here:
his terms — any kinds, any counts, nothing to do with the mover's offer — reach the player to
move in the mover's trading, and become a trade when the mover takes them (L199 «Игрок,
выполняющий ход, может ... обмениваться»; «Условия обмена ... определяются умением игроков
вести переговоры»); never a trade with another player not to move (L201). What it does not
give him — opening before the mover's first offer of the turn — is the gap the record names.
"""

from catan_scenario import give, hand, scenario, vec

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import ANSWER_NO, WITHDRAW, AcceptTrade, CounterOffer, OfferTrade

GENNADY, VENIAMIN, GALINA, BOGDAN = 0, 1, 2, 3


def test_a_player_not_to_move_puts_his_own_terms_and_the_player_to_move_takes_them():
    """Veniamin's terms share no kind with Gennady's offer (2 wool for 1 lumber against 1 ore
    for 1 brick), and he holds no brick: still his proposal reaches Gennady and is taken."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=1, lumber=1)
    give(st, VENIAMIN, wool=2)
    st.apply(GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))
    own_terms = CounterOffer(vec(wool=2), vec(lumber=1))
    assert own_terms not in st.legal_actions(VENIAMIN)      # (the bots' menu lists fewer)
    assert st.illegal_reason(VENIAMIN, own_terms) is None
    st.apply(VENIAMIN, own_terms)
    st.apply(GALINA, ANSWER_NO)
    st.apply(BOGDAN, ANSWER_NO)
    assert st.phase == ph.TRADE_CHOOSE
    assert set(st.legal_actions(GENNADY)) == {AcceptTrade(VENIAMIN), WITHDRAW}
    st.apply(GENNADY, AcceptTrade(VENIAMIN))
    assert hand(st, GENNADY) == {"ore": 1, "wool": 2}
    assert hand(st, VENIAMIN) == {"lumber": 1}


def test_terms_the_player_to_move_cannot_pay_are_not_taken_and_no_one_else_can_take_them():
    """L201 «в обмене одной из сторон обязан быть игрок, выполняющий ход»: Veniamin's terms ask
    for grain Gennady lacks, so Gennady cannot take them, and Galina, who holds grain, has no
    way to: the proposal is to the player to move only."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=1)
    give(st, VENIAMIN, wool=1)
    give(st, GALINA, grain=1)
    st.apply(GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))
    st.apply(VENIAMIN, CounterOffer(vec(wool=1), vec(grain=1)))
    st.apply(GALINA, ANSWER_NO)
    st.apply(BOGDAN, ANSWER_NO)
    assert st.legal_actions(GENNADY) == [WITHDRAW]
    assert not any(a.kind == "accept_trade" for s in (VENIAMIN, GALINA, BOGDAN)
                   for a in st.legal_actions(s))
    st.apply(GENNADY, WITHDRAW)
    assert hand(st, GALINA) == {"grain": 1} and hand(st, VENIAMIN) == {"wool": 1}
