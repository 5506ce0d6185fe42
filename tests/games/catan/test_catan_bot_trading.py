"""The heuristic bot at the trading table: «Внутренняя торговля» (catan-almanac.ru.txt L197-201:
the player to move trades with the others on negotiated terms, no gifts, the player to move is
one side of every trade) and «Торговля» (L450-452: in their turn, without limits).

The bot answers people's offers: never a trade that lets the player to move reach 10 points
this turn (scoring.py, «Победные очки»); a leader near victory pays a card more; yes to trades
that bring it nearer its own build; it offers trades that complete its build, and as the
player to move takes the answer that helps it most. Every decision reads only what its seat
may see and takes bounded time.
"""

from __future__ import annotations

import time

from catan_scenario import give, road, scenario, settle, vec

import settlers.bots as bots
from settlers.games.catan import building, trade_sense
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import ANSWER_NO, ANSWER_YES, CounterOffer, OfferTrade
from settlers.games.catan.content import KNIGHT, VICTORY_POINT
from settlers.games.catan.topology import CORNER_EDGES, CORNERS, EDGE_CORNERS

GENNADY, VENIAMIN, GALINA, BOGDAN = 0, 1, 2, 3


def free_corners(st):
    return [c for c in range(CORNERS) if st.settle_ok[c] and st.corner_owner[c] < 0]


