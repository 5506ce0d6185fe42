"""«Торговля», «Внутренняя торговля», «Заморская торговля», «Местонахождение гавани»."""

import pytest
from catan_scenario import corner_at, give, hand, scenario, settle, vec

from settlers.core import IllegalAction
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import (
    ANSWER_NO,
    ANSWER_YES,
    BUILD_SETTLEMENT,
    END_TURN,
    ROLL,
    START_BUILDING,
    WITHDRAW,
    AcceptTrade,
    CounterOffer,
    MaritimeTrade,
    OfferTrade,
)
from settlers.testing.refusals import refused

GENNADY, VENIAMIN, GALINA, BOGDAN = 0, 1, 2, 3


def test_domestic_trade_example():
    """«Геннадий предлагает 1 Руду тому, кто даст ему 1 Глину; Вениамин торгуется: "Даю 1 Глину
    за 3 Руды". Но в торговлю вмешивается Галина, предлагая 1 Глину за 1 Руду и 1 Дровесину.
    Геннадий принимает её предложение»."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=3, lumber=2)
    give(st, VENIAMIN, brick=1)
    give(st, GALINA, brick=1)
    offer = OfferTrade(vec(ore=1), vec(brick=1))
    assert offer in st.legal_actions(GENNADY)
    st.apply(GENNADY, offer)
    assert st.phase == ph.TRADE_ANSWERS
    assert st.to_act == (VENIAMIN, GALINA, BOGDAN)  # everyone answers, at the same time
    veniamin = CounterOffer(vec(brick=1), vec(ore=3))
    galina = CounterOffer(vec(brick=1), vec(ore=1, lumber=1))
    assert veniamin in st.legal_actions(VENIAMIN)
    assert galina in st.legal_actions(GALINA)
    st.apply(GALINA, galina)
    st.apply(VENIAMIN, veniamin)
    # answers are public at once
    assert st.view(BOGDAN)["state"]["trade"]["answers"]["2"]["answer"] == "counter"
    assert ANSWER_YES not in st.legal_actions(BOGDAN)  # Bogdan has no brick
    st.apply(BOGDAN, ANSWER_NO)
    assert st.phase == ph.TRADE_CHOOSE and st.to_act == (GENNADY,)
    assert set(st.legal_actions(GENNADY)) == {AcceptTrade(VENIAMIN), AcceptTrade(GALINA),
                                              WITHDRAW}
    st.apply(GENNADY, AcceptTrade(GALINA))
    assert hand(st, GENNADY) == {"ore": 2, "lumber": 1, "brick": 1}
    assert hand(st, GALINA) == {"ore": 1, "lumber": 1}
    assert hand(st, VENIAMIN) == {"brick": 1}
    assert st.phase == ph.TRADE


def test_only_with_the_player_to_move():
    """«в обмене одной из сторон обязан быть игрок, выполняющий ход ... Вениамин и Галина не
    смогли бы обменяться картами между собой»."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, VENIAMIN, ore=1)
    give(st, GALINA, brick=1)
    assert refused(st, VENIAMIN, OfferTrade(vec(ore=1), vec(brick=1))).key == "core.not_your_turn"
    assert not any(a.kind == "offer_trade" for a in st.legal_actions(VENIAMIN))


