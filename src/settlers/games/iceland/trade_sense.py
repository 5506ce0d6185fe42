"""Whether a trade offer hands the player to move the game, and what a leader pays.

Rulebook (iceland-catan.ru.txt L53): «Текущий игрок также может предлагать торговлю другим
игрокам. Правильная торговля касается двух игроков, которые дают друг другу по меньшей мере
одну карту ресурсов» — only the player to move offers, so only they can build with the cards
this turn; builds take effect at the end of the turn (L25) and «Игра заканчивается, когда хотя
бы один игрок в конце хода любого игрока достигает по меньшей мере двенадцати победных очков»
(L80). A farm is worth 1 point, a town 2 on a farm (so +1).

A trade hands the player to move the game when their points plus the farms and towns they can
still build this turn (board, pieces and houses as everyone sees them) reach the target, and the
cards the trade gives them are part of those builds. Their hand is read kind by kind (public:
every resource card moves in the open, see ``view.py``): after the trade it must pay those
builds, a missing card bought from the bank (L52) with the cards left over at the player's rate.
Before 2026-12-06 only the hand's size was read, so any cards in it counted as the rest of the
cost.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from settlers.games.iceland import building
from settlers.games.iceland.pieces import seat_pieces
from settlers.games.iceland.scoring import all_victory_points
from settlers.games.iceland.trade import affordable, bank_rate

CARDS_ONLY = "iceland.error.not_enough_cards"
#: a player this near to the target (points) gets no card more than they give
NEAR_VICTORY = 3


def possible_builds(s: Any, p: int) -> list[tuple[int, ...]]:
    """Costs of the farms and towns `p` could still build this turn, cards aside (one point
    each), at most as many as they have houses left."""
    out: list[tuple[int, ...]] = []
    costs = s.c.costs
    for c in range(s.b.corner_count):
        if s.house_owner[c] == p and s.house_level[c] == 1 and \
                building.town_problem(s, p, c) in (None, CARDS_ONLY):
            out.append(costs["town"])
    for piece in seat_pieces(p):
        h = s.pos[piece]
        if h < 0:
            continue
        if any(building.farm_problem(s, p, piece, c) in (None, CARDS_ONLY)
               for c in s.b.hex_corners[h]):
            out.append(costs["farm"])
    return out[:max(0, building.houses_left(s, p))]


def hands_the_game(s: Any, receiver: int, cards: tuple[int, ...],
                   paid: tuple[int, ...]) -> bool:
    """Would `receiver` win this turn thanks to getting `cards` (and paying `paid`)?"""
    if receiver != s.current or s.over:
        return False
    need = s.c.victory_points - all_victory_points(s)[receiver]
    if need <= 0:
        return False  # the target is reached with or without the trade
    builds = sorted(set(possible_builds(s, receiver)))  # kinds of build, with repeats below
    counts = possible_builds(s, receiver)
    if len(counts) < need:
        return False
    hand = s.hands[receiver]
    after = [hand[r] + cards[r] - paid[r] for r in range(4)]
    rates = [bank_rate(s, receiver, r) for r in range(4)]
    for chosen in combinations_with_replacement(builds, need):
        if any(chosen.count(cost) > counts.count(cost) for cost in chosen):
            continue
        total = [sum(cost[r] for cost in chosen) for r in range(4)]
        if not any(total[r] and cards[r] for r in range(4)):
            continue
        if affordable(after, total, rates):
            return True
    return False


def near_victory(s: Any, p: int) -> bool:
    return bool(all_victory_points(s)[p] >= s.c.victory_points - NEAR_VICTORY)


def refused_offers(s: Any, seat: int) -> list[Any]:
    """The offers ``seat`` (the player to move) made this turn that were refused: read back
    in the action log over the turn's ``offers_made`` offers, each answered by the next
    ``answer_offer``. A refused offer moves no card, so made again it would be refused
    again."""
    made = s.offers_made
    if not made:
        return []
    log = s.log
    refused: list[Any] = []
    answer: Any = None
    i = len(log) - 1
    while made and i >= 0:
        who, action = log[i]
        i -= 1
        kind = action.kind
        if kind == "answer_offer":
            answer = action
        elif kind == "offer_trade" and who == seat:
            made -= 1
            if answer is not None and not answer.accept:
                refused.append(action)
            answer = None
    return refused
