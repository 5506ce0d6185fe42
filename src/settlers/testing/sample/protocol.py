"""``SealedBidsGame``: the ``GameState`` contract, answered by the rules modules: the functions
named as the contract names them are bound by ``settlers.core.dispatch.answered_by``; the
methods written here only choose between rules. No rules of its own; the only module that
imports them all."""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.core.dispatch import answered_by
from settlers.testing.sample import bidding, choosing, heuristic, hidden, render, rounds, scoring
from settlers.testing.sample import setup as set_up
from settlers.testing.sample import view as seat_view
from settlers.testing.sample.actions import Bid, Draw
from settlers.testing.sample.state import BIDDING, SealedBidsState


@answered_by(set_up, rounds, scoring, heuristic, hidden, _view=seat_view.view)
class SealedBidsGame(SealedBidsState):
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return self.no_actions(seat)   # [], or IllegalAction if it is no seat at all
        self.check_seat(seat)   # (0.0 and True are in to_act: they equal seats 0 and 1)
        if self.phase == BIDDING:
            return bidding.legal_bids(self, seat)
        return choosing.legal_choices(self)

    def rule_refusal(self, seat: int, action: Action) -> IllegalAction | None:
        if self.phase == BIDDING:
            return bidding.bid_problem(self, seat, action)
        return choosing.choice_problem(self, action)

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Bid):
            bidding.place_bid(self, seat, action)
        elif isinstance(action, Draw):
            choosing.draw(self, seat)
        else:
            choosing.pass_turn(self, seat)

    def describe_action(self, action: Action, lang: str) -> str:
        self.check_action(action)
        return render.describe_action(action, lang)
