"""The Landnám heuristic bot (``settlers.games.iceland.heuristic``): legal through whole games, goes to
court when it should, and brings games to their end by points.

«Так как у каждого игрока только девять домов для построек хуторов и городов, то хотя бы три
очка должны быть получены на альтинге. Таким образом, ранний выигрыш тяжб в игре очень ценен.»
"""

from __future__ import annotations

import random

import althing_scenario as althing
import pytest
from iceland_scenario import GAME, corner_between, house, new, put, set_hand, terrain

from settlers.games.iceland import heuristic as iceland_bot
from settlers.games.iceland.actions import (
    AnswerOffer,
    AskHelp,
    Bid,
    BuildFarm,
    BuildTown,
    ChooseStarter,
    Decline,
    EndCases,
    EndMovement,
    Move,
    OfferTrade,
    OpenCase,
    Pass,
    PlayFate,
)


def play(players: int, seed: int, turn_limit: int, random_seats: tuple[int, ...] = ()):
    from settlers.bots import make as make_bot

    s = GAME.new_state(players, seed, {"turn_limit": turn_limit, "offer_limit": 5})
    s.record_events = False
    bots = [make_bot("random", seed=seat) if seat in random_seats
            else iceland_bot.IcelandBot(seed * 10 + seat, strict=True)
            for seat in range(players)]
    steps = 0
    while not s.over:
        seat = s.to_act[0]
        action = bots[seat].act(s, seat)
        if seat not in random_seats:
            assert action in s.legal_actions(seat), (s.phase, action)
        s.apply(seat, action)  # checked: an illegal action would raise
        steps += 1
        assert steps < 40_000
    return s


@pytest.mark.parametrize(("players", "seed", "random_seats"),
                         [(3, 11, ()), (4, 12, ()), (5, 13, ()), (3, 14, (1,)), (4, 15, (0, 2)),
                          (5, 16, (1, 3))])
def test_bot_plays_only_legal_actions_through_whole_games(players, seed, random_seats):
    """Every decision of the game (Althing windows, bids, help, harvest cards, retreats, offers
    from random players ...) answered with one of ``legal_actions``, to the end of the game."""
    s = play(players, seed, turn_limit=300, random_seats=random_seats)
    assert s.over and s.winners()


def test_short_seeded_bot_game_ends_by_twelve_points():
    """«Игра заканчивается, когда хотя бы один игрок в конце хода любого игрока достигает по
    меньшей мере двенадцати победных очков» — not by the turn-limit safety stop."""
    s = play(3, 0, turn_limit=200)
    assert s.turn < 200
    assert max(s.scores()) >= 12
    assert s.winners() == [max(range(3), key=lambda x: s.scores()[x])]


def test_most_bot_games_end_by_points():
    ended = 0
    for seed in range(1, 6):
        s = play(4, seed, turn_limit=300)
        ended += max(s.scores()) >= 12
    assert ended >= 4


def test_opens_a_strong_case_and_not_a_hopeless_one():
    """«Во время альтинга у каждого игрока есть возможность призвать к суду любого поселенца,
    препятствующего их производству ресурсов»: with 5 wool against a defence holding 1 card the
    bot opens the case (with one card, the smallest bid); with no wool it cannot and ends."""
    s = new()
    althing.board(s)
    set_hand(s, 1, wool=5)
    set_hand(s, 2, grain=1)
    althing.seven(s, starter=1)
    bot = iceland_bot.make_bot(0)
    action = bot.act(s, 1)
    assert action == OpenCase(25, 1)

    s = new()
    althing.board(s)
    set_hand(s, 1, grain=1)   # nothing of wool, wood: the only open case is grain vs 26
    set_hand(s, 2, grain=9, wool=9, wood=9)
    althing.seven(s, starter=1)
    assert iceland_bot.make_bot(0).act(s, 1) == EndCases()


def test_defends_with_the_smallest_winning_bid_and_concedes_when_it_cannot():
    """«каждая сторона может поочерёдно добавлять карты этого типа так, чтобы их общее количество
    карт стало больше, чем у другой стороны»."""
    s = new()
    althing.board(s)
    set_hand(s, 1, wool=5)
    set_hand(s, 2, wool=3)
    althing.seven(s, starter=1)
    s.apply(1, OpenCase(25, 1))
    althing.pass_windows(s)
    bot = iceland_bot.make_bot(0)
    assert bot.act(s, 2) == Bid(2)
    s.apply(2, Bid(2))
    althing.pass_windows(s)
    assert bot.act(s, 1) == Bid(2)
    s.apply(1, Bid(2))
    althing.pass_windows(s)
    # seat 2 has 1 wool left and needs 2: asks seat 0 (uninvolved, no cards) or concedes
    choice = bot.act(s, 2)
    assert choice in s.legal_actions(2) and not isinstance(choice, Bid)


@pytest.mark.parametrize(("wool", "answer"), [(3, Bid(3)), (1, Decline())])
def test_joins_a_side_when_one_bid_wins_the_case(wool, answer):
    """«Последний присоединившийся игрок ... получает белый жетон победных очков, если они
    выиграют» — the bot joins when asked and able to lead; declines when it cannot."""
    s = althing.wool_case(2, {1: 2, 0: wool})
    s.apply(2, AskHelp(0))
    althing.pass_windows(s)
    assert iceland_bot.make_bot(0).act(s, 0) == answer


