"""`greedy`: one-ply lookahead on the game's own evaluation, `state.evaluate(seat)`.

For every legal action the bot plays it in a few sampled worlds and keeps the action with the
best mean evaluation. The worlds come from `state.determinize(seat, …)`, so:

* hidden information (other hands, deck order) is re-drawn, never read;
* chance caused by the action (dice, card draws) is sampled, not foreseen — every action is
  judged over the same worlds (common random numbers), so the comparison is fair;
* a simultaneous decision is judged after the round resolves: the other seats that still owe
  their part of the same decision answer with random legal actions in each world.

A move that ends the game is scored by its result (a win beats any evaluation).
"""

from __future__ import annotations

import random
from typing import Any

from settlers.bots.base import BotError, decision_seed, derive_seed, obvious_choice, search_root

WIN = 1e18
LOSS = -1e18


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 2) -> None:
        if samples < 1:
            raise BotError("bots.budget_too_small", bot="greedy", key="samples", minimum=1)
        self.seed = seed
        self.samples = samples

    def act(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        obvious = obvious_choice(state, seat, legal)
        if obvious is not None:
            return obvious
        base = decision_seed(self.seed, state, seat)
        rng = random.Random(base)
        others_pending = tuple(other for other in state.to_act if other != seat)
        worlds = []
        root = search_root(state)
        for sample in range(self.samples):
            world = root.determinize(seat, derive_seed(base, sample))
            worlds.append((world, set(world.legal_actions(seat))))
        best_value = None
        best: list[Any] = []
        for action in legal:
            total = 0.0
            counted = 0
            for world, world_legal in worlds:
                if action not in world_legal:
                    continue
                after = world.clone()
                after.apply(seat, action, check=False)
                finish_simultaneous(after, others_pending, rng)
                total += outcome_value(after, seat)
                counted += 1
            value = total / counted if counted else LOSS
            if best_value is None or value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def finish_simultaneous(state: Any, pending: tuple[int, ...], rng: random.Random) -> None:
    """Let seats that owed the same simultaneous decision answer at random (once each)."""
    for other in pending:
        if state.over or other not in state.to_act:
            continue
        options = state.legal_actions(other)
        if options:
            state.apply(other, options[rng.randrange(len(options))], check=False)


def outcome_value(state: Any, seat: int) -> float:
    if state.over:
        winners = state.winners()
        return WIN / len(winners) if seat in winners else LOSS
    return float(state.evaluate(seat))
