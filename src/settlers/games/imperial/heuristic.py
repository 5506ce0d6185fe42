"""The one home of Imperial Settlers bot knowledge: ``evaluate`` (the worth of a position for
a seat) and ``make_bot`` (a player that acts on it).
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.imperial.scoring import empire_locations, location_points, winners
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import controlled


def evaluate(st: ImperialState, seat: int) -> float:
    """For bots: points so far plus what the empire will still yield — production
    locations and deals for every production phase left, action locations, usable goods
    and cards — minus the best opponent's same worth (solo: minus the trophies)."""
    def worth(s: int) -> float:
        future = max(0, 5 - st.round)          # production phases still to come
        cards = st.cards
        value = float(st.vp[s] + location_points(st, s))
        for cid in controlled(st, s):
            card = cards[cid]
            if card.type == "production":
                value += 0.6 * future
            elif card.type == "action":
                value += 0.7 * future + (0.5 if st.phase == "actions" else 0.0)
        value += 0.6 * future * (len(st.deals[s]) + len(st.route[s]))
        if not st.passed[s] or st.finished:   # after passing, goods wait for cleanup
            value += 0.25 * sum(st.goods[s][:6])
        value += 0.45 * len(st.hand[s])
        return value
    mine = worth(seat)
    if st.players == 1:
        return mine - 2.0 * (len(st.trophies) + len(st.virtual)) \
            + 3.0 * empire_locations(st, 0)
    return mine - max(worth(s) for s in range(st.players) if s != seat)


class ImperialBot:
    """One ply on :func:`evaluate` in a world re-dealt from what the seat may see."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state: ImperialState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = state.determinize(seat, self.seed + len(state.log))
        best, best_value = legal[0], float("-inf")
        for action in legal:
            after = world.clone()
            after.apply(seat, action, check=False)
            value = _outcome(after, seat)
            if value > best_value:
                best, best_value = action, value
        return best


def _outcome(st: ImperialState, seat: int) -> float:
    if st.finished:
        return 1e9 if seat in winners(st) else -1e9
    return evaluate(st, seat)


def make_bot(seed: int = 0, **budget: Any) -> ImperialBot:
    """The Imperial heuristic player; it takes no budget."""
    if budget:
        raise TypeError(f"the imperial heuristic takes no budget, got {sorted(budget)}")
    return ImperialBot(seed)
