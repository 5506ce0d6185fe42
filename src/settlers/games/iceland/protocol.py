"""``IcelandGame``: the platform's ``GameState`` contract, answered by the rules modules.

No rule lives here: each method of the contract is the rules function of that name, bound by
:func:`settlers.core.dispatch.answered_by` (see the table in README.md).
"""

from __future__ import annotations

from settlers.core import Action
from settlers.core.dispatch import answered_by
from settlers.games.iceland import decision, heuristic, hidden, render, scoring, setup, turn, view
from settlers.games.iceland.state import IcelandState


@answered_by(setup, turn, scoring, hidden, render, view, _apply=turn.apply, _view=view.view,
             evaluate=heuristic.evaluate, score_breakdown=scoring.breakdown)
class IcelandGame(IcelandState):
    @property
    def over(self) -> bool:
        return self.finished

    def decision_words(self, seat: int, lang: str) -> str:
        """What ``seat`` (to act) is deciding now, in words: the web status's «Ваш ход — …»,
        the terminal's prompt (decision.py)."""
        return decision.decision_words(self, seat, lang)

    def menu_group(self, action: Action, lang: str) -> tuple[str, str, str] | None:
        """An offer picked by what it gives first, then to whom and for what (the terminal's
        long menus: a display aid, no part of the rules)."""
        return render.menu_group(self, action, lang)
