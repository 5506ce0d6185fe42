"""«Торговля», «Внутренняя торговля», «Заморская торговля», «Сырьё: торговля».

Domestic trade (a pending decision): the player to move offers cards for cards; every other
player answers at the same time — yes, no, or a counter-offer with other terms; answers are
public. The player to move then trades with one who said yes or countered, or withdraws. Trades
always involve the player to move, and nobody gives cards away for nothing (both sides of a
trade are non-empty). The player to move may trade «без каких-либо ограничений» (almanac
L452): by default there is no limit on offers. Two table options narrow it: ``trade_offers`` N>0
allows at most N offers per turn (for bot tables), ``domestic_trade=false`` switches domestic
trade off (maritime trade only).

The menu: ``legal_actions`` lists domestic offers (of the shapes in ``actions.OFFER_SHAPES``)
only for the first ``LISTED_OFFERS_PER_TURN`` offers of a turn when the table sets no limit.
That list is what every bot chooses from (random, greedy, search, RL masks), so no bot can keep
re-offering to people who decline; it is not a rule: any further well-formed offer is legal
when sent explicitly (the web trade composer, JSON in the terminal).

Maritime trade: 4 cards of one kind to the bank for any one card; 3:1 with a generic harbour;
2:1 only for the resource of a special harbour (which gives no 3:1 right). A harbour counts from
the turn after its settlement was built.
"""

from __future__ import annotations

import itertools

from settlers.core import Action, IllegalAction
from settlers.core import trade as core_trade
from settlers.core.cardcounts import exchange
from settlers.core.trade import LISTED_OFFERS_PER_TURN
from settlers.core.words import count_keys

from .acting import keep_to_act
from .actions import (
    ACCEPT,
    ANSWER_NO,
    ANSWER_YES,
    MARITIME,
    OFFER_SHAPES,
    WITHDRAW,
    CounterOffer,
)
from .content import GENERIC, GENERIC_RATIO, PLAIN_RATIO, RESOURCE_KEYS, RESOURCES, SPECIAL_RATIO
from .phases import TRADE_ANSWERS, TRADE_CHOOSE
from .state import CatanState

#: core.trade's reasons, in Catan's words
OFFER_PROBLEM_KEYS = {
    core_trade.NOT_BUNDLES: "catan.err.trade_vector",
    core_trade.EMPTY_SIDE: "catan.err.no_gifts",
    core_trade.SAME_KIND: "catan.err.same_resource_both_sides",
    core_trade.CANNOT_PAY: "catan.err.not_enough_cards",
}


def offer_problem(hand: list[int], give: object, get: object) -> str | None:
    """Catalog key of what is wrong with a domestic trade proposal, or None (Catan forbids the
    same resource on both sides)."""
    reason = core_trade.offer_problem(hand, give, get, same_kind_both_sides=False)
    return None if reason is None else OFFER_PROBLEM_KEYS[reason]


def named(cards: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {RESOURCES[r]: cards[r] for r in range(5) if cards[r]}


def card_keys(cards: tuple[int, ...] | list[int]) -> list[str]:
    """One catalog key per card, for event texts (``{give!t}``)."""
    return count_keys(cards, RESOURCE_KEYS.__getitem__)


# ---------------------------------------------------------------------------- domestic
def _offers_by_hand() -> dict[tuple[int, ...], tuple[Action, ...]]:
    """The listed offers for each hand clipped to 2 cards a kind (every shape gives 1 or 2
    cards of one kind), in ``OFFER_SHAPES`` order: 3^5 = 243 hands."""
    table: dict[tuple[int, ...], tuple[Action, ...]] = {}
    for key in itertools.product(range(3), repeat=5):
        table[key] = tuple(action for give, _get, action in OFFER_SHAPES
                           if all(key[r] >= give[r] for r in range(5)))
    return table


_OFFERS_BY_HAND = _offers_by_hand()


def listed_offers(st: CatanState) -> tuple[Action, ...]:
    """The offers of ``OFFER_SHAPES`` the player to move can pay, in that order."""
    h = st.hands[st.current]
    return _OFFERS_BY_HAND[(h[0] if h[0] < 2 else 2, h[1] if h[1] < 2 else 2,
                            h[2] if h[2] < 2 else 2, h[3] if h[3] < 2 else 2,
                            h[4] if h[4] < 2 else 2)]


def may_offer(st: CatanState) -> bool:
    """The rule: may the player to move make another domestic offer (in a trading phase)?"""
    options = st.options
    if not options["domestic_trade"]:
        return False
    limit = options["trade_offers"]
    return (not limit or st.offers_made < limit) and sum(st.hands[st.current]) > 0


def lists_offers(st: CatanState) -> bool:
    """The menu: does ``legal_actions`` list domestic offers now? (the rule's limit, or
    ``LISTED_OFFERS_PER_TURN`` offers a turn when there is none)"""
    options = st.options  # may_offer's conditions, inlined: this is on the hot path
    return (st.offers_made < (options["trade_offers"] or LISTED_OFFERS_PER_TURN)
            and options["domestic_trade"] and sum(st.hands[st.current]) > 0)


def offer_refusal(st: CatanState) -> IllegalAction | None:
    """Why the player to move may not offer now at all (the table's options), or None."""
    if not st.options["domestic_trade"]:
        return IllegalAction("catan.err.no_domestic_trade")
    limit = st.options["trade_offers"]
    if limit and st.offers_made >= limit:
        return IllegalAction("catan.err.no_offers_left", limit=limit)
    return None


def offer(st: CatanState, give: tuple[int, ...], get: tuple[int, ...]) -> None:
    st.offers_made += 1
    st.trade = {"give": give, "get": get, "answers": [None] * st.players}
    st.trade_return = st.phase
    st.phase = TRADE_ANSWERS
    keep_to_act(st)
    if st.record_events:
        st.emit("catan.ev.offer", seat=st.current, give=card_keys(give), get=card_keys(get))


def counter_shapes(original_give: tuple[int, ...], original_get: tuple[int, ...]
                   ) -> list[tuple[int, ...]]:
    """What an answerer may ask for in a listed counter (it gives the asked cards): the
    offered cards plus one more, or 1-3 cards of one kind it is not giving."""
    asks: list[tuple[int, ...]] = []
    for r in range(5):
        if not original_get[r]:
            plus = list(original_give)
            plus[r] += 1
            asks.append(tuple(plus))
    for r in range(5):
        if original_get[r]:
            continue
        for k in (1, 2, 3):
            v = [0] * 5
            v[r] = k
            t = tuple(v)
            if t != original_give and t not in asks:
                asks.append(t)
    return asks


#: the "yes" and the listed counters per offer (give, get): the same for every answerer
_YES_AND_COUNTERS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Action, ...]] = {}


