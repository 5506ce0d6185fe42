"""The Landnám heuristic reads the other resource hands kind by kind (2026-12-06).

Every resource card enters and leaves a hand in the open (iceland-catan.ru.txt L4, L26-27, L50,
L52-53, L56-60, L66; ``settlers.games.iceland.view``), so each hand is public and the view shows
it kind by kind. Before this the bot read the other hands by their size only: a defence was
guessed to hold 45 % of its hand in the disputed kind, a helper was asked by hand size, and a
trade "handed the game" to the player to move whenever the number of their cards covered a
winning build. Each test below failed on 6cb94f57.

L66 «каждая сторона может поочерёдно добавлять карты этого типа так, чтобы их общее количество
карт стало больше, чем у другой стороны» — only cards of the disputed kind count in a case.
"""

from __future__ import annotations

import althing_scenario as althing
from iceland_scenario import new, put, set_hand, terrain

from settlers.games.iceland import heuristic as iceland_bot
from settlers.games.iceland import trade_sense
from settlers.games.iceland.actions import AnswerOffer, AskHelp, EndCases, OfferTrade, OpenCase
from settlers.games.iceland.view import view

GRAIN, WOOD = (1, 0, 0, 0), (0, 1, 0, 0)


def court(mine: int, **defence: int):
    """``althing.board``: seat 1 holds ``mine`` wool (its one possible case: wool against seat
    2's settler 25 on the pasture), seat 2 holds ``defence``; a 7, seat 1 starts the cases."""
    s = new()
    althing.board(s)
    set_hand(s, 1, wool=mine)
    set_hand(s, 2, **defence)
    althing.seven(s, starter=1)
    return s


def test_a_big_hand_without_the_disputed_kind_does_not_scare_the_bot_off():
    # nine cards, no wool: the defence cannot bid a single card (old: 45 % of 9 ≈ 4 wool
    # expected against 2, so no case)
    s = court(2, grain=5, wood=4)
    assert view(s, 1)["players"][2]["hand"] == {"grain": 5, "wood": 4, "wool": 0, "iron": 0}
    assert iceland_bot.make_bot(0).act(s, 1) == OpenCase(25, 1)


def test_a_small_hand_all_of_the_disputed_kind_is_not_taken_on():
    # three cards, all wool, against 2 wool: the defence outbids the bot (old: 45 % of 3 ≈ 1.35
    # wool expected, so it opened a case it loses)
    s = court(2, wool=3)
    assert iceland_bot.make_bot(0).act(s, 1) == EndCases()


def test_the_helper_asked_is_the_one_with_cards_of_the_disputed_kind():
    """Four players: seat 1 opens with 2 wool against seat 2 (no wool). Seat 2 asks for help
    (L67): seat 3 holds 3 wool, seat 0 nine cards and no wool (old: asked seat 0, by size)."""
    s = new(4)
    althing.board(s)
    set_hand(s, 1, wool=2)
    set_hand(s, 2)
    set_hand(s, 0, grain=5, iron=4)
    set_hand(s, 3, wool=3)
    althing.seven(s, starter=1)
    s.apply(1, OpenCase(25, 2))
    althing.pass_windows(s)
    assert s.to_act == (2,) and AskHelp(0) in s.legal_actions(2)
    assert iceland_bot.make_bot(0).act(s, 2) == AskHelp(3)


def table(**hand: int):
    """Seat 0 to move at 11 points with a settler on a pasture whose corners are free: a farm
    (grain, wood, wool) is the twelfth point. Seat 1 holds 3 grain and has no piece."""
    s = new()
    terrain(s, 4, "pasture", 6)
    terrain(s, 5, "fields", 8)
    put(s, 5, 4)
    s.white[0] = 11
    set_hand(s, 0, **hand)
    set_hand(s, 1, grain=3)
    return s


def test_three_cards_that_are_not_a_farm_do_not_win_the_game():
    # after the grain-for-wood trade seat 0 holds grain, wood and iron: three cards, but no
    # wool and nothing to buy it with at the bank (old: three cards cover a farm of three)
    s = table(wood=2, iron=1)
    assert not trade_sense.hands_the_game(s, 0, GRAIN, WOOD)
    s.apply(0, OfferTrade(1, WOOD, GRAIN))
    assert iceland_bot.make_bot(0).act(s, 1) == AnswerOffer(True)


def test_a_missing_card_the_bank_sells_still_wins_the_game():
    # the wool is missing but four iron buy it from the bank (L52): the grain wins the game
    s = table(wood=2, iron=4)
    assert trade_sense.hands_the_game(s, 0, GRAIN, WOOD)
    s.apply(0, OfferTrade(1, WOOD, GRAIN))
    assert iceland_bot.make_bot(0).act(s, 1) == AnswerOffer(False)
