"""Archipelago's leaf value for the `search` bot: a win probability from what the searching
seat knows — the game's own scoring with *its* objective card and the public trend cards
(archipelago.ru.txt L878-1002), how close its objective's end condition is (L175: the game
ends when it holds) and how safe the colony is (L216-218, L425: independence is a loss for
every loyal colonist; L906-908: the Separatist's win).

The heuristic's ``value`` is a shaped score that steers its own moves (it ends the game by its
objective whether or not it leads the count); the search needs the other thing: how likely a
position is to be *won*. Every objective card in play ranks every seat (L920-936): the seat's
own card is scored as the rules score it, so are the cards of seats whose card it has seen
(the Spy), and the cards it cannot see are counted by expectation — each card of the deck that
is neither in its hand nor seen is in play with the same probability, the hidden seats' card
count over the unseen cards. In a determinized world the others' cards are a guess; the leaf
never reads the guess, only the set of unseen cards and how many are in play, the same in
every world. The trends and the evolution cards' points are added. The heuristic's ``value``
is one feature among the others (it knows what cubes, florins and units are worth), weighed by
the fit.

``features(state, seat)`` → a few numbers; ``WEIGHTS[players]`` turns them into P(win) by a
logistic fitted on heuristic self-play positions (``benchmarks/archipelago_leaf_fit.py``).
"""

from __future__ import annotations

import math
from typing import Any

from settlers.games.archipelago import heuristic as H
from settlers.games.archipelago import scoring

#: names of ``features``, in order (the first is the constant)
FEATURES = ("bias", "lead", "end", "lead_end", "colony", "separatist", "separatist_colony",
            "late", "lead_late", "value")
LEAD_CAP = 12.0      # points of lead beyond this say nothing more
COLONY_LOW, COLONY_HIGH = -10.0, 20.0  # margin of the colony after the coming crisis, clipped
LATE_TURN = 8.0      # turns over which "late" runs 0 -> 1
VALUE_SCALE = 100.0  # the heuristic's ``value`` (its cubes, money, units, colony, ...) / this

#: players -> logistic weights on FEATURES; refit with benchmarks/archipelago_leaf_fit.py
#: (log-loss of the fit against the constant model on the same positions). All were fitted
#: with the seat's own objective card alone in the lead (the 2- and 4-player ones before the
#: money was corrected to 135f, it was 51f); with the unseen cards counted
#: (`unseen_objective_points`) the same weights score held-out games better at four players
#: (log-loss 0.5042 -> 0.4975, AUC 0.714 -> 0.732) and two (0.6460 -> 0.6399), about the same
#: at three (0.5697 -> 0.5680), better at five (0.4557 -> 0.4393, AUC 0.619 -> 0.659), and the search won 46.9 % instead of 32.9 % on the same 193
#: games; a 4-player refit with the count played no better (below). Measurements:
#: docs/results/issue17-runs/NOTES.md.
WEIGHTS: dict[int, tuple[float, ...]] = {
    # 27,920 positions of 50 games (seed 5151, every 5th action from turn 1): 0.4933 / 0.5351.
    # A refit with the unseen cards counted (500 games, `--every 5 --more 9000:350`) scores
    # 140 held-out games better (log-loss 0.4993 -> 0.4905, AUC 0.710 -> 0.721) but played
    # level with these (43 against 44 wins on the same 96 games): kept, as measured.
    4: (-1.5109, 1.7259, 0.41416, -0.38293, 0.42311, 1.2769, -0.33064, -0.25686, 1.8643,
        0.11817),
    # 11,230 positions of 60 games (seed 5151, every 4th action): 0.6438 / 0.6913 (no
    # Separatist at two, L1012)
    2: (-0.070828, 1.3036, 0.37183, 1.4048, -0.18521, 0.0, 0.0, -0.71784, 0.88921, 0.2105),
    # 53,655 positions of 150 games (seed 5151, every 5th action): 0.5513 / 0.6315; held
    # out (40 games, seed 7000): 0.5697 / 0.5951, AUC 0.669
    3: (-1.0963, 1.3484, -0.21542, 1.0687, 0.21336, 1.5104, 0.47489, 0.05384, 1.9743,
        0.24063),
    # 108,435 positions of 150 games (seed 5151, every 5th action): 0.4536 / 0.4954; held
    # out (40 games, seed 7000): 0.4557 / 0.4682, AUC 0.619
    5: (-1.5936, 1.6972, -0.95459, 0.91384, 0.094798, 0.81103, 0.37835, 0.57212, 1.0834,
        0.1733),
}


