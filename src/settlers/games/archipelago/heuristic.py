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


HELPFUL = ("supply", "raise", "use_church", "recruit", "recruit_to", "reproduce", "build",
           "harvest", "harvest_with", "buy_card", "build_wonder")
NOISE = ("propose", "gift", "taxes", "exchange_token")


class SimpleBot:
    """A first rule-of-thumb player (the planning bot is issue 13): it keeps the colony alive
    in crises, bids nothing, makes no offers, declines offers that ask for more than they
    give, and otherwise prefers actions that grow the colony, at random among them. It reads
    only its own seat's legal actions."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        import random

        self.rng = random.Random(seed)

    def act(self, state: ArchState, seat: int) -> object:
        legal = state.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if "bid" in kinds:
            return min(legal, key=lambda a: getattr(a, "amount", 0))
        if "answer" in kinds:
            offer = state.offer or {}
            accept = len(offer.get("give", [])) >= len(offer.get("want", []))
            return next((a for a in legal if getattr(a, "accept", None) is accept), legal[-1])
        helpful = [a for a in legal if a.kind in HELPFUL]
        if helpful:
            return self.rng.choice(helpful)
        calm = [a for a in legal if a.kind not in NOISE]
        return self.rng.choice(calm or legal)


def make_bot(seed: int = 0, **budget: object) -> SimpleBot:
    del budget
    return SimpleBot(seed)
