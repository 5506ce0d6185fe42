"""Phase 6, «Покупка карт развития» (archipelago.ru.txt L737-792): buy a card and turn one of
the others, or turn two; a card turned onto the skull is discarded; empty slots are refilled
from the deck, and a red zone on the new top card strikes at once."""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import economy
from settlers.games.archipelago.actions import BuyCard, TurnTwo
from settlers.games.archipelago.balance import crisis_parts
from settlers.games.archipelago.state import ArchState

SKULL = 3   # the fourth corner (content-facts T9: a new card dies on its 3rd rotation)
# one instance per action value (issue 19)
_BUY: Pool[BuyCard] = Pool(BuyCard)
_TURN: Pool[TurnTwo] = Pool(TurnTwo)


def price(state: ArchState, slot: int) -> int:
    card, rot = state.track[slot]
    return state.content.cards[card].prices[rot]


def min_price(state: ArchState, card: int) -> int:
    return min(state.content.cards[card].prices)


def filled(state: ArchState) -> list[int]:
    return [i for i, (card, _rot) in enumerate(state.track) if card >= 0]


def legal(state: ArchState, seat: int) -> list[Action]:
    money = state.money[seat]
    cards = state.content.cards
    filled_slots: list[int] = []   # (filled and price, in one loop: no comprehension, no call
    can_pay: list[bool] = []       # per slot)
    for slot, (card, rot) in enumerate(state.track):
        if card >= 0:
            filled_slots.append(slot)
            can_pay.append(money >= cards[card].prices[rot])
    slots = tuple(filled_slots)
    affordable = tuple(can_pay)
    key = (slots, affordable)
    made = _MENUS.get(key)
    if made is None:   # the menu depends on the filled slots and which of them are affordable
        out: list[Action] = []
        for s, ok in zip(slots, affordable, strict=True):
            if ok:
                others = [t for t in slots if t != s]
                out += [_BUY[(s, t)] for t in others] if others else [_BUY[(s, -1)]]
        pairs = [_TURN[(a, b)] for a in slots for b in slots if a < b]
        if not pairs:
            pairs = [_TURN[(slots[0], -1)]] if slots else [_TURN[(-1, -1)]]
        made = _MENUS[key] = (*out, *pairs)
    return list(made)


#: (filled slots, affordable per slot) -> the buying menu (at most 2^5 x 2^5 keys)
_MENUS: dict[tuple[tuple[int, ...], tuple[bool, ...]], tuple[Action, ...]] = {}


def turn(state: ArchState, slot: int) -> None:
    """L758-762: a quarter turn clockwise; on the skull the card goes to the discard."""
    rec = state.track[slot]
    rec[1] += 1
    if rec[1] >= SKULL:
        state.card_discard.append(rec[0])
        if state.record_events:
            state.emit("archipelago.event.card_died", card=state.content.cards[rec[0]].name)
        state.track[slot] = [-1, 0]


def buy(state: ArchState, seat: int, slot: int, turn_slot: int) -> None:
    cost = price(state, slot)
    economy.pay_bank(state, seat, cost)
    card = state.track[slot][0]
    state.owned[seat].append([card, 0, 0, state.turn])
    state.track[slot] = [-1, 0]
    if state.record_events:
        state.emit("archipelago.event.buy_card", seat=seat, card=state.content.cards[card].name,
                   price=cost)
    if turn_slot >= 0:
        turn(state, turn_slot)


def refill(state: ArchState, reds: bool = True) -> list[dict[str, Any]]:
    """Fill the empty slots one card at a time (L756 «заполните их картами, вытащенными по
    одной из колоды развития»). With ``reds``, stop as soon as a card drawn uncovers a red zone
    on the back of the new top card and return its crises: they are resolved at once (L770
    «должны быть немедленно разыграны»), before the next card is drawn — the flow calls this
    again once they are over (flow.advance). [] once every slot is filled or the deck is
    empty."""
    track, deck = state.track, state.deck
    for i, rec in enumerate(track):
        if rec[0] < 0 and deck:
            track[i] = [deck.pop(), 0]
            if reds and deck:
                red = state.content.cards[deck[-1]].red   # (red_of_top, without a call)
                if red:
                    return crisis_parts(red)
    return []


def red_of_top(state: ArchState) -> list[dict[str, Any]]:
    if not state.deck:
        return []
    red = state.content.cards[state.deck[-1]].red
    return crisis_parts(red) if red else []


def normal_of_top(state: ArchState) -> list[dict[str, Any]]:
    """Phase 4 reads the non-red zone of the deck's top card (L340)."""
    if not state.deck:
        return []
    return crisis_parts(state.content.cards[state.deck[-1]].normal)