def test_no_gifts():
    """«Дарить карты (т.е. обменивать 0 карт на 1 или более карт) не разрешается»."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=2)
    for bad in (OfferTrade(vec(), vec(brick=1)), OfferTrade(vec(ore=1), vec())):
        assert refused(st, GENNADY, bad).key == "catan.err.no_gifts"
    st.apply(GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))
    give(st, VENIAMIN, brick=1)
    assert refused(st, VENIAMIN, CounterOffer(vec(), vec(ore=1))).key == "catan.err.no_gifts"


def test_any_well_formed_offer_is_legal_not_only_the_listed_ones():
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=3, grain=1)
    big = OfferTrade(vec(ore=3, grain=1), vec(brick=1, wool=2))
    assert big not in st.legal_actions(GENNADY)
    st.apply(GENNADY, big)
    assert st.trade["give"] == vec(ore=3, grain=1)
    with pytest.raises(IllegalAction) as exc:
        st2 = scenario(phases="separate", current=GENNADY)
        st2.apply(GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))
    assert exc.value.key == "catan.err.not_enough_cards"
    refusal = refused(st2, GENNADY, OfferTrade((1, 0, 0, 0), vec(brick=1)))
    assert refusal.key == "catan.err.trade_vector"


def test_the_same_resource_on_both_sides_is_refused_and_nothing_changes():
    """An offer of ore for ore (plus more) is a gift in disguise (almanac L199: «Дарить карты
    ... не разрешается»); it is refused with its own reason and the state is untouched."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=2)
    for bad in (OfferTrade(vec(ore=1), vec(ore=1, brick=1)), OfferTrade(vec(ore=2), vec(ore=1))):
        assert refused(st, GENNADY, bad).key == "catan.err.same_resource_both_sides"
    assert st.trade is None
    st.apply(GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))  # the legal side
    give(st, VENIAMIN, brick=1)
    counter = CounterOffer(vec(brick=1), vec(brick=1, ore=1))
    assert refused(st, VENIAMIN, counter).key == "catan.err.same_resource_both_sides"


def test_nobody_accepts_returns_to_the_trade_phase_and_withdraw():
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=2)
    give(st, VENIAMIN, brick=1)
    st.apply(GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))
    for p in (VENIAMIN, GALINA, BOGDAN):
        st.apply(p, ANSWER_NO)
    assert st.phase == ph.TRADE and st.trade is None
    st.apply(GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))
    st.apply(VENIAMIN, ANSWER_YES)
    st.apply(GALINA, ANSWER_NO)
    st.apply(BOGDAN, ANSWER_NO)
    st.apply(GENNADY, WITHDRAW)
    assert hand(st, GENNADY) == {"ore": 2} and st.phase == ph.TRADE


def test_offers_per_turn_are_bounded_by_the_option():
    st = scenario(phases="separate", current=GENNADY, trade_offers=1)
    give(st, GENNADY, ore=2)
    st.apply(GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))
    for p in (VENIAMIN, GALINA, BOGDAN):
        st.apply(p, ANSWER_NO)
    assert not any(a.kind == "offer_trade" for a in st.legal_actions(GENNADY))
    refusal = refused(st, GENNADY, OfferTrade(vec(ore=1), vec(brick=1)))
    assert refusal.key == "catan.err.no_offers_left"


def test_no_trading_in_the_build_phase_or_before_the_roll():
    """«Ход игры»: поступление сырья → торговля → строительство."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=4)
    st.apply(GENNADY, START_BUILDING)
    assert st.phase == ph.BUILD
    assert refused(st, GENNADY, MaritimeTrade("ore", "lumber")).key == "catan.err.wrong_phase"
    st2 = scenario(phases="separate", current=GENNADY, phase=ph.ROLL)
    give(st2, GENNADY, ore=4)
    with pytest.raises(IllegalAction):
        st2.apply(GENNADY, MaritimeTrade("ore", "lumber"))


def test_maritime_four_to_one_without_harbour():
    """«Геннадий сбрасывает 4 карты Руды и берёт 1 карту Дровесины»."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=4)
    st.apply(GENNADY, MaritimeTrade("ore", "lumber"))
    assert hand(st, GENNADY) == {"lumber": 1}
    assert st.bank[4] == 19 and st.bank[1] == 18
    give(st, GENNADY, ore=3)
    assert refused(st, GENNADY, MaritimeTrade("ore", "lumber")).key == "catan.err.maritime_rate"


def test_generic_harbour_three_to_one():
    """«игрок возвращает в резерв 3 карты Дровесины и берёт 1 карту Руды»."""
    st = scenario(phases="separate", current=GENNADY)
    settle(st, GENNADY, corner_at("A", "NW"))  # 3:1 harbour on A's north-west side
    give(st, GENNADY, lumber=3)
    st.apply(GENNADY, MaritimeTrade("lumber", "ore"))
    assert hand(st, GENNADY) == {"ore": 1}


