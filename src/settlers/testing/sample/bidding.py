"""Bidding (rules §Bidding): everybody bids one card from hand at once, in secret; the single
highest bid takes the pot, a tie for highest leaves it for the next round; bids are discarded
face up."""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.testing.sample.actions import Bid
from settlers.testing.sample.rounds import start_round
from settlers.testing.sample.state import CHOOSING, SealedBidsState


def legal_bids(state: SealedBidsState, seat: int) -> list[Action]:
    return [Bid(card) for card in state.hands[seat]]


def bid_problem(state: SealedBidsState, seat: int, action: Action) -> IllegalAction | None:
    if not isinstance(action, Bid):
        return IllegalAction("sample.must_bid")
    if action.card not in state.hands[seat]:
        return IllegalAction("sample.not_in_hand", card=action.card)
    return None


def place_bid(state: SealedBidsState, seat: int, bid: Bid) -> None:
    state.bids[seat] = bid.card
    state.emit("sample.bid_placed", seat=seat)
    if all(b is not None for b in state.bids):
        resolve_bids(state)


def resolve_bids(state: SealedBidsState) -> None:
    bids = [b for b in state.bids if b is not None]
    state.emit("sample.bids_revealed", bids=list(bids))
    for seat, card in enumerate(bids):
        state.hands[seat].remove(card)
    state.discards.extend(bids)
    state.bids = [None] * state.players
    top = max(bids)
    if bids.count(top) > 1:
        state.emit("sample.tie", pot=state.pot)
        start_round(state)
        return
    winner = bids.index(top)
    state.points[winner] += state.pot
    state.emit("sample.won", seat=winner, pot=state.pot)
    state.pot = 0
    state.chooser = winner
    state.phase = CHOOSING
