"""``CatanGame``: the game protocol of ``settlers.core`` for Catan, by dispatching each method
to the module that holds the rule (no rules here). The rule functions themselves are the methods (bound by
:func:`settlers.core.dispatch.answered_by`): a method call costs no extra frame."""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.dispatch import answered_by

from . import (
    decision,
    describe,
    heuristic,
    hidden,
    places,
    play,
    render,
    scoring,
    setup,
    turn,
    view,
)
from .state import CatanState


@answered_by(setup, turn, scoring, heuristic, render, _apply=play.apply, _view=view.state_view,
             redraw_hidden=hidden.redraw, describe_action=describe.describe, score_breakdown=scoring.breakdown)
class CatanGame(CatanState):
    apply = play.apply_action  # GameState.apply without the extra dispatch frame
    # ``to_act`` and ``over`` are plain attributes of each state, kept by the rules
    # (``acting.keep_to_act``); these class values only stand for them before the set-up
    to_act: tuple[int, ...] = ()
    over: bool = False

    def decision_words(self, seat: int, lang: str) -> str:
        """What ``seat`` (to act) is deciding now, in words: the web status's «Ваш ход — …»,
        the terminal's prompt (decision.py)."""
        return decision.decision_words(self, seat, lang)

    def menu_needle(self, word: str, lang: str) -> str:
        """What the terminal looks for when a person filters the menu by ``word`` (lower
        case): an intersection's or a path's compass point typed with English letters is
        looked for with the menu language's («ne» finds «L·СВ»; places.py)."""
        return places.menu_needle(word, lang)

    def redact_action(self, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
        self.check_redacted(actor, action, viewer)
        return view.redact_action(actor, action, viewer)
