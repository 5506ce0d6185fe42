"""The ``GameState`` contract for Founders of the Empire, by dispatching to the rules modules.

No rules here: each method hands over to the module that reads like its part of the rulebook.
The three called at every step of a game (``to_act``, ``legal_actions``, ``_apply``) are the
rules functions themselves, bound as methods, so that dispatching costs no extra call.
"""

from __future__ import annotations

import random
from typing import Any

import settlers.games.founders.ending as ending
import settlers.games.founders.heuristic as heuristic
import settlers.games.founders.hidden as hidden
import settlers.games.founders.legality as legality
import settlers.games.founders.render as render
import settlers.games.founders.scoring as scoring
import settlers.games.founders.setup as setup
import settlers.games.founders.turn as turn
import settlers.games.founders.view as view
from settlers.core import Action, IllegalAction
from settlers.games.founders.state import FoundersState


class FoundersGame(FoundersState):
    """A game of Founders of the Empire: the data of :class:`FoundersState` plus the rules."""

    def setup(self) -> None:
        setup.setup(self)

    to_act = property(turn.to_act)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    legal_actions = turn.legal_actions

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        if action in turn.legal_actions(self, seat):
            return None
        return legality.why_illegal(self, seat, action)

    _apply = turn.apply_action

    def scores(self) -> list[float]:
        return [float(scoring.score(self, s)) for s in range(self.players)]

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.over else []

    def score_breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def evaluate(self, seat: int) -> float:
        return heuristic.evaluate(self, seat)

    def rule_of_thumb(self, seat: int) -> Action | None:
        return ending.answer_by_the_rule(self, seat)

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        hidden.redraw_hidden(self, seat, rng)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.build_view(self, seat)

    def render(self, seat: int | None, lang: str) -> str:
        return render.render(self, seat, lang)

    def describe_action(self, action: Action, lang: str) -> str:
        return render.describe_action(self, action, lang)
