"""Phase 2, «Очередность хода» (archipelago.ru.txt L248-256, L1015): secret simultaneous bids,
all spent; the highest bidder orders everybody; a tie re-bids once (not with 2 players), then
the order stays."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from settlers.core import Action
from settlers.games.archipelago.actions import Bid, SetOrder
from settlers.games.archipelago.negotiation import OFFERS_PER_MOMENT
from settlers.games.archipelago.state import ArchState

BONUS = {"bid_bonus_3": 3, "bid_bonus_2": 2}
# one instance per action value (issue 19)
_BIDS = tuple(Bid(a) for a in range(200))
_ORDERS: dict[int, tuple[SetOrder, ...]] = {}


def start_bids(state: ArchState, bidders: list[int], rebid: bool) -> None:
    state.phase, state.step = "bids", "bid"
    state.bidders = sorted(bidders)
    state.bids = [-1] * state.players
    state.rebid = rebid


def waiting(state: ArchState) -> tuple[int, ...]:
    bids = state.bids
    out = []
    for s in state.bidders:   # (a loop: a comprehension is a call of its own)
        if bids[s] < 0:
            out.append(s)
    return tuple(out)


def legal_bids(state: ArchState, seat: int) -> Sequence[Action]:
    """Every bid from 0 to the seat's florins (a slice of the shared bids: ``legal_actions``
    copies it)."""
    return _BIDS[: state.money[seat] + 1] if state.money[seat] < len(_BIDS) else [
        Bid(a) for a in range(state.money[seat] + 1)]


def bid_bonus(state: ArchState, seat: int) -> int:
    """King +3f, Queen +2f to the bid of the player who controls them (L1436, L1490)."""
    cards = state.content.cards
    bonus = 0
    for rec in state.owned[seat]:   # (a loop: no generator)
        bonus += BONUS.get(cards[rec[0]].effect, 0)
    return bonus


def place_bid(state: ArchState, seat: int, amount: int) -> bool:
    """Escrow the bid behind the fist; True when every bid is in."""
    state.money[seat] -= amount
    state.bids[seat] = amount
    if state.record_events:
        state.emit("archipelago.event.bid_placed", seat=seat)
    return not waiting(state)


def reveal(state: ArchState) -> int:
    """All bids are spent (L250). Returns the seat that orders the turn, or -1 (unchanged)."""
    bids = state.bids
    state.last_bids = list(bids)
    for s in state.bidders:
        state.bank_money += bids[s]
    if state.record_events:
        state.emit("archipelago.event.bids",
                   bids=[{"seat": s, "amount": bids[s]} for s in state.bidders])
    # «При определении очередности хода Король добавляет к ставке игрока дополнительные 3f»
    # (L1436; the Queen 2f, L1490): the bonus is part of the bid the order is decided by, so
    # a King's holder who bids nothing still outbids players who bid nothing
    total = {s: bids[s] + bid_bonus(state, s) for s in state.bidders}
    best = max(total.values())
    if best == 0:
        return -1  # «Если никто ничего не поставил, очередность ходов остаётся без изменений»
    top = [s for s in state.bidders if total[s] == best]
    if len(top) == 1:
        return top[0]
    if not state.rebid and state.players > 2:
        start_bids(state, top, True)
        return -2  # the tied players bid again
    return -1


def start_bribes(state: ArchState, decider: int) -> None:
    """L260: the highest bidder orders the turn — «В этот момент игроки могут использовать
    переговоры и всевозможные взятки, чтобы попытаться убедить решающего игрока». Before it
    chooses, each other player in the present turn order has the floor in turn (step
    ``bribes``: its offers and gifts — to the decider or anyone — then ``done``); the decider
    then orders (step ``order``), and may still make offers of its own."""
    others = [s for s in state.order if s != decider]
    state.phase, state.step = "order", "bribes"
    state.actor, state.ctx = others[0], {"decider": decider, "bribers": others[1:]}
    state.offers_left = OFFERS_PER_MOMENT


def next_briber(state: ArchState) -> None:
    """The floor passes to the next player, then to the decider, who orders the turn."""
    ctx = state.ctx
    bribers = ctx["bribers"]
    if bribers:
        state.actor, state.ctx = bribers[0], {**ctx, "bribers": bribers[1:]}
    else:   # (the decider and what it was handed stay in view: negotiation.bribed)
        state.step, state.actor = "order", ctx["decider"]
        state.ctx = {k: v for k, v in ctx.items() if k != "bribers"}
    state.offers_left = OFFERS_PER_MOMENT


def legal_orders(state: ArchState) -> list[Action]:
    orders = _ORDERS.get(state.players)
    if orders is None:
        orders = _ORDERS[state.players] = tuple(
            SetOrder(p) for p in permutations(range(state.players)))
    return list(orders)
