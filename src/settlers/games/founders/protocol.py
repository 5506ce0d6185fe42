"""The ``GameState`` contract for Founders of the Empire, by dispatching to the rules modules.

No rules here: each method hands over to the module that reads like its part of the rulebook.
The rules functions themselves are the methods (bound by
:func:`settlers.core.dispatch.answered_by`), so that dispatching costs no extra call.
"""

from __future__ import annotations

import settlers.games.founders.decision as decision
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
from settlers.core.dispatch import answered_by
from settlers.games.founders.state import FoundersState


@answered_by(setup, turn, heuristic, hidden, render, _apply=turn.apply_action,
             _view=view.build_view, rule_of_thumb=ending.answer_by_the_rule, score_breakdown=scoring.breakdown)
class FoundersGame(FoundersState):
    """A game of Founders of the Empire: the data of :class:`FoundersState` plus the rules."""

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def rule_refusal(self, seat: int, action: Action) -> IllegalAction | None:
        if action in turn.legal_actions(self, seat):
            return None
        return legality.why_illegal(self, seat, action)

    def decision_words(self, seat: int, lang: str) -> str:
        """What ``seat`` (to act) is deciding now, in words: the web status's «Ваш ход — …»,
        the terminal's prompt (decision.py)."""
        return decision.decision_words(self, seat, lang)

    def scores(self) -> list[float]:
        return [float(scoring.score(self, s)) for s in range(self.players)]

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.over else []
