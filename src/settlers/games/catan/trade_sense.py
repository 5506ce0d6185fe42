"""What a domestic trade is worth to a bot, and whether it hands the other side the game.

«Внутренняя торговля» (catan-almanac.ru.txt L197-201): the player to move trades cards with the
others on terms they negotiate; one side of every trade is the player to move, gifts are not
allowed. Only the player to move builds this turn, so a trade can win the game at once only
for them: it is refused when it supplies a card of a purchase that would bring them to
``POINTS_TO_WIN`` this turn (scoring.py: 10 points, victory point cards included, win at once
in their own turn).

Read from what every seat sees: points on the board and awards (``public_points``), the number
of development cards each player holds (any of them may be a victory point card, so each
counts as one possible hidden point), the pieces left and the free spots on the board, the
size of the development deck. The receiver's cards are not read (only their count is public),
so a purchase counts as "supplied by the trade" when its cost includes a kind of card the
trade gives them: the bot assumes the rest of the cost may be in their hand.

No offer twice: what the player to move offered this turn and nobody took
(``refused_offers``), and what a player not to move proposed this turn in a counter-offer
that the player to move did not take (``refused_counters``), are read back from the action
log; nothing in the cards moved since, so the same terms would be refused again.
"""

from __future__ import annotations

from typing import Any

from settlers.core.cardcounts import missing

from . import building, scoring
from .content import AWARD_POINTS, COST_CITY, COST_DEVELOPMENT, COST_ROAD, COST_SETTLEMENT
from .content import POINTS_TO_WIN as WIN
from .phases import OVER

#: a player this near to winning (reach) pays one card more for a trade with a bot
NEAR_VICTORY = 3
#: the shortest road that can take the award «Самый длинный торговый путь»
LONGEST_ROAD_MIN = 5


def reach(st: Any, p: int) -> int:
    """The most points `p` may hold as far as the others can tell: public points plus one per
    development card in their hand (each may be a hidden victory point card)."""
    return int(scoring.public_points(st, p) + sum(st.dev[p]))


def winning_purchases(st: Any, p: int) -> list[tuple[int, ...]]:
    """Costs of the single purchases that would bring `p` to the winning points this turn,
    judged from the public board (see the module text)."""
    have = reach(st, p)
    out: list[tuple[int, ...]] = []
    if st.cities_left[p] and building.city_spots(st, p) and have + 1 >= WIN:
        out.append(COST_CITY)
    if st.settlements_left[p] and building.settlement_spots(st, p) and have + 1 >= WIN:
        out.append(COST_SETTLEMENT)
    if st.deck and have + 1 >= WIN:
        out.append(COST_DEVELOPMENT)  # it may be a victory point card
    if st.roads_left[p] and st.longest_road != p and have + AWARD_POINTS >= WIN:
        best_other = max((st.road_length[q] for q in range(st.players) if q != p), default=0)
        if st.road_length[p] + 1 >= max(LONGEST_ROAD_MIN, best_other + 1):
            out.append(COST_ROAD)
    return out


def hands_the_game(st: Any, receiver: int, cards: tuple[int, ...] | list[int]) -> bool:
    """Would giving `cards` to `receiver` let them win this turn? Only the player to move can
    build this turn; for them: does some winning purchase cost a kind of card in `cards`?"""
    if receiver != st.current or st.phase == OVER:
        return False
    return any(any(cost[r] and cards[r] for r in range(5))
               for cost in winning_purchases(st, receiver))


def near_victory(st: Any, p: int) -> bool:
    return reach(st, p) >= WIN - NEAR_VICTORY


def progress(hand: list[int], goal: tuple[int, ...], gets: tuple[int, ...] | list[int],
             gives: tuple[int, ...] | list[int]) -> int:
    """How many cards nearer to `goal` the hand is after getting `gets` for `gives`."""
    after = [hand[r] - gives[r] + gets[r] for r in range(5)]
    if min(after) < 0:
        return -99
    return missing(hand, goal) - missing(after, goal)


def fair_price(st: Any, other: int, gets: tuple[int, ...] | list[int],
               gives: tuple[int, ...] | list[int]) -> bool:
    """Card count of the trade acceptable with `other`: up to one card more given than got,
    but never more than got with a player near victory."""
    slack = 0 if near_victory(st, other) else 1
    return sum(gives) <= sum(gets) + slack


def judge(st: Any, seat: int, other: int, goal: tuple[int, ...],
          gets: tuple[int, ...] | list[int], gives: tuple[int, ...] | list[int]) -> bool:
    """Would `seat` (saving for `goal`) take `gets` from `other` for `gives`?"""
    if hands_the_game(st, other, gives):
        return False
    return progress(st.hands[seat], goal, gets, gives) > 0 and fair_price(st, other, gets, gives)


def better_terms(st: Any, seat: int, goal: tuple[int, ...],
                 counters: list[Any]) -> Any:
    """The listed counter-offer (answerer's side: ``give``, ``get``) that the bot would take:
    most progress, then the modest terms the other side is likeliest to take (fewest cards
    given, then fewest asked); None if none."""
    best, best_key = None, None
    for action in counters:
        if not judge(st, seat, st.current, goal, action.get, action.give):
            continue
        key = (progress(st.hands[seat], goal, action.get, action.give), -sum(action.give),
               -sum(action.get))
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def spare(hand: list[int], goal: tuple[int, ...]) -> list[int]:
    """The cards of `hand` that `goal` does not use, per kind."""
    return [max(0, hand[r] - goal[r]) for r in range(5)]


def refused_offers(st: Any, seat: int) -> list[Any]:
    """The domestic offers ``seat`` (the player to move) made this turn that nobody took:
    read back in the action log over the turn's ``offers_made`` offers, an offer refused when
    no ``accept_trade`` of the offerer follows it. Nothing in the cards changed since (a
    refused offer moves none), so the same offer would be refused again."""
    made = st.offers_made
    if not made:
        return []
    log = st.log
    refused: list[Any] = []
    taken = False
    i = len(log) - 1
    while made and i >= 0:
        who, action = log[i]
        i -= 1
        if who != seat:
            continue
        kind = action.kind
        if kind == "accept_trade":
            taken = True
        elif kind == "offer_trade":
            made -= 1
            if not taken:
                refused.append(action)
            taken = False
    return refused


def refused_counters(st: Any, seat: int) -> list[Any]:
    """The counter-offers ``seat`` (a player not to move) made this turn that the player to
    move did not take: read back in the action log over the turn's ``offers_made`` offers
    (the offer still open, if any, included), a counter refused when no ``accept_trade`` of
    ``seat`` by the player to move follows it."""
    made = st.offers_made
    if not made:
        return []
    log = st.log
    mover = st.current
    refused: list[Any] = []
    taken = False
    i = len(log) - 1
    while made and i >= 0:
        who, action = log[i]
        i -= 1
        kind = action.kind
        if who == mover:
            if kind == "accept_trade":
                taken = action.seat == seat
            elif kind == "offer_trade":
                made -= 1
                taken = False
        elif who == seat and kind == "counter_offer" and not taken:
            refused.append(action)
    return refused


def asks_at_least(counter: Any, refused: list[Any]) -> bool:
    """Does ``counter`` give what a refused counter gave and ask, kind by kind, at least what
    it asked? The player to move did not take those terms; these are no better for them."""
    give, get = counter.give, counter.get
    return any(old.give == give and all(get[r] >= old.get[r] for r in range(5))
               for old in refused)
