"""«Торговля» (catan-almanac.ru.txt L452): «Игрок в свой ход может обменивать имеющиеся у него на
руках карты сырья без каких-либо ограничений» — no limit on domestic offers by default; a limit
(``trade_offers``) or no domestic trade (``domestic_trade=false``) only when a table asks for
it; and bots bound their own offers so that they never keep re-offering to people who decline.
"""

import pytest
from catan_scenario import corner_at, give, scenario, settle, vec

import settlers.bots
from settlers.games.catan import heuristic, trade
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import ANSWER_NO, MaritimeTrade, OfferTrade
from settlers.games.catan.trade import LISTED_OFFERS_PER_TURN
from settlers.testing.refusals import refused

GENNADY, VENIAMIN, GALINA, BOGDAN = 0, 1, 2, 3
ORE_FOR_BRICK = OfferTrade(vec(ore=1), vec(brick=1))


def decline_all(st) -> None:
    for p in (VENIAMIN, GALINA, BOGDAN):
        st.apply(p, ANSWER_NO)


def listed_offers(st, seat: int) -> list:
    return [a for a in st.legal_actions(seat) if a.kind == "offer_trade"]


def test_no_limit_on_offers_by_default():
    """catan-almanac.ru.txt L452: «без каких-либо ограничений»."""
    st = scenario(phases="separate", current=GENNADY)
    assert st.options["trade_offers"] == 0 and st.options["domestic_trade"] is True
    give(st, GENNADY, ore=2)
    for k in range(12):
        assert st.illegal_reason(GENNADY, ORE_FOR_BRICK) is None, k
        st.apply(GENNADY, ORE_FOR_BRICK)
        decline_all(st)
        assert st.phase == ph.TRADE and st.offers_made == k + 1
    state = st.view(GENNADY)["state"]
    assert state["may_offer"] is True and state["offers_left"] is None
    # the same holds in the combined trade-and-build phase
    st = scenario(phases="combined", current=GENNADY)
    give(st, GENNADY, ore=1)
    for _ in range(5):
        st.apply(GENNADY, ORE_FOR_BRICK)
        decline_all(st)
    assert st.illegal_reason(GENNADY, ORE_FOR_BRICK) is None


def test_the_menu_lists_offers_for_the_first_offers_of_a_turn_only():
    """The menu bots choose from is bounded; the rule is not (L452): an offer sent explicitly
    (the web composer, JSON in the terminal) stays legal."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=2)
    for _ in range(LISTED_OFFERS_PER_TURN):
        assert ORE_FOR_BRICK in listed_offers(st, GENNADY)
        st.apply(GENNADY, ORE_FOR_BRICK)
        decline_all(st)
    assert listed_offers(st, GENNADY) == []
    assert st.illegal_reason(GENNADY, ORE_FOR_BRICK) is None
    assert st.view(GENNADY)["state"]["may_offer"] is True
    # the next turn lists offers again
    st.apply(GENNADY, st.legal_actions(GENNADY)[-1])  # end_turn
    assert st.offers_made == 0


def test_a_bot_table_may_limit_offers_per_turn():
    """Not a rule of the almanac: a table of bots may set ``trade_offers`` (L452 allows any)."""
    st = scenario(phases="separate", current=GENNADY, trade_offers=2)
    give(st, GENNADY, ore=3)
    for _ in range(2):
        st.apply(GENNADY, ORE_FOR_BRICK)
        decline_all(st)
    assert st.view(GENNADY)["state"]["offers_left"] == 0
    assert listed_offers(st, GENNADY) == []
    assert refused(st, GENNADY, ORE_FOR_BRICK).key == "catan.err.no_offers_left"


def test_domestic_trade_can_be_switched_off_leaving_maritime_trade():
    st = scenario(phases="separate", current=GENNADY, domestic_trade=False)
    give(st, GENNADY, ore=4)
    assert listed_offers(st, GENNADY) == []
    assert MaritimeTrade("ore", "brick") in st.legal_actions(GENNADY)
    assert refused(st, GENNADY, ORE_FOR_BRICK).key == "catan.err.no_domestic_trade"
    assert st.view(GENNADY)["state"]["may_offer"] is False


def play_turn_against_people_who_decline(st, choose, limit: int = 300) -> int:
    """Let ``choose(st)`` play GENNADY's turn while everybody else declines every offer;
    the number of offers GENNADY made before the turn passed."""
    offers = 0
    for _ in range(limit):
        if st.current != GENNADY or st.over:
            return offers
        seat = st.to_act[0]
        if seat == GENNADY:
            action = choose(st)
            offers += action.kind == "offer_trade"
            st.apply(GENNADY, action)
        else:
            st.apply(seat, ANSWER_NO)
    raise AssertionError(f"the turn did not end after {limit} decisions ({offers} offers)")


def test_the_heuristic_bot_bounds_its_own_offers_when_the_table_does_not(monkeypatch):
    """L452 lets the player offer without limit; the bot stops by itself, even with a menu
    that would list offers all turn long."""
    monkeypatch.setattr(trade, "LISTED_OFFERS_PER_TURN", 100)
    st = scenario(phases="separate", current=GENNADY)
    settle(st, GENNADY, corner_at("E", "N"))
    # one grain short of a city, with three kinds to spare: three different offers to make
    give(st, GENNADY, ore=3, grain=1, wool=2, brick=1, lumber=1)
    bot = heuristic.make_bot(seed=1)
    offers = play_turn_against_people_who_decline(st, lambda s: bot.act(s, GENNADY))
    assert offers == heuristic.OFFERS_PER_TURN


def test_the_heuristic_bot_does_not_make_a_refused_offer_again_in_the_turn(monkeypatch):
    """One grain short of a city with only wool to spare, the bot has one offer to make;
    refused, it is not made again (nothing changed: it would be refused again), though the
    bot's own bound would allow a second offer."""
    monkeypatch.setattr(trade, "LISTED_OFFERS_PER_TURN", 100)
    st = scenario(phases="separate", current=GENNADY)
    settle(st, GENNADY, corner_at("E", "N"))
    give(st, GENNADY, ore=3, grain=1, wool=2)
    bot = heuristic.make_bot(seed=1)
    offers = play_turn_against_people_who_decline(st, lambda s: bot.act(s, GENNADY))
    assert offers == 1 < heuristic.OFFERS_PER_TURN


@pytest.mark.parametrize("seed", range(12))
def test_a_random_bot_rebuilt_for_every_decision_does_not_re_offer_forever(seed):
    """As at a web table (a bot built afresh, same seed, for every decision), a random bot
    facing people who decline every offer still ends its turn: the menu it chooses from lists
    offers for the first few offers of a turn only."""
    st = scenario(phases="separate", current=GENNADY)
    give(st, GENNADY, ore=2, wool=2, grain=1, brick=1)

    def choose(s):
        return settlers.bots.make("random", seed=seed).act(s, GENNADY)

    assert play_turn_against_people_who_decline(st, choose) <= LISTED_OFFERS_PER_TURN