def test_saves_its_outlaw_with_a_reconciliation_card():
    """«Для предотвращения этого можно использовать карты судьбы, которые убирают красные жетоны
    победных очков.»"""
    s = althing.outlaw_at_the_window()
    assert s.al["stage"] == "window"
    for seat in s.to_act:
        choice = iceland_bot.make_bot(0).act(s, seat)
        if seat == 2:
            assert choice == PlayFate("reconciliation", 25)
        else:
            assert choice == Pass()


def test_walks_an_outlaw_away_from_its_accuser():
    """«Если это невозможно ... жетон удаляется. Если рядом не осталось жетонов, фишка больше не
    объявлена вне закона.» Seat 2 moves its outlawed settler off seat 1's hexes."""
    s = new(phase="move")
    althing.board(s)
    terrain(s, 0, "pasture", 6)
    terrain(s, 3, "forest", 9)
    s.current = 2
    s.red_tokens[25] = [1]
    action = iceland_bot.make_bot(0).act(s, 2)
    assert isinstance(action, Move) and action.piece == 25
    s.apply(2, action)
    while s.phase == "move":
        s.apply(2, iceland_bot.make_bot(0).act(s, 2))
    assert 25 not in s.red_tokens


def test_builds_a_town_before_a_farm_and_ends_the_turn():
    """Town (1 iron, 1 grain, 1 wood, 2 wool) on a farm touching the sea; farm (1 grain, 1 wood,
    1 wool) from a settler on a corner of its hex."""
    s = new()
    terrain(s, 4, "pasture", 6)
    terrain(s, 5, "fields", 8)
    terrain(s, 0, "sea")
    c = corner_between(s, 0, 3, 4)
    house(s, 0, c)
    set_hand(s, 0, iron=1, grain=1, wood=1, wool=2)
    bot = iceland_bot.make_bot(0)
    assert bot.act(s, 0) == BuildTown(c)
    s = new()
    terrain(s, 4, "pasture", 6)
    terrain(s, 5, "fields", 8)
    put(s, 5, 4)
    set_hand(s, 0, grain=1, wood=1, wool=1)
    action = bot.act(s, 0)
    assert isinstance(action, BuildFarm) and action.piece == 5
    s.apply(0, action)
    assert bot.act(s, 0).kind == "end_turn"


def test_answers_offers_by_its_own_plan():
    """«Текущий игрок также может предлагать торговлю другим игрокам»: the bot accepts a trade
    that evens out its hand and refuses one that takes a card its farm needs."""
    s = new()
    set_hand(s, 0, grain=2, wool=1)
    set_hand(s, 1, wood=3)
    s.apply(0, OfferTrade(1, (1, 0, 0, 0), (0, 1, 0, 0)))
    assert iceland_bot.make_bot(0).act(s, 1) == AnswerOffer(True)

    s = new()
    terrain(s, 14, "pasture", 6)
    terrain(s, 13, "fields", 8)
    put(s, 15, 14)                        # seat 1's settler could found a farm
    set_hand(s, 0, grain=2, wool=1)
    set_hand(s, 1, grain=1, wood=1, wool=1)
    s.apply(0, OfferTrade(1, (1, 0, 0, 0), (0, 1, 0, 0)))
    assert iceland_bot.make_bot(0).act(s, 1) == AnswerOffer(False)


def test_the_player_to_move_names_the_next_player_to_start_the_cases():
    """«Обычно начинающим игроком выбирается следующий игрок»."""
    s = new()
    althing.roll_seven(s)
    althing.pass_windows(s)
    assert iceland_bot.make_bot(0).act(s, 0) == ChooseStarter(1)


def test_does_not_move_without_a_reason():
    """Movement is optional: with nothing to explore or farm the bot ends its movement."""
    s = new(phase="move")
    terrain(s, 4, "sea")
    put(s, 0, 4)
    for h in range(s.b.size):             # an island of open water: nothing to find or farm
        if s.terrain[h] < 0:
            terrain(s, h, "sea")
    assert iceland_bot.make_bot(0).act(s, 0) == EndMovement()



def test_evaluate_values_leading_a_case_so_greedy_goes_to_court():
    """``evaluate`` counts the likely white token of the side ahead in a case; the generic
    one-ply greedy bot then opens a case it can win instead of hoarding its cards."""
    from settlers.bots import make as make_bot

    s = new()
    althing.board(s)
    set_hand(s, 1, wool=5)
    set_hand(s, 2, grain=1)
    althing.seven(s, starter=1)
    s.rng = random.Random(5)  # the scripted dice are used up; clones need a real generator
    before = s.evaluate(1)
    after = s.clone()
    after.apply(1, OpenCase(25, 1))
    assert after.evaluate(1) > before
    assert after.evaluate(2) < s.evaluate(2)
    assert isinstance(make_bot("greedy", seed=1).act(s, 1), OpenCase)


def test_a_boat_heads_for_unexplored_positions_through_the_outer_sea():
    """«Внешний гекс моря считается соседним для всех крайних гексов»: a boat on a sea hex with
    nothing to find around it sails to the outer sea, the way to the last unknown position
    (hex 7, next to the sea hex 3 on the edge) — a resource missing from the island may be
    there."""
    s = new(phase="move")
    for h in range(s.b.size):
        if s.terrain[h] < 0 and h != 7:
            terrain(s, h, "sea" if h in (1, 2, 3, 6, 8, 12) else "mountain")
    put(s, 0, 2)
    action = iceland_bot.make_bot(0).act(s, 0)
    assert action == Move(0, -1, "")
