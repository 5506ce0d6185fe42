"""A Founders heuristic bot: the generic greedy bot on ``evaluate``, plus the one decision the
evaluation cannot make well — whether to agree to end the game.

«в сложившейся ситуации никто больше не может заработать победных очков (при согласии всех
участников)»: the bot agrees exactly when it cannot score any more itself
(:func:`settlers.games.founders.scoring.can_still_score`).

``make(seed, **budget)`` is the entry point ``settlers.bots.heuristics`` expects.
"""

from __future__ import annotations

from typing import Any

from settlers.games.founders.actions import AnswerEnd
from settlers.games.founders.scoring import can_still_score


class FoundersBot:
    name = "heuristic"

    def __init__(self, seed: int = 0, samples: int = 1) -> None:
        from settlers.bots.greedy import GreedyBot

        self.greedy = GreedyBot(seed=seed, samples=samples)

    def act(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if legal and isinstance(legal[0], AnswerEnd):
            return AnswerEnd(not can_still_score(state, seat))
        return self.greedy.act(state, seat)


def make(seed: int = 0, **budget: Any) -> FoundersBot:
    return FoundersBot(seed=seed, samples=int(budget.get("samples", 1)))
