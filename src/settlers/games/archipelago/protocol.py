"""``ArchipelagoGame``: the GameState contract, dispatching to the rules modules."""

from __future__ import annotations

import random
from typing import Any

from settlers.core import Action, IllegalAction
from settlers.games.archipelago import flow, heuristic, hidden, render, scoring, setup, view
from settlers.games.archipelago.state import ArchState


class ArchipelagoGame(ArchState):
    #: the independence of the archipelago is a collective loss: nobody may win (L906)
    @property
    def collective_loss(self) -> bool:
        return self.phase == "over" and not self.winners()

    def setup(self) -> None:
        self._cache = {}
        setup.setup(self)

    @property
    def to_act(self) -> tuple[int, ...]:
        return flow.to_act(self)

    def legal_actions(self, seat: int) -> list[Action]:
        key = (self.version, seat)
        cached = self._cache.get(key)
        if cached is None:
            self._cache = {k: v for k, v in self._cache.items() if k[0] == self.version}
            cached = flow.legal(self, seat)
            self._cache[key] = cached
        return list(cached)

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        if action in self.legal_actions(seat):
            return None
        return IllegalAction("archipelago.illegal", action=action.to_json_text(),
                             step=f"archipelago.step.{self.step or 'none'}")

    def _apply(self, seat: int, action: Action) -> None:
        self._cache = {}
        flow.apply(self, seat, action)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def public_scores(self) -> list[float] | None:
        return None

    def score_breakdown(self) -> list[dict[str, int]]:
        return scoring.categories(self)

    def evaluate(self, seat: int) -> float:
        return heuristic.evaluate(self, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.build_view(self, seat)

    def redact_action(self, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
        return view.redact_action(self, actor, action, viewer)

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        hidden.redraw_hidden(self, seat, rng)

    def render(self, seat: int | None, lang: str) -> str:
        return render.render(self, seat, lang)

    def describe_action(self, action: Action, lang: str) -> str:
        return render.describe_action(self, action, lang)
