"""Rounds: a prize card joins the pot, everybody bids, the winner draws or passes; the game
ends when the prize pile is used up or a player has no card left (rules §Rounds, §End)."""

from __future__ import annotations

from settlers.testing.sample.state import BIDDING, CHOOSING, OVER, SealedBidsState


def start_round(state: SealedBidsState) -> None:
    if not state.prizes or any(not hand for hand in state.hands):
        state.phase = OVER
        state.emit("sample.game_over", points=list(state.points))
        return
    state.pot += state.prizes.pop()
    state.phase = BIDDING
    state.emit("sample.round", pot=state.pot)


def to_act(state: SealedBidsState) -> tuple[int, ...]:
    if state.phase == BIDDING:
        return tuple(s for s in range(state.players) if state.bids[s] is None)
    if state.phase == CHOOSING:
        assert state.chooser is not None
        return (state.chooser,)
    return ()


def over(state: SealedBidsState) -> bool:
    return state.phase == OVER
