"""The winner's choice (rules §Winning a round): draw a card from the deck (if any) or pass;
then the next round starts."""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.testing.sample.actions import Draw, Pass
from settlers.testing.sample.rounds import start_round
from settlers.testing.sample.state import SealedBidsState


def legal_choices(state: SealedBidsState) -> list[Action]:
    return [Draw(), Pass()] if state.deck else [Pass()]


def choice_problem(state: SealedBidsState, action: Action) -> IllegalAction | None:
    if isinstance(action, Pass) or (isinstance(action, Draw) and state.deck):
        return None
    return IllegalAction("sample.must_choose")


def draw(state: SealedBidsState, seat: int) -> None:
    card = state.deck.pop()
    state.hands[seat].append(card)
    state.hands[seat].sort()
    state.emit("sample.drew_secret", visible_to=(seat,), seat=seat, card=card)
    state.emit("sample.drew", seat=seat)
    start_round(state)


def pass_turn(state: SealedBidsState, seat: int) -> None:
    state.emit("sample.passed", seat=seat)
    start_round(state)
