"""``SealedBidsGame``: the ``GameState`` contract, by dispatching to the rules modules. No rules
of its own; the only module that imports them all."""

from __future__ import annotations

import random
from typing import Any

from settlers.core import Action, IllegalAction
from settlers.testing.sample import bidding, choosing, heuristic, hidden, render, rounds, scoring
from settlers.testing.sample import setup as set_up
from settlers.testing.sample import view as seat_view
from settlers.testing.sample.actions import Bid, Draw
from settlers.testing.sample.state import BIDDING, SealedBidsState


class SealedBidsGame(SealedBidsState):
    def setup(self) -> None:
        set_up.setup(self)

    @property
    def to_act(self) -> tuple[int, ...]:
        return rounds.to_act(self)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        if self.phase == BIDDING:
            return bidding.legal_bids(self, seat)
        return choosing.legal_choices(self)

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
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

    @property
    def over(self) -> bool:
        return rounds.over(self)

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def evaluate(self, seat: int) -> float:
        return heuristic.evaluate(self, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return seat_view.view(self, seat)

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        hidden.redraw_hidden(self, seat, rng)

    def describe_action(self, action: Action, lang: str) -> str:
        return render.describe_action(action, lang)