def _yes_and_counters(give: tuple[int, ...], get: tuple[int, ...]) -> tuple[Action, ...]:
    key = (give, get)
    found = _YES_AND_COUNTERS.get(key)
    if found is None:
        found = (ANSWER_YES, *(CounterOffer(get, ask) for ask in counter_shapes(give, get)))
        if len(_YES_AND_COUNTERS) < 4096:  # explicit offers may have any terms: stay bounded
            _YES_AND_COUNTERS[key] = found
    return found


def legal_answers(st: CatanState, p: int) -> list[Action]:
    trade = st.trade
    if trade is None or p == st.current or trade["answers"][p] is not None:
        return []
    hand = st.hands[p]
    get = trade["get"]
    if (hand[0] >= get[0] and hand[1] >= get[1] and hand[2] >= get[2] and hand[3] >= get[3]
            and hand[4] >= get[4]):  # can_answer_yes, inlined (hot path)
        return [ANSWER_NO, *_yes_and_counters(trade["give"], get)]
    return [ANSWER_NO]


def answer(st: CatanState, p: int, reply: tuple) -> None:
    trade = st.trade
    trade["answers"][p] = reply
    if st.record_events:
        if reply[0] == "counter":
            st.emit("catan.ev.counter", seat=p, give=card_keys(reply[1]), get=card_keys(reply[2]))
        else:
            # the terms answered (an answer's line may be read far from the offer's)
            st.emit("catan.ev.answer_" + reply[0], seat=p, proposer=st.current,
                    give=card_keys(trade["give"]), get=card_keys(trade["get"]))
    answers = trade["answers"]
    current = st.current
    for q in range(len(answers)):
        if answers[q] is None and q != current:
            keep_to_act(st)
            return
    # a «yes» or a counter goes to the player to move, who takes one it can pay or withdraws:
    # closing at once when it can pay none would tell everybody which cards it lacks (its
    # hand is closed, L164, L378)
    if any(a is not None and a[0] != "decline" for a in answers):
        st.phase = TRADE_CHOOSE
        keep_to_act(st)
    else:
        close(st, "catan.ev.no_takers")


def acceptable(st: CatanState) -> list[int]:
    """Seats whose answer the player to move can take now."""
    trade = st.trade
    me = st.current
    h0, h1, h2, h3, h4 = st.hands[me]
    give = trade["give"]
    out = []
    for q, a in enumerate(trade["answers"]):
        if a is None or q == me:
            continue
        kind = a[0]
        if kind == "accept":
            need = give
        elif kind == "counter":
            need = a[2]
        else:
            continue
        if h0 >= need[0] and h1 >= need[1] and h2 >= need[2] and h3 >= need[3] \
                and h4 >= need[4]:
            out.append(q)
    return out


def legal_choices(st: CatanState) -> list[Action]:
    return [ACCEPT[q] for q in acceptable(st)] + [WITHDRAW]


def accept(st: CatanState, q: int) -> None:
    trade = st.trade
    a = trade["answers"][q]
    me = st.current
    if a[0] == "accept":
        mine, theirs = trade["give"], trade["get"]
    else:
        theirs, mine = a[1], a[2]
    exchange(st.hands[me], st.hands[q], mine, theirs)
    if st.record_events:
        st.emit("catan.ev.traded", seat=me, partner=q, give=card_keys(mine), get=card_keys(theirs))
    close(st, None)


def close(st: CatanState, event: str | None) -> None:
    if event and st.record_events:
        st.emit(event, seat=st.current)
    st.trade = None
    st.phase = st.trade_return
    st.trade_return = -1
    keep_to_act(st)


# ---------------------------------------------------------------------------- maritime
def rate(st: CatanState, p: int, r: int) -> int:
    mask = st.harbours[p]
    if (mask >> r) & 1:
        return SPECIAL_RATIO
    if (mask >> GENERIC) & 1:
        return GENERIC_RATIO
    return PLAIN_RATIO


def legal_maritime(st: CatanState) -> list[Action]:
    p = st.current
    hand, bank = st.hands[p], st.bank
    out: list[Action] = []
    for g in range(5):
        if hand[g] >= 2 and hand[g] >= rate(st, p, g):
            row = MARITIME[g]
            for w in range(5):
                if w != g and bank[w] > 0:
                    out.append(row[w])
    return out


def maritime(st: CatanState, g: int, w: int) -> None:
    p = st.current
    n = rate(st, p, g)
    st.hands[p][g] -= n
    st.bank[g] += n
    st.hands[p][w] += 1
    st.bank[w] -= 1
    if st.record_events:
        st.emit("catan.ev.maritime", seat=p, count=n, give=RESOURCE_KEYS[g],
                get=RESOURCE_KEYS[w])