def leader_with(points: int, dev_cards: int = 0):
    """Gennady (to move, in the trade phase) holds `points` public points in cities and
    settlements and a road to a free spot (a settlement there is legal); Veniamin has one
    settlement, so he saves for a city: 3 ore and 1 grain in hand, 1 grain missing, and a
    spare wool."""
    st = scenario(phases="separate", current=GENNADY)
    cities = min(3, points // 2)  # a city is left to build
    settlements = points - 2 * cities
    for k in range(cities + settlements):
        settle(st, GENNADY, free_corners(st)[0], city=k < cities)
    add_road_to_a_free_spot(st, GENNADY)
    assert building.settlement_spots(st, GENNADY)
    settle(st, VENIAMIN, free_corners(st)[-1])
    st.dev[GENNADY][KNIGHT] = dev_cards  # held cards: any of them might be a victory point
    give(st, GENNADY, grain=2, lumber=2)
    give(st, VENIAMIN, ore=3, grain=1, wool=1)
    assert trade_sense.reach(st, GENNADY) == points + dev_cards
    return st


def add_road_to_a_free_spot(st, p):
    for c in list(st.buildings[p]):
        for e in CORNER_EDGES[c]:
            n1 = next(x for x in EDGE_CORNERS[e] if x != c)
            for e2 in CORNER_EDGES[n1]:
                n2 = next(x for x in EDGE_CORNERS[e2] if x != n1)
                if st.settle_ok[n2] and st.corner_owner[n2] < 0:
                    road(st, p, e, e2)
                    return
    raise AssertionError("no free spot two steps away")


def veniamin_answers(st, give_cards, get_cards):
    """Gennady offers `give_cards` for `get_cards`; the heuristic answers for Veniamin."""
    st.apply(GENNADY, OfferTrade(give_cards, get_cards))
    assert st.phase == ph.TRADE_ANSWERS
    return bots.make("heuristic", seed=1).act(st, VENIAMIN)


def test_a_trade_that_helps_the_bot_is_accepted():
    st = leader_with(points=5)
    assert veniamin_answers(st, vec(grain=1), vec(wool=1)) == ANSWER_YES


def test_a_trade_that_does_not_help_the_bot_is_declined_or_countered_on_useful_terms():
    st = leader_with(points=5)
    # lumber brings Veniamin no nearer his city: he names the terms that would
    answer = veniamin_answers(st, vec(lumber=1), vec(wool=1))
    assert answer == CounterOffer(vec(wool=1), vec(grain=1))
    # with nothing to offer that Gennady asks for, a plain no
    st = leader_with(points=5)
    st.apply(GENNADY, OfferTrade(vec(lumber=1), vec(brick=1)))
    assert bots.make("heuristic", seed=1).act(st, VENIAMIN) == ANSWER_NO


def test_a_trade_that_lets_the_player_to_move_win_this_turn_is_refused():
    # 9 points and a legal settlement spot: the wool completes a settlement (or a development
    # card that may be a victory point) worth the 10th point, «Победные очки»
    st = leader_with(points=9)
    assert trade_sense.hands_the_game(st, GENNADY, vec(wool=1))
    answer = veniamin_answers(st, vec(grain=1), vec(wool=1))
    assert answer != ANSWER_YES and not isinstance(answer, CounterOffer)


def test_hidden_development_cards_count_as_possible_victory_points():
    # 8 public points and one development card, which may be a victory point card: the same
    # refusal as at 9 points; without the card the offer is fine
    assert veniamin_answers(leader_with(points=8, dev_cards=1), vec(grain=1),
                            vec(wool=1)) == ANSWER_NO
    assert veniamin_answers(leader_with(points=8), vec(grain=1), vec(wool=1)) == ANSWER_YES


def test_the_refusal_does_not_depend_on_which_card_is_hidden():
    a, b = leader_with(points=8, dev_cards=1), leader_with(points=8, dev_cards=1)
    b.dev[GENNADY][KNIGHT] = 0
    b.dev[GENNADY][VICTORY_POINT] = 1  # a victory point card instead of the knight
    assert veniamin_answers(a, vec(grain=1), vec(wool=1)) == veniamin_answers(
        b, vec(grain=1), vec(wool=1))


def test_a_card_the_winning_purchase_does_not_need_is_given():
    # 9 points, but the settlement spot is gone and the deck is empty: only a city would win,
    # and the wool is not part of a city
    st = leader_with(points=9)
    st.settlements_left[GENNADY] = 0
    st.deck = []
    assert not trade_sense.hands_the_game(st, GENNADY, vec(wool=1))
    assert trade_sense.hands_the_game(st, GENNADY, vec(ore=1))
    assert veniamin_answers(st, vec(grain=1), vec(wool=1)) == ANSWER_YES


def test_a_leader_near_victory_pays_a_card_more():
    # two wool for one grain: fine from a player far from victory (one card of slack) ...
    far = leader_with(points=5)
    give(far, VENIAMIN, wool=1)
    assert veniamin_answers(far, vec(grain=1), vec(wool=2)) == ANSWER_YES
    # ... but from a player at 8 points the bot asks for two grain instead: a counter-offer
    near = leader_with(points=8)
    give(near, VENIAMIN, wool=1)
    answer = veniamin_answers(near, vec(grain=1), vec(wool=2))
    assert isinstance(answer, CounterOffer)
    assert answer.give == vec(wool=2) and sum(answer.get) == 2 and answer.get[3] >= 1
    assert answer in near.legal_actions(VENIAMIN)


def test_the_bot_offers_what_completes_its_build():
    st = leader_with(points=5)
    st.current = VENIAMIN
    st.phase = ph.TRADE
    action = bots.make("heuristic", seed=1).act(st, VENIAMIN)
    assert action == OfferTrade(vec(wool=1), vec(grain=1))


def test_the_bot_takes_the_answer_that_completes_its_build():
    st = leader_with(points=5)
    st.current = VENIAMIN
    st.phase = ph.TRADE
    give(st, GALINA, grain=2)
    give(st, BOGDAN, grain=1)
    st.apply(VENIAMIN, OfferTrade(vec(wool=1), vec(grain=1)))
    st.apply(GENNADY, ANSWER_NO)
    st.apply(GALINA, CounterOffer(vec(grain=1), vec(wool=1, ore=2)))  # too dear
    st.apply(BOGDAN, ANSWER_YES)
    assert st.phase == ph.TRADE_CHOOSE
    choice = bots.make("heuristic", seed=1).act(st, VENIAMIN)
    assert choice.kind == "accept_trade" and choice.seat == BOGDAN


def test_trading_decisions_take_bounded_time():
    st = leader_with(points=8, dev_cards=1)
    st.apply(GENNADY, OfferTrade(vec(grain=1), vec(wool=1)))
    bot = bots.make("heuristic", seed=1)
    started = time.process_time()
    for _ in range(50):
        bot.act(st, VENIAMIN)
    assert (time.process_time() - started) / 50 < 0.05  # well under a tenth of a second