def test_wool_harbour_two_to_one_and_four_wool_for_two_cards():
    """«построил поселение рядом с особой гаванью для шерсти ... может вернуть 2 карты Шерсти и
    взамен взять 1 любую другую карту ... обменивать 4 карты Шерсти на 2 другие карты».
    «Особая гавань не даёт права на обмен других видов сырья в соотношении 3:1!»"""
    st = scenario(phases="separate", current=GENNADY)
    settle(st, GENNADY, corner_at("P", "S"))  # wool harbour on P's south-east side
    give(st, GENNADY, wool=4, ore=3)
    st.apply(GENNADY, MaritimeTrade("wool", "brick"))
    st.apply(GENNADY, MaritimeTrade("wool", "grain"))
    assert hand(st, GENNADY) == {"brick": 1, "grain": 1, "ore": 3}
    with pytest.raises(IllegalAction) as exc:
        st.apply(GENNADY, MaritimeTrade("ore", "brick"))  # no 3:1 from a wool harbour
    assert exc.value.key == "catan.err.maritime_rate"


def test_harbour_usable_only_from_the_next_turn():
    """«гавань может использоваться игроком только на следующий ход после того, как он основал
    поселение у гавани»."""
    st = scenario(phases="combined", current=GENNADY, players=3)
    settle(st, GENNADY, corner_at("P", "SE"))
    # a road to the harbour's other intersection, then a new settlement there
    target = corner_at("A", "N")
    settle(st, GENNADY, corner_at("A", "SW"))
    from catan_scenario import path_of_corners, road
    road(st, GENNADY, *path_of_corners(corner_at("A", "SW"), corner_at("A", "NW"), target))
    give(st, GENNADY, brick=1, lumber=1, wool=1, grain=1, ore=3)
    st.apply(GENNADY, BUILD_SETTLEMENT[target])
    assert st.view(GENNADY)["state"]["players"][GENNADY]["harbours"] == ["wool"]
    with pytest.raises(IllegalAction):
        st.apply(GENNADY, MaritimeTrade("ore", "brick"))  # 3:1 not yet usable
    st.apply(GENNADY, END_TURN)
    for p in (1, 2):
        st.apply(p, ROLL) if st.phase == ph.ROLL else None
        while st.phase != ph.MAIN:  # a 7 may need discards/robber: none have cards
            st.apply(st.to_act[0], st.legal_actions(st.to_act[0])[0])
        st.apply(p, END_TURN)
    st.apply(GENNADY, ROLL)
    while st.phase != ph.MAIN:
        st.apply(st.to_act[0], st.legal_actions(st.to_act[0])[0])
    st.hands[GENNADY][4] = max(st.hands[GENNADY][4], 3)
    st.apply(GENNADY, MaritimeTrade("ore", "brick"))
    assert "generic" in st.view(GENNADY)["state"]["players"][GENNADY]["harbours"]


def test_bank_must_have_the_card():
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=4)
    st.bank[1] = 0
    assert refused(st, GENNADY, MaritimeTrade("ore", "lumber")).key == "catan.err.bank_empty"


def test_founding_harbour_usable_from_the_first_turn():
    from catan_scenario import GAME

    from settlers.games.catan.actions import PlaceSettlement

    st = GAME.new_state(3, 8)
    p = st.to_act[0]
    spot = next(c for c in range(54) if st.board.corner_harbour[c] >= 0)
    st.apply(p, PlaceSettlement(spot))
    assert st.harbours[p] == 0  # not during the founding phase itself
    while st.phase in (ph.FOUND_SETTLEMENT, ph.FOUND_ROAD):
        seat = st.to_act[0]
        st.apply(seat, st.legal_actions(seat)[0])
    assert st.harbours[p] == 1 << st.board.corner_harbour[spot]
