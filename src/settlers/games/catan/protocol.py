"""``CatanGame``: the game protocol of ``settlers.core`` for Catan, by dispatching each method
to the module that holds the rule (no rules here). Hot paths are bound directly to the rule
functions (``legal_actions = turn.legal_actions``): a method call costs no extra frame."""

from __future__ import annotations

import random
from typing import Any

from settlers.core import Action

from . import describe, heuristic, hidden, play, render, scoring, setup, turn, view
from .phases import OVER
from .state import CatanState


class CatanGame(CatanState):
    setup = setup.setup
    legal_actions = turn.legal_actions
    illegal_reason = turn.illegal_reason
    _apply = play.apply
    scores = scoring.scores
    public_scores = scoring.public_scores
    score_breakdown = scoring.breakdown
    winners = scoring.winners
    evaluate = heuristic.evaluate

    to_act = property(turn.to_act)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.state_view(self, seat)

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        hidden.redraw(self, seat, rng)

    def render(self, seat: int | None, lang: str) -> str:
        return render.render(self, seat, lang)

    def describe_action(self, action: Action, lang: str) -> str:
        return describe.describe(self, action, lang)

    def redact_action(self, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
        return view.redact_action(actor, action, viewer)
