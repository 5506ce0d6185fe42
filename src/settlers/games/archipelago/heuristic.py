"""The one home of Archipelago's bot knowledge (docs/game-shape.md). A first, simple
evaluation: points so far, money and cubes, the colony's safety margin. The full heuristic bot
(planning by the objective card, crisis help, bidding) is issue 13."""

from __future__ import annotations

from settlers.games.archipelago import scoring
from settlers.games.archipelago.state import ArchState


def evaluate(state: ArchState, seat: int) -> float:
    if state.phase == "over":
        if state.ended_by == "independence":
            return 100.0 if scoring.separatist(state) == seat else -100.0
        pts = scoring.points(state)
        best_other = max((p for s, p in enumerate(pts) if s != seat), default=0)
        return float(pts[seat] - best_other) * 10
    pts = scoring.points(state)
    best_other = max((p for s, p in enumerate(pts) if s != seat), default=0)
    margin = state.population - state.rebellion
    danger = -20.0 if margin < 3 else 0.0
    if scoring.separatist(state) == seat:
        danger = -danger
    wealth = state.money[seat] * 0.1 + sum(state.cubes[seat]) * 0.2 + state.tokens[seat] * 0.3
    return float(pts[seat] - best_other) + wealth + danger + len(state.owned[seat]) * 0.5
