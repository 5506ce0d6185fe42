"""``IcelandGame``: the platform's ``GameState`` contract, answered by the rules modules.

No rule lives here: each method hands the state to the module that holds the rule (see the
table in README.md).
"""

from __future__ import annotations

import random
from typing import Any

from settlers.core import Action, IllegalAction
from settlers.games.iceland import heuristic, hidden, render, scoring, setup, turn, view
from settlers.games.iceland.state import IcelandState


class IcelandGame(IcelandState):
    def setup(self) -> None:
        setup.setup(self)

    @property
    def to_act(self) -> tuple[int, ...]:
        return turn.to_act(self)

    def legal_actions(self, seat: int) -> list[Action]:
        return turn.legal_actions(self, seat)

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        return turn.illegal_reason(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        turn.apply(self, seat, action)

    @property
    def over(self) -> bool:
        return self.finished

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def public_scores(self) -> list[float]:
        return scoring.public_scores(self)

    def score_breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def evaluate(self, seat: int) -> float:
        return heuristic.evaluate(self, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def redact_action(self, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
        return view.redact_action(self, actor, action, viewer)

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        hidden.redraw_hidden(self, seat, rng)

    def render(self, seat: int | None, lang: str) -> str:
        return render.render(self, seat, lang)

    def describe_action(self, action: Action, lang: str) -> str:
        return render.describe_action(self, action, lang)
