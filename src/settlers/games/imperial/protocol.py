"""The GameState contract for Imperial Settlers, answered by the rules modules.

No rules here: each method of the contract is the rules function of that name, bound by
:func:`settlers.core.dispatch.answered_by` (see the README's table).
"""

from __future__ import annotations

from settlers.core.dispatch import answered_by
from settlers.games.imperial import (
    decision,
    heuristic,
    hidden,
    render,
    rounds,
    scoring,
    setup,
    view,
)
from settlers.games.imperial.state import ImperialState


@answered_by(setup, rounds, scoring, heuristic, hidden, render, view,
             _apply=rounds.apply_action, _view=view.state_view, score_breakdown=scoring.breakdown)
class ImperialGame(ImperialState):
    @property
    def over(self) -> bool:
        return self.finished

    def decision_words(self, seat: int, lang: str) -> str:
        """What ``seat`` (to act) is deciding now, in words: the web status's «Ваш ход — …»,
        the terminal's prompt (decision.py)."""
        return decision.decision_words(self, seat, lang)

    def card_details(self, seat: int | None, lang: str) -> str:
        """What every card ``seat`` can see does, for the terminal's card view (render.py)."""
        return render.card_details(self, seat, lang)