def points_now(state: Any, seat: int) -> tuple[float, float]:
    """The seat's points and the best other seat's, were the game counted now (L878-1002): the
    objective cards it knows — its own, and the others' it has seen (all of them without
    secrets; the Spy's, L1452-1454) — as scored, the expected points of those it cannot see
    (`unseen_objective_points`), the trend cards and the evolution cards' points."""
    n = state.players
    pts = [0.0] * n
    hidden = hidden_seats(state, seat)
    seen = state.seen[seat]
    for holder in range(n):
        for obj in state.objectives[holder]:
            if holder not in hidden or obj in seen:
                for s, p in enumerate(scoring.objective_card_points(state, obj, holder)):
                    pts[s] += p
    unseen_objective_points(state, hidden, pts, seen)
    for t in state.trends:
        for s, p in enumerate(scoring.trend_card_points(state, t)):
            pts[s] += p
    for s in range(n):
        pts[s] += H.own_points(state, s)
    best_other = max((pts[s] for s in range(n) if s != seat), default=0.0)
    return pts[seat], best_other


def hidden_seats(state: Any, seat: int) -> list[int]:
    """The other seats holding an objective card `seat` has not seen (L175; the Spy shows one
    card, `state.seen[seat]`)."""
    if state.no_secrets:
        return []
    seen = state.seen[seat]
    return [s for s in range(state.players)
            if s != seat and any(o not in seen for o in state.objectives[s])]


def unseen_objective_points(state: Any, hidden: list[int], pts: list[float],
                            seen: list[int] | tuple[int, ...] = ()) -> None:
    """Add to `pts` what the cards the seat cannot see give each seat: every card in the pool
    or in a `hidden` seat's hand times the chance that it is in play (the hidden seats' card
    count over the unseen cards). The holder of an unseen Pacifist is one of the hidden seats,
    each as likely (L950); the Separatist gives no points (L920). The same in every
    determinized world: only the set of unseen cards is read."""
    unseen = list(state.objective_pool)
    in_play = 0
    for s in hidden:
        held = [o for o in state.objectives[s] if o not in seen]
        unseen += held
        unseen += state.keep_choice[s]
        in_play += len(held)
    if not in_play:
        return
    chance = in_play / len(unseen)
    cards = state.content.objectives
    for obj in unseen:
        criterion = cards[obj]["criterion"]
        if criterion == "separatist":
            continue
        if criterion == "pacifist":
            for s in hidden:
                pts[s] += chance * scoring.objective_card_points(state, obj, s)[s] / len(hidden)
            continue
        for s, p in enumerate(scoring.objective_card_points(state, obj, hidden[0])):
            pts[s] += chance * p


def features(state: Any, seat: int) -> list[float]:
    """The leaf's features for `seat` (a game not over)."""
    me, other = points_now(state, seat)
    lead = max(-LEAD_CAP, min(LEAD_CAP, me - other)) / LEAD_CAP
    separatist = H.is_separatist(state, seat)
    end = 0.0 if separatist else H.end_progress(state, seat)
    margin = H.crisis_margin(state, -1 if separatist else seat)
    colony = (max(COLONY_LOW, min(COLONY_HIGH, margin)) - COLONY_LOW) / (COLONY_HIGH - COLONY_LOW)
    late = min(1.0, state.turn / LATE_TURN)
    sep = 1.0 if separatist else 0.0
    shaped = H.value(state, seat) / VALUE_SCALE
    return [1.0, lead, end, lead * end, colony, sep, sep * colony, late, lead * late, shaped]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def win_probability(state: Any, seat: int) -> float:
    """P(seat wins) of a position; the win share once the game is over."""
    if state.phase == "over":
        winners = scoring.winners(state)
        return 1.0 / len(winners) if seat in winners else 0.0
    weights = WEIGHTS.get(state.players)
    if weights is None:
        raise KeyError(f"archipelago leaf: no weights for {state.players} players")
    return _logistic(sum(w * x for w, x in zip(weights, features(state, seat), strict=True)))
