"""The Landnám heuristic at the trading table (iceland-catan.ru.txt L53: «Текущий игрок также
может предлагать торговлю другим игрокам. Правильная торговля касается двух игроков, которые
дают друг другу по меньшей мере одну карту ресурсов»; L25: builds take effect at the end of the
turn; L80: the game ends when a player has at least twelve points at the end of a turn).

The bot never gives the player to move the cards of a farm or town that brings them to twelve
this turn; a player near the target gets no card more than the bot gets; trades that help the
bot's own build are taken; its offers go to players far from the target; decisions are quick.
"""

from __future__ import annotations

import time

from iceland_scenario import new, put, set_hand, terrain

from settlers.games.iceland import heuristic as iceland_bot
from settlers.games.iceland import trade_sense
from settlers.games.iceland.actions import AnswerOffer, OfferTrade

# cards in rules order: grain, wood, wool, iron
GRAIN, WOOD = (1, 0, 0, 0), (0, 1, 0, 0)
TWO_GRAIN = (2, 0, 0, 0)


def table(points: int):
    """Seat 0 to move with `points` (white tokens) and a settler on a pasture whose corners
    are free: a farm (1 grain, 1 wood, 1 wool) there would be one more point. Seat 1 holds
    3 grain and saves for a boat (1 iron, 1 wood): it has no piece on the board."""
    s = new()
    terrain(s, 4, "pasture", 6)
    terrain(s, 5, "fields", 8)
    put(s, 5, 4)  # seat 0's settler
    s.white[0] = points
    set_hand(s, 0, wood=2, wool=1)
    set_hand(s, 1, grain=3)
    return s


def answer(s, give, get):
    """Seat 0 offers seat 1 `give` for `get`; the heuristic answers for seat 1."""
    s.apply(0, OfferTrade(1, give, get))
    return iceland_bot.make_bot(0).act(s, 1)


def test_a_trade_that_helps_the_bots_build_is_accepted():
    assert answer(table(points=5), WOOD, GRAIN) == AnswerOffer(True)


def test_the_cards_of_a_winning_farm_are_refused():
    # 11 points: the grain completes a farm (wood and wool are in hand, three cards after
    # the trade), the twelfth point at the end of this turn
    s = table(points=11)
    assert trade_sense.hands_the_game(s, 0, GRAIN, WOOD)
    assert answer(s, WOOD, GRAIN) == AnswerOffer(False)


def test_a_trade_that_cannot_complete_the_winning_build_is_answered_on_its_merits():
    # 11 points but the settler is gone: no farm, no town, nothing to win with this turn
    s = table(points=11)
    s.pos[5] = -1
    assert not trade_sense.possible_builds(s, 0)
    assert not trade_sense.hands_the_game(s, 0, GRAIN, WOOD)
    assert answer(s, WOOD, GRAIN) == AnswerOffer(True)


def test_too_few_cards_for_the_winning_farm_is_no_win():
    # 11 points and the farm spot, but after the trade seat 0 holds two cards: a farm takes
    # three, so the grain cannot win the game this turn
    s = table(points=11)
    set_hand(s, 0, wood=1)
    assert not trade_sense.hands_the_game(s, 0, GRAIN, WOOD)


def test_a_leader_near_the_target_gets_no_card_more():
    # one wood for two grain: taken from a player far from the target ...
    assert answer(table(points=5), WOOD, TWO_GRAIN) == AnswerOffer(True)
    # ... refused from a player at 9 (three builds short, so no win this turn)
    s = table(points=9)
    assert not trade_sense.hands_the_game(s, 0, TWO_GRAIN, WOOD)
    assert answer(s, WOOD, TWO_GRAIN) == AnswerOffer(False)
    # a one-for-one trade is still fine with them
    assert answer(table(points=9), WOOD, GRAIN) == AnswerOffer(True)


def test_the_bot_offers_its_missing_card_to_a_player_far_from_the_target():
    s = table(points=11)  # seat 0 is one point from the end
    s.current = 1
    s.reset_turn()
    s.phase = "build"
    set_hand(s, 0, wood=2)
    set_hand(s, 2, wood=2)
    set_hand(s, 1, grain=3, iron=1)  # a boat lacks the wood
    action = iceland_bot.make_bot(0).act(s, 1)
    assert isinstance(action, OfferTrade)
    assert action.to == 2 and action.get == WOOD and action.give == GRAIN


def test_trading_decisions_take_bounded_time():
    s = table(points=11)
    s.apply(0, OfferTrade(1, WOOD, GRAIN))
    bot = iceland_bot.make_bot(0)
    started = time.process_time()
    for _ in range(50):
        bot.act(s, 1)
    assert (time.process_time() - started) / 50 < 0.05
