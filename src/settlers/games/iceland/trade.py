"""Phase 3 A: trade with the bank, at harbours and with other players.

"Четыре одинаковых карты ресурса можно продать за один другой ресурс из банка. Игрок с кораблём
в гавани или поселением рядом с ней без корабля, можно продавать два указанных ресурса за один
другой." Harbours built this turn are not usable yet (they are placed at the end of the turn).
"Текущий игрок также может предлагать торговлю другим игрокам. Правильная торговля касается
двух игроков, которые дают друг другу по меньшей мере одну карту ресурсов" (L53) — an offer
names the other player and both sides' cards; once accepted it is carried out at once
(binding). The rulebook sets no bound on offers; the option ``offer_limit`` (default 0 = none)
bounds the offers per turn at bot tables, so that simulated games cannot haggle forever.

Each side gives a card (L53), and not a card of a kind it asks for: cards of a kind are alike,
so «1 grain for 1 grain and 1 wool» hands over exactly what a gift of 1 wool does, and a trade
whose two sides share a kind is the smaller trade with the shared cards taken out of both
(rules 2026-12-06.3; docs/audits/2026-12-06-eighth-landnam-offers.md). Every other
well-formed offer is legal (``offer_problem``); ``legal_actions`` lists the offers of at most
three cards with a single card on one side (``legal_offers``), for the first offers of a turn.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from settlers.core import Action, IllegalAction
from settlers.core import trade as core_trade
from settlers.core.cardcounts import exchange
from settlers.core.trade import LISTED_OFFERS_PER_TURN  # offers listed for bots a turn
from settlers.games.iceland import interned as I
from settlers.games.iceland.actions import AnswerOffer, OfferTrade, TradeWithBank
from settlers.games.iceland.build_frame import frame
from settlers.games.iceland.pieces import seat_boats
from settlers.games.iceland.state import BUILD, OFFER, IcelandState
from settlers.games.iceland.words import card_keys, res_key


def harbour_access(s: IcelandState, seat: int, res: int) -> bool:
    for p in seat_boats(seat):
        h = s.pos[p]
        if h >= 0 and s.harbour[h] == res and s.terrain[h] == s.c.sea:
            return True
    for h in range(s.b.size):
        if s.harbour[h] == res and s.occupant[h] < 0 and \
                any(s.house_owner[c] == seat for c in s.b.hex_corners[h]):
            return True
    return False


def bank_rate(s: IcelandState, seat: int, res: int) -> int:
    return s.c.harbour_rate if harbour_access(s, seat, res) else s.c.bank_rate


def affordable(pool: tuple[int, ...] | list[int], cost: tuple[int, ...] | list[int],
               rates: tuple[int, ...] | list[int]) -> bool:
    """Whether cards ``pool`` pay ``cost``, a missing card bought from the bank (L52) with the
    cards left over at ``rates`` (a resource's rate: its cards for any one card)."""
    missing = sum(max(0, c - have) for have, c in zip(pool, cost, strict=True))
    tradable = sum(max(0, have - c) // rate
                   for have, c, rate in zip(pool, cost, rates, strict=True))
    return tradable >= missing


def legal_bank_trades(s: IcelandState, seat: int) -> list[Action]:
    out: list[Action] = []
    names = s.c.resources
    hand = s.hands[seat]
    c = s.c
    # with the bank's own rate in hand the harbour question does not arise
    enough = c.bank_rate if c.bank_rate >= c.harbour_rate else 1_000_000
    access = None
    bank = s.bank
    for give in range(4):
        n = hand[give]
        if n < c.harbour_rate:
            continue
        if n < enough:
            if access is None:  # trade.harbour_access, from the board's build frame
                access = frame(s, seat).harbour_access(s)
            if n < (c.harbour_rate if access[give] else c.bank_rate):
                continue
        for get in range(4):
            if get != give and bank[get] > 0:
                out.append(I.bank_trade(names[give], names[get]))
    return out


def apply_bank_trade(s: IcelandState, seat: int, action: TradeWithBank) -> None:
    give, get = s.c.resource_index(action.give), s.c.resource_index(action.get)
    rate = bank_rate(s, seat, give)
    s.hands[seat][give] -= rate
    s.bank[give] += rate
    s.hands[seat][get] += 1
    s.bank[get] -= 1
    if s.record_events:
        s.emit("iceland.event.bank_trade", seat=seat, count=rate, give=res_key(s, give),
               get=res_key(s, get))


def legal_offers(s: IcelandState, seat: int) -> list[Action]:
    """The listed offers: every offer of at most three cards with a single card on one side —
    one card for one or for two (of one kind or of two), two cards (of one kind or of two) for
    one — that the player to move can pay, to each other player; a card for the same card
    changes nothing and is left out. Any other offer with a card each way is legal too (L53,
    see ``offer_problem``) and can be sent explicitly (the web's trade builder, JSON in the
    terminal); the list is what bots choose from.

    Why these shapes: with one-for-one trades alone no hand ever grows, and a table whose cards
    are spread thin could never pool them for a boat or a farm. Two cards of one kind were not
    enough: seed 993 held only wood (two cards of it were to meet in the harbour owner's hand,
    one-for-two of one kind), seed 1593 the last four cards one of each kind, wood and wool in
    one hand (the way out takes one card for two of two kinds); random play ran on for
    millions of actions in both. With every one-for-two shape the player to move can take all
    but one card of another's hand when the two hold cards of two kinds or more (what
    ``progress._can_gather`` assumes); the two-for-one shapes hand cards on as freely. Cards of
    one kind alone never change hands between players (a side may not ask for the kind it
    gives), so seed 993's wood stays where it is unless a harbour or the bank turns it into
    another kind (``progress._can_gather`` knows this too)."""
    return list(listed_offers(s, seat))


def listed_offers(s: IcelandState, seat: int) -> tuple[OfferTrade, ...]:
    """``legal_offers`` as the shared tuple (for the legal-action list to extend)."""
    if s.offers_made >= (s.options["offer_limit"] or LISTED_OFFERS_PER_TURN):
        return ()
    h0, h1, h2, h3 = s.hands[seat]  # each shape gives at most two cards of a kind
    key = ((h0 if h0 < 2 else 2) * 27 + (h1 if h1 < 2 else 2) * 9
           + (h2 if h2 < 2 else 2) * 3 + (h3 if h3 < 2 else 2))
    return _offers_by_hand(s.players, seat)[key]


def _bundles(size: int) -> list[tuple[int, ...]]:
    """Every bundle of ``size`` cards (counts per resource), in resource order."""
    out = []
    for cards in itertools.combinations_with_replacement(range(4), size):
        counts = [0, 0, 0, 0]
        for r in cards:
            counts[r] += 1
        out.append(tuple(counts))
    return out


ONE_CARD = tuple(_bundles(1))
TWO_CARDS = tuple(_bundles(2))


#: the (give, get) shapes of the listed offers (``legal_offers``), no kind on both sides (L53,
#: see the module text): 4 one-card gives × 9 (3 single cards, 6 pairs of the other kinds) and
#: two-card gives × the 3 or 2 other kinds (4 pairs of a kind × 3, 6 pairs of two kinds × 2):
#: 36 + 24 = 60
OFFER_SHAPES = tuple(
    [(g, w) for g in ONE_CARD for w in ONE_CARD + TWO_CARDS if not core_trade.shared_kinds(g, w)]
    + [(g, w) for g in TWO_CARDS for w in ONE_CARD if not core_trade.shared_kinds(g, w)])


@lru_cache(maxsize=64)
def _offers_by_hand(players: int, seat: int) -> tuple[tuple[OfferTrade, ...], ...]:
    """The listed offers of ``seat`` for every hand clipped to two cards a kind (3^4 hands,
    indexed in base 3, grain first), shape by shape and each shape to every other player
    (offers are immutable; one instance stands for every equal one)."""
    others = [to for to in range(players) if to != seat]
    offers = [(g, [OfferTrade(to, g, w) for to in others]) for g, w in OFFER_SHAPES]
    return tuple(tuple(offer for g, to_each in offers
                       if all(hand[r] >= g[r] for r in range(4)) for offer in to_each)
                 for hand in itertools.product(range(3), repeat=4))


def offer_problem(s: IcelandState, seat: int, action: OfferTrade) -> IllegalAction | None:
    limit = s.options["offer_limit"]
    if limit and s.offers_made >= limit:
        return IllegalAction("iceland.error.offer_limit", limit=limit)
    if not 0 <= action.to < s.players or action.to == seat:
        return IllegalAction("iceland.error.offer_partner", seat=action.to)
    problem = core_trade.offer_problem(s.hands[seat], action.give, action.get,
                                       same_kind_both_sides=False)
    if problem == core_trade.SAME_KIND:  # L53: name the kinds on both sides
        return IllegalAction("iceland.error.offer_same_kind", kinds=[
            res_key(s, r) for r in core_trade.shared_kinds(action.give, action.get)])
    return None if problem is None else IllegalAction(_OFFER_ERRORS[problem])


_OFFER_ERRORS = {
    core_trade.NOT_BUNDLES: "iceland.error.offer_cards",
    core_trade.EMPTY_SIDE: "iceland.error.offer_empty",
    core_trade.CANNOT_PAY: "iceland.error.not_enough_cards",
}


def apply_offer(s: IcelandState, seat: int, action: OfferTrade) -> None:
    s.offer = (action.to, tuple(action.give), tuple(action.get))
    s.offers_made += 1
    s.phase = OFFER
    if s.record_events:
        s.emit("iceland.event.offer", seat=seat, to=action.to, give=_cards(s, action.give),
               get=_cards(s, action.get))


def legal_answers(s: IcelandState, seat: int) -> list[Action]:
    _to, _give, get = s.offer
    out: list[Action] = [I.REJECT]
    if core_trade.can_answer_yes(s.hands[seat], get):
        out.append(I.ACCEPT)
    return out


def apply_answer(s: IcelandState, seat: int, action: AnswerOffer) -> None:
    to, give, get = s.offer
    if action.accept:
        exchange(s.hands[s.current], s.hands[to], give, get)
    if s.record_events:   # the terms answered, as the offer put them (a log line alone says what)
        s.emit("iceland.event.offer_accepted" if action.accept else "iceland.event.offer_rejected",
               seat=seat, proposer=s.current, give=_cards(s, give), get=_cards(s, get))
    s.offer = None
    s.phase = BUILD


def _cards(s: IcelandState, counts: tuple[int, ...]) -> list[str]:
    return card_keys(s, counts)
